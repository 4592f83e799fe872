// Package geometric is the built-in reasoner: an honest stand-in for a multimodal LLM that needs
// nothing outside the binary, so that the agent loop runs offline, in tests and in the demo. It
// plays the five roles of mllm.Model, but reads geometry where a model reads pictures: the scene's
// objects and floor instead of the labelled shots, the executed motion instead of a ghost image.
//
// It is named as a stand-in everywhere it appears (Name). What it knows is what a model is told:
// the instruction's words (never an evaluator's goals), the scene, the start, the executor's
// documented behaviour (docs/executor-language.md), and the motion it is shown. What it sees of a
// motion passes through a seeded perception model with documented error bounds (Perception): it
// misjudges distances and angles by a few percent and misses shallow penetrations, as a model
// reading a picture would. Before any reflection it reads the instruction hastily: a later clause
// may slip out of its plan (Perception.ClauseSlip), a planning failure only reflection mends.
package geometric
