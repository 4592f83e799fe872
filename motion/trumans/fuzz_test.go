package trumans

import (
	"slices"
	"testing"
)

// FuzzParseActions: the parser never panics, every annotation it returns passes its checks, and
// writing them back (text and JSON) reads back the same (seeds in testdata/fuzz).
func FuzzParseActions(f *testing.F) {
	f.Add([]byte("0 90 walk to the chair\n90 180 sit on the chair\n"))
	f.Add([]byte("# comment\n\n 3   7  pick up\tthe cup \n"))
	f.Add([]byte(`[{"start": 0, "end": 30, "text": "wave"}]`))
	f.Add([]byte(`{"actions": [{"start": 5, "end": 6, "text": "stand up"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		as, err := ParseActions(data, "fuzz.txt")
		if err != nil {
			return
		}
		for _, a := range as {
			if err := a.check(); err != nil {
				t.Fatalf("%+v returned but fails its check: %v", a, err)
			}
		}
		back, err := ParseActions(FormatActions(as), "back.txt")
		if err != nil || !slices.Equal(back, as) {
			t.Fatalf("text round trip: %+v, %v; want %+v", back, err, as)
		}
		js, err := MarshalActions(as)
		if err != nil {
			t.Fatal(err)
		}
		if back, err = ParseActions(js, "back.json"); err != nil || len(as) > 0 && !slices.Equal(back, as) {
			t.Fatalf("JSON round trip: %+v, %v; want %+v", back, err, as)
		}
	})
}
