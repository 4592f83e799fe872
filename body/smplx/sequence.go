package smplx

import (
	"errors"
	"fmt"
	"strings"

	"interactagent/geom"
	"interactagent/motion"
)

// Up is the axis a motion file takes as up. The zero value is ZUp, AMASS's.
type Up int

// The up axes of the field's motion files: AMASS (and the SMPL-X add-on for Blender) Z up,
// TRUMANS and our own clips Y up.
const (
	ZUp Up = iota
	YUp
)

// String returns "Z up" or "Y up".
func (u Up) String() string {
	if u == YUp {
		return "Y up"
	}
	return "Z up"
}

// ParseUp reads an up axis as the command line gives it: "z" or "y" (either case).
func ParseUp(s string) (Up, error) {
	switch strings.ToLower(s) {
	case "z":
		return ZUp, nil
	case "y":
		return YUp, nil
	}
	return 0, fmt.Errorf("smplx: up axis %q, want y or z", s)
}

// AMASSBetas is the number of shape coefficients AMASS files carry (SMPL-H and SMPL-X alike);
// NewSequence pads a motion's betas with zeros to it.
const AMASSBetas = 16

// Sequence is SMPL-family motion as a motion file stores it: in the file's own frame (Up), with
// the pose values our body does not drive (jaw, eyes, hands) kept as read so that they can be
// written back. Motion turns it into our frame; NewSequence makes one from a fitted Motion.
type Sequence struct {
	Path   string    // the file or folder it was read from; "" for one made here
	Family Family    // told by the pose values per frame: 165 SMPL-X, 156 SMPL-H, 72 SMPL
	Gender string    // "male", "female", "neutral", or "" where the file names none
	Betas  []float64 // shape coefficients as stored (AMASS: 16; TRUMANS: none, so zero)
	FPS    float64   // frames per second, in (0, motion.MaxFPS]
	Up     Up        // the file's up axis
	Frames []Frame
}

// Frame is one frame of a Sequence: the global orientation, the 21 body rotations and the
// translation in the file's frame, and the rest of the frame's pose values.
type Frame struct {
	Params
	// Extra holds the pose values after the 22 body joints' 66, as read: SMPL-X jaw 3, eyes 6
	// and hands 90 (99); SMPL-H hands 90; SMPL's two hand joints 6. Nil means all zero.
	Extra []float64
}

// PoseWidth returns the pose values per frame of a family's motion files (AMASS's `poses`
// columns): 165 for SMPL-X, 156 for SMPL-H, 72 for SMPL; 0 for anything else.
func PoseWidth(f Family) int {
	switch f {
	case SMPLX:
		return 165
	case SMPLH:
		return 156
	case SMPL:
		return 72
	}
	return 0
}

// familyOfWidth returns the family whose files carry width pose values per frame.
func familyOfWidth(width int) (Family, bool) {
	for _, f := range []Family{SMPLX, SMPLH, SMPL} {
		if PoseWidth(f) == width {
			return f, true
		}
	}
	return 0, false
}

// SurfaceModelType is the name AMASS files give a family in `surface_model_type`: "smplx",
// "smplh" or "smpl".
func SurfaceModelType(f Family) string {
	return strings.NewReplacer("-", "").Replace(strings.ToLower(f.String()))
}

// Shape returns m shaped with the sequence's betas. A file may carry more betas than the model
// keeps (AMASS's 16 on a 10-component model): the extra ones must be zero, as NewSequence's
// padding is. The model must be of the sequence's family.
func (q *Sequence) Shape(m *Model) (*Shaped, error) {
	if err := q.checkModel(m); err != nil {
		return nil, err
	}
	betas := q.Betas
	if len(betas) > m.NumBetas {
		for i, b := range betas[m.NumBetas:] {
			if b != 0 {
				return nil, fmt.Errorf("smplx: %s has beta %d = %g, but the model %s keeps %d shape components: use a model file with more (SMPL-X v1.1 keeps 300)",
					q.name(), m.NumBetas+i, b, m.Name, m.NumBetas)
			}
		}
		betas = betas[:m.NumBetas]
	}
	s, err := m.Shape(betas)
	if err != nil {
		return nil, fmt.Errorf("smplx: %s: %w", q.name(), err)
	}
	return s, nil
}

// Motion returns the sequence on s (normally q.Shape's) in our frame, Y up: a Z-up file's global
// orientation is turned by Rc, −90° about X ((x, y, z) → (x, z, −y)), and its translation becomes
// Rc·(J0 + trans) − J0, because the root turns about the rest pelvis J0 (which depends on the
// betas), not about the origin. Every joint then lands at Rc times where the file put it. The
// frames keep the file's rate; nothing is resampled or re-centred. The turned orientations stay
// continuous from frame to frame (nearestAxisAngle), as the file's are.
func (q *Sequence) Motion(s *Shaped) (*Motion, error) {
	if s == nil || len(s.Joints) == 0 {
		return nil, errors.New("smplx: no shaped model to put the motion on")
	}
	if err := q.checkModel(s.Model); err != nil {
		return nil, err
	}
	if err := q.check(); err != nil {
		return nil, err
	}
	mo := &Motion{Shaped: s, FPS: q.FPS, Frames: make([]Params, len(q.Frames))}
	for t, f := range q.Frames {
		mo.Frames[t] = f.Params
		if q.Up == ZUp {
			mo.Frames[t] = reframe(f.Params, zToY, s.Joints[0])
		}
		if t > 0 {
			mo.Frames[t].Orient = nearestAxisAngle(mo.Frames[t].Orient, mo.Frames[t-1].Orient)
		}
	}
	return mo, nil
}

// NewSequence returns a fitted motion as a motion file stores it, Z up (AMASS's frame) or Y up:
// the family, gender (told by the model file's name: SMPLX_FEMALE.npz is female; neutral when the
// name says neither) and betas of its model, padded with zeros to AMASSBetas; jaw, eyes and hands
// zero. The orientations stay continuous from frame to frame, as a fitted motion's are.
func NewSequence(mo *Motion, up Up) (*Sequence, error) {
	if mo == nil || mo.Shaped == nil || mo.Shaped.Model == nil || len(mo.Shaped.Joints) == 0 {
		return nil, errors.New("smplx: a motion without its shaped model")
	}
	m := mo.Shaped.Model
	q := &Sequence{Family: m.Family, Gender: ModelGender(m), FPS: mo.FPS, Up: up,
		Betas: make([]float64, max(len(mo.Shaped.Betas), AMASSBetas)), Frames: make([]Frame, len(mo.Frames))}
	copy(q.Betas, mo.Shaped.Betas)
	for t, p := range mo.Frames {
		q.Frames[t].Params = p
		if up == ZUp {
			q.Frames[t].Params = reframe(p, yToZ, mo.Shaped.Joints[0])
		}
		if t > 0 {
			q.Frames[t].Orient = nearestAxisAngle(q.Frames[t].Orient, q.Frames[t-1].Orient)
		}
	}
	return q, q.check()
}

// ModelGender tells a model file's gender from its name, as the SMPL-X site names them
// (SMPLX_FEMALE.npz, SMPLH_MALE.npz, SMPL_NEUTRAL.npz, basicmodel_f_lbs…): "female", "male", or
// "neutral" when the name says neither.
func ModelGender(m *Model) string {
	name := strings.ToLower(m.Name)
	switch {
	case strings.Contains(name, "female") || strings.Contains(name, "_f_"):
		return "female"
	case strings.Contains(name, "male") || strings.Contains(name, "_m_"):
		return "male"
	}
	return "neutral"
}

// checkModel refuses a model of another family than the sequence's: its rest joints differ, and
// so would every posed joint.
func (q *Sequence) checkModel(m *Model) error {
	if m == nil {
		return errors.New("smplx: no model to put the motion on")
	}
	if m.Family != q.Family {
		return fmt.Errorf("smplx: %s holds %v motion (%d pose values per frame), but the model %s is %v: use an %v model file (--smplx)",
			q.name(), q.Family, PoseWidth(q.Family), m.Name, m.Family, q.Family)
	}
	return nil
}

// check reports the first thing that makes the sequence no motion this package writes or poses:
// an unknown family, a rate outside (0, motion.MaxFPS], no frames or more than motion.MaxFrames,
// a value that is not finite, a translation beyond ±geom.MaxCoord, or extra pose values of
// another length than the family's.
func (q *Sequence) check() error {
	width := PoseWidth(q.Family)
	switch {
	case width == 0:
		return fmt.Errorf("smplx: %s: unknown body family %v", q.name(), q.Family)
	case motion.CheckFPS(q.FPS) != nil:
		return fmt.Errorf("smplx: %s: frame rate %v, want a rate in (0, %g]", q.name(), q.FPS, motion.MaxFPS)
	case len(q.Frames) == 0 || len(q.Frames) > motion.MaxFrames:
		return fmt.Errorf("smplx: %s: %d frames, want 1 to %d", q.name(), len(q.Frames), motion.MaxFrames)
	case !geom.AllFinite(q.Betas):
		return fmt.Errorf("smplx: %s: a beta is not finite", q.name())
	}
	for t, f := range q.Frames {
		if err := f.check(width); err != nil {
			return fmt.Errorf("smplx: %s: frame %d: %w", q.name(), t, err)
		}
	}
	return nil
}

func (f *Frame) check(width int) error {
	if len(f.Extra) != 0 && len(f.Extra) != width-3*motion.NumJoints {
		return fmt.Errorf("%d extra pose values, want %d", len(f.Extra), width-3*motion.NumJoints)
	}
	if !geom.FiniteVec(f.Orient) || !geom.AllFinite(f.Extra) {
		return errors.New("a pose value is not finite")
	}
	for _, r := range f.Body {
		if !geom.FiniteVec(r) {
			return errors.New("a pose value is not finite")
		}
	}
	if !geom.InWorldVec(f.Trans) {
		return fmt.Errorf("translation %v is not finite or beyond ±%g m", f.Trans, geom.MaxCoord)
	}
	return nil
}

// name names the sequence in messages.
func (q *Sequence) name() string {
	if q.Path == "" {
		return "the motion"
	}
	return q.Path
}

// Clip poses q on m, shaped with q's betas: our 22 joints per frame by forward kinematics, in our
// frame (Y up), at q's own frame rate, positions unchanged.
func (q *Sequence) Clip(m *Model) (*motion.Clip, error) {
	s, err := q.Shape(m)
	if err != nil {
		return nil, err
	}
	mo, err := q.Motion(s)
	if err != nil {
		return nil, err
	}
	return mo.Clip()
}
