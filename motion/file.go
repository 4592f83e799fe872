package motion

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/fileio"
)

// Format is the file format a motion was read from: what LoadMotion and ClipFromArray found.
type Format int

// The formats LoadMotion reads.
const (
	FormatJoints   Format = iota + 1 // .npy joint positions, an array of shape (T, 22, 3)
	FormatFeatures                   // .npy HumanML3D features, (T, 263) or (1, T, 263), decoded to joints
	FormatClipJSON                   // a clip JSON document (see WriteClipJSON)
)

// String describes the format, such as "HumanML3D features".
func (f Format) String() string {
	switch f {
	case FormatJoints:
		return "joint positions"
	case FormatFeatures:
		return "HumanML3D features"
	case FormatClipJSON:
		return "clip JSON"
	}
	return "format(?)"
}

// LoadMotion reads a motion file: a .npy array of joint positions (T, 22, 3) or of HumanML3D
// features (T, 263) or (1, T, 263), told apart by shape, or a clip JSON document (.json). A .npy file
// does not store its frame rate, so fps gives it (HumanML3D features are 20 fps); a clip JSON says
// its own and fps is ignored. Errors name the file.
func LoadMotion(path string, fps float64) (*Clip, Format, error) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".json":
		c, err := LoadClipJSON(path)
		return c, FormatClipJSON, err
	case ".npy":
	default:
		return nil, 0, &UnsupportedError{Path: path, Msg: fmt.Sprintf("file type %q, want .npy (joints or HumanML3D features) or .json (clip)", filepath.Ext(path))}
	}
	if err := CheckFPS(fps); err != nil {
		return nil, 0, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, fmt.Errorf("motion: %w", err)
	}
	defer f.Close()
	a, err := readNPY(bufio.NewReader(f), checkMotionShape)
	if err != nil {
		return nil, 0, withPath(err, path)
	}
	c, format, err := ClipFromArray(a, fps)
	return c, format, withPath(err, path)
}

// ClipFromArray turns an array into a clip at fps, by its shape: (T, 22, 3) joint positions are
// taken as they are; (T, 263) and (1, T, 263) HumanML3D features are decoded (DecodeHumanML3D).
// T must be in [1, MaxFrames].
func ClipFromArray(a *Array, fps float64) (*Clip, Format, error) {
	if err := CheckFPS(fps); err != nil {
		return nil, 0, err
	}
	if err := checkMotionShape(a.Shape); err != nil {
		return nil, 0, err
	}
	format, frames := arrayFormat(a.Shape)
	stride := NumJoints * 3
	if format == FormatFeatures {
		stride = HumanML3DFeatures
	}
	if len(a.Data) != frames*stride {
		return nil, 0, fmt.Errorf("motion: array of shape %s has %d elements, want %d", shapeString(a.Shape), len(a.Data), frames*stride)
	}
	if format == FormatJoints {
		return &Clip{FPS: fps, Frames: posesFromData(a.Data)}, format, nil
	}
	rows := make([][]float64, frames)
	for t := range rows {
		rows[t] = a.Data[t*stride : (t+1)*stride : (t+1)*stride]
	}
	poses, err := DecodeHumanML3D(rows)
	if err != nil {
		return nil, 0, err
	}
	return &Clip{FPS: fps, Frames: poses}, format, nil
}

// JointsArray returns the clip's joint positions as an array of shape (T, 22, 3).
func JointsArray(c *Clip) *Array {
	a := &Array{Shape: []int{len(c.Frames), NumJoints, 3}, Data: make([]float64, 0, len(c.Frames)*NumJoints*3), DType: Float64}
	for _, p := range c.Frames {
		for _, v := range p {
			a.Data = append(a.Data, v[0], v[1], v[2])
		}
	}
	return a
}

// SaveJointsNPY writes the clip's joint positions to path as a .npy array of shape (T, 22, 3) of dt
// numbers; the frame rate and segments are not kept (a clip JSON keeps them). The file is replaced
// atomically: a failed write leaves any earlier file as it was.
func SaveJointsNPY(path string, c *Clip, dt DType) error {
	if err := c.Validate(); err != nil {
		return fmt.Errorf("motion: write %s: %s", path, strings.TrimPrefix(err.Error(), "motion: "))
	}
	a := JointsArray(c)
	if err := checkWritable(a, dt); err != nil {
		return err
	}
	return saveAtomic(path, func(w io.Writer) error { return WriteNPY(w, a, dt) })
}

// checkMotionShape accepts the shapes of joints and features with 1 to MaxFrames frames.
func checkMotionShape(shape []int) error {
	format, frames := arrayFormat(shape)
	if format == 0 || frames < 1 {
		return &FormatError{Pos: "shape", Msg: fmt.Sprintf("%s, want (T, 22, 3) joints, (T, 263) or (1, T, 263) HumanML3D features, T ≥ 1", shapeString(shape))}
	}
	if frames > MaxFrames {
		return &UnsupportedError{Pos: "shape", Msg: fmt.Sprintf("%d frames, want at most %d", frames, MaxFrames)}
	}
	return nil
}

// arrayFormat tells joints from features by shape and returns the frame count.
func arrayFormat(shape []int) (Format, int) {
	switch {
	case len(shape) == 3 && shape[1] == NumJoints && shape[2] == 3:
		return FormatJoints, shape[0]
	case len(shape) == 2 && shape[1] == HumanML3DFeatures:
		return FormatFeatures, shape[0]
	case len(shape) == 3 && shape[0] == 1 && shape[2] == HumanML3DFeatures:
		return FormatFeatures, shape[1]
	}
	return 0, 0
}

func posesFromData(data []float64) []Pose {
	poses := make([]Pose, len(data)/(NumJoints*3))
	for t := range poses {
		for j := range NumJoints {
			k := (t*NumJoints + j) * 3
			poses[t][j] = mgl64.Vec3{data[k], data[k+1], data[k+2]}
		}
	}
	return poses
}

// saveAtomic writes path through write with fileio.WriteAtomic, so a failed or interrupted write
// leaves any earlier file as it was. write's own errors already start with "motion:"; the file
// system's get the prefix here.
func saveAtomic(path string, write func(io.Writer) error) error {
	var writeErr error
	err := fileio.WriteAtomic(path, func(w io.Writer) error {
		writeErr = write(w)
		return writeErr
	})
	if err != nil && err != writeErr {
		return fmt.Errorf("motion: %w", err)
	}
	return err
}
