// Package body holds human body models driven by a clip's 22 joints: a rest mesh (metres, Y up,
// facing +Z with its left at +X), its triangles, the rest positions of the HumanML3D joints and at
// most four linear-blend-skinning influences per vertex.
//
// The open body is MakeHuman's CC0 base mesh hm08 with the MPFB2 CMU-MB rig's weights merged onto
// our 22 joints, converted by `go run ./body/internal/convert` into an asset the binary embeds
// (Human). A Fitter turns each pose of a clip into 22 skinning matrices (Frame); Skin applies them to
// every vertex on the CPU, and a renderer may upload Rest, Influence and Weight once and apply the
// same matrices on the GPU. docs/body.md explains the fit, how bone lengths are reconciled and what
// it measures.
package body
