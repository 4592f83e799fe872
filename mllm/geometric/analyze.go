package geometric

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"

	"interactagent/geom"
	"interactagent/mllm"
	"interactagent/motion"
	"interactagent/scene"
	"interactagent/scene/floor"

	"github.com/go-gl/mathgl/mgl64"
)

// AnalyzeScene implements mllm.Model: the scene in words, of the shape a model writes — the room,
// the person's place and facing, each object with its size, distance and bearing and what it
// affords, and the walkable ways to each with their narrowest passage.
func (r *Reasoner) AnalyzeScene(ctx context.Context, in mllm.SceneInput) (_ mllm.SceneAnalysis, err error) {
	defer refuse(mllm.RoleAnalyze, &err)
	fl, err := r.floor(in.Scene)
	if err != nil {
		return mllm.SceneAnalysis{}, err
	}
	var b strings.Builder
	writeRoom(&b, in.Scene, in.Start)
	res := newResolver(in.Scene, in.Start)
	for _, o := range sortedBy(res.objects, func(o *scene.Object) float64 { return horizontal(center(o).Sub(in.Start.Root)) }) {
		writeObject(&b, o, in.Start, fl)
	}
	text := b.String()
	a := mllm.SceneAnalysis{Text: text}
	a.Raw = text
	a.Reasoning = "measured from the scene's geometry (built-in stand-in reasoner)"
	a.Usage = usage(len(in.Shots))
	return a, ctx.Err()
}

// writeRoom writes the room's size and the person's start.
func writeRoom(b *strings.Builder, s *scene.Scene, start motion.State) {
	size := s.Bounds().Size()
	fmt.Fprintf(b, "Room %q, about %.1f × %.1f m (x × z), %.1f m high. ", s.Name, size.X(), size.Z(), size.Y())
	fmt.Fprintf(b, "The person stands at (%.2f, %.2f) facing %s.\nObjects, nearest first (bearing seen from the person):\n",
		start.Root.X(), start.Root.Z(), compass(start.Heading))
}

// compass names a heading by the axis it faces.
func compass(h float64) string {
	deg := mgl(h)
	return fmt.Sprintf("heading %.0f° (0° faces +z, 90° faces +x)", deg)
}

// mgl converts radians to degrees.
func mgl(rad float64) float64 { return rad * 180 / math.Pi }

// writeObject writes one object's line.
func writeObject(b *strings.Builder, o *scene.Object, start motion.State, fl *floor.Floor) {
	size := o.Bounds().Size()
	d := center(o).Sub(start.Root)
	fmt.Fprintf(b, "- %s (%s): %.2f × %.2f m, %.2f m high; %.1f m away, %s", o.ID, strings.ReplaceAll(o.Category, "_", " "),
		size.X(), size.Z(), size.Y(), horizontal(d), bearing(start.Heading, d))
	if a := affords(o); a != "" {
		fmt.Fprintf(b, "; %s", a)
	}
	fmt.Fprintf(b, "; %s.\n", way(o, start, fl))
}

// bearing says where d lies seen from heading h: ahead, to the left or right by an angle, behind.
func bearing(h float64, d mgl64.Vec3) string {
	a := mgl(geom.WrapAngle(headingOf(d) - h))
	switch {
	case math.Abs(a) < 10:
		return "straight ahead"
	case math.Abs(a) > 165:
		return "behind"
	case a > 0:
		return fmt.Sprintf("%.0f° to the left", a)
	}
	return fmt.Sprintf("%.0f° to the right", -a)
}

// affords says what a person can do with the object.
func affords(o *scene.Object) string {
	var parts []string
	for _, su := range o.Surfaces {
		switch {
		case su.LieDown:
			parts = append(parts, fmt.Sprintf("can lie on %s (%.2f m high, %.1f m long)", su.Part, su.Height(), 2*su.Extent[0]))
		case su.Sit:
			parts = append(parts, fmt.Sprintf("can sit on %s (%.2f m high)", su.Part, su.Height()))
		}
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}

// way describes the walkable way to the object from the start.
func way(o *scene.Object, start motion.State, fl *floor.Floor) string {
	pl := &planner{floors: []*floor.Floor{fl}, floor: fl, walkScale: 1, turnScale: 1}
	sp, err := pl.standPoint(o, start.Root)
	if err != nil {
		return "no free way to it"
	}
	path, err := fl.Path(start.Root, sp)
	if err != nil {
		return "no free way to it"
	}
	w, at := fl.PathWidth(path)
	if w >= 2*floor.MaxClearance {
		return fmt.Sprintf("reached by a %.1f m walk over open floor", pathLength(path))
	}
	return fmt.Sprintf("reached by a %.1f m walk with %d turn(s), the narrowest passage %.2f m wide near (%.1f, %.1f)",
		pathLength(path), len(path)-2, w, at.X(), at.Z())
}
