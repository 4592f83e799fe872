// Package smplxtest writes stand-in SMPL-family model files for tests and benchmarks: .npz files in
// the exact layout of the SMPL-X site's SMPLX_*.npz (and of SMPL-H and SMPL files) — the same keys,
// shapes, dtypes, array orders and joint tree — built from openly licensed geometry instead of the
// licensed model, which may never be in the repository or its tests.
//
// The geometry is the open MakeHuman body (body.Human: 13,380 vertices, not SMPL-X's 10,475; its
// 22 joints are SMPL's first 22). Jaw, eye and finger joints are placed on its head and hands, its
// skinning weights are partly moved onto them, and the blend shapes (shapedirs, posedirs) are
// smooth synthetic deformations of realistic size. It is a generated stand-in, not a body model:
// it exercises reading and posing, it does not look like SMPL-X.
//
// Write makes a file and returns its arrays (Raw) for slow reference implementations; Generate,
// Entries and WriteEntries make the same in steps, so that a test can break one array (a missing
// key, a wrong shape, a NaN, a bad joint tree) before writing, and Truncate and WriteNotZip make
// damaged files.
package smplxtest
