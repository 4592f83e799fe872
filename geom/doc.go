// Package geom is the small geometry every other package shares: axis-aligned boxes, capsules,
// finite checks, clamps and angle wrapping. It sits at the bottom of the project (it imports only
// mathgl), so motion, scene, eval and render all speak of the same Box and Capsule.
//
// Space is right-handed, Y up, metres. Values are values: every operation returns a new one.
package geom
