package geometric

import (
	"fmt"
	"strings"

	"interactagent/instruction"
	"interactagent/scene"
)

// goal is one step of an instruction: what to do, to which object, with which hand.
type goal struct {
	kind   instruction.Intent
	object *scene.Object
	hand   string         // touch: "right", "left" or "both"
	part   scene.PartKind // touch: the kind of part named ("the armrest", "the seat"), or ""
	clause string         // the words it came from
	conds  []cond         // the other contacts the clause asks ("with your head on the pillow"): the stop check judges them
	seated bool           // a touch made without getting up from what the goal before sits or lies on
	note   string         // how the object was chosen, when there was a choice
}

// understand reads an instruction into goals (its clauses and what each asks, as package
// instruction reads them), resolving each object reference in s; it fails with a message that says
// what it could not read or resolve.
func understand(task string, s *scene.Scene, r *resolver) ([]goal, error) {
	var out []goal
	for _, clause := range instruction.Clauses(task) {
		g, err := readClause(clause, r, out)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	seatedTouches(out)
	if len(out) == 0 {
		return nil, fmt.Errorf("geometric: the instruction %q asks nothing I can do (walk to, sit on, lie on, touch an object)", task)
	}
	return out, nil
}

// readClause reads one clause; prev are the goals before it, for "it" and "there".
func readClause(clause string, r *resolver, prev []goal) (goal, error) {
	lc := strings.ToLower(clause)
	kind, ok := instruction.IntentOf(lc)
	g := goal{kind: kind, clause: clause}
	if !ok {
		return g, fmt.Errorf("geometric: I cannot tell what %q asks: want walk to, sit on, lie on, touch or stand up", clause)
	}
	if g.kind == instruction.StandUp && !mentionsObject(instruction.WithoutGettingUp(lc), r) { // "stand up" names no TV stand
		return g, nil
	}
	named := instruction.WithoutBody(lc) // "your right foot" says which joint, not which object
	if g.kind == instruction.Touch {
		first, _, _ := strings.Cut(named, ", and ") // "touch its seat with your left hand, and the bed's pillow with …"
		g.hand, g.part = instruction.Hand(lc), partOf(first)
	}
	var err error
	g.object, g.note, err = r.resolve(named, prev)
	if err != nil {
		return g, fmt.Errorf("geometric: in %q: %w", clause, err)
	}
	if g.kind == instruction.StandUp {
		g.kind = instruction.WalkTo // "stand next to the lamp"
	}
	g.conds = readConds(lc, g, r, prev)
	return g, nil
}

// partOf returns the kind of part a clause names ("put your hand on the armrest"), or "".
func partOf(lc string) scene.PartKind {
	for _, w := range words(lc) {
		if k := scene.GuessPartKind(w); k != scene.PartBody && k != scene.PartWall && k != scene.PartDoor {
			return k
		}
	}
	return ""
}
