package kinematic

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/motion"
)

// Locomotion: walking, running, backing up, sidestepping, turning on the spot and curved walks are
// one generator. The root follows an arcPath with eased timing; feet step between footholds laid
// out along the path and stay exactly where they land until they swing again; the pelvis sways
// over the stance foot, dips in double support and is lowered wherever a leg could not otherwise
// reach its planted foot; arms swing against the legs.

// locomotion is a planned locomotion from a standing body.
type locomotion struct {
	path arcPath
	gait gait
	n    int // waypoints
	lead int // side that steps first
}

// newLocomotion plans a locomotion along path; steps > 0 asks for that many footholds.
func newLocomotion(path arcPath, running bool, steps, lead int) locomotion {
	g := chooseGait(path.dir, path.length, running)
	if g.paired {
		// Sidesteps lead with the foot on the side of travel; turns on the spot with the foot on
		// the side of the turn, so the feet never cross.
		lead = right
		if path.dir.X() > 0 || (path.length < 0.05 && path.turn > 0) {
			lead = left
		}
	}
	return locomotion{path: path, gait: g, n: g.waypoints(path, steps), lead: lead}
}

// frames returns the number of frames the locomotion produces.
func (l locomotion) frames() int { return l.gait.frames(l.n) }

// end returns the standing body after the locomotion.
func (l locomotion) end() body { return body{at: l.path.end()} }

// frameState is what the first pass computes for one frame.
type frameState struct {
	root   motion.State
	feet   [2]plant
	swingX [2]float64 // swing phase of each foot, 0 when planted
	act    float64    // how much the body is under way (0 at rest, 1 in full stride)
}

// render appends the locomotion's frames to dst.
func (l locomotion) render(dst []motion.Pose) []motion.Pose {
	sp := l.gait.planSteps(l.path, l.n, l.lead)
	total := l.frames()
	states := make([]frameState, total)
	for i := range states {
		states[i] = l.state(sp, float64(i+1))
	}
	rigs := make([]rig, total)
	ys := make([]float64, total)
	limits := make([]float64, total)
	for i, fs := range states {
		rigs[i] = l.rig(fs)
		ys[i] = rigs[i].pelvis.Y()
		limits[i] = math.Min(rigs[i].maxPelvisY(left), rigs[i].maxPelvisY(right))
	}
	capPelvis(ys, limits, 2)
	for i := range rigs {
		rigs[i].pelvis[1] = ys[i]
		dst = append(dst, rigs[i].pose())
	}
	return dst
}

// state returns the root, the feet and the stride activity at frame t.
func (l locomotion) state(sp stepPlan, t float64) frameState {
	g := l.gait
	end := sp.knotT[len(sp.knotT)-1]
	fs := frameState{root: l.path.at(monotone(sp.knotT, sp.knotU, t)),
		act: ease(0, float64(g.stepFrames), t) * (1 - ease(end-float64(g.stepFrames), end, t))}
	fs.feet = [2]plant{plantAt(l.path.start, left), plantAt(l.path.start, right)}
	for _, st := range sp.steps {
		switch {
		case t >= st.t1:
			fs.feet[st.side] = st.to
		case t > st.t0:
			x := (t - st.t0) / (st.t1 - st.t0)
			fs.feet[st.side] = l.swingFoot(st, x, fs.act)
			fs.swingX[st.side] = x
		}
	}
	return fs
}

// swingFoot returns the swing foot at phase x ∈ (0, 1): minimum-jerk travel on the floor and a
// sine-shaped lift, smaller for short steps so shuffles stay low, and for the first and last steps
// (act < 1) so the body gets under way and settles gently.
func (l locomotion) swingFoot(st footstep, x, act float64) plant {
	m := minJerk(x)
	dist := st.to.ankle.Sub(st.from.ankle).Len()
	lift := l.gait.lift * geom.Clamp(dist/0.3, 0.5, 1) * (0.4 + 0.6*act)
	a := lerpVec(st.from.ankle, st.to.ankle, m)
	a[1] += lift * math.Sin(math.Pi*x)
	return plant{ankle: a, yaw: st.from.yaw + (st.to.yaw-st.from.yaw)*m}
}

// rig poses the body for one frame (before the pelvis is capped by the legs' reach).
func (l locomotion) rig(fs frameState) rig {
	g := l.gait
	root := fs.root
	fwd, side := root.Forward(), root.Left()
	rest := [2]mgl64.Vec3{root.Apply(tpl.ankle[left]), root.Apply(tpl.ankle[right])}
	// Feet relative to where they would stand at this root: the stride and the stance side.
	rel := [2]mgl64.Vec3{fs.feet[left].ankle.Sub(rest[left]), fs.feet[right].ankle.Sub(rest[right])}
	stride := rel[left].Sub(rel[right]).Dot(fwd)

	// The pelvis leans over the foot that carries the weight.
	var support mgl64.Vec3
	weight := 0.0
	for s := 0; s < 2; s++ {
		ws := 1 - math.Sin(math.Pi*fs.swingX[s])
		support = support.Add(rel[s].Mul(ws))
		weight += ws
	}
	sway := 0.3 * support.Mul(1/weight).Dot(side)
	bob := g.bob * math.Max(math.Sin(math.Pi*fs.swingX[left]), math.Sin(math.Pi*fs.swingX[right]))
	yawOsc := -0.12 * stride

	r := rig{
		pelvis: root.Root.Add(side.Mul(sway)).Add(mgl64.Vec3{0, tpl.pelvisY - fs.act*(g.dip-bob), 0}),
		body:   yawQuat(root.Heading + yawOsc),
		bend:   g.lean * fs.act,
		twist:  -1.6 * yawOsc,
	}
	for s := 0; s < 2; s++ {
		r.legs[s] = limb{world: fs.feet[s].ankle, toeWorld: yawQuat(fs.feet[s].yaw).Rotate(tpl.toe[s]), w: 1}
		// The arm swings forward with the opposite leg.
		phi := g.armSwing * stride * sideSign[1-s]
		r.arms[s] = limb{local: pitchQuat(-phi).Rotate(armCarry(g, s, fs.act))}
	}
	return r
}

// armCarry returns the wrist relative to the shoulder (torso frame) while moving: hanging, or bent
// at the elbow when running.
func armCarry(g gait, s int, act float64) mgl64.Vec3 {
	if !g.run {
		return tpl.armLocal[s]
	}
	bent := mgl64.Vec3{0.03 * sideSign[s], -0.26, 0.2}
	return lerpVec(tpl.armLocal[s], bent, act)
}
