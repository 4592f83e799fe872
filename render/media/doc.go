// Package media writes finished images and frame sequences to files: PNG pictures (WritePNG) and
// videos (NewVideoWriter, VideoConfig, WriteVideo) as H.264 MP4 through an ffmpeg process or as
// animated GIF encoded in Go, with a median-cut palette and only the changed rectangle stored per
// frame.
//
// It knows nothing of OpenGL, scenes or motion — it takes *image.RGBA values from whoever drew
// them — so it builds without cgo, and the command line, the desktop app and tests can write
// pictures without starting a renderer.
//
// Every file is written to a temporary name beside its path and renamed only when complete (see
// package fileio), so a file that exists is never half-written, and a failure leaves nothing behind.
// Long writes report how far they have come through VideoConfig.Progress; drawing that as a
// terminal bar or a window's gauge is left to the caller.
package media
