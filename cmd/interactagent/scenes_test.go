package main

import (
	"strings"
	"testing"
)

func TestScenesCommand(t *testing.T) {
	tests := []struct {
		args     []string
		code     int
		want     []string // in stdout (or stderr for failures)
		dontWant []string
	}{
		{[]string{"scenes"}, 0, []string{"NAME", "living_room", "lounge", "6.00 × 5.00 × 2.60", "TRIANGLES"}, []string{"sofa_1"}},
		{[]string{"scenes", "--objects"}, 0, []string{"flat: room 9.00 × 4.50 m", "partition", "bed_1", "mattress sit+lie 0.56 m"}, nil},
		{[]string{"scenes", "living_room"}, 0, []string{"sofa_1", "2.10 × 0.85 × 0.90", "seat_1…3", "seat_2 lie 0.44 m", "start (5.20, 0.90) heading 0°"}, []string{"bedroom"}},
		{[]string{"scenes", "office", "--objects", "bedroom"}, 0, []string{"office_chair_2", "wardrobe_1", "leg_1…5"}, []string{"lounge"}},
		{[]string{"scenes", "kitchen"}, 1, []string{`no built-in scene "kitchen"`, "living_room"}, nil},
		{[]string{"scenes", "--bogus"}, 2, []string{"bogus"}, nil},
	}
	for _, tc := range tests {
		text := checkRun(t, tc.args, tc.code, tc.want)
		for _, w := range tc.dontWant {
			if strings.Contains(text, w) {
				t.Errorf("%v: output has %q", tc.args, w)
			}
		}
	}
}
