package smplx

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// fitRandomAxisAngle returns an axis-angle with a uniform axis and an angle up to maxAngle.
func fitRandomAxisAngle(rng *rand.Rand, maxAngle float64) mgl64.Vec3 {
	v := mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize()
	return v.Mul(maxAngle * rng.Float64())
}

// fitMatDiff returns the largest entry of |a − b|.
func fitMatDiff(a, b mgl64.Mat3) float64 {
	d := 0.0
	for i := range a {
		d = math.Max(d, math.Abs(a[i]-b[i]))
	}
	return d
}

// TestExpRotAgainstMathgl: Rodrigues agrees with mathgl's rotation about an axis, also for tiny
// angles, and Log inverts it for angles up to a half turn.
func TestExpRotAgainstMathgl(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 2000 {
		maxAngle := math.Pi
		if i%4 == 0 {
			maxAngle = 1e-5
		}
		v := fitRandomAxisAngle(rng, maxAngle)
		want := mgl64.Ident3()
		if v.Len() > 0 {
			want = mgl64.HomogRotate3D(v.Len(), v.Normalize()).Mat3()
		}
		if d := fitMatDiff(expRot(v), want); d > 1e-12 {
			t.Fatalf("expRot(%v) differs from mathgl by %g", v, d)
		}
		if d := logRot(expRot(v)).Sub(v).Len(); d > 1e-9 {
			t.Fatalf("logRot(expRot(%v)) is %g off", v, d)
		}
	}
}

// TestRightJacobianInvAgainstFiniteDifferences: Log(Exp(e)·Exp(δ)) − e ≈ Jr⁻¹(e)·δ.
func TestRightJacobianInvAgainstFiniteDifferences(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const h = 1e-6
	for range 500 {
		e := fitRandomAxisAngle(rng, 3)
		j := rightJacobianInv(e)
		for c := range 3 {
			var d mgl64.Vec3
			d[c] = h
			plus := logRot(expRot(e).Mul3(expRot(d)))
			minus := logRot(expRot(e).Mul3(expRot(d.Mul(-1))))
			got := plus.Sub(minus).Mul(1 / (2 * h))
			if diff := got.Sub(j.Col(c)).Len(); diff > 1e-5 {
				t.Fatalf("Jr⁻¹(%v) column %d is %v, finite differences %v", e, c, j.Col(c), got)
			}
		}
	}
}

// TestSwingTurnsFromInto: swing's rotation turns from into to and is the smallest such (its axis
// is perpendicular to both), also for opposite and equal directions.
func TestSwingTurnsFromInto(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 1000 {
		a := fitRandomAxisAngle(rng, 1).Normalize()
		b := fitRandomAxisAngle(rng, 1).Normalize()
		switch i % 10 {
		case 0:
			b = a.Mul(-1)
		case 1:
			b = a
		}
		r := swing(a.Mul(0.3), b.Mul(2))
		if d := r.Mul3x1(a).Sub(b).Len(); d > 1e-9 {
			t.Fatalf("swing(%v, %v) turns a to %v", a, b, r.Mul3x1(a))
		}
		if ax := logRot(r); ax.Dot(a) > 1e-9 || ax.Dot(b) > 1e-9 {
			t.Fatalf("swing(%v, %v) turns about %v, want an axis perpendicular to both", a, b, ax)
		}
	}
}

// TestNearestAxisAngleKeepsTheRotation: the chosen axis-angle is the same rotation, nearer to ref
// than Log's own answer across a half turn.
func TestNearestAxisAngleKeepsTheRotation(t *testing.T) {
	y := mgl64.Vec3{0, 1, 0}
	prev := y.Mul(3.1)
	next := logRot(expRot(y.Mul(3.2))) // Log flips it to about −3.08 about y
	got := nearestAxisAngle(next, prev)
	if d := got.Sub(y.Mul(3.2)).Len(); d > 1e-9 {
		t.Errorf("nearestAxisAngle(%v, %v) = %v, want %v", next, prev, got, y.Mul(3.2))
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for range 500 {
		v, ref := fitRandomAxisAngle(rng, math.Pi), fitRandomAxisAngle(rng, 2*math.Pi)
		got := nearestAxisAngle(v, ref)
		if fitMatDiff(expRot(got), expRot(v)) > 1e-9 || got.Sub(ref).Len() > v.Sub(ref).Len()+1e-12 {
			t.Fatalf("nearestAxisAngle(%v, %v) = %v: another rotation or farther", v, ref, got)
		}
	}
}
