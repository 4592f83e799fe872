package instruction

import (
	"strings"
	"testing"
)

func TestClauses(t *testing.T) {
	for text, want := range map[string][]string{
		"walk to the sofa and sit on it": {"walk to the sofa", "sit on it"},
		"Sit on the armchair, then walk to the bookshelf and touch it with your right hand.": {"Sit on the armchair", "walk to the bookshelf", "touch it with your right hand"},
		"Go to the couch. Then lie down on the couch.":                                       {"Go to the couch", "lie down on the couch"},
		"Walk to the bed, sit on its edge, lie down on it, then get up.":                     {"Walk to the bed", "sit on its edge", "lie down on it", "get up"},
		"lie on the bed and rest your head on the pillow":                                    {"lie on the bed and rest your head on the pillow"},
		"walk forward and to the left; afterwards, sit down":                                 {"walk forward and to the left", "sit down"},
		"  ;. ": nil,
	} {
		if got := Clauses(text); strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("Clauses(%q) = %q, want %q", text, got, want)
		}
	}
}

func TestIntentOf(t *testing.T) {
	for lc, want := range map[string]Intent{
		"walk to the sofa": WalkTo, "sit down on it": SitOn, "lie down on your left side on it": LieOn,
		"put your left hand on the armrest": Touch, "get up": StandUp, "stand next to the lamp": WalkTo,
		"stand up": StandUp, "reach out to it with your right hand": Touch, "approach the bed and lie on it": WalkTo,
	} {
		if got, ok := IntentOf(lc); !ok || got != want {
			t.Errorf("IntentOf(%q) = %v, %v; want %v", lc, got, ok, want)
		}
	}
	if got, ok := IntentOf("juggle three balls"); ok {
		t.Errorf("IntentOf(juggle) = %v, want none", got)
	}
	if Intent(-1).String() != "unknown" || Touch.String() != "touch" {
		t.Errorf("intent words: %q, %q", Intent(-1), Touch)
	}
}

func TestHandAndGettingUp(t *testing.T) {
	for lc, want := range map[string]string{
		"touch it with both hands": "both", "put your left hand on the seat": "left", "touch the table": "right",
		"reach out with two hands": "both", "raise your left arm to it": "left",
	} {
		if got := Hand(lc); got != want {
			t.Errorf("Hand(%q) = %q, want %q", lc, got, want)
		}
	}
	if got := strings.TrimSpace(WithoutGettingUp("stand up from the tv stand")); got != "from the tv stand" {
		t.Errorf("WithoutGettingUp = %q", got)
	}
}

// TestVerbsKeepListsApart: hasVerb finds every verb the reader splits at, alone or in words, and
// nothing else.
func TestVerbsKeepListsApart(t *testing.T) {
	for text, want := range map[string]bool{
		"with your head on the pillow": true, "lay your hand on it": true, "and both knees up": false,
		"keeping your chest off the armrest": false, "keeping your chest off the seat": true, "Stand-up desk": true, "your left foot up": false,
	} {
		if got := hasVerb(text); got != want {
			t.Errorf("hasVerb(%q) = %v, want %v", text, got, want)
		}
	}
}
