// Package trumans reads TRUMANS recordings: the dataset's per-frame arrays over every frame of
// every capture (millions of rows), the scene and segment each frame belongs to, and the action
// annotations of its Actions/ folder (docs/trumans.md, "Recordings and tasks").
//
// Open reads headers only; Segments scans the per-frame segment names once; Clip reads the rows
// asked for and no others. Motion is 30 fps, Y up, metres, as our clips are: from human_joints.npy
// (its first 22 joints are taken as our skeleton's, in SMPL-X order) when no SMPL-X model is given,
// or posed from the SMPL-X parameters (human_orient/pose/transl) on the user's model by body/smplx.
//
// Bad input is a *motion.FormatError or *motion.UnsupportedError naming the file and saying what
// was expected; a scene or an action the recording does not have is an error naming what it has.
package trumans

// FPS is the frame rate of TRUMANS' arrays.
const FPS = 30

// The files of a recording folder, beside body/smplx's human_orient.npy, human_pose.npy and
// human_transl.npy.
const (
	JointsFile     = "human_joints.npy" // (N, J, 3), J ≥ 22: joint positions, metres, Y up
	SceneListFile  = "scene_list.npy"   // (S,) strings: the scenes' names
	SceneFlagFile  = "scene_flag.npy"   // (N,) integers: each frame's scene, an index into scene_list
	SegNameFile    = "seg_name.npy"     // (N,) strings: each frame's segment (capture) name
	FrameIDFile    = "frame_id.npy"     // (N,) integers: checked for length only
	ObjectListFile = "object_list.npy"  // (M,) strings: checked for length only
	ObjectFlagFile = "object_flag.npy"  // (N, …): checked for length only
	ObjectMatFile  = "object_mat.npy"   // (N, 5, 4, 4): checked for length only
	ManifestFile   = "segments.json"    // optional: the segments, instead of scanning seg_name.npy
	ActionsDir     = "Actions"          // SEG.txt or SEG.json per segment: annotated actions
)

// NumJoints is how many of human_joints.npy's joints are read: the first 22, SMPL-X's body joints
// in order, which are our skeleton's (motion.NumJoints).
const NumJoints = 22
