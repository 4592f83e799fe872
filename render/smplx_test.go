package render

import (
	"image/color"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body/smplx"
	"interactagent/body/smplx/smplxtest"
	"interactagent/geom"
	"interactagent/motion"
)

// standIn opens a generated stand-in model in SMPL-X's layout (package smplxtest), its whole
// mesh, so that it draws as a closed body.
func standIn(t testing.TB) *smplx.Shaped {
	t.Helper()
	path := filepath.Join(t.TempDir(), "SMPLX_NEUTRAL.npz")
	if _, err := smplxtest.Write(path, smplxtest.Options{}); err != nil {
		t.Fatal(err)
	}
	s, err := smplx.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSMPLXFigureIsTheExactSkin: an SMPL-X figure's vertices (its model, skinning and pose
// correctives, as skin.vert combines them) are where the model's exact skinning puts them.
func TestSMPLXFigureIsTheExactSkin(t *testing.T) {
	s := standIn(t)
	p := armUp()
	b, err := NewBodies(BodySMPLX(s), &motion.Clip{FPS: 20, Frames: []motion.Pose{p}})
	if err != nil {
		t.Fatal(err)
	}
	f, err := b.Figure(p, color.NRGBA{})
	if err != nil {
		t.Fatal(err)
	}
	if b.Kind() != BodySMPLX(s) || len(f.Posed) != len(s.Vertices) {
		t.Fatalf("kind %v with %d posed vertices, want the SMPL-X body with one per vertex (%d)", b.Kind(), len(f.Posed), len(s.Vertices))
	}
	params, err := b.smplx.params(p)
	if err != nil {
		t.Fatal(err)
	}
	exact := make([]mgl64.Vec3, len(s.Vertices))
	s.Skin(&params, exact)
	drawn := make([]mgl64.Vec3, len(s.Vertices))
	f.PosedVertices(drawn)
	worst := 0.0
	for v := range exact {
		worst = max(worst, exact[v].Sub(drawn[v]).Len())
	}
	if worst > 1e-9 {
		t.Errorf("the figure puts a vertex %.3g m from the exact skin, want it there", worst)
	}
}

// TestPosedFigureIsDrawnWhereItsVerticesAre: a figure posed on the CPU is drawn where its
// vertices are, not skinned again: its vertices pushed 15 cm along +X are drawn there, on the full
// mesh close up and on a coarser level of detail from afar.
func TestPosedFigureIsDrawnWhereItsVerticesAre(t *testing.T) {
	e := newTestEngine(t)
	s := standIn(t)
	b, err := NewBodies(BodySMPLX(s), &motion.Clip{FPS: 20, Frames: []motion.Pose{armUp()}})
	if err != nil {
		t.Fatal(err)
	}
	f, err := b.Figure(armUp(), color.NRGBA{40, 200, 60, 255})
	if err != nil {
		t.Fatal(err)
	}
	for v := range f.Posed {
		f.Posed[v] = f.Posed[v].Add(mgl64.Vec3{0.15, 0, 0})
	}
	for _, distance := range []float64{4, 20} {
		drawnWhereVerticesAre(t, e, f, distance)
	}
}

// drawnWhereVerticesAre checks that figure f drawn from distance covers its posed vertices.
func drawnWhereVerticesAre(t *testing.T, e *Engine, f Figure, distance float64) {
	posed := make([]mgl64.Vec3, f.Body.NumVertices())
	f.PosedVertices(posed)
	cam := Orbit{Target: mgl64.Vec3{0, 0.9, 0}, Pitch: 0.2, Distance: distance, FOV: 40}
	r := Request{Camera: cam, Width: 400, Height: 400, Style: Style{NoAxes: true, NoGrid: true, Floor: &geom.Box{Hi: mgl64.Vec3{1, 0, 1}}}}
	empty, err := e.Render(r)
	if err != nil {
		t.Fatal(err)
	}
	r.Figures = []Figure{f}
	img, err := e.Render(r)
	if err != nil {
		t.Fatal(err)
	}
	drawn := changedPixels(empty, img)
	missed := 0
	for _, v := range posed {
		if p, _ := Project(cam, r.Width, r.Height, v); !anyNear(drawn, p, 3) {
			missed++
		}
	}
	if missed > len(posed)/200 {
		saveFailed(t, t.Name(), img)
		t.Errorf("from %g m: %d of %d posed vertices off the drawn body, want ≤ 0.5 %%", distance, missed, len(posed))
	}
}
