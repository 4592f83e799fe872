package action

import (
	"math"
	"testing"
)

// TestFormatPhrasings holds the sentences the built-in reasoner words its plans with: a change
// here changes every plan's text and so the executor's draws (its errors are seeded by the text).
func TestFormatPhrasings(t *testing.T) {
	deg := math.Pi / 180
	tests := []struct {
		a     Action
		hedge string
		want  string
	}{
		{Action{Kind: Walk, Dir: DirForward, Distance: 1.5}, "about ", "A person walks forward about 1.5 meters"},
		{Action{Kind: Walk, Dir: DirBackward, Distance: 0.304}, "", "A person walks backward 0.3 meters"},
		{Action{Kind: Walk, Dir: DirLeft, Distance: 0.35}, "roughly ", "A person sidesteps left roughly 0.35 meters"},
		{Action{Kind: Walk, Dir: DirRight, Distance: 2}, "around ", "A person sidesteps right around 2 meters"},
		{Action{Kind: Turn, Angle: 30 * deg}, "approximately ", "A person turns left by approximately 30 degrees"},
		{Action{Kind: Turn, Angle: -22.5 * deg}, "about ", "A person turns right by about 23 degrees"},
		{Action{Kind: Turn}, "", "A person turns right by 0 degrees"},
		{Action{Kind: Sit, Height: 0.45, HasHeight: true}, "about ", "A person sits down on a 0.45 meter high seat"},
		{Action{Kind: Sit}, "", "A person sits down"},
		{Action{Kind: LieDown, Height: 0.55, HasHeight: true}, "", "A person lies down on its back on a 0.55 meter high bed"},
		{Action{Kind: StandUp}, "about ", "A person stands up"},
		{Action{Kind: Reach, Hand: HandBoth, Height: 0.9, HasHeight: true}, "", "A person reaches forward with both hands at 0.9 meters high"},
		{Action{Kind: Reach, Hand: HandLeft, Dir: DirLeft, Height: 0.62, HasHeight: true}, "", "A person reaches left with the left hand at 0.62 meters high"},
		{Action{Kind: Wait, Seconds: 1}, "", "A person waits for 1 second"},
		{Action{Kind: Wait, Seconds: 2.5}, "", "A person waits for 2.5 seconds"},
		{Action{Kind: Squat}, "", "A person squats"},
	}
	for _, tt := range tests {
		if got := Format(tt.a, tt.hedge); got != tt.want {
			t.Errorf("Format(%+v, %q) = %q, want %q", tt.a, tt.hedge, got, tt.want)
		}
	}
}

// TestFormatReadsBack: every kind Format writes parses back, alone and without warnings, as the
// same action.
func TestFormatReadsBack(t *testing.T) {
	for _, a := range []Action{
		{Kind: Walk, Dir: DirForward, Distance: 1.25}, {Kind: Walk, Dir: DirBackward, Distance: 0.4},
		{Kind: Walk, Dir: DirLeft, Distance: 0.3}, {Kind: Walk, Dir: DirRight, Distance: 12},
		{Kind: Turn, Angle: 35 * math.Pi / 180}, {Kind: Turn, Angle: -180 * math.Pi / 180},
		{Kind: Sit, Height: 0.5, HasHeight: true}, {Kind: Sit}, {Kind: LieDown, Side: OnLeftSide, Height: 0.6, HasHeight: true},
		{Kind: LieDown, Side: OnRightSide}, {Kind: LieDown, Side: OnFront}, {Kind: StandUp},
		{Kind: Reach, Hand: HandRight, Dir: DirRight, Height: 1.1, HasHeight: true}, {Kind: Reach, Hand: HandLeft, Dir: DirUp},
		{Kind: Wait, Seconds: 3}, {Kind: Wave, Hand: HandLeft}, {Kind: RaiseHands, Hand: HandBoth}, {Kind: Squat},
		{Kind: Bend}, {Kind: PickUp, Hand: HandBoth}, {Kind: PutDown, Hand: HandBoth}, {Kind: Jump},
	} {
		text := Format(a, "about ")
		got := Parse(text)
		if len(got) != 1 || len(got[0].Warnings) != 0 || !same(a, got[0]) {
			t.Errorf("Format(%+v) = %q reads back as %+v", a, text, got)
		}
	}
}

// same compares what Format writes of an action.
func same(a, b Action) bool {
	switch {
	case a.Kind != b.Kind:
		return false
	case a.Kind == Walk:
		return a.Dir == b.Dir && a.Distance == b.Distance
	case a.Kind == Turn:
		return a.Degrees() == b.Degrees()
	case a.Kind == Sit || a.Kind == LieDown:
		return a.Side == b.Side && a.HasHeight == b.HasHeight && a.Height == b.Height
	case a.Kind == Reach:
		return a.Hand == b.Hand && a.Dir == b.Dir && a.HasHeight == b.HasHeight && (!a.HasHeight || a.Height == b.Height)
	case a.Kind == Wait:
		return a.Seconds == b.Seconds
	case a.Kind == Wave || a.Kind == RaiseHands || a.Kind == PickUp || a.Kind == PutDown:
		return a.Hand == b.Hand
	}
	return true
}

// FuzzFormat: the walks, turns, sits, lies and reaches a planner may ask for, written by Format
// with any hedge of the reasoner's, read back with their amounts as written (to the centimetre
// and the degree).
func FuzzFormat(f *testing.F) {
	f.Add(uint8(0), uint8(0), 1.5, uint8(0))
	f.Add(uint8(1), uint8(1), -22.5, uint8(2))
	f.Add(uint8(4), uint8(2), 0.9, uint8(4))
	hedges := []string{"about ", "approximately ", "roughly ", "", "around "}
	f.Fuzz(func(t *testing.T, kind, which uint8, amount float64, hedge uint8) {
		a, ok := fuzzAction(kind, which, amount)
		if !ok {
			return
		}
		text := Format(a, hedges[int(hedge)%len(hedges)])
		got := Parse(text)
		if len(got) != 1 || !same(round(a), got[0]) {
			t.Fatalf("Format(%+v) = %q reads back as %+v", a, text, got)
		}
	})
}

// fuzzAction makes an action within the language's bounds from fuzzed numbers.
func fuzzAction(kind, which uint8, amount float64) (Action, bool) {
	if math.IsNaN(amount) || math.IsInf(amount, 0) {
		return Action{}, false
	}
	switch kind % 5 {
	case 0:
		d := math.Mod(math.Abs(amount), maxDistance)
		return Action{Kind: Walk, Dir: Direction(which % 4), Distance: d}, math.Round(d*100) > 0
	case 1:
		return Action{Kind: Turn, Angle: math.Mod(amount, maxAngle) * math.Pi / 180}, true
	case 2:
		return Action{Kind: Sit, Height: math.Mod(math.Abs(amount), MaxSurface), HasHeight: true}, true
	case 3:
		return Action{Kind: LieDown, Side: LieSide(which % 4), Height: math.Mod(math.Abs(amount), MaxSurface), HasHeight: true}, true
	}
	dir := []Direction{DirForward, DirLeft, DirRight, DirUp, DirDown}[which%5]
	return Action{Kind: Reach, Hand: Hand(which % 3), Dir: dir, Height: math.Mod(math.Abs(amount), maxReach), HasHeight: true}, true
}

// round rounds an action's amounts as Format writes them.
func round(a Action) Action {
	cm := func(v float64) float64 { return math.Round(v*100) / 100 }
	a.Distance, a.Height = cm(a.Distance), cm(a.Height)
	a.Angle = math.Copysign(math.Round(math.Abs(a.Degrees())), a.Angle) * math.Pi / 180
	if a.Kind == Turn && a.Angle == 0 {
		a.Angle = 0
	}
	return a
}
