// Package scene holds the 3D rooms a person acts in: objects with semantic parts and triangle
// meshes, loaders (glTF/GLB, OBJ, UniHSI plans, our layout JSON), procedural furniture and the
// built-in rooms, and signed distance to the scene's surfaces.
//
// Space is right-handed, Y up, metres, floor at y = 0 (see the motion package).
package scene
