// Package distance answers how far a point is from a scene's surfaces and how deep it is inside:
// a small SDF interface with combinators (Sphere, Cuboid, Floor, Union, Translated), a 4-wide BVH
// over triangles, the exact signed distance of a scene (Exact: the minimum over closed parts, with
// signs proved without pseudonormals where it can), the signed distance of an occupancy grid
// (GridSDF: an exact distance transform on the voxels' corners, trilinear between them), and the
// convex-piece DepthField with its Probe, which penetration metrics call one frame of body capsules
// at a time; a scene's grid is one more solid of the DepthField (GridSolid).
//
// Every fast path is tested against a brute-force reference that shares no code with it.
package distance
