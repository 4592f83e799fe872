// Package motion holds the 22-joint human skeleton of HumanML3D (SMPL body order), clips of joint
// positions over time, start/end states, forward and inverse kinematics, HumanML3D feature decoding,
// .npy and JSON clip files, and the capsule body proxy that metrics and drawing use.
//
// Space is right-handed, Y up, metres, floor at y = 0. A body at heading 0 faces +Z with its left at
// +X; a positive heading change turns the body to its left (from +Z toward +X).
package motion
