package body

import (
	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// place computes every bone's placement for pose p, parents first.
func (f *Fitter) place(p motion.Pose) [motion.NumJoints]placement {
	rd := readTorso(p, f.frac)
	var pl [motion.NumJoints]placement
	pl[motion.Pelvis] = f.placePelvis(p, &rd)
	for j := motion.Joint(1); j < motion.NumJoints; j++ {
		par := &pl[motion.Parent(j)]
		start := par.start.Add(par.lin.Mul3x1(f.m.Joints[j].Sub(f.m.Joints[motion.Parent(j)])))
		pl[j] = f.placeBone(j, start, par.rot, p, &rd)
	}
	return pl
}

// placePelvis turns the mesh's pelvis by the change of the pelvis frame from the standing frame and
// puts the mesh's hip centre on the clip's.
func (f *Fitter) placePelvis(p motion.Pose, rd *torso) placement {
	rot := rd.pelvis.Mul3(f.cal.rest.pelvis.Transpose())
	lin := rot.Mul(f.cal.scale)
	return placement{start: hipCentre(p).Add(lin.Mul3x1(f.m.Joints[motion.Pelvis].Sub(f.meshHip))), rot: rot, lin: lin}
}

// placeBone places bone j, whose joint the parent (turned by parent) has moved to start.
func (f *Fitter) placeBone(j motion.Joint, start mgl64.Vec3, parent mgl64.Mat3, p motion.Pose, rd *torso) placement {
	var rot mgl64.Mat3
	switch j {
	case motion.Spine1:
		rot = swing(parent.Mul3x1(f.cal.rest.spine[0]), rd.spine[0]).Mul3(parent)
	case motion.Spine2:
		rot = swing(parent.Mul3x1(f.cal.rest.spine[1]), rd.spine[1]).Mul3(parent)
	case motion.Spine3:
		rot = rd.chest.Mul3(f.cal.rest.chest.Transpose())
	case motion.Neck:
		rot = swing(parent.Mul3x1(f.cal.rest.neck), rd.neck).Mul3(parent)
	case motion.Head:
		rot = parent
	default:
		if c, ok := limbChild[j]; ok {
			return f.placeLimb(j, c, start, parent, p)
		}
		return placement{start: start, rot: parent, lin: parent.Mul3(f.sole(j))} // toes and hands
	}
	return placement{start: start, rot: rot, lin: rot.Mul(f.cal.scale)}
}

// placeLimb places limb bone j so that it reaches the clip's child joint c: the shortest arc from
// the rest direction (turned by the parent) to the clip's, then a stretch along the rest bone to the
// clip's length, so the mesh's joint c lands on the clip's. An ankle's bone also scales the foot
// along its up axis (sole), which moves no point of the bone's line.
func (f *Fitter) placeLimb(j, c motion.Joint, start mgl64.Vec3, parent mgl64.Mat3, p motion.Pose) placement {
	rest := f.m.Joints[c].Sub(f.m.Joints[j])
	want := p[c].Sub(start)
	rot := swing(parent.Mul3x1(rest), want).Mul3(parent)
	u, _ := unit(rest)
	return placement{start: start, rot: rot, lin: rot.Mul3(stretch(u, want.Len()/rest.Len())).Mul3(f.sole(j))}
}
