package smplx_test

import (
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body/smplx"
	"interactagent/body/smplx/smplxtest"
	"interactagent/motion"
)

// TestMeshIsAValidBody checks Mesh against body.Model's rules and the shaped model.
func TestMeshIsAValidBody(t *testing.T) {
	for _, o := range layouts {
		m, _ := loadStandIn(t, o)
		s, err := m.Shape([]float64{1, -0.5})
		if err != nil {
			t.Fatal(err)
		}
		b := s.Mesh()
		if err := b.Validate(); err != nil {
			t.Fatalf("%+v: %v", o, err)
		}
		if s.Mesh() != b {
			t.Error("Mesh made twice")
		}
		if !strings.HasPrefix(b.Name, m.Family.String()+" (standin-") || len(b.Rest) != len(s.Vertices) || len(b.Faces) != len(m.Faces) {
			t.Errorf("%q: %d vertices, %d faces", b.Name, len(b.Rest), len(b.Faces))
		}
		sum := 0.0
		for v, a := range b.Area {
			sum += a
			if b.Rest[v] != s.Vertices[v] {
				t.Fatalf("rest vertex %d differs from the shaped one", v)
			}
		}
		if math.Abs(sum-1) > 1e-9 || b.Area[0] != 1/float64(len(b.Area)) {
			t.Errorf("areas sum to %v, first %v", sum, b.Area[0])
		}
		for j := range motion.NumJoints {
			if b.Joints[j] != s.Joints[j] {
				t.Errorf("joint %d at %v, want %v", j, b.Joints[j], s.Joints[j])
			}
		}
	}
}

// TestMeshSkinsLikeSkin draws the mesh as a renderer does (body.Model.Skin with Skinning, rest moved
// by Correctives) and compares it with Skin: equal where a vertex has at most four merged weights.
func TestMeshSkinsLikeSkin(t *testing.T) {
	m, raw := loadStandIn(t, smplxtest.Options{})
	s, err := m.Shape([]float64{0.7})
	if err != nil {
		t.Fatal(err)
	}
	counts := mergedCounts(raw)
	rng := rand.New(rand.NewPCG(3, 4))
	exact, approx := 0.0, 0.0
	for range 3 {
		p := randomParams(rng)
		n := len(s.Vertices)
		corr, want, got := make([]mgl64.Vec3, n), make([]mgl64.Vec3, n), make([]mgl64.Vec3, n)
		s.Correctives(&p, corr)
		s.Skin(&p, want)
		drawn := *s.Mesh()
		drawn.Rest = make([]mgl64.Vec3, n)
		for v := range n {
			drawn.Rest[v] = s.Vertices[v].Add(corr[v])
		}
		sk := s.Skinning(&p)
		drawn.Skin(&sk, got)
		for v := range n {
			d := got[v].Sub(want[v]).Len()
			if counts[v] <= 4 {
				exact = math.Max(exact, d)
			} else {
				approx = math.Max(approx, d)
			}
		}
	}
	if exact > 1e-6 {
		t.Errorf("vertices with at most four merged weights drawn %.3g m from Skin's, want at most 1e-6", exact)
	}
	t.Logf("Mesh drawn vs Skin: %.3g m where exact, %.3g m on vertices with more than four merged weights (MaxInfluences %d)",
		exact, approx, m.MaxInfluences())
}

// mergedCounts counts each vertex's nonzero merged weights from the file's arrays.
func mergedCounts(raw *smplxtest.Raw) []int {
	out := make([]int, raw.NumVertices())
	for v, row := range raw.Weights {
		var merged [motion.NumJoints]float64
		for j, w := range row {
			a := j
			for a >= motion.NumJoints {
				a = raw.Parents[a]
			}
			merged[a] += w
		}
		for _, w := range merged {
			if w != 0 {
				out[v]++
			}
		}
	}
	return out
}

// TestSkinConcurrently skins one Shaped from several goroutines at once (they share its scratch
// buffers) and compares with skinning alone.
func TestSkinConcurrently(t *testing.T) {
	m, _ := loadStandIn(t, small)
	s, err := m.Shape(nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	poses := make([]smplx.Params, 8)
	want := make([][]mgl64.Vec3, len(poses))
	for i := range poses {
		poses[i] = randomParams(rng)
		want[i] = make([]mgl64.Vec3, len(s.Vertices))
		s.Skin(&poses[i], want[i])
	}
	var wg sync.WaitGroup
	for i := range poses {
		wg.Go(func() {
			for range 20 {
				got := make([]mgl64.Vec3, len(s.Vertices))
				s.Skin(&poses[i], got)
				for v := range got {
					if got[v] != want[i][v] {
						t.Errorf("pose %d vertex %d: %v, want %v", i, v, got[v], want[i][v])
						return
					}
				}
			}
		})
	}
	wg.Wait()
}
