package scene

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

func TestStartSpec(t *testing.T) {
	room := &Scene{Start: motion.State{Root: mgl64.Vec3{5.2, 0, 0.9}, Heading: 1}}
	cases := []struct {
		spec string
		s    *Scene
		want *motion.State // nil: as in the file
		err  string
	}{
		{spec: "", s: room},
		{spec: "", s: nil},
		{spec: "scene", s: room, want: &room.Start},
		{spec: "scene", s: nil, err: "needs a scene"},
		{spec: "1,2,90", s: nil, want: &motion.State{Root: mgl64.Vec3{1, 0, 2}, Heading: math.Pi / 2}},
	}
	for _, c := range cases {
		sp, err := ParseStart(c.spec)
		if err != nil {
			t.Fatalf("ParseStart(%q): %v", c.spec, err)
		}
		if sp.String() != c.spec {
			t.Errorf("ParseStart(%q).String() = %q", c.spec, sp.String())
		}
		got, err := sp.Resolve(c.s)
		switch {
		case c.err != "":
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: err %v, want %q", c.spec, err, c.err)
			}
		case err != nil:
			t.Errorf("%q: %v", c.spec, err)
		case (got == nil) != (c.want == nil) || got != nil && (got.Root != c.want.Root || math.Abs(got.Heading-c.want.Heading) > 1e-12):
			t.Errorf("%q resolves to %v, want %v", c.spec, got, c.want)
		}
	}
	got, _ := ParseStart("scene")
	st, _ := got.Resolve(room)
	st.Heading = 3
	if room.Start.Heading != 1 {
		t.Fatal("changing the resolved state changed the scene's start")
	}
	for _, bad := range []string{"Scene", "1,2", "a,b,c", "scene,1"} {
		if _, err := ParseStart(bad); err == nil || !strings.Contains(err.Error(), "scene: start") {
			t.Errorf("ParseStart(%q) error %v", bad, err)
		}
	}
}
