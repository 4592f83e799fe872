// Package wiring builds a run's environment (agent.Env) from agent.Settings: the scene, the
// reasoning model (the built-in geometric stand-in or an OpenAI-compatible endpoint), the motion
// executor (the built-in kinematic stand-in or a MotionLLM server), the OpenGL renderer of the
// images the model is shown, and the run folder. The CLI's run and bench commands, the desktop app
// and a resume all build runs here, so that one set of settings gives the same run wherever it is
// read; it is also the one place that checks settings read from a file before a credential is sent
// where they say (CheckGiven).
package wiring
