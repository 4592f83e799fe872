package kinematic

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/action"
	"interactagent/executor"
	"interactagent/motion"
)

// Planning: an action (with its errors applied) becomes a few moves, each a motion between two
// canonical poses of the body (standing, sitting, lying). A move knows its frame count and end
// state before it renders anything, so the end states of a whole plan come cheap (Predict), and
// rendering only fills in frames.

const fps = executor.FPS

// posture is how the body rests between actions.
type posture int

const (
	standing posture = iota
	sitting
	lying
)

// body is the executor's state between actions: where the feet stand (for a seated or lying body,
// where they stood before it sat down) and which way the body faces, and its posture.
type body struct {
	at      motion.State
	posture posture
	surface float64 // seat or bed height while sitting or lying
	side    action.LieSide
}

// rig returns the canonical rig of the body: every action starts and ends in one, so consecutive
// actions meet exactly.
func (b body) rig() rig {
	switch b.posture {
	case sitting:
		return sitRig(b.at, b.surface)
	case lying:
		return lieRig(b.at, b.surface, b.side)
	}
	return standRig(b.at)
}

// pose returns the body's canonical pose.
func (b body) pose() motion.Pose {
	r := b.rig()
	return r.pose()
}

// move is one planned motion: frames poses ending in end's canonical pose.
type move struct {
	frames int
	end    body
	render func(dst []motion.Pose) []motion.Pose
}

// plan returns the moves that perform st from b, with warnings for posture changes the text left
// out (standing up before walking) or could not apply (sitting while seated). maxFrames > 0 limits
// locomotion.
func plan(b body, st step, maxFrames int) ([]move, []string) {
	var moves []move
	var warns []string
	needStanding := func(what string) {
		if b.posture == standing {
			return
		}
		warns = append(warns, "the body was "+postureName(b.posture)+": stood up before "+what)
		moves = append(moves, toStanding(b)...)
		b = body{at: b.at}
	}
	switch st.Kind {
	case action.Walk, action.Turn:
		needStanding("moving")
		moves = append(moves, planLocomotion(b, st, maxFrames))
	case action.Jump, action.Bend, action.Squat, action.PickUp, action.PutDown:
		needStanding(st.Kind.String())
		moves = append(moves, planInPlace(b, st))
	case action.Sit:
		switch b.posture {
		case standing:
			moves = append(moves, sitDown(b.at, st.Height))
		case lying:
			moves = append(moves, sitUp(b))
		default:
			warns = append(warns, "already sitting: stayed seated")
			moves = append(moves, wait(b, 1))
		}
	case action.StandUp:
		if b.posture == standing {
			warns = append(warns, "already standing: stood still")
			moves = append(moves, wait(b, 1))
		}
		moves = append(moves, toStanding(b)...)
	case action.LieDown:
		moves = append(moves, lieDownFrom(b, st, &warns)...)
	case action.Reach, action.Wave, action.RaiseHands:
		moves = append(moves, armMove(b, st))
	default:
		moves = append(moves, wait(b, st.Seconds))
	}
	return moves, warns
}

func postureName(p posture) string {
	switch p {
	case sitting:
		return "sitting"
	case lying:
		return "lying"
	}
	return "standing"
}

// toStanding returns the moves from any posture to standing at the body's feet.
func toStanding(b body) []move {
	switch b.posture {
	case sitting:
		return []move{standUp(b)}
	case lying:
		up := sitUp(b)
		return []move{up, standUp(up.end)}
	}
	return nil
}

// lieDownFrom lies down from any posture: sitting first when standing, onto the seat when sitting
// (unless the text names another height), sitting up first when already lying on another side.
func lieDownFrom(b body, st step, warns *[]string) []move {
	switch b.posture {
	case standing:
		sit := sitDown(b.at, st.Height)
		return []move{sit, recline(sit.end, st.Side)}
	case sitting:
		if st.HasHeight && math.Abs(st.Height-b.surface) > 0.05 {
			// Another surface than the seat: stand up and lie down there.
			up := standUp(b)
			sit := sitDown(b.at, st.Height)
			return []move{up, sit, recline(sit.end, st.Side)}
		}
		return []move{recline(b, st.Side)} // onto the seat it sits on
	}
	if b.side == st.Side {
		*warns = append(*warns, "already lying: stayed down")
		return []move{wait(b, 1)}
	}
	up := sitUp(b)
	return []move{up, recline(up.end, st.Side)}
}

// planLocomotion plans a walk or a turn, cut short (fewer footholds, amounts scaled alike) when it
// would exceed maxFrames.
func planLocomotion(b body, st step, maxFrames int) move {
	path := arcPath{start: b.at, dir: travelDir(st.Dir)}
	steps := st.Steps
	if st.Kind == action.Turn {
		path.turn = st.Angle
		path.length = st.jitter.Len()
		path.dir = unitOr(st.jitter, mgl64.Vec3{0, 0, 1})
		steps = 0
	} else {
		path.length = st.Distance
		path.turn = st.Angle*boolTo(st.Curved) + st.drift
	}
	l := newLocomotion(path, st.Run, steps, st.lead)
	if maxFrames > 0 && l.frames() > maxFrames {
		fit := max(1, (maxFrames-settleFrames)/l.gait.stepFrames)
		if !l.gait.paired {
			fit--
		} else {
			fit /= 2
		}
		fit = max(fit, 1)
		scale := float64(fit) / float64(l.n)
		path.length *= scale
		path.turn *= scale
		l = newLocomotion(path, st.Run, min(steps, fit), st.lead)
		l.n = min(l.n, fit)
	}
	return move{frames: l.frames(), end: l.end(), render: l.render}
}

func boolTo(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// travelDir returns the body-frame unit vector of a walk direction.
func travelDir(d action.Direction) mgl64.Vec3 {
	switch d {
	case action.DirBackward:
		return mgl64.Vec3{0, 0, -1}
	case action.DirLeft:
		return mgl64.Vec3{1, 0, 0}
	case action.DirRight:
		return mgl64.Vec3{-1, 0, 0}
	}
	return mgl64.Vec3{0, 0, 1}
}

// framesFor returns the frame count of a duration in seconds (at least one frame).
func framesFor(seconds float64) int {
	return max(1, int(math.Round(seconds*fps)))
}
