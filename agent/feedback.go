package agent

import (
	"fmt"
	"math"
	"regexp"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/action"
	"interactagent/eval"
	"interactagent/geom"
	"interactagent/motion"
	"interactagent/scene"
)

// Hybrid feedback (beyond the paper, whose limitations name the lack of geometric precision in
// visual feedback): measured numbers told to observation and reflection beside the images. They
// are what an instrumented viewer would show a person, computed from the motion and the scene, and
// never from an evaluator's goals: "the target" is each object the instruction names.

// stepFeedback measures one step: what the action asked, what the body did in the frame of the
// step's start, the deepest penetration along it, and where the named objects are at its end.
func stepFeedback(prep *eval.PreparedScene, body eval.Body, task string, c *motion.Clip, from int, act string) string {
	step := c.Slice(max(from-1, 0), c.Len())
	var b strings.Builder
	fmt.Fprintf(&b, "Asked: %s. ", asked(act))
	fmt.Fprintf(&b, "Did: %s. ", did(step))
	b.WriteString(worst(prep, body, step))
	b.WriteString(distances(prep.Scene, task, step.EndState().Root))
	return strings.TrimSpace(b.String())
}

// roundFeedback measures a round's whole motion: its penetration and where the body ends.
func roundFeedback(prep *eval.PreparedScene, body eval.Body, task string, c *motion.Clip) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%.1f s of motion; ", c.Duration())
	b.WriteString(worst(prep, body, c))
	b.WriteString(distances(prep.Scene, task, c.EndState().Root))
	fmt.Fprintf(&b, " The pelvis ends %.2f m above the floor.", c.Frames[c.Len()-1][motion.Pelvis].Y())
	return strings.TrimSpace(b.String())
}

// asked says what an action asks, as the action language reads it (whichever executor runs).
func asked(text string) string {
	var parts []string
	for _, a := range action.Parse(text) {
		switch a.Kind {
		case action.Walk:
			parts = append(parts, fmt.Sprintf("walk %s %.2f m", a.Dir, a.Distance))
		case action.Turn:
			parts = append(parts, fmt.Sprintf("turn %s", turnWords(mgl64.RadToDeg(a.Angle))))
		default:
			parts = append(parts, a.Kind.String())
		}
	}
	return strings.Join(parts, ", then ")
}

// did says how the body moved: forward and sideways in the start's frame, and how it turned.
func did(c *motion.Clip) string {
	a, b := c.StartState(), c.EndState()
	d := b.Root.Sub(a.Root)
	return fmt.Sprintf("moved %.2f m forward and %.2f m to the left, turned %s", d.Dot(a.Forward()), d.Dot(a.Left()),
		turnWords(mgl64.RadToDeg(geom.WrapAngle(b.Heading-a.Heading))))
}

// turnWords writes an angle as "30° left".
func turnWords(deg float64) string {
	if deg >= 0 {
		return fmt.Sprintf("%.0f° left", deg)
	}
	return fmt.Sprintf("%.0f° right", -deg)
}

// worst names the deepest penetration of a stretch of motion on the run's body.
func worst(prep *eval.PreparedScene, body eval.Body, c *motion.Clip) string {
	st, err := eval.Penetration(prep, c, body)
	if err != nil || st.Worst == nil {
		return "No body part sinks into anything. "
	}
	w := st.Worst
	where := w.Object
	if w.ObjectPart != "" {
		where += "/" + w.ObjectPart
	}
	return fmt.Sprintf("Deepest penetration %.1f cm: %s into %s (pe_max %.1f). ", 100*w.Depth, w.Part, where, st.Max)
}

// distances gives the horizontal distance from p to each object the task names.
func distances(s *scene.Scene, task string, p mgl64.Vec3) string {
	var parts []string
	for _, o := range named(s, task) {
		b := o.Bounds()
		q := mgl64.Vec3{geom.Clamp(p.X(), b.Lo.X(), b.Hi.X()), 0, geom.Clamp(p.Z(), b.Lo.Z(), b.Hi.Z())}
		parts = append(parts, fmt.Sprintf("%s %.2f m", o.ID, math.Hypot(p.X()-q.X(), p.Z()-q.Z())))
	}
	if len(parts) == 0 {
		return ""
	}
	return "Distance from the body to " + strings.Join(parts, ", ") + "."
}

// wordRE cuts text into lower-case words.
var wordRE = regexp.MustCompile(`[a-z0-9_]+`)

// named returns the objects the task names by id or by their category's last word.
func named(s *scene.Scene, task string) []*scene.Object {
	ws := map[string]bool{}
	for _, w := range wordRE.FindAllString(strings.ToLower(task), -1) {
		ws[w] = true
		ws[strings.TrimSuffix(w, "s")] = true
	}
	var out []*scene.Object
	for _, o := range s.Objects {
		cat := strings.Split(o.Category, "_")
		if !o.IsWall() && !o.IsFloor() && (ws[strings.ToLower(o.ID)] || ws[cat[len(cat)-1]]) {
			out = append(out, o)
		}
	}
	return out
}
