package smplx_test

import (
	"math"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body/smplx"
	"interactagent/body/smplx/smplxtest"
	"interactagent/motion"
)

// swayingParams is a pose of every joint, turning and moving with a.
func swayingParams(a float64) smplx.Params {
	p := smplx.Params{Orient: mgl64.Vec3{0.3 * a, 2.8 * a, -0.2}, Trans: mgl64.Vec3{1.5 * a, 0.05, -2 + a}}
	for j := range p.Body {
		p.Body[j] = mgl64.Vec3{0.5 * math.Sin(7*a+float64(j)), 0.2 * math.Cos(3*a+float64(j)), 0.3 * math.Sin(float64(j))}
	}
	return p
}

// On real models of each family (stand-ins in their layout), the model's own forward kinematics
// (PosedJoints) of a Z-up file's frames, turned to our frame, puts every joint at Rc times where
// the file's parameters put it: (x, y, z) → (x, z, −y).
func TestMotionTurnsZUpToYUpOnModels(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, o := range []smplxtest.Options{
		{Vertices: 1500},
		{Vertices: 1500, Family: smplx.SMPLH, ShapeColumns: 16},
		{Vertices: 1500, Family: smplx.SMPL, ShapeColumns: 10},
	} {
		m, _ := loadStandIn(t, o)
		q := &smplx.Sequence{Family: m.Family, FPS: 60, Up: smplx.ZUp, Betas: []float64{1.2, -0.7, 0.4}}
		for i := range 30 {
			q.Frames = append(q.Frames, smplx.Frame{Params: swayingParams(float64(i)/30 + rng.Float64()*0.01)})
		}
		s, err := q.Shape(m)
		if err != nil {
			t.Fatal(err)
		}
		mo, err := q.Motion(s)
		if err != nil {
			t.Fatal(err)
		}
		for i, f := range q.Frames {
			zup, got := s.PosedJoints(&f.Params), s.PosedJoints(&mo.Frames[i])
			for j := range zup {
				want := mgl64.Vec3{zup[j][0], zup[j][2], -zup[j][1]}
				if d := got[j].Sub(want).Len(); d > 1e-9 {
					t.Fatalf("%v frame %d %v: %g m from Rc times the file's joint", m.Family, i, motion.Joint(j), d)
				}
			}
		}
	}
}

// A fitted motion written as an AMASS file and read back gives the same joints on the model within
// 0.1 mm (in fact to rounding), Z up and Y up, AMASS's 16 betas on a model that keeps 10.
func TestWriteAMASSReadsBackTheJoints(t *testing.T) {
	m, _ := loadStandIn(t, smplxtest.Options{Vertices: 1500, Family: smplx.SMPL, ShapeColumns: 10})
	s, err := m.Shape([]float64{0.5, 0.25})
	if err != nil {
		t.Fatal(err)
	}
	mo := &smplx.Motion{Shaped: s, FPS: 25}
	for i := range 50 {
		mo.Frames = append(mo.Frames, swayingParams(float64(i)/25))
	}
	want, err := mo.Clip()
	if err != nil {
		t.Fatal(err)
	}
	for _, up := range []smplx.Up{smplx.ZUp, smplx.YUp} {
		path := filepath.Join(t.TempDir(), "m.npz")
		if err := smplx.WriteAMASS(path, mo, up); err != nil {
			t.Fatal(err)
		}
		q, err := smplx.ReadAMASS(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(q.Betas) != smplx.AMASSBetas || q.Up != up || q.Family != smplx.SMPL {
			t.Fatalf("%v: read %d betas, %v, %v", up, len(q.Betas), q.Up, q.Family)
		}
		s2, err := q.Shape(m)
		if err != nil {
			t.Fatal(err)
		}
		back, err := q.Motion(s2)
		if err != nil {
			t.Fatal(err)
		}
		got, err := back.Clip()
		if err != nil {
			t.Fatal(err)
		}
		for f := range got.Frames {
			for j := range got.Frames[f] {
				if d := got.Frames[f][j].Sub(want.Frames[f][j]).Len(); d > 1e-4 {
					t.Fatalf("%v frame %d joint %d: %.3g mm off", up, f, j, 1000*d)
				}
			}
		}
	}
}
