// Package action is the language of atomic actions, the text a planner sends an executor ("A
// person walks forward about 1.5 meters", "A person turns left by 30 degrees", "A person sits down
// on a 0.45 meter high seat"): Parse reads a sentence into typed actions (what kind, which way, how
// far, how high, which hand, every amount bounded and defaulted as docs/executor-language.md says),
// and Format writes one back as a sentence Parse reads as the same action.
//
// It is the one reader and writer of that text: the built-in executor (executor/kinematic) moves
// the body by what Parse reads, the built-in reasoner (mllm/geometric) words its plans with Format
// and reads the actions it observes with Parse, and the agent's measured feedback says what an
// action asked in Parse's terms, whichever executor runs. Nothing here fails: text that names no
// known verb reads as a short wait with a warning, as a learned executor would still move.
package action
