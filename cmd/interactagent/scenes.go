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
	layouts := make([]*furniture.Layout, len(names))
	scenes := make([]*scene.Scene, len(names))
	for i, n := range names {
		l, err := furniture.BuiltinLayout(n)
		if err != nil {
			return err
		}
		s, err := l.Build()
		if err != nil {
			return err
		}
		layouts[i], scenes[i] = l, s
	}
	if err := scenesTable(stdout, layouts, scenes); err != nil {
		return err
	}
	if all && !*objects {
		return nil
	}
	for i := range scenes {
		if err := scenesObjects(stdout, layouts[i], scenes[i]); err != nil {
			return err
		}
	}
	return nil
}

// scenesTable writes one line per scene: name, room size, objects, triangles, description.
func scenesTable(w io.Writer, layouts []*furniture.Layout, scenes []*scene.Scene) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tROOM W×D×H (m)\tOBJECTS\tTRIANGLES\tDESCRIPTION")
	for i, l := range layouts {
		s := scenes[i]
		fmt.Fprintf(tw, "%s\t%.2f × %.2f × %.2f\t%d\t%d\t%s\n", l.Name, l.Room.Width, l.Room.Depth, l.Room.Height, len(s.Objects), s.TriangleCount(), l.Description)
	}
	return tw.Flush()
}

// scenesObjects writes a scene's start pose and a table of its objects.
func scenesObjects(w io.Writer, l *furniture.Layout, s *scene.Scene) error {
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
		var use []string
		if s.Sit {
			use = append(use, "sit")
		}
		if s.LieDown {
			use = append(use, "lie")
		}
		out = append(out, fmt.Sprintf("%s %s %.2f m", s.Part, strings.Join(use, "+"), s.Height()))
	}
	return strings.Join(out, ", ")
}

// scenesParts lists an object's part names, numbered runs shortened: "leg_1…4, seat, back".
func scenesParts(o *scene.Object) string {
	type run struct {
		prefix   string
		from, to int
	}
	var runs []run
	for _, p := range o.Parts {
		prefix, n := p.Name, -1
		if i := strings.LastIndexByte(p.Name, '_'); i > 0 {
			if v, err := strconv.Atoi(p.Name[i+1:]); err == nil {
				prefix, n = p.Name[:i+1], v
			}
		}
		if k := len(runs) - 1; n >= 0 && k >= 0 && runs[k].prefix == prefix && runs[k].to == n-1 {
			runs[k].to = n
			continue
		}
		runs = append(runs, run{prefix, n, n})
	}
	out := make([]string, len(runs))
	for i, r := range runs {
		switch {
		case r.from < 0:
			out[i] = r.prefix
		case r.from == r.to:
			out[i] = fmt.Sprintf("%s%d", r.prefix, r.from)
		default:
			out[i] = fmt.Sprintf("%s%d…%d", r.prefix, r.from, r.to)
		}
	}
	return strings.Join(out, ", ")
}
