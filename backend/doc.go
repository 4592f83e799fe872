// Package backend builds what a run works with from settings a person gives: the reasoning model
// (the built-in geometric stand-in or an OpenAI-compatible endpoint), the motion executor (the
// built-in kinematic stand-in or a MotionLLM server) and the renderer of the images the model is
// shown. The CLI's run and bench commands, the desktop app and a resume all build backends here,
// so that one set of settings gives the same backends wherever it is read.
package backend
