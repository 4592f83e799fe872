package action

import (
	"math"
	"strings"
	"testing"
)

func TestParseUnderstandsPhrasings(t *testing.T) {
	const tol = 1e-9
	deg := math.Pi / 180
	tests := []struct {
		text    string
		kind    Kind
		dir     Direction
		dist    float64 // metres; checked for walks and jumps
		angle   float64 // radians; checked for turns and curves
		run     bool
		curved  bool
		warning bool
	}{
		{text: "A person walks forward about 1.5 meters.", kind: Walk, dist: 1.5},
		{text: "a person walks forward 2 meters", kind: Walk, dist: 2},
		{text: "3. A PERSON WALKS FORWARD 2 METERS!!", kind: Walk, dist: 2},
		{text: "  2) walks forward approximately 2 m;", kind: Walk, dist: 2},
		{text: "- A person walks straightly forward roughly 2.5m", kind: Walk, dist: 2.5},
		{text: "A person walks forward 150 centimeters", kind: Walk, dist: 1.5},
		{text: "A person walks forward 150cm", kind: Walk, dist: 1.5},
		{text: "A person walks forward 1,5 meters", kind: Walk, dist: 1.5},
		{text: "A person walks forward ten feet", kind: Walk, dist: 3.048},
		{text: "A person walks forward one and a half meters", kind: Walk, dist: 1.5},
		{text: "A person walks forward half a meter", kind: Walk, dist: 0.5},
		{text: "A person takes three steps forward", kind: Walk, dist: 3 * StepForward},
		{text: "A person steps forward", kind: Walk, dist: DefaultWalk},
		{text: "A person walks forward a little", kind: Walk, dist: defaultLittle},
		{text: "A person moves backward 1 meter", kind: Walk, dir: DirBackward, dist: 1},
		{text: "A person walks backwards 2 steps", kind: Walk, dir: DirBackward, dist: 2 * StepBackward},
		{text: "A person backs up about 0.5 meters", kind: Walk, dir: DirBackward, dist: 0.5},
		{text: "A person sidesteps left about 0.5 meters", kind: Walk, dir: DirLeft, dist: 0.5},
		{text: "A person side-steps to the right 30 cm while facing forward", kind: Walk, dir: DirRight, dist: 0.3},
		{text: "A person steps to the left 1 meter", kind: Walk, dir: DirLeft, dist: 1},
		{text: "A person goes right 0.4 m", kind: Walk, dir: DirRight, dist: 0.4},
		{text: "A person runs forward 5 meters", kind: Walk, dist: 5, run: true},
		{text: "A person jogs ahead", kind: Walk, dist: defaultRun, run: true},
		{text: "A person walks to the sofa", kind: Walk, dist: DefaultWalk, warning: true},
		{text: "A person walks towards the red door about 2 meters", kind: Walk, dist: 2},
		{text: "A person walks forward 3 meters while curving left by 90 degrees", kind: Walk, dist: 3, angle: 90 * deg, curved: true},
		{text: "A person walks along a right curving arc for 2 meters, turning 45 degrees", kind: Walk, dist: 2, angle: -45 * deg, curved: true},
		{text: "A person walks forward 2 meters, turning left 30 degrees", kind: Walk, dist: 2, angle: 30 * deg, curved: true},
		{text: "A person walks in a circle", kind: Walk, dist: arcRadius * 2 * math.Pi, angle: 360 * deg, curved: true},
		{text: "A person walks forward 100 meters", kind: Walk, dist: maxDistance, warning: true},
		{text: "A person turns left by 90 degrees", kind: Turn, angle: 90 * deg},
		{text: "A person turns right by about 20 degrees", kind: Turn, angle: -20 * deg},
		{text: "A person turns ninety degrees to the right", kind: Turn, angle: -90 * deg},
		{text: "A person turns left forty-five degrees", kind: Turn, angle: 45 * deg},
		{text: "A person turns left one hundred and eighty degrees", kind: Turn, angle: 180 * deg},
		{text: "A person makes a quarter turn to the left", kind: Turn, angle: 90 * deg},
		{text: "A person turns slightly to the right", kind: Turn, angle: -slightTurn * deg},
		{text: "A person turns a little left", kind: Turn, angle: slightTurn * deg},
		{text: "A person turns around", kind: Turn, angle: 180 * deg},
		{text: "A person turns around to the right", kind: Turn, angle: -180 * deg},
		{text: "A person turns left by around 60°", kind: Turn, angle: 60 * deg},
		{text: "A person turns to face left", kind: Turn, angle: 90 * deg},
		{text: "A person turns to face backward", kind: Turn, angle: 180 * deg},
		{text: "A person faces right", kind: Turn, angle: -90 * deg},
		{text: "A person rotates counter-clockwise 30 degrees", kind: Turn, angle: 30 * deg},
		{text: "A person spins clockwise 45 degrees", kind: Turn, angle: -45 * deg},
		{text: "A person turns towards the door", kind: Turn, angle: 90 * deg, warning: true},
		{text: "A person turns left 1.5708 radians", kind: Turn, angle: 1.5708},
		{text: "A person sits down", kind: Sit},
		{text: "A person sits on the sofa", kind: Sit},
		{text: "A person takes a seat", kind: Sit},
		{text: "A person stands up", kind: StandUp},
		{text: "A person gets up from the chair", kind: StandUp},
		{text: "A person lies down on the bed", kind: LieDown},
		{text: "A person reaches forward with the right hand", kind: Reach},
		{text: "A person touches the table with his left hand", kind: Reach},
		{text: "A person grabs the cup", kind: Reach},
		{text: "A person picks up the box", kind: PickUp},
		{text: "A person puts down the box", kind: PutDown},
		{text: "A person bends forward", kind: Bend},
		{text: "A person leans forward slightly", kind: Bend},
		{text: "A person squats down", kind: Squat},
		{text: "A person crouches", kind: Squat},
		{text: "A person jumps forward 1 meter", kind: Jump, dist: 1},
		{text: "A person jumps in place", kind: Jump, dist: 0},
		{text: "A person hops backward", kind: Jump, dist: -defaultJump},
		{text: "A person waves with the right hand", kind: Wave},
		{text: "A person raises both hands", kind: RaiseHands},
		{text: "A person lifts his arms", kind: RaiseHands},
		{text: "A person waits for 3 seconds", kind: Wait},
		{text: "A person stands still", kind: Wait},
		{text: "A person stops", kind: Wait},
		{text: "A person dances the tango", kind: Wait, warning: true},
		{text: "", kind: Wait, warning: true},
		{text: "!!!", kind: Wait, warning: true},
	}
	for _, tt := range tests {
		acts := Parse(tt.text)
		if len(acts) != 1 {
			t.Errorf("Parse(%q) gave %d actions, want 1: %+v", tt.text, len(acts), acts)
			continue
		}
		a := acts[0]
		if a.Kind != tt.kind {
			t.Errorf("Parse(%q).Kind = %v, want %v", tt.text, a.Kind, tt.kind)
			continue
		}
		if (a.Kind == Walk) && a.Dir != tt.dir {
			t.Errorf("Parse(%q).Dir = %v, want %v", tt.text, a.Dir, tt.dir)
		}
		if (a.Kind == Walk || a.Kind == Jump) && math.Abs(a.Distance-tt.dist) > tol {
			t.Errorf("Parse(%q).Distance = %.4f, want %.4f", tt.text, a.Distance, tt.dist)
		}
		if (a.Kind == Turn || a.Curved) && math.Abs(a.Angle-tt.angle) > 1e-6 {
			t.Errorf("Parse(%q).Angle = %.2f°, want %.2f°", tt.text, a.Angle/deg, tt.angle/deg)
		}
		if a.Run != tt.run || a.Curved != tt.curved {
			t.Errorf("Parse(%q) run %v curved %v, want %v %v", tt.text, a.Run, a.Curved, tt.run, tt.curved)
		}
		if (len(a.Warnings) > 0) != tt.warning {
			t.Errorf("Parse(%q) warnings %q, want warning=%v", tt.text, a.Warnings, tt.warning)
		}
	}
}

func TestParseDetails(t *testing.T) {
	tests := []struct {
		text  string
		check func(a Action) bool
		want  string
	}{
		{"A person sits down on a 0.5 meter high seat", func(a Action) bool { return a.HasHeight && a.Height == 0.5 }, "seat height 0.5"},
		{"A person sits on a chair 40 cm high", func(a Action) bool { return a.HasHeight && math.Abs(a.Height-0.4) < 1e-9 }, "seat height 0.4"},
		{"A person sits on the floor", func(a Action) bool { return a.HasHeight && a.Height == 0 }, "floor"},
		{"A person sits down", func(a Action) bool { return !a.HasHeight }, "no height"},
		{"A person lies down on his back", func(a Action) bool { return a.Side == OnBack }, "on the back"},
		{"A person lies down on the left side", func(a Action) bool { return a.Side == OnLeftSide }, "left side"},
		{"A person lies on her right side on a 0.6 m bed", func(a Action) bool { return a.Side == OnRightSide && a.Height == 0.6 }, "right side, 0.6"},
		{"A person lies face down", func(a Action) bool { return a.Side == OnFront }, "front"},
		{"A person reaches forward with the left hand", func(a Action) bool { return a.Hand == HandLeft && a.Dir == DirForward }, "left hand forward"},
		{"A person reaches up with both hands", func(a Action) bool { return a.Hand == HandBoth && a.Dir == DirUp }, "both hands up"},
		{"A person reaches down with the right hand", func(a Action) bool { return a.Hand == HandRight && a.Dir == DirDown }, "right hand down"},
		{"A person reaches to the left with the right hand", func(a Action) bool { return a.Hand == HandRight && a.Dir == DirLeft }, "right hand to the left"},
		{"A person touches something at a height of 1.2 meters", func(a Action) bool { return a.HasHeight && a.Height == 1.2 }, "height 1.2"},
		{"A person touches the table", func(a Action) bool { return a.HasHeight && a.Height == levels["table"] }, "table height"},
		{"A person reaches forward at shoulder height", func(a Action) bool { return a.HasHeight && a.Height == levels["shoulder"] }, "shoulder height"},
		{"A person picks up the box", func(a Action) bool { return a.Hand == HandBoth && a.Height == PickHeight }, "both hands at the floor"},
		{"A person picks up a cup from the table", func(a Action) bool { return a.Height == levels["table"] }, "table height"},
		{"A person waves both hands", func(a Action) bool { return a.Hand == HandBoth }, "both hands"},
		{"A person waves", func(a Action) bool { return a.Hand == HandRight }, "right hand"},
		{"A person waves three times", func(a Action) bool { return a.Repeat == 3 }, "three times"},
		{"A person jumps twice", func(a Action) bool { return a.Repeat == 2 }, "twice"},
		{"A person raises his left hand", func(a Action) bool { return a.Hand == HandLeft }, "left hand"},
		{"A person raises her hand", func(a Action) bool { return a.Hand == HandRight }, "one hand"},
		{"A person waits for 3 seconds", func(a Action) bool { return a.Seconds == 3 }, "3 s"},
		{"A person waits for two and a half seconds", func(a Action) bool { return a.Seconds == 2.5 }, "2.5 s"},
		{"A person stands still for a moment", func(a Action) bool { return a.Seconds == 1.5 }, "a moment"},
		{"A person waits", func(a Action) bool { return a.Seconds == defaultWait }, "default"},
		{"A person stops", func(a Action) bool { return a.Seconds == defaultStop }, "stop"},
		{"A person waits for 10 minutes", func(a Action) bool { return a.Seconds == maxSeconds && len(a.Warnings) == 1 }, "clamped"},
		{"A person leans forward", func(a Action) bool { return a.Small }, "lean"},
		{"A person bends over", func(a Action) bool { return !a.Small }, "bend"},
		{"A person walks to the sofa", func(a Action) bool { return a.Object == "sofa" }, "object sofa"},
		{"A person walks across the room to the kitchen table", func(a Action) bool { return a.Object == "table" }, "object table"},
		{"A person walks to the left 1 meter", func(a Action) bool { return a.Object == "" }, "no object"},
	}
	for _, tt := range tests {
		acts := Parse(tt.text)
		if len(acts) != 1 || !tt.check(acts[0]) {
			t.Errorf("Parse(%q) = %+v, want %s", tt.text, acts, tt.want)
		}
	}
}

func TestParseSplitsSentencesWithTwoActions(t *testing.T) {
	tests := []struct {
		text  string
		kinds []Kind
	}{
		{"A person turns around and sits down.", []Kind{Turn, Sit}},
		{"A person stands up and walks forward 2 meters", []Kind{StandUp, Walk}},
		{"A person walks forward 1 meter, then turns left 90 degrees", []Kind{Walk, Turn}},
		{"A person walks forward. Then the person sits down", []Kind{Walk, Sit}},
		{"A person turns left and then walks forward 2 meters and sits down", []Kind{Turn, Walk, Sit}},
		{"A person walks forward and to the left", []Kind{Walk}},
		{"A person raises the left and right hands", []Kind{RaiseHands}},
		{"A person walks forward 2 meters while facing forward", []Kind{Walk}},
		{"A person walks forward 2 meters, turning left 30 degrees", []Kind{Walk}},
	}
	for _, tt := range tests {
		acts := Parse(tt.text)
		var got []Kind
		for _, a := range acts {
			got = append(got, a.Kind)
		}
		if len(got) != len(tt.kinds) {
			t.Errorf("Parse(%q) kinds %v, want %v", tt.text, got, tt.kinds)
			continue
		}
		for i := range got {
			if got[i] != tt.kinds[i] {
				t.Errorf("Parse(%q) kinds %v, want %v", tt.text, got, tt.kinds)
				break
			}
		}
	}
}

func TestParseTextIsTheNormalisedClause(t *testing.T) {
	acts := Parse("3. A Person TURNS around, and sits down!")
	if len(acts) != 2 || acts[0].Text != "turns around" || acts[1].Text != "sits down" {
		t.Errorf("clauses %+v, want \"turns around\" and \"sits down\"", acts)
	}
	for _, a := range acts {
		if strings.ContainsAny(a.Text, ",.!") {
			t.Errorf("clause %q keeps punctuation", a.Text)
		}
	}
}

func TestNumberWords(t *testing.T) {
	tests := []struct {
		text string
		want float64
	}{
		{"ninety", 90}, {"forty five", 45}, {"one hundred and eighty", 180}, {"a hundred", 100},
		{"one point five", 1.5}, {"two and a half", 2.5}, {"three quarters", 0.75}, {"a couple of", 2},
		{"a few", 3}, {"twice", 2}, {"12.5", 12.5}, {"half a", 0.5}, {"seventeen", 17},
	}
	for _, tt := range tests {
		toks := tokenize(tt.text)
		v, end, ok := number(toks, 0)
		if !ok || math.Abs(v-tt.want) > 1e-9 || end != len(toks) {
			t.Errorf("number(%q) = %v, %d, %v; want %v using all %d tokens", tt.text, v, end, ok, tt.want, len(toks))
		}
	}
	for _, bad := range []string{"person", "left", "nan", "inf", "+5", "1e999"} {
		if v, _, ok := number(tokenize(bad), 0); ok && (math.IsInf(v, 0) || math.IsNaN(v) || bad == "person") {
			t.Errorf("number(%q) = %v, want no number", bad, v)
		}
	}
}
