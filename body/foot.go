package body

import (
	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// The feet. The limbs land on the clip's joints, and the mesh's joints sit higher in its feet than
// HumanML3D's do in theirs: its ankle stands 0.072 m above its sole, a clip's about 0.061 m above
// its floor, so placed where the clip says the mesh's heels sank about 11 mm into the floor of
// every standing frame. So the fit scales the depth of each foot's geometry (see feet) by factors
// calibrated on the standing frame, which put its soles soleClearance above the floor. The
// ankle's scale fixes the line of its bone and the toes' the toe joint, so the ankle and toe
// joints still land where the clip says.
const (
	// soleClearance is the height above the floor at which the calibration frame's lowest sole
	// vertex is put, metres: a millimetre, so that the other standing frames of a clip, whose feet
	// differ from the calibration frame's by a millimetre or two, rest on the floor rather than in it.
	soleClearance = 0.001
	// minFootScale is the least the foot's depth may be scaled by: a standing frame deeper than
	// that in the floor is the clip's sinking, not the fit's, and keeps it.
	minFootScale = 0.5
)

// feet are the depth scales of the feet, over the mesh's: of the ankle bones' geometry (heel and
// arch), along the foot's up axis about the ankle → toe bone, and of the toe bones' (the toes, which
// lie flat), along the vertical about the toe joint.
type feet struct{ ankle, toe float64 }

// footUp returns the rest axis along which foot bone j's depth is scaled: for an ankle, +Y made
// perpendicular to the mesh's rest ankle → toe bone; for a toe joint, +Y (the toes lie flat).
func footUp(m *Model, j motion.Joint) mgl64.Vec3 {
	up := mgl64.Vec3{0, 1, 0}
	if j != motion.LeftAnkle && j != motion.RightAnkle {
		return up
	}
	bone, _ := unit(m.Joints[limbChild[j]].Sub(m.Joints[j]))
	n, ok := unit(up.Sub(bone.Mul(bone.Dot(up))))
	if !ok {
		return up
	}
	return n
}

// isAnkle and isToe report whether j's bone carries the heel and arch (an ankle) or the toes.
func isAnkle(j motion.Joint) bool { return j == motion.LeftAnkle || j == motion.RightAnkle }
func isToe(j motion.Joint) bool   { return j == motion.LeftFoot || j == motion.RightFoot }

// sole returns the scale of foot bone j's rest geometry along its up axis (identity for any other
// bone). An ankle's axis is perpendicular to its ankle → toe bone, and a toe's scale acts about
// the toe joint, so neither moves the ankle or the toe joint.
func (f *Fitter) sole(j motion.Joint) mgl64.Mat3 {
	switch {
	case isAnkle(j):
		return stretch(f.footUp[j], f.cal.feet.ankle)
	case isToe(j):
		return stretch(f.footUp[j], f.cal.feet.toe)
	}
	return mgl64.Ident3()
}

// calibrateFeet returns the depth scales that rest the feet of pose p on the floor: first the
// ankles', from the vertices that follow an ankle and no toe (heel and arch); then, with that, the
// toes', from every vertex that follows a toe, the ball of the foot included. Under the ball the
// sole follows the ankle for the most part, so when the clip's toe joint sits lower in the foot
// than the mesh's, the toes' scale lifts it only partly and may reach minFootScale
// (docs/body.md).
func (f *Fitter) calibrateFeet(p motion.Pose) feet {
	vs := f.m.footVertices()
	ankle := f.depthScale(p, feet{0, 1}, feet{1, 1}, vs.heel)
	toe := f.depthScale(p, feet{ankle, 0}, feet{ankle, 1}, vs.toes)
	return feet{ankle, toe}
}

// depthScale returns the largest scale within [minFootScale, 1] that puts every vertex in vs
// soleClearance or more above the floor in pose p, where flat and full are the fit's feet with
// that scale at 0 and at 1. Each vertex's height is linear in the scale (every foot matrix is),
// so its heights at 0 and 1 give it at any scale. Never more than 1: a standing frame that floats
// keeps the mesh's feet.
func (f *Fitter) depthScale(p motion.Pose, flat, full feet, vs []int) float64 {
	a, b := f.withFeet(flat).skinning(p), f.withFeet(full).skinning(p)
	s := 1.0
	for _, v := range vs {
		ya, yb := f.m.posedY(&a, v), f.m.posedY(&b, v)
		if yb < ya { // below the foot's bone: a smaller scale lifts it
			s = min(s, (ya-soleClearance)/(ya-yb))
		}
	}
	return max(s, minFootScale)
}

// footSets are the vertices the feet's calibration reads: those that follow an ankle and no toe
// (the heel and arch) and those that follow a toe (the toes and the ball).
type footSets struct{ heel, toes []int }

// footVertices returns m's footSets: those Decode found, or, for a Model built otherwise, found now.
func (m *Model) footVertices() footSets {
	if m.feet != nil {
		return *m.feet
	}
	return m.findFeet()
}

// findFeet finds m's footSets. A vertex with an influence that is not one of the 22 joints (which
// Validate refuses) belongs to neither.
func (m *Model) findFeet() footSets {
	var fs footSets
	for v := range min(len(m.Rest), len(m.Influence), len(m.Weight)) {
		ankle, toe, valid := false, false, true
		for k, j := range m.Influence[v] {
			switch motion.Joint(j) {
			case motion.LeftAnkle, motion.RightAnkle:
				ankle = ankle || m.Weight[v][k] > 0
			case motion.LeftFoot, motion.RightFoot:
				toe = toe || m.Weight[v][k] > 0
			}
			valid = valid && int(j) < motion.NumJoints
		}
		switch {
		case !valid:
		case toe:
			fs.toes = append(fs.toes, v)
		case ankle:
			fs.heel = append(fs.heel, v)
		}
	}
	return fs
}

// withFeet returns a copy of f with the feet scaled by ft.
func (f *Fitter) withFeet(ft feet) *Fitter {
	g := *f
	g.cal.feet = ft
	return &g
}

// posedY returns vertex v's height under s: Σ_k w_k · (M[i_k] · (rest, 1))_y.
func (m *Model) posedY(s *Skinning, v int) float64 {
	r, y := m.Rest[v], 0.0
	for k, w := range m.Weight[v] {
		a := &s[m.Influence[v][k]]
		y += float64(w) * (a[1]*r[0] + a[5]*r[1] + a[9]*r[2] + a[13])
	}
	return y
}
