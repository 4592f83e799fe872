// Package scene is the model of the 3D rooms a person acts in: a Scene of objects with semantic
// parts and triangle meshes, support surfaces and stand points, and where the person starts; the
// errors, limits and naming rules every loader shares; and where a clip is placed (StartSpec).
//
// The machinery around the model lives in subpackages, each importing this one: floor (the
// walkable floor: occupancy with the body's clearance, shortest paths, passage widths), distance
// (BVH, exact signed distance, the depth field for penetration), furniture (procedural pieces,
// layouts, the built-in rooms), gltf, obj and unihsi (loaders; gltf also exports), and load, the
// one opener of a built-in name or a file.
//
// Space is right-handed, Y up, metres, floor at y = 0 (see the motion package).
package scene
