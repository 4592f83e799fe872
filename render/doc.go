// Package render turns scenes and motion into pictures: the images a model looks at to judge a step
// or a round, the shots people read a room from, and the frames of the videos artists export.
//
// One Engine owns the OpenGL context on its own locked OS thread and takes work through a queue,
// so the command line, tests and the desktop app can all ask it for images, at the same time and
// headless (EGL surfaceless on Mesa first, a hidden GLFW window as a fallback). It draws scenes in an
// untextured clay look with a metric floor grid, bodies from the motion package's body proxy,
// ghost images (the body at evenly spaced keyframes, coloured by time from red to purple, with the
// root path), labelled scene shots from top-down, oblique and eye-level cameras, and clips frame by
// frame (Sequence).
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
