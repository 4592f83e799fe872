package render

import (
	"image/color"
	"testing"

	"interactagent/render/internal/testclip"
	"interactagent/scene"
	"interactagent/scene/furniture"
)

// largestBuiltin returns the built-in scene with the most triangles.
func largestBuiltin(b *testing.B) *scene.Scene {
	var best *scene.Scene
	for _, name := range furniture.BuiltinNames() {
		s, err := furniture.Builtin(name)
		if err != nil {
			b.Fatal(err)
		}
		if best == nil || s.TriangleCount() > best.TriangleCount() {
			best = s
		}
	}
	return best
}

// BenchmarkGhost300 renders the ghost image of a 300-frame clip in the largest built-in scene at
// 768×768, the scene already uploaded, with the capsule proxy (issue target: under 150 ms).
func BenchmarkGhost300(b *testing.B) { benchmarkGhost300(b, BodyProxy) }

// BenchmarkGhost300Human is BenchmarkGhost300 with the human body: the fit of the clip and of its
// 24 keyframes is part of each image (issue 22's target: ≤ 80 ms).
func BenchmarkGhost300Human(b *testing.B) { benchmarkGhost300(b, BodyHuman) }

func benchmarkGhost300(b *testing.B, kind BodyKind) {
	e := newTestEngine(b)
	s := largestBuiltin(b)
	clip := testclip.ArcWalk(s.Start, 300)
	if err := e.Upload(s); err != nil {
		b.Fatal(err)
	}
	if _, err := e.Ghost(s, clip, GhostOptions{Body: kind}); err != nil { // uploads the body model
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := e.Ghost(s, clip, GhostOptions{Body: kind}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFrame640x360 renders one video frame, one body in the largest built-in scene at 640×360
// (issue target: under 33 ms, 30 fps).
func BenchmarkFrame640x360(b *testing.B) {
	e := newTestEngine(b)
	s := largestBuiltin(b)
	clip := testclip.ArcWalk(s.Start, 300)
	cam := FitOrbit(HighOblique(s.Bounds().Center(), 0.5, 10), boxCorners(s.Bounds()), 640.0/360, 0.05)
	if err := e.Upload(s); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r := Request{Scene: s, Camera: cam, Width: 640, Height: 360,
			Figures: []Figure{{Pose: clip.Frames[i%clip.Len()]}}}
		if _, err := e.Render(r); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFrame640x360Human is BenchmarkFrame640x360 with the human body, fitted to the clip once
// and to each frame's pose in the loop, as a video's frames are.
func BenchmarkFrame640x360Human(b *testing.B) {
	e := newTestEngine(b)
	s := largestBuiltin(b)
	clip := testclip.ArcWalk(s.Start, 300)
	cam := FitOrbit(HighOblique(s.Bounds().Center(), 0.5, 10), boxCorners(s.Bounds()), 640.0/360, 0.05)
	bodies, err := NewBodies(BodyHuman, clip)
	if err != nil {
		b.Fatal(err)
	}
	if err := e.Upload(s); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f, err := bodies.Figure(clip.Frames[i%clip.Len()], color.NRGBA{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := e.Render(Request{Scene: s, Camera: cam, Width: 640, Height: 360, Figures: []Figure{f}}); err != nil {
			b.Fatal(err)
		}
	}
}
