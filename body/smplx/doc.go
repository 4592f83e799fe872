// Package smplx reads the user's own SMPL-family body model (SMPL-X, SMPL-H or SMPL, the .npz
// files of the SMPL-X site, which the project may not ship), poses it exactly as the reference
// implementation does (the smplx Python package's lbs.py: shape blend, joint regressor,
// Rodrigues, pose correctives, the kinematic chain about the rest joints, translation added
// after), fits our 22-joint motion to its parameters, and reads and writes the field's motion
// files (AMASS-style .npz, TRUMANS per-frame arrays).
//
// The project drives the body joints only: the global orientation, the 21 body rotations and the
// translation (Params); jaw, eyes and hands stay at zero (flat hands). Under that pose the
// transforms of the jaw, eye and finger joints equal those of their body ancestors (head and
// wrists), so a Model keeps their skinning weights merged onto the first 22 joints, which is exact.
//
// ../shared/REFERENCE.md §8 gives the file layout, the joint order and the skinning steps;
// docs/smplx.md says what the package reads, keeps in memory and measures.
package smplx
