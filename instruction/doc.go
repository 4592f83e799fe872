// Package instruction is the language of task instructions: the English a person gives the agent
// ("Walk to the bed and sit on its edge, then lie down on it with your head on the pillow."). Each
// clause asks one Intent of one object: walk to, sit on, lie on, touch, or stand up.
//
// It holds both sides, so that they agree by construction: the writer (Instruct, Write) says a
// task's chain of contacts (package goal) in such English, naming objects as a person seen from the
// start would tell them apart (Names); the reader (Clauses, IntentOf, Hand) splits an instruction
// into its clauses and says what each asks. The UniHSI import (package task) writes its tasks'
// instructions with the writer; the built-in reasoner (mllm/geometric) reads instructions with the
// reader and resolves the objects they name in its scene.
package instruction
