// Package render turns scenes and motion into pictures: the images a model looks at to judge a step
// or a round, the shots people read a room from, and the videos artists export.
//
// One Engine owns the OpenGL context on its own locked OS thread and takes work through a queue,
// so the command line, tests and the desktop app can all ask it for images, at the same time and
// headless (EGL surfaceless on Mesa first, a hidden GLFW window as a fallback). It draws scenes in an
// untextured clay look with a metric floor grid, bodies from the motion package's body proxy,
// ghost images (the body at evenly spaced keyframes, coloured by time from red to purple, with the
// root path), labelled scene shots from top-down, oblique and eye-level cameras, and clips frame by
// frame.
//
// The rest of the package is pure Go and needs no GL: labels and caption bars drawn onto images
// (DrawLabels, DrawTitle), several images side by side (ComposePanes), PNG files (WritePNG), videos
// (NewVideoWriter, WriteVideo: MP4 through an ffmpeg process, animated GIF in Go) and a terminal
// progress bar (NewProgress). Every file is written to a temporary name beside its path and renamed
// only when complete, so a file that exists is never half-written.
//
// Images are *image.RGBA with the origin at the top-left, as image/png expects; world space follows
// the motion package: right-handed, Y up, metres, floor at y = 0.
package render
