package geometric

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/instruction"
	"interactagent/motion"
	"interactagent/scene"
	"interactagent/scene/furniture"
	contact "interactagent/task/goal"
)

// The instruction writer (package instruction) and this reasoner's reader are two halves of one
// language. TestReaderReadsEveryWrittenForm writes chains of contacts generated over the writer's
// whole grammar (grammarChains) and checks that the reader reads each clause as the goal it
// stands for: the same intent on the same object, and for a touch the same hand and kind of part.

// roundTripRoom is a small room with two of a kind told apart by side (two armchairs), one told
// by its kind (the bed, the sofa) and a UniHSI reach target, facing +X from the origin.
func roundTripRoom(t testing.TB) *scene.Scene {
	t.Helper()
	s := &scene.Scene{Name: "round trip"}
	for _, spec := range []furniture.Spec{
		{Kind: "armchair", Position: mgl64.Vec3{2.5, 0, -1.2}, ID: "armchair_a"},
		{Kind: "armchair", Position: mgl64.Vec3{2.5, 0, 1.2}, ID: "armchair_b"},
		{Kind: "bed", Position: mgl64.Vec3{7, 0, 0}, ID: "bed_1"},
		{Kind: "sofa", Position: mgl64.Vec3{4, 0, 4}, ID: "sofa_1"},
	} {
		o, err := furniture.New(spec)
		if err != nil {
			t.Fatal(err)
		}
		s.Objects = append(s.Objects, o)
	}
	target := furniture.BoxMesh(mgl64.Vec3{4, 1, -3.5}, mgl64.Vec3{4.3, 1.3, -3.2})
	s.Objects = append(s.Objects, &scene.Object{ID: "reach000", Category: "reach", Transform: mgl64.Ident4(),
		Parts:       []scene.Part{{Name: "base_frame5", Kind: scene.PartBody, Mesh: target}},
		StandPoints: []mgl64.Vec3{{3.4, 0, -3.35}}})
	s.Start.Heading = 1.5707963267948966 // facing +X: −Z is on the left
	return s
}

// The grammar's dimensions: every joint UniHSI's plans use, both contact kinds, every direction.
var (
	rtJoints = []string{"pelvis", "left_hand", "right_hand", "left_foot", "right_foot", "head", "torso",
		"left_knee", "right_knee", "left_elbow", "right_elbow", "left_shoulder", "right_shoulder", "left_hip", "right_hip"}
	rtContacts   = []contact.ContactKind{contact.Touch, contact.Avoid}
	rtDirections = []string{"none", "up", "down", "front", "back", "left", "right"}
)

// rtParts lists an object's part names, one per kind of part and word the writer says apart,
// and the floor.
func rtParts(o *scene.Object) []string {
	seen := map[string]bool{}
	var out []string
	for _, p := range o.Parts {
		k, w := scene.PartKindWord(p.Name)
		if key := string(k) + "/" + w; !seen[key] {
			seen[key] = true
			out = append(out, p.Name)
		}
	}
	return append(out, "floor")
}

func rtWalk(o string) contact.Step {
	return contact.Step{{Object: o, Part: "none", Joint: "none", Contact: contact.Reach, Direction: "none"}}
}

func rtPair(o, part, joint string, c contact.ContactKind, dir string) contact.Pair {
	return contact.Pair{Object: o, Part: part, Joint: joint, Contact: c, Direction: dir}
}

// rtPostures are the postures a step may hold on an object: sitting on a seat, on a bed's edge,
// lying on a bed (with and without the head on the pillow).
func rtPostures(s *scene.Scene) map[string]contact.Step {
	seat := func(o, part string) contact.Step { return contact.Step{rtPair(o, part, "pelvis", contact.Touch, "up")} }
	bed := "bed_1"
	return map[string]contact.Step{
		"sit armchair": seat("armchair_a", "seat"),
		"sit sofa":     seat("sofa_1", firstPart(s, "sofa_1", scene.PartSeat)),
		"sit bed edge": {rtPair(bed, "mattress", "pelvis", contact.Touch, "up"), rtPair(bed, "floor", "left_foot", contact.Touch, "none"),
			rtPair(bed, "floor", "right_foot", contact.Touch, "none"), rtPair(bed, "mattress", "head", contact.Avoid, "none")},
		"lie bed": {rtPair(bed, "mattress", "pelvis", contact.Touch, "up"), rtPair(bed, "mattress", "left_foot", contact.Touch, "none"),
			rtPair(bed, "mattress", "right_foot", contact.Touch, "none"), rtPair(bed, "pillow_1", "head", contact.Touch, "none")},
		"lie bed no pillow": {rtPair(bed, "mattress", "pelvis", contact.Touch, "up"), rtPair(bed, "mattress", "head", contact.Touch, "none")},
	}
}

func firstPart(s *scene.Scene, id string, k scene.PartKind) string {
	o, _ := s.Object(id)
	for _, p := range o.Parts {
		if p.Kind == k {
			return p.Name
		}
	}
	return ""
}

// chain is a generated chain of contacts and what it exercises.
type chain struct {
	form  string
	steps []contact.Step
}

// grammarChains generates chains over the writer's grammar: every object × part × joint ×
// contact × direction as a step of its own (from standing, after walking there, and followed
// by stepping back), added to every posture (said as a modifier, then as a change of a posture
// held, then the posture again), and chains over several objects (walk, postures, touches of
// another object, getting up by walking to another).
func grammarChains(s *scene.Scene) []chain {
	var out []chain
	objs := []string{"armchair_a", "armchair_b", "bed_1", "sofa_1", "reach000"}
	for _, id := range objs {
		o, _ := s.Object(id)
		for _, part := range rtParts(o) {
			for _, j := range rtJoints {
				for _, c := range rtContacts {
					for _, d := range rtDirections {
						st := contact.Step{rtPair(id, part, j, c, d)}
						key := fmt.Sprintf("%s/%s/%s/%s/%s", id, part, j, c, d)
						out = append(out,
							chain{"single " + key, []contact.Step{st}},
							chain{"walk+single " + key, []contact.Step{rtWalk(id), st, rtWalk(id)}},
							chain{"other+single " + key, []contact.Step{rtWalk(other(id)), st}})
					}
				}
			}
		}
	}
	postures := rtPostures(s)
	names := make([]string, 0, len(postures))
	for n := range postures {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		base := postures[n]
		id := base[0].Object
		o, _ := s.Object(id)
		out = append(out, chain{"posture " + n, []contact.Step{rtWalk(id), base, rtWalk(id)}})
		for _, part := range rtParts(o) {
			for _, j := range rtJoints {
				for _, c := range rtContacts {
					for _, d := range []string{"none", "up", "front"} {
						extra := rtPair(id, part, j, c, d)
						if hasPair(base, extra) || j == "pelvis" {
							continue
						}
						more := append(append(contact.Step{}, base...), extra)
						// a change of a posture held: from the posture with another pair (the
						// posture alone would be dropped, fulfilled on the way), to this one
						anchor := rtPair(id, "floor", "left_elbow", contact.Avoid, "none")
						if extra.Joint == anchor.Joint {
							anchor.Joint = "right_elbow"
						}
						held := append(append(contact.Step{}, base...), anchor)
						key := fmt.Sprintf("%s+%s/%s/%s/%s", n, part, j, c, d)
						out = append(out,
							chain{"modifier " + key, []contact.Step{rtWalk(id), more, rtWalk(id)}},
							chain{"change " + key, []contact.Step{rtWalk(id), held, more, held, rtWalk(id)}})
					}
				}
			}
			// both hands, and a second joint on another part
			both := append(append(contact.Step{}, base...), rtPair(id, part, "left_hand", contact.Touch, "none"), rtPair(id, part, "right_hand", contact.Touch, "none"))
			two := append(append(contact.Step{}, base...), rtPair(id, part, "right_hand", contact.Touch, "none"), rtPair(id, "floor", "left_hand", contact.Touch, "none"))
			out = append(out, chain{"both hands " + n + "/" + part, []contact.Step{base, both}},
				chain{"two parts " + n + "/" + part, []contact.Step{rtWalk(id), base, two, base}})
		}
	}
	// chains over several objects: each posture, then each other posture or touch elsewhere
	for _, a := range names {
		for _, b := range names {
			pa, pb := postures[a], postures[b]
			out = append(out, chain{"then " + a + "/" + b, []contact.Step{rtWalk(pa[0].Object), pa, rtWalk(pb[0].Object), pb, rtWalk(pb[0].Object)}},
				chain{"straight " + a + "/" + b, []contact.Step{pa, pb}})
		}
		pa := postures[a]
		for _, h := range []string{"left_hand", "right_hand"} {
			touch := contact.Step{rtPair("reach000", "base_frame5", h, contact.Touch, "none")}
			seat := contact.Step{rtPair("armchair_b", "seat", h, contact.Touch, "none")}
			out = append(out, chain{"touch elsewhere " + a + "/" + h, []contact.Step{pa, touch, rtWalk("armchair_b"), seat, pa}},
				chain{"touch two objects " + a + "/" + h, []contact.Step{pa, append(append(contact.Step{}, touch...), seat...)}})
		}
	}
	return out
}

// other is another object than id, to walk from.
func other(id string) string {
	if id == "armchair_b" {
		return "armchair_a"
	}
	return "armchair_b"
}

func hasPair(st contact.Step, p contact.Pair) bool {
	for _, q := range st {
		if q == p {
			return true
		}
	}
	return false
}

// clauseForm is a written clause with its objects' names and joints' sides taken out: the
// phrasing it exercises.
func clauseForm(text string, s *scene.Scene) string {
	for _, n := range instruction.Names(s) {
		text = strings.ReplaceAll(text, strings.TrimPrefix(n, "the "), "OBJ")
	}
	for _, w := range []string{"left", "right"} {
		text = strings.ReplaceAll(text, w+" ", "SIDE ")
	}
	return text
}

// TestReaderReadsEveryWrittenForm: the round trip write → read over the whole grammar.
func TestReaderReadsEveryWrittenForm(t *testing.T) {
	s := roundTripRoom(t)
	r := newResolver(s, s.Start)
	forms := map[string]bool{}
	chains := grammarChains(s)
	bad := 0
	for _, c := range chains {
		text := instruction.Instruct(s, c.steps)
		want := instruction.Write(s, c.steps)
		for _, cl := range want {
			forms[clauseForm(cl.Text, s)] = true
		}
		got, err := understand(text, s, r)
		if msg := compareReading(want, got, err); msg != "" {
			bad++
			if bad <= 40 || testing.Verbose() {
				t.Errorf("%s: %q:%s", c.form, text, msg)
			}
		}
	}
	t.Logf("round trip over %d generated chains of contacts, %d distinct clause forms; %d misread", len(chains), len(forms), bad)
	if bad > 0 {
		t.Errorf("%d of %d chains misread", bad, len(chains))
	}
}

// compareReading says how the reading got differs from the clauses written, "" when it does not.
func compareReading(want []instruction.Clause, got []goal, err error) string {
	if err != nil {
		return " not read: " + err.Error()
	}
	var w, g []string
	for _, c := range want {
		w = append(w, clauseGoal(c.Intent, c.Object, c.Hand, c.Part, c.Intent == instruction.Touch && c.Hand != ""))
	}
	for i, x := range got {
		id := ""
		if x.object != nil {
			id = x.object.ID
		}
		withHand := x.kind == instruction.Touch && i < len(want) && want[i].Hand != ""
		g = append(g, clauseGoal(x.kind, id, x.hand, x.part, withHand))
	}
	if strings.Join(w, "; ") != strings.Join(g, "; ") {
		return fmt.Sprintf(" read as %q want %q", g, w)
	}
	for i, c := range want {
		if ws, gs := saidContacts(c), readContacts(got[i]); ws != gs {
			return fmt.Sprintf(" clause %d %q: contacts read as %s want %s", i, c.Text, gs, ws)
		}
	}
	return ""
}

// rtJointsAs maps UniHSI's joints to the skeleton's as the reader names them.
var rtJointsAs = map[string]motion.Joint{"pelvis": motion.Pelvis, "head": motion.Head, "torso": torsoPoint,
	"left_hand": motion.LeftWrist, "right_hand": motion.RightWrist, "left_foot": motion.LeftAnkle, "right_foot": motion.RightAnkle,
	"left_knee": motion.LeftKnee, "right_knee": motion.RightKnee, "left_elbow": motion.LeftElbow, "right_elbow": motion.RightElbow,
	"left_shoulder": motion.LeftShoulder, "right_shoulder": motion.RightShoulder, "left_hip": motion.LeftHip, "right_hip": motion.RightHip}

// saidContacts lists the contacts a clause says besides its intent (the floor's left out: the
// reader does not judge them), as readContacts writes them.
func saidContacts(c instruction.Clause) string {
	var out []string
	for _, p := range c.Asks {
		if p.Part == "floor" {
			continue
		}
		out = append(out, contactString(rtJointsAs[p.Joint], p.Object, saidPart(p), p.Contact == contact.Touch))
	}
	return sortedUnique(out)
}

// saidPart is the kind of part a pair's part is said as: none for a reach target's, or a part
// whose words say nothing.
func saidPart(p contact.Pair) scene.PartKind {
	k := scene.GuessPartKind(p.Part)
	if strings.HasPrefix(p.Object, "reach") || k == scene.PartBody || k == scene.PartWall || k == scene.PartDoor {
		return ""
	}
	return k
}

// readContacts lists the contacts the reader read from a clause besides its goal.
func readContacts(g goal) string {
	var out []string
	for _, c := range g.conds {
		for _, j := range c.joints {
			out = append(out, contactString(j, c.object.ID, c.part, c.touch))
		}
	}
	return sortedUnique(out)
}

func contactString(j motion.Joint, obj string, part scene.PartKind, touch bool) string {
	on := "off"
	if touch {
		on = "on"
	}
	return fmt.Sprintf("%v %s/%s %s", j, obj, part, on)
}

func sortedUnique(ss []string) string {
	sort.Strings(ss)
	return fmt.Sprintf("%q", slices.Compact(ss))
}

// clauseGoal writes a goal as the test compares it.
func clauseGoal(k instruction.Intent, obj, hand string, part scene.PartKind, withHand bool) string {
	s := strings.TrimSpace(k.String() + " " + obj)
	if k == instruction.Touch {
		if withHand {
			s += " hand=" + hand
		}
		s += " part=" + string(part)
	}
	return s
}
