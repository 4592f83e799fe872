package geom

import (
	"cmp"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Finite reports whether x is neither NaN nor infinite.
func Finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// FiniteVec reports whether every coordinate of v is finite.
func FiniteVec(v mgl64.Vec3) bool { return Finite(v[0]) && Finite(v[1]) && Finite(v[2]) }

// AllFinite reports whether every value is finite.
func AllFinite(xs []float64) bool {
	for _, x := range xs {
		if !Finite(x) {
			return false
		}
	}
	return true
}

// Clamp returns v limited to [lo, hi] (lo ≤ hi).
func Clamp[T cmp.Ordered](v, lo, hi T) T { return max(lo, min(hi, v)) }

// WrapAngle returns a (radians) in (−π, π].
func WrapAngle(a float64) float64 {
	a = math.Mod(a, 2*math.Pi)
	if a > math.Pi {
		a -= 2 * math.Pi
	} else if a <= -math.Pi {
		a += 2 * math.Pi
	}
	return a
}

// Perpendicular returns a unit vector perpendicular to the unit vector v: v × X, or v × Y when v
// lies too close to X for that to be well conditioned.
func Perpendicular(v mgl64.Vec3) mgl64.Vec3 {
	ref := mgl64.Vec3{1, 0, 0}
	if math.Abs(v[0]) > 0.6 {
		ref = mgl64.Vec3{0, 1, 0}
	}
	return v.Cross(ref).Normalize()
}

// MaxCoord is the largest coordinate, in metres, that a scene or a motion may hold: 10 km is far
// beyond any room or walk, and float32 — what GL, glTF and .npy files store — still holds it to
// about a millimetre. Beyond it a file is no room (1e308, or a value float32 cannot write).
const MaxCoord = 1e4

// InWorld reports whether x is finite and within ±MaxCoord.
func InWorld(x float64) bool { return x >= -MaxCoord && x <= MaxCoord }

// InWorldVec reports whether every coordinate of v is finite and within ±MaxCoord.
func InWorldVec(v mgl64.Vec3) bool { return InWorld(v[0]) && InWorld(v[1]) && InWorld(v[2]) }
