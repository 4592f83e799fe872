package body

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// randomSkinning returns affine matrices with random rotations, scales and translations.
func randomSkinning(rng *rand.Rand) Skinning {
	var s Skinning
	for j := range s {
		axis := mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize()
		r := mgl64.HomogRotate3D(rng.Float64()*6, axis)
		sc := mgl64.Scale3D(0.5+rng.Float64(), 0.5+rng.Float64(), 0.5+rng.Float64())
		s[j] = mgl64.Translate3D(rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()).Mul4(r).Mul4(sc)
	}
	return s
}

// slowSkin is linear blend skinning as the formula reads: Σ_k w_k·M[i_k]·(rest, 1).
func slowSkin(m *Model, s *Skinning, v int) mgl64.Vec3 {
	var p mgl64.Vec4
	for k := range MaxInfluences {
		p = p.Add(s[m.Influence[v][k]].Mul4x1(m.Rest[v].Vec4(1)).Mul(float64(m.Weight[v][k])))
	}
	return p.Vec3()
}

// TestSkinMatchesFormula: the fast skinning agrees with the formula for random matrices, on the
// small model and on the open body.
func TestSkinMatchesFormula(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, m := range []*Model{tetra(), humanModel(t)} {
		for range 3 {
			s := randomSkinning(rng)
			out := make([]mgl64.Vec3, len(m.Rest))
			m.Skin(&s, out)
			for v := range out {
				if d := out[v].Sub(slowSkin(m, &s, v)).Len(); d > 1e-9 {
					t.Fatalf("%s vertex %d: fast %v, formula %v", m.Name, v, out[v], slowSkin(m, &s, v))
				}
			}
		}
	}
}

// TestSkinIdentity: identity matrices leave the rest mesh where it is, and a short out gets only
// its share.
func TestSkinIdentity(t *testing.T) {
	m := humanModel(t)
	var s Skinning
	for j := range s {
		s[j] = mgl64.Ident4()
	}
	out := make([]mgl64.Vec3, len(m.Rest))
	m.Skin(&s, out)
	for v := range out {
		if out[v].Sub(m.Rest[v]).Len() > 1e-6 {
			t.Fatalf("vertex %d moved from %v to %v", v, m.Rest[v], out[v])
		}
	}
	short := make([]mgl64.Vec3, 2)
	m.Skin(&s, short)
	if short[1] != out[1] {
		t.Errorf("a short out got %v, want %v", short[1], out[1])
	}
}

// TestNormalsMatchSlow: vertex normals agree with a per-vertex search over all triangles, and they
// point outward on the open body: away from the nearest bone of the rest skeleton.
func TestNormalsMatchSlow(t *testing.T) {
	for _, m := range []*Model{tetra(), humanModel(t)} {
		out := make([]mgl64.Vec3, len(m.Rest))
		m.Normals(m.Rest, out)
		for v := 0; v < len(out); v += 97 {
			if d := out[v].Sub(slowNormal(m, v)).Len(); d > 1e-9 {
				t.Fatalf("%s vertex %d: normal %v, slow %v", m.Name, v, out[v], slowNormal(m, v))
			}
		}
		if m.Name == "tetra" {
			continue // its joints are no skeleton
		}
		outward := 0
		for v, n := range out {
			if n.Dot(m.Rest[v].Sub(nearestOnSkeleton(m.Rest[v], m.Joints))) > 0 {
				outward++
			}
		}
		// Fingers, toes and the crown lie beyond the skeleton's ends, where "away from the nearest
		// bone" is no test; reversed triangles would give about one in eight.
		if outward*10 < len(out)*8 {
			t.Errorf("%s: %d of %d normals point away from the skeleton, want eight in ten", m.Name, outward, len(out))
		}
	}
}

// slowNormal sums the area-weighted normals of every triangle that holds v.
func slowNormal(m *Model, v int) mgl64.Vec3 {
	var n mgl64.Vec3
	for _, f := range m.Faces {
		if int(f[0]) == v || int(f[1]) == v || int(f[2]) == v {
			a, b, c := m.Rest[f[0]], m.Rest[f[1]], m.Rest[f[2]]
			n = n.Add(b.Sub(a).Cross(c.Sub(a)))
		}
	}
	return n.Normalize()
}

// TestAreaShares: a unit square of two triangles gives each corner the share of the triangles it
// belongs to.
func TestAreaShares(t *testing.T) {
	pos := []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}}
	area, err := vertexAreas(pos, [][3]uint32{{0, 1, 2}, {0, 2, 3}})
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{1. / 3, 1. / 6, 1. / 3, 1. / 6}
	for v := range want {
		if math.Abs(area[v]-want[v]) > 1e-12 {
			t.Errorf("vertex %d share %v, want %v", v, area[v], want[v])
		}
	}
	if _, err := vertexAreas(pos, [][3]uint32{{0, 1, 1}}); err == nil {
		t.Error("a mesh without area was accepted")
	}
}

// TestPosedJoints: PosedJoints moves each rest joint by its own matrix.
func TestPosedJoints(t *testing.T) {
	m := tetra()
	s := randomSkinning(rand.New(rand.NewPCG(3, 4)))
	got := m.PosedJoints(&s)
	for j := range motion.NumJoints {
		if want := s[j].Mul4x1(m.Joints[j].Vec4(1)).Vec3(); got[j].Sub(want).Len() > 1e-12 {
			t.Errorf("joint %d at %v, want %v", j, got[j], want)
		}
	}
}
