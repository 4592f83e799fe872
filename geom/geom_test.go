package geom

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestBoxOperations(t *testing.T) {
	b := BoxAround(mgl64.Vec3{1, 2, 3}, mgl64.Vec3{-1, 0, 5})
	if b.Lo != (mgl64.Vec3{-1, 0, 3}) || b.Hi != (mgl64.Vec3{1, 2, 5}) {
		t.Fatalf("BoxAround = %v", b)
	}
	if !EmptyBox().Empty() || b.Empty() || !BoxAround().Empty() {
		t.Fatal("Empty wrong")
	}
	if got := b.Union(EmptyBox()); got != b {
		t.Fatalf("union with empty changed the box: %v", got)
	}
	if got := EmptyBox().Union(b); got != b {
		t.Fatalf("empty ∪ b = %v", got)
	}
	if b.Size() != (mgl64.Vec3{2, 2, 2}) || b.Center() != (mgl64.Vec3{0, 1, 4}) {
		t.Fatalf("size %v centre %v", b.Size(), b.Center())
	}
	if !b.Contains(mgl64.Vec3{1, 2, 5}) || b.Contains(mgl64.Vec3{1.01, 1, 4}) {
		t.Fatal("Contains wrong on the boundary")
	}
	if e := b.Expand(0.5); e.Lo != (mgl64.Vec3{-1.5, -0.5, 2.5}) || e.Hi != (mgl64.Vec3{1.5, 2.5, 5.5}) {
		t.Fatalf("Expand = %v", e)
	}
	if m := b.Translate(mgl64.Vec3{1, 0, 0}); m.Lo[0] != 0 || m.Hi[0] != 2 {
		t.Fatalf("Translate = %v", m)
	}
}

func TestBoxMeets(t *testing.T) {
	a := Box{Lo: mgl64.Vec3{0, 0, 0}, Hi: mgl64.Vec3{1, 1, 1}}
	for _, c := range []struct {
		o    Box
		want bool
	}{
		{Box{Lo: mgl64.Vec3{1, 1, 1}, Hi: mgl64.Vec3{2, 2, 2}}, true}, // touching corner
		{Box{Lo: mgl64.Vec3{1.01, 0, 0}, Hi: mgl64.Vec3{2, 1, 1}}, false},
		{Box{Lo: mgl64.Vec3{0.2, 0.2, 0.2}, Hi: mgl64.Vec3{0.3, 0.3, 0.3}}, true}, // inside
		{Box{Lo: mgl64.Vec3{0, 0, -2}, Hi: mgl64.Vec3{1, 1, -0.5}}, false},
	} {
		if got := a.Meets(c.o); got != c.want || c.o.Meets(a) != c.want {
			t.Errorf("%v meets %v = %v, want %v", a, c.o, got, c.want)
		}
	}
}

// TestBoxSignedDistanceBruteForce checks the closed form against the nearest of many points on
// the box's faces (outside) and the nearest face plane (inside).
func TestBoxSignedDistanceBruteForce(t *testing.T) {
	b := Box{Lo: mgl64.Vec3{-1, 0, 2}, Hi: mgl64.Vec3{0.5, 1.5, 3}}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 300; i++ {
		p := mgl64.Vec3{rng.Float64()*5 - 2.5, rng.Float64()*5 - 1.5, rng.Float64()*5 + 0.5}
		got := b.SignedDistance(p)
		var want float64
		if b.Contains(p) {
			want = -min(p[0]-b.Lo[0], b.Hi[0]-p[0], p[1]-b.Lo[1], b.Hi[1]-p[1], p[2]-b.Lo[2], b.Hi[2]-p[2])
		} else {
			want = nearestOnBoxSurface(b, p, 60)
		}
		if math.Abs(got-want) > 0.04 {
			t.Fatalf("SignedDistance(%v) = %.4f, brute force %.4f", p, got, want)
		}
	}
}

// nearestOnBoxSurface samples the box's six faces on an n×n grid each.
func nearestOnBoxSurface(b Box, p mgl64.Vec3, n int) float64 {
	best := math.Inf(1)
	for axis := 0; axis < 3; axis++ {
		u, v := (axis+1)%3, (axis+2)%3
		for _, side := range []float64{b.Lo[axis], b.Hi[axis]} {
			for i := 0; i <= n; i++ {
				for j := 0; j <= n; j++ {
					var q mgl64.Vec3
					q[axis] = side
					q[u] = b.Lo[u] + (b.Hi[u]-b.Lo[u])*float64(i)/float64(n)
					q[v] = b.Lo[v] + (b.Hi[v]-b.Lo[v])*float64(j)/float64(n)
					best = min(best, q.Sub(p).Len())
				}
			}
		}
	}
	return best
}

func TestCapsuleDistanceBruteForce(t *testing.T) {
	c := Capsule{A: mgl64.Vec3{0, 1, 0}, B: mgl64.Vec3{0.4, 1.3, 0.2}, Radius: 0.1}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 200; i++ {
		p := mgl64.Vec3{rng.Float64() - 0.3, rng.Float64() + 0.6, rng.Float64() - 0.4}
		want := math.Inf(1)
		for k := 0; k <= 2000; k++ {
			s := float64(k) / 2000
			want = min(want, p.Sub(c.A.Add(c.B.Sub(c.A).Mul(s))).Len()-c.Radius)
		}
		if got := c.Distance(p); math.Abs(got-want) > 1e-3 {
			t.Fatalf("Distance(%v) = %.5f, brute force %.5f", p, got, want)
		}
		if got := c.Distance(p); got <= 0 && !c.Bounds().Contains(p) {
			t.Fatalf("%v inside the capsule but outside its bounds %v", p, c.Bounds())
		}
	}
	sphere := Capsule{A: mgl64.Vec3{1, 1, 1}, B: mgl64.Vec3{1, 1, 1}, Radius: 0.5}
	if d := sphere.Distance(mgl64.Vec3{1, 3, 1}); math.Abs(d-1.5) > 1e-12 {
		t.Fatalf("sphere distance %v, want 1.5", d)
	}
}

func TestFinite(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want bool
	}{{0, true}, {-1e308, true}, {math.NaN(), false}, {math.Inf(1), false}, {math.Inf(-1), false}} {
		if Finite(c.x) != c.want {
			t.Errorf("Finite(%v) = %v", c.x, !c.want)
		}
	}
	if FiniteVec(mgl64.Vec3{0, math.NaN(), 0}) || !FiniteVec(mgl64.Vec3{1, 2, 3}) {
		t.Error("FiniteVec wrong")
	}
	if AllFinite([]float64{1, 2, math.Inf(1)}) || !AllFinite(nil) {
		t.Error("AllFinite wrong")
	}
}

func TestClamp(t *testing.T) {
	if Clamp(5, 0, 3) != 3 || Clamp(-1, 0, 3) != 0 || Clamp(2, 0, 3) != 2 {
		t.Error("Clamp on ints wrong")
	}
	if Clamp(0.5, 0.0, 1.0) != 0.5 || Clamp(1.5, 0.0, 1.0) != 1 {
		t.Error("Clamp on floats wrong")
	}
}

func TestWrapAngle(t *testing.T) {
	for _, a := range []float64{0, math.Pi, -math.Pi, 3 * math.Pi, -3 * math.Pi, 7.5, -100.25, 1e6} {
		w := WrapAngle(a)
		if !(w > -math.Pi && w <= math.Pi) {
			t.Errorf("WrapAngle(%v) = %v, outside (−π, π]", a, w)
		}
		if d := math.Remainder(a-w, 2*math.Pi); math.Abs(d) > 1e-9 {
			t.Errorf("WrapAngle(%v) = %v, not a multiple of 2π away", a, w)
		}
	}
}

func TestPerpendicular(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 500; i++ {
		v := mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize()
		if i < 3 {
			v = mgl64.Vec3{}
			v[i] = 1
		}
		p := Perpendicular(v)
		if math.Abs(p.Len()-1) > 1e-12 || math.Abs(p.Dot(v)) > 1e-12 {
			t.Fatalf("Perpendicular(%v) = %v: length %v, dot %v", v, p, p.Len(), p.Dot(v))
		}
	}
}

// TestCapsuleBoundsMatchBoxAround checks the written-out Bounds against the obvious form, bit for
// bit, on random capsules, spheres, signed zeros and non-finite ends.
func TestCapsuleBoundsMatchBoxAround(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	negZero := math.Copysign(0, -1)
	odd := []Capsule{
		{A: mgl64.Vec3{0, negZero, 0}, B: mgl64.Vec3{negZero, 0, 0}, Radius: 0},
		{A: mgl64.Vec3{math.NaN(), 1, 2}, B: mgl64.Vec3{0, math.Inf(-1), 2}, Radius: 0.1},
		{A: mgl64.Vec3{1, 1, 1}, B: mgl64.Vec3{1, 1, 1}, Radius: 0.5},
	}
	for i := 0; i < 1000+len(odd); i++ {
		var c Capsule
		if i < len(odd) {
			c = odd[i]
		} else {
			c = Capsule{A: mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()},
				B: mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}, Radius: rng.Float64()}
		}
		got, want := c.Bounds(), BoxAround(c.A, c.B).Expand(c.Radius)
		for k := 0; k < 3; k++ {
			if math.Float64bits(got.Lo[k]) != math.Float64bits(want.Lo[k]) || math.Float64bits(got.Hi[k]) != math.Float64bits(want.Hi[k]) {
				t.Fatalf("%+v: Bounds %v, BoxAround(A, B).Expand(Radius) %v", c, got, want)
			}
		}
	}
}

func TestInWorld(t *testing.T) {
	for _, tc := range []struct {
		x    float64
		want bool
	}{{0, true}, {MaxCoord, true}, {-MaxCoord, true}, {MaxCoord + 1, false}, {-1e308, false}, {math.NaN(), false}, {math.Inf(1), false}} {
		if got := InWorld(tc.x); got != tc.want {
			t.Errorf("InWorld(%v) = %v", tc.x, got)
		}
	}
	if float64(float32(MaxCoord+0.001))-MaxCoord > 0.002 {
		t.Errorf("float32 holds %g m only to %g m", MaxCoord, float64(float32(MaxCoord+0.001))-MaxCoord)
	}
}
