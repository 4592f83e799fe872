package smplx

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/motion"
)

// maxBetas is the most shape coefficients a motion file may carry (SMPL-X v1.1 models have 300).
const maxBetas = 400

// The keys ReadAMASS reads; every other entry of the archive is left unread.
var amassKeys = []string{"poses", "trans", "betas", "gender", "mocap_frame_rate", "mocap_framerate", "surface_model_type", "up_axis"}

// ReadAMASS reads an AMASS-style motion file (.npz): `poses` (T, 165) SMPL-X, (T, 156) SMPL-H or
// (T, 72) SMPL axis-angle values per frame (global orientation, 21 body joints, then jaw, eyes
// and hands as the family has them), `trans` (T, 3) metres, `betas` (B,) or (1, B), the frame rate
// as `mocap_frame_rate` or older files' `mocap_framerate` (a number, scalar or (1,)), and
// optionally `gender` (a unicode or bytes string, or a pickled bytes object), `surface_model_type`
// (checked against the pose width) and `up_axis` ('y' or 'z', which files this package writes
// carry; AMASS's are Z up). Floats may be float32 or float64 of either byte order, in C or
// Fortran order.
//
// The archive's entries are read one at a time, only the keys named; each entry's header is
// checked against what the key may hold before its data is read. Bad input is a
// *motion.FormatError and valid input this package does not read a *motion.UnsupportedError, both
// naming the file and the key (Pos) and saying what was expected.
func ReadAMASS(path string) (*Sequence, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("smplx: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("smplx: %w", err)
	}
	q, err := DecodeAMASS(f, st.Size())
	if err != nil {
		return nil, namePath(err, path)
	}
	q.Path = path
	return q, nil
}

// DecodeAMASS reads an AMASS-style motion file of size bytes from r, as ReadAMASS does.
func DecodeAMASS(r io.ReaderAt, size int64) (*Sequence, error) {
	zr, err := zip.NewReader(r, size)
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) { // names are keys here, never paths
		return nil, &motion.FormatError{Pos: "archive", Msg: fmt.Sprintf("not an .npz (zip) archive: %v", err)}
	}
	a, err := amassEntries(zr)
	if err != nil {
		return nil, err
	}
	return a.sequence()
}

// amassArchive is the entries of an archive that ReadAMASS reads, by key.
type amassArchive map[string]*zip.File

// amassEntries finds the keys' entries ("poses.npy", or "poses"), refusing a key twice.
func amassEntries(zr *zip.Reader) (amassArchive, error) {
	a := amassArchive{}
	for _, f := range zr.File {
		key := strings.TrimSuffix(f.Name, ".npy")
		for _, k := range amassKeys {
			if key != k {
				continue
			}
			if a[k] != nil {
				return nil, &motion.FormatError{Pos: k, Msg: "the archive holds this key twice"}
			}
			a[k] = f
		}
	}
	return a, nil
}

// sequence reads the keys in an order that refuses bad input early: poses (the family and T),
// then trans (T, 3), betas, the frame rate and the strings.
func (a amassArchive) sequence() (*Sequence, error) {
	q := &Sequence{}
	poses, width, err := a.poses()
	if err != nil {
		return nil, err
	}
	q.Family, _ = familyOfWidth(width)
	frames := len(poses) / width
	trans, err := a.floats("trans", true, func(s []int) error { return wantShape(s, frames, 3, "(T, 3) with T = poses' frames") })
	if err != nil {
		return nil, err
	}
	if q.Betas, err = a.betas(); err != nil {
		return nil, err
	}
	if q.FPS, err = a.frameRate(); err != nil {
		return nil, err
	}
	if err := a.texts(q, width); err != nil {
		return nil, err
	}
	q.Frames = amassFrames(poses, trans, width)
	return q, a.checkTrans(q)
}

// poses reads `poses`: T frames of 165, 156 or 72 values.
func (a amassArchive) poses() ([]float64, int, error) {
	width := 0
	data, err := a.floats("poses", true, func(s []int) error {
		if len(s) != 2 || s[0] < 1 || s[0] > motion.MaxFrames {
			return fmt.Errorf("shape %s, want (T, 165) SMPL-X, (T, 156) SMPL-H or (T, 72) SMPL with 1 ≤ T ≤ %d", shapeText(s), motion.MaxFrames)
		}
		if _, ok := familyOfWidth(s[1]); !ok {
			return fmt.Errorf("shape %s: %d pose values per frame, want 165 (SMPL-X), 156 (SMPL-H) or 72 (SMPL)", shapeText(s), s[1])
		}
		width = s[1]
		return nil
	})
	return data, width, err
}

// betas reads `betas`: (B,) or (1, B) with B ≤ maxBetas.
func (a amassArchive) betas() ([]float64, error) {
	return a.floats("betas", true, func(s []int) error {
		if len(s) == 1 && s[0] <= maxBetas || len(s) == 2 && s[0] == 1 && s[1] <= maxBetas {
			return nil
		}
		return fmt.Errorf("shape %s, want (B,) or (1, B) shape coefficients with B ≤ %d", shapeText(s), maxBetas)
	})
}

// frameRate reads `mocap_frame_rate` or `mocap_framerate` (both must agree where both are).
func (a amassArchive) frameRate() (float64, error) {
	fps, found := 0.0, ""
	for _, k := range []string{"mocap_frame_rate", "mocap_framerate"} {
		v, err := a.floats(k, false, func(s []int) error {
			if len(s) == 0 || len(s) == 1 && s[0] == 1 {
				return nil
			}
			return fmt.Errorf("shape %s, want one number: () or (1,)", shapeText(s))
		})
		switch {
		case err != nil:
			return 0, err
		case v == nil:
			continue
		case motion.CheckFPS(v[0]) != nil:
			return 0, &motion.FormatError{Pos: k, Msg: fmt.Sprintf("%v frames per second, want a rate in (0, %g]", v[0], motion.MaxFPS)}
		case found != "" && v[0] != fps:
			return 0, &motion.FormatError{Pos: k, Msg: fmt.Sprintf("%v frames per second, but %s says %v: want one rate", v[0], found, fps)}
		}
		fps, found = v[0], k
	}
	if found == "" {
		return 0, &motion.FormatError{Pos: "mocap_frame_rate", Msg: "missing: want the frame rate as mocap_frame_rate (or an older file's mocap_framerate)"}
	}
	return fps, nil
}

// texts reads the optional string keys: gender, surface_model_type (which must agree with the
// pose width when it names a family) and up_axis.
func (a amassArchive) texts(q *Sequence, width int) error {
	gender, err := a.text("gender")
	if err != nil {
		return err
	}
	switch q.Gender = strings.ToLower(strings.TrimSpace(gender)); q.Gender {
	case "", "male", "female", "neutral":
	default:
		return &motion.FormatError{Pos: "gender", Msg: fmt.Sprintf("%q, want male, female or neutral", shorten(gender))}
	}
	model, err := a.text("surface_model_type")
	if err != nil {
		return err
	}
	for _, f := range []Family{SMPLX, SMPLH, SMPL} {
		if strings.EqualFold(model, SurfaceModelType(f)) && f != q.Family {
			return &motion.FormatError{Pos: "surface_model_type", Msg: fmt.Sprintf("%q, but poses has %d values per frame, which is %v", model, width, q.Family)}
		}
	}
	up, err := a.text("up_axis")
	if err != nil || up == "" {
		return err
	}
	if q.Up, err = ParseUp(up); err != nil {
		return &motion.FormatError{Pos: "up_axis", Msg: fmt.Sprintf("%q, want y or z", shorten(up))}
	}
	return nil
}

// floats reads key's numbers after check accepts the header's shape; a missing key is nil, or an
// error when required. Every number must be finite.
func (a amassArchive) floats(key string, required bool, check func([]int) error) ([]float64, error) {
	rc, info, err := a.open(key, required)
	if rc == nil || err != nil {
		return nil, err
	}
	defer rc.Close()
	if err := check(info.shape); err != nil {
		return nil, &motion.FormatError{Pos: key, Msg: err.Error()}
	}
	data, err := readArrayFloats(rc, info)
	if err != nil {
		return nil, atKey(err, key)
	}
	for i, v := range data {
		if !geom.Finite(v) {
			return nil, &motion.FormatError{Pos: key, Msg: fmt.Sprintf("element %s is %v, want a finite number", indexText(i, info.shape), v)}
		}
	}
	return data, nil
}

// text reads key's string; a missing key is "".
func (a amassArchive) text(key string) (string, error) {
	rc, info, err := a.open(key, false)
	if rc == nil || err != nil {
		return "", err
	}
	defer rc.Close()
	s, err := readArrayText(rc, info)
	return s, atKey(err, key)
}

// open opens key's entry and reads its header.
func (a amassArchive) open(key string, required bool) (io.ReadCloser, *arrayInfo, error) {
	f := a[key]
	if f == nil {
		if required {
			return nil, nil, &motion.FormatError{Pos: key, Msg: "missing: want an AMASS-style motion file with poses, trans, betas and mocap_frame_rate"}
		}
		return nil, nil, nil
	}
	rc, err := f.Open()
	if err != nil {
		return nil, nil, &motion.FormatError{Pos: key, Msg: fmt.Sprintf("cannot open the entry: %v", err)}
	}
	info, err := readArrayInfo(rc)
	if err != nil {
		rc.Close()
		return nil, nil, atKey(err, key)
	}
	return rc, info, nil
}

// checkTrans refuses a translation beyond ±geom.MaxCoord: no person's motion.
func (a amassArchive) checkTrans(q *Sequence) error {
	for t, f := range q.Frames {
		if !geom.InWorldVec(f.Trans) {
			return &motion.FormatError{Pos: "trans", Msg: fmt.Sprintf("frame %d is %v, want coordinates within ±%g m", t, f.Trans, geom.MaxCoord)}
		}
	}
	return nil
}

// amassFrames splits the poses and translations into frames.
func amassFrames(poses, trans []float64, width int) []Frame {
	frames := make([]Frame, len(trans)/3)
	for t := range frames {
		row := poses[t*width : (t+1)*width]
		fr := &frames[t]
		fr.Orient = mgl64.Vec3(row[0:3])
		for j := range fr.Body {
			fr.Body[j] = mgl64.Vec3(row[3+3*j : 6+3*j])
		}
		fr.Trans = mgl64.Vec3(trans[3*t : 3*t+3])
		if extra := row[3*(NumBodyPose+1):]; !allZero(extra) {
			fr.Extra = append([]float64(nil), extra...)
		}
	}
	return frames
}

func allZero(xs []float64) bool {
	for _, x := range xs {
		if x != 0 {
			return false
		}
	}
	return true
}

// wantShape checks a 2-D shape (rows, cols), saying what was wanted.
func wantShape(s []int, rows, cols int, want string) error {
	if len(s) == 2 && s[0] == rows && s[1] == cols {
		return nil
	}
	return fmt.Errorf("shape %s, want (%d, %d): %s", shapeText(s), rows, cols, want)
}

// indexText writes flat index i of an array of the shape as a numpy index: "(12, 3)".
func indexText(i int, shape []int) string {
	if len(shape) < 2 {
		return fmt.Sprintf("(%d,)", i)
	}
	return fmt.Sprintf("(%d, %d)", i/shape[1], i%shape[1])
}

// atKey names key as the position of a motion error that names none.
func atKey(err error, key string) error {
	var fe *motion.FormatError
	var ue *motion.UnsupportedError
	switch {
	case errors.As(err, &fe) && fe.Pos == "":
		fe.Pos = key
	case errors.As(err, &ue) && ue.Pos == "":
		ue.Pos = key
	case err != nil && fe == nil && ue == nil:
		return &motion.FormatError{Pos: key, Msg: err.Error()}
	}
	return err
}

// namePath names the file in a motion error that names none.
func namePath(err error, path string) error {
	var fe *motion.FormatError
	var ue *motion.UnsupportedError
	switch {
	case errors.As(err, &fe) && fe.Path == "":
		fe.Path = path
	case errors.As(err, &ue) && ue.Path == "":
		ue.Path = path
	}
	return err
}
