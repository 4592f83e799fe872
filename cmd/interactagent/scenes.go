package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/scene"
	"interactagent/scene/furniture"
)

// runScenes lists the built-in scenes; with --objects, or for the scenes named as arguments, it
// also lists every object: id, category, size, parts, support surfaces and stand points.
func runScenes(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlags("scenes", "[NAME ...]", stdout)
	objects := fs.Bool("objects", false, "list every object of every scene (implied when scenes are named)")
	if err := fs.parse(args); err != nil { // flags after names too: "scenes lounge --objects"
		return err
	}
	names := fs.Args()
	all := len(names) == 0
	if all {
		names = furniture.BuiltinNames()
	}
	scenes, err := builtinScenes(names)
	if err != nil {
		return err
	}
	if err := scenesTable(stdout, scenes); err != nil {
		return err
	}
	if all && !*objects {
		return nil
	}
	return scenesObjects(stdout, scenes)
}

// listedScene is a built-in scene as scenes lists it: its layout (the room, the description) and
// the scene built from it.
type listedScene struct {
	layout *furniture.Layout
	scene  *scene.Scene
}

// builtinScenes builds the built-in scenes of the names, in their order.
func builtinScenes(names []string) ([]listedScene, error) {
	out := make([]listedScene, len(names))
	for i, n := range names {
		l, err := furniture.BuiltinLayout(n)
		if err != nil {
			return nil, err
		}
		s, err := l.Build()
		if err != nil {
			return nil, err
		}
		out[i] = listedScene{l, s}
	}
	return out, nil
}

// scenesTable writes one line per scene: name, room size, objects, triangles, description.
func scenesTable(w io.Writer, scenes []listedScene) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tROOM W×D×H (m)\tOBJECTS\tTRIANGLES\tDESCRIPTION")
	for _, ls := range scenes {
		l, s := ls.layout, ls.scene
		fmt.Fprintf(tw, "%s\t%.2f × %.2f × %.2f\t%d\t%d\t%s\n", l.Name, l.Room.Width, l.Room.Depth, l.Room.Height, len(s.Objects), s.TriangleCount(), l.Description)
	}
	return tw.Flush()
}

// scenesObjects writes each scene's start pose and table of objects.
func scenesObjects(w io.Writer, scenes []listedScene) error {
	for _, ls := range scenes {
		if err := sceneObjects(w, ls.layout, ls.scene); err != nil {
			return err
		}
	}
	return nil
}

// sceneObjects writes a scene's start pose and a table of its objects.
func sceneObjects(w io.Writer, l *furniture.Layout, s *scene.Scene) error {
	st := s.Start
	fmt.Fprintf(w, "\n%s: room %.2f × %.2f m, start (%.2f, %.2f) heading %.0f°\n", s.Name, l.Room.Width, l.Room.Depth, st.Root.X(), st.Root.Z(), mgl64.RadToDeg(st.Heading))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tCATEGORY\tAT (x, z)\tSIZE W×H×D (m)\tSURFACES\tSTAND POINTS\tPARTS")
	for _, o := range s.Objects {
		size := scenesObjectSize(o)
		at := o.Bounds().Center()
		fmt.Fprintf(tw, "%s\t%s\t(%.2f, %.2f)\t%.2f × %.2f × %.2f\t%s\t%d\t%s\n", o.ID, o.Category, at.X(), at.Z(),
			size.X(), size.Y(), size.Z(), scenesSurfaces(o), len(o.StandPoints), scenesParts(o))
	}
	return tw.Flush()
}

// scenesObjectSize returns an object's extent in its own frame (width, height, depth), so a turned
// sofa still reads as 2.1 m wide.
func scenesObjectSize(o *scene.Object) mgl64.Vec3 {
	inv := o.Transform.Inv()
	b := geom.EmptyBox()
	for _, p := range o.Parts {
		b = b.Union(p.Mesh.Transformed(inv).Bounds())
	}
	return b.Size()
}

// scenesSurfaces lists an object's support surfaces as "seat_1 sit 0.44 m".
func scenesSurfaces(o *scene.Object) string {
	if len(o.Surfaces) == 0 {
		return "-"
	}
	var out []string
	for _, s := range o.Surfaces {
		out = append(out, fmt.Sprintf("%s %s %.2f m", s.Part, surfaceUse(s), s.Height()))
	}
	return strings.Join(out, ", ")
}

// surfaceUse says what a body may do on a surface: "sit", "lie", "sit+lie", or "" for neither.
func surfaceUse(s scene.Surface) string {
	var use []string
	if s.Sit {
		use = append(use, "sit")
	}
	if s.LieDown {
		use = append(use, "lie")
	}
	return strings.Join(use, "+")
}

// scenesParts lists an object's part names, numbered runs shortened: "leg_1…4, seat, back".
func scenesParts(o *scene.Object) string {
	var runs []partRun
	for _, p := range o.Parts {
		prefix, n := numbered(p.Name)
		if k := len(runs) - 1; n >= 0 && k >= 0 && runs[k].prefix == prefix && runs[k].to == n-1 {
			runs[k].to = n
			continue
		}
		runs = append(runs, partRun{prefix, n, n})
	}
	out := make([]string, len(runs))
	for i, r := range runs {
		out[i] = r.String()
	}
	return strings.Join(out, ", ")
}

// partRun is a run of part names numbered one after the other, prefix+from … prefix+to ("leg_1"
// … "leg_4"), or one name without a number (from < 0).
type partRun struct {
	prefix   string
	from, to int
}

// String writes the run as scenesParts lists it: "seat", "leg_1", "leg_1…4".
func (r partRun) String() string {
	switch {
	case r.from < 0:
		return r.prefix
	case r.from == r.to:
		return fmt.Sprintf("%s%d", r.prefix, r.from)
	}
	return fmt.Sprintf("%s%d…%d", r.prefix, r.from, r.to)
}

// numbered splits a part name at its last '_' followed by a number: "leg_3" is "leg_" and 3; a
// name without such a number is all prefix, with -1.
func numbered(name string) (prefix string, n int) {
	if i := strings.LastIndexByte(name, '_'); i > 0 {
		if v, err := strconv.Atoi(name[i+1:]); err == nil {
			return name[:i+1], v
		}
	}
	return name, -1
}
