package action

import "testing"

func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		Parse("3. A person turns left by about ninety degrees and walks forward one and a half meters.")
	}
}

func BenchmarkFormat(b *testing.B) {
	a := Action{Kind: Walk, Dir: DirForward, Distance: 1.5}
	b.ReportAllocs()
	for b.Loop() {
		Format(a, "about ")
	}
}
