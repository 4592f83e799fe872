// Package mllm is the multimodal model the agent reasons with, in the five roles of the paper:
// scene analysis, planning, step-wise observation, reflection over the memory of all rounds, and
// the stop check. One Model interface covers them; backends live in subpackages: mllm/openai (any
// OpenAI-compatible endpoint: GPT-4o, Qwen-VL, vLLM, Ollama) and mllm/geometric (the built-in
// reasoner, an honest stand-in that reads geometry where a model reads pictures).
//
// Inputs carry what a multimodal model is shown — the instruction, rendered images, the scene
// description, the memory of earlier rounds — and the geometry those images were drawn from, so
// that each backend uses what it can see. They never carry an evaluator's goals: a planner knows
// the instruction, not the answer key.
//
// Replies are typed values that keep the raw text and the model's reasoning for the trace. Text
// replies are parsed tolerantly (fenced blocks, trailing prose, plans as lists or strings) and
// validated strictly (Parse*). Wrappers any backend can wear: WithCache (an on-disk reply cache),
// WithAccounting (requests, VQUs, tokens, cost, time per role) and WithLimit (a concurrency limit
// shared by every run in the process).
package mllm
