// Package export takes a run's motion (or a motion file) out of the project in the formats other
// tools read: glTF 2.0/GLB skinned animation (with the scene, if asked), BVH, joint arrays (.npy),
// HumanML3D features (.npy), clip JSON, MP4/GIF clips of one round or of the rounds side by side,
// and run bundles (a zip of a run folder without secrets) that Unbundle opens again. The CLI's
// export command and the desktop app's export menu both call Do; docs/exports.md describes every
// format and convention.
//
// Every file is written atomically (fileio): a failed export leaves nothing half-written, and a
// request that cannot work is refused with a message that says what was expected, before anything
// is written.
package export
