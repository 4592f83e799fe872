// Package render turns scenes and motion into pictures: the images a model looks at to judge a step
// or a round, the shots people read a room from, and the frames of the videos artists export.
//
// One Engine owns the OpenGL context on its own locked OS thread and takes work through a queue,
// so the command line, tests and the desktop app can all ask it for images, at the same time and
// headless (EGL surfaceless on Mesa first, a hidden GLFW window as a fallback). It draws scenes in an
// untextured clay look with a metric floor grid, people, ghost images (the body at evenly spaced
// keyframes, coloured by time from red to purple, with the root path), labelled scene shots from
// top-down, oblique and eye-level cameras, and clips frame by frame (Sequence).
//
// People are drawn with one of two bodies (BodyKind): the open human body of package body, the
// default, or the capsule proxy of package motion. A caller chooses per call (GhostOptions.Body,
// ShotOptions.Body, SequenceOptions.Body) or per engine (Options.Body); BodyDefault leaves the
// choice to the engine, whose own default is the human body. Bodies fits the human body to a clip
// once and gives each pose its figure: a Figure with the model and the pose's 22 skinning matrices.
// The engine uploads a model's rest mesh once (positions, normals, joint indices and weights) and
// skins it on the GPU (skin.vert), with the capsule bodies' lights (body.frag). Normals move by the
// cofactor of the blended skinning matrix, which is its inverse-transpose up to a positive factor,
// since the fit stretches limb bones along themselves. Opaque bodies are drawn first and
// translucent ones far to near, each in two passes (depth, then colour), as for the capsules. A
// body drawn small is drawn from a coarser copy of its mesh (lod.go): on a software rasteriser a
// body costs by its triangles, not its pixels.
//
// A View ("top", "orbit:30,40,6", …; ParseView) names what a picture shows and from where, and
// View.Camera gives its camera for a scene and a clip, so every caller frames pictures alike.
//
// Some of the package is pure Go and needs no GL: labels and caption bars drawn onto images
// (DrawLabels, DrawTitle) and several images side by side (ComposePanes). Writing pictures and
// videos to files is package render/media's (PNG, GIF, MP4 through ffmpeg), which has no GL at
// all; Sequence.Write hands its frames to it. Neither package draws anything on a terminal:
// progress is reported as numbers for the caller to show.
//
// Images are *image.RGBA with the origin at the top-left, as image/png expects; world space follows
// the motion package: right-handed, Y up, metres, floor at y = 0.
package render
