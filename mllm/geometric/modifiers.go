package geometric

import (
	"regexp"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/instruction"
	"interactagent/motion"
	"interactagent/scene"
)

// What a clause asks besides its goal: the body's other contacts, said as modifiers ("with your
// head on the pillow", "keeping both hands off the seat", "leaning forward over the seat", "on
// your right side", "both knees up") or, while a posture is held, as things to do ("rest your left
// hand on the pillow instead", "take both hands off the seat"). The planner cannot ask the
// executor for most of them, but the stop check judges them: a posture that misses one is not what
// the instruction asked for.

// cond is one contact a clause asks of a joint: on (within touchNear of) or off (at least
// avoidFar from) an object's part of a kind ("" for the whole object).
type cond struct {
	joints []motion.Joint // all of them; torsoPoint for the chest
	object *scene.Object
	part   scene.PartKind
	touch  bool
	words  string // the words it came from
}

// How near a joint must be to a part's box to be on it, and how far to be off it, by eye.
const (
	touchNear = 0.3
	avoidFar  = 0.22
)

// torsoPoint stands for UniHSI's torso point, 0.15 m up the spine from the chest joint.
const torsoPoint motion.Joint = -1

var (
	// jointOnOff: "your left hand on the armrest", "both feet up on the mattress", "both hands off
	// the seat", "your chest off the backrest".
	jointOnOff = regexp.MustCompile(`\b(your|both)\s+(?:(left|right)\s+)?(hands?|feet|foot|knees?|elbows?|shoulders?|hips?|head|chest|pelvis)\s+(?:up\s+)?(on|onto|off)\s+(.+?)(?:\s+instead)?(?:,|\s+and\s+|\s+with\s+|$)`)
	// touchWith: a touch from standing, "touch the chair's seat with your left hand", "and its
	// backrest with your right hand", "reach out to it with both hands".
	touchWith = regexp.MustCompile(`\b(?:touch|reach out to|and)\s+(.+?)\s+with\s+(your|both)\s+(?:(left|right)\s+)?(hands?|arms?)\b`)
	// kneesUp: "both knees up", "raise your left knee".
	kneesUp = regexp.MustCompile(`\b(?:(?:your|both)\s+(?:(left|right)\s+)?knees?\s+up\b|raise\s+(?:your\s+|both\s+)?(?:(left|right)\s+)?knees?)`)
	// leaning: the chest against a part, or away from it.
	leaning = regexp.MustCompile(`\b(without leaning against|straighten up away from|sit up away from|leaning back against|leaning forward over|leaning against|lean back against|lean forward over|lean against)\s+(.+?)(?:,|\s+and\s+|\s+with\s+|$)`)
	// lyingSide: "on your left side", "onto your right side", "on your back".
	lyingSide = regexp.MustCompile(`\bon(?:to)?\s+your\s+(left side|right side|back)\b`)
)

// jointsOf returns the joints a phrase names: "your left hand", "both knees", "your head".
func jointsOf(side, noun string) []motion.Joint {
	switch noun {
	case "head":
		return []motion.Joint{motion.Head}
	case "chest":
		return []motion.Joint{torsoPoint}
	case "pelvis":
		return []motion.Joint{motion.Pelvis}
	}
	pairs := map[string][2]motion.Joint{
		"hand": {motion.LeftWrist, motion.RightWrist}, "arm": {motion.LeftWrist, motion.RightWrist},
		"foot": {motion.LeftAnkle, motion.RightAnkle}, "feet": {motion.LeftAnkle, motion.RightAnkle},
		"knee": {motion.LeftKnee, motion.RightKnee}, "elbow": {motion.LeftElbow, motion.RightElbow},
		"shoulder": {motion.LeftShoulder, motion.RightShoulder}, "hip": {motion.LeftHip, motion.RightHip},
	}
	lr, ok := pairs[noun]
	if !ok {
		lr, ok = pairs[strings.TrimSuffix(noun, "s")]
	}
	switch {
	case !ok:
		return nil
	case side == "left":
		return lr[:1]
	case side == "right":
		return lr[1:]
	}
	return lr[:]
}

// readConds reads the contacts a clause asks besides its goal; g is the clause's goal, already
// resolved, whose object a part without one belongs to.
func readConds(lc string, g goal, r *resolver, prev []goal) []cond {
	if g.object == nil {
		return nil
	}
	var out []cond
	add := func(js []motion.Joint, where string, touch bool, said string) {
		if len(js) == 0 || strings.Contains(where, "floor") {
			return // the floor is under every standing, sitting body: not judged
		}
		o, part := g.object, partOf(where)
		if os := r.byName(words(where)); len(os) > 0 {
			if named, _, err := r.resolve(where, prev); err == nil {
				o = named
			} else {
				o = os[0]
			}
		}
		out = append(out, cond{joints: js, object: o, part: part, touch: touch, words: said})
	}
	for _, m := range jointOnOff.FindAllStringSubmatch(lc, -1) {
		side := m[2]
		if m[1] == "both" {
			side = ""
		}
		add(jointsOf(side, m[3]), m[5], m[4] != "off", strings.TrimSpace(m[0]))
	}
	for _, m := range touchWith.FindAllStringSubmatch(lc, -1) {
		side := m[3]
		if m[2] == "both" {
			side = ""
		}
		add(jointsOf(side, m[4]), m[1], true, strings.TrimSpace(m[0]))
	}
	for _, m := range kneesUp.FindAllStringSubmatch(lc, -1) {
		side := m[1] + m[2]
		if bed := lieSurfacePart(g.object); bed != "" {
			out = append(out, cond{joints: jointsOf(side, "knees"), object: g.object, part: bed, touch: false, words: m[0]})
		}
	}
	for _, m := range leaning.FindAllStringSubmatch(lc, -1) {
		away := strings.HasPrefix(m[1], "without") || strings.Contains(m[1], " up away")
		add([]motion.Joint{torsoPoint}, m[2], !away, m[0])
	}
	if m := lyingSide.FindStringSubmatch(lc); m != nil && g.kind == instruction.LieOn {
		bed := lieSurfacePart(g.object)
		l := cond{joints: []motion.Joint{motion.LeftShoulder}, object: g.object, part: bed, touch: true, words: m[0]}
		rr := cond{joints: []motion.Joint{motion.RightShoulder}, object: g.object, part: bed, touch: true, words: m[0]}
		switch m[1] {
		case "left side":
			rr.touch = false
		case "right side":
			l.touch = false
		}
		out = append(out, l, rr)
	}
	return out
}

// lieSurfacePart is the kind of part a body lies on, on an object: its mattress, else its seat.
func lieSurfacePart(o *scene.Object) scene.PartKind {
	for _, k := range []scene.PartKind{scene.PartMattress, scene.PartSeat} {
		if _, ok := partBounds(o, k); ok {
			return k
		}
	}
	return ""
}

// holds reports whether a frame's pose keeps every contact the conditions ask.
func holds(cs []cond, p motion.Pose) bool {
	for _, c := range cs {
		if !c.heldBy(p) {
			return false
		}
	}
	return true
}

// heldBy reports whether the pose keeps the contact: every joint it names near the part (or
// every one away from it).
func (c cond) heldBy(p motion.Pose) bool {
	b := c.object.Bounds()
	if pb, ok := partBounds(c.object, c.part); ok {
		b = pb
	}
	for _, j := range c.joints {
		d := b.SignedDistance(jointAt(p, j))
		if c.touch && d > touchNear || !c.touch && d < avoidFar {
			return false
		}
	}
	return true
}

// jointAt is where a joint is; torsoPoint is 0.15 m up the spine from the chest.
func jointAt(p motion.Pose, j motion.Joint) mgl64.Vec3 {
	if j != torsoPoint {
		return p[j]
	}
	up := p[motion.Neck].Sub(p[motion.Spine3])
	if l := up.Len(); l > 1e-9 {
		return p[motion.Spine3].Add(up.Mul(0.15 / l))
	}
	return p[motion.Spine3].Add(mgl64.Vec3{0, 0.15, 0})
}

// stillOn reports whether a touch made without getting up ("sit on it, then put your left hand on
// the armrest") keeps the body sitting or lying on the object: the pelvis over one of its surfaces
// and at most seatedHeight above it (a seated pelvis rests about 0.11 m above the seat; getting
// up, or leaning out of it to reach, lifts it higher).
func stillOn(g goal, s seenPose) bool {
	if !g.seated {
		return true
	}
	for _, su := range g.object.Surfaces {
		if (su.Sit || su.LieDown) && overSurface(su, s.root) && s.pelvisY <= su.Height()+seatedHeight {
			return s.posture != standing
		}
	}
	return false
}

// seatedHeight is how far above a surface a pelvis still sits on it, by eye.
const seatedHeight = 0.22

// unheld says which of a goal's asks a pose misses: "still on chair000", "both hands off the
// seat"; "" when none.
func unheld(g goal, s seenPose, p motion.Pose) string {
	var out []string
	if !stillOn(g, s) {
		out = append(out, "still on "+g.object.ID)
	}
	for _, c := range g.conds {
		if !c.heldBy(p) {
			out = append(out, c.words)
		}
	}
	return strings.Join(out, ", ")
}

// seatedTouches marks the touches a reading makes without getting up: a touch of the object the
// goal before sits or lies on (or touched so).
func seatedTouches(goals []goal) {
	for i := 1; i < len(goals); i++ {
		g, p := &goals[i], goals[i-1]
		on := p.kind == instruction.SitOn || p.kind == instruction.LieOn || p.seated
		g.seated = g.kind == instruction.Touch && on && g.object != nil && p.object == g.object
	}
}
