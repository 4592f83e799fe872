// Package eval measures generated motion against its scene and task: whether the task's contact
// goals were met (success), how far the body sinks into the scene (penetration), and what a run
// cost. Every metric is a pure function of motion and scene; benchmarks, not timed assertions,
// keep them fast.
//
// Penetration follows REFERENCE.md §5 on a Body: per frame the sum of w · max(0, −SDF) over the
// body's points, on the scale of DIMOS's sums over the 10,475 SMPL-X vertices. Two bodies are
// built in (BodyNamed): the open MakeHuman body of package body (Human, the default of new runs),
// whose 13,380 skinned vertices each weigh 10,475 × their share of the surface; and the capsule
// proxy (Proxy, every run before issue 22), whose surface samples each weigh the SMPL-X vertices
// of their part. Every result names its body (PenetrationStats.Body and MeasuredOn).
package eval
