package export

import (
	"fmt"
	"path/filepath"
	"strings"
)

// Format names an export format.
type Format string

// The export formats.
const (
	GLB    Format = "glb"    // binary glTF 2.0: the body's skinned animation, one animation per round
	GLTF   Format = "gltf"   // the same as one .gltf JSON file with its buffer embedded
	BVH    Format = "bvh"    // BVH motion capture: the rig and one frame per line
	NPY    Format = "npy"    // joint positions, float32 array (T, 22, 3), metres, Y up
	H3D    Format = "h3d"    // HumanML3D's 263 features per frame, float32 array (T, 263), 20 fps
	JSON   Format = "json"   // clip JSON: joints, fps and action segments (docs/clip-json.md)
	MP4    Format = "mp4"    // H.264 video through ffmpeg: one round, or the rounds side by side
	GIF    Format = "gif"    // animated GIF of the same
	Bundle Format = "bundle" // a zip of the run folder without secrets, which Unbundle opens again
	SMPLX  Format = "smplx"  // AMASS-style SMPL-X motion (.npz): the user's model fitted to the joints
)

// FormatInfo describes a format for help texts and menus.
type FormatInfo struct {
	Format Format
	Ext    string // the file extension, with its dot
	What   string // one line for people
	// OneFile says that several rounds go into one file (animations, panes); the other motion
	// formats write one file per round (NAME-round-N.EXT).
	OneFile bool
	RunOnly bool // the source must be a run folder
}

var formats = []FormatInfo{
	{GLB, ".glb", "glTF 2.0 binary: skinned body animation, one animation per round, optionally in the scene", true, false},
	{GLTF, ".gltf", "glTF 2.0 JSON with its buffer embedded: the same as glb", true, false},
	{BVH, ".bvh", "BVH: 22 joints (and 6 intermediate ones), Y up, metres, ZXY Euler degrees", false, false},
	{NPY, ".npy", "joint positions, float32 (T, 22, 3), metres, Y up", false, false},
	{H3D, ".npy", "HumanML3D 263 features, float32 (T, 263), 20 fps, starting at the origin facing +Z", false, false},
	{JSON, ".json", "clip JSON: joints, fps and action segments", false, false},
	{MP4, ".mp4", "video (ffmpeg): one round, or every round side by side on one clock", true, false},
	{GIF, ".gif", "animated GIF: one round, or every round side by side on one clock", true, false},
	{SMPLX, ".npz", "AMASS-style SMPL-X .npz: your model (--smplx) fitted to the joints; poses (T, 165), trans, betas, gender, mocap_frame_rate; Z up", false, false},
	{Bundle, ".zip", "run bundle: the run folder zipped without secrets and without cache/ (unless asked)", true, true},
}

// Formats lists every format, in the order menus show them. Each call returns a new slice.
func Formats() []FormatInfo { return append([]FormatInfo(nil), formats...) }

// info returns the format's description.
func (f Format) info() (FormatInfo, bool) {
	for _, fi := range formats {
		if fi.Format == f {
			return fi, true
		}
	}
	return FormatInfo{}, false
}

// formatFor returns the format asked for, or when none was, the one out's extension names (.npy
// is joints; HumanML3D features must be asked for as h3d).
func formatFor(f Format, out string) (FormatInfo, error) {
	ext := strings.ToLower(filepath.Ext(out))
	if f == "" {
		return formatOfExt(ext)
	}
	fi, ok := Format(strings.ToLower(string(f))).info()
	if !ok {
		return FormatInfo{}, fmt.Errorf("export: unknown format %q, want one of %s", f, formatNames())
	}
	if ext != fi.Ext {
		return FormatInfo{}, fmt.Errorf("export: %s is written to a %s file; the output %s ends in %q", fi.Format, fi.Ext, out, ext)
	}
	return fi, nil
}

// formatOfExt returns the first format (in menu order) written to files ending in ext.
func formatOfExt(ext string) (FormatInfo, error) {
	for _, fi := range formats {
		if fi.Ext == ext {
			return fi, nil
		}
	}
	return FormatInfo{}, fmt.Errorf("export: no format given and %q names none; want one of %s", ext, formatNames())
}

// formatNames lists the format names for messages.
func formatNames() string {
	names := make([]string, len(formats))
	for i, fi := range formats {
		names[i] = string(fi.Format)
	}
	return strings.Join(names, ", ")
}
