package kinematic

import (
	"context"
	"testing"
	"unicode/utf8"

	"interactagent/motion"
)

// FuzzPredict checks that the executor plans any text without error (action's FuzzParse checks
// what the same texts read as; its seeds are copied here).
func FuzzPredict(f *testing.F) {
	for _, s := range []string{
		"A person walks forward about 1.5 meters.", "3. a person TURNS left by ninety degrees!",
		"A person turns around and sits down", "A person sidesteps left 0.5 m while facing forward",
		"A person walks in a circle", "A person lies down on the bed on his left side",
		"A person reaches up with both hands at 2 m", "A person waits for two and a half seconds",
		"A person jumps forward one hundred and eighty meters", "", "and and then ,,,;", "1e309 meters",
	} {
		f.Add(s)
	}
	e := New(Options{Profile: MotionLLM()})
	f.Fuzz(func(t *testing.T, text string) {
		if !utf8.ValidString(text) || len(text) > motion.MaxActionBytes {
			return
		}
		if _, err := e.Predict(context.Background(), motion.State{}, []string{text}); err != nil {
			t.Fatalf("Predict(%q): %v", text, err)
		}
	})
}
