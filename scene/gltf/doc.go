// Package gltf reads glTF 2.0 and GLB files as scenes (Load) and writes scenes as GLB files that
// load back to the same scene (WriteGLB, SaveGLB). Inside this package the name gltf refers to
// github.com/qmuntal/gltf, whose document mirrors the specification.
package gltf
