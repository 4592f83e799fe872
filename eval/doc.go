// Package eval measures generated motion against its scene and task: whether the task's contact
// goals were met (success), how far the body sinks into the scene (penetration), and what a run
// cost. Every metric is a pure function of motion and scene; benchmarks, not timed assertions,
// keep them fast.
//
// Penetration follows REFERENCE.md §5 on a proxy body: the per-frame sum of
// weight · max(0, −SDF) over the capsule body proxy's surface samples, each weighted by the
// SMPL-X vertices it stands for, so sums land on the scale of DIMOS's sums over the 10,475 SMPL-X
// vertices without the SMPL-X mesh. Every result says so in its Proxy field.
package eval
