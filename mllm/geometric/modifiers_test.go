package geometric

import (
	"fmt"
	"testing"
)

// TestReadConds: the stop check reads the contacts a clause asks besides its goal, with the
// joints, the object's part, and on or off, as the writer says them.
func TestReadConds(t *testing.T) {
	s := roundTripRoom(t)
	r := newResolver(s, s.Start)
	cases := []struct {
		text string
		want []string // per clause, "joints object part on|off" joined by "; "
	}{
		{"Walk to the armchair on the left and sit on it, keeping both hands off the seat.",
			[]string{"", "[left_wrist right_wrist] armchair_a seat off"}},
		{"Sit on the armchair on the left, then put both hands on top of the backrest instead, leaning forward over the seat.",
			[]string{"", "[left_wrist right_wrist] armchair_a back on; [joint(?)] armchair_a seat on"}},
		{"Walk to the bed and lie down on your right side on it with your head on the pillow and both knees up.",
			[]string{"", "[head] bed_1 pillow on; [left_knee right_knee] bed_1 mattress off; [left_shoulder] bed_1 mattress off; [right_shoulder] bed_1 mattress on"}},
		{"Walk to the armchair on the right and put your right foot on the seat of the armchair on the left.",
			[]string{"", "[right_ankle] armchair_a seat on"}},
		{"Sit on the armchair on the left, leaning back against the backrest, then, still sitting on it, straighten up away from the backrest.",
			[]string{"[joint(?)] armchair_a back on", "[joint(?)] armchair_a back off"}},
	}
	for _, c := range cases {
		goals, err := understand(c.text, s, r)
		if err != nil {
			t.Fatalf("%q: %v", c.text, err)
		}
		var got []string
		for _, g := range goals {
			got = append(got, condsString(g.conds))
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%q:\n got  %q\n want %q", c.text, got, c.want)
		}
	}
}

func condsString(cs []cond) string {
	out := ""
	for i, c := range cs {
		if i > 0 {
			out += "; "
		}
		on := "off"
		if c.touch {
			on = "on"
		}
		out += fmt.Sprintf("%v %s %s %s", c.joints, c.object.ID, c.part, on)
	}
	return out
}

// TestSeatedTouchKeepsSitting: a touch made without getting up is read as such.
func TestSeatedTouchKeepsSitting(t *testing.T) {
	s := roundTripRoom(t)
	goals, err := understand("Walk to the armchair on the left and sit on it, then put your left hand on the armrest. Then walk to the bed and touch its pillow with your right hand.", s, newResolver(s, s.Start))
	if err != nil {
		t.Fatal(err)
	}
	var seated []bool
	for _, g := range goals {
		seated = append(seated, g.seated)
	}
	if fmt.Sprint(seated) != "[false false true false false]" {
		t.Errorf("seated touches: %v", seated)
	}
}
