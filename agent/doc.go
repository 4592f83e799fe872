// Package agent is the paper's loop and the product's core: analyse the scene, plan atomic actions,
// execute them, observe each step (continue, redo or replan), check the result, and reflect over
// the memory of every earlier round until a check passes or the rounds run out.
//
// Run drives one task in one of four modes (Mode): naive (plan once, execute open loop), online
// (one round with online observation), offline (reflection over rounds, each executed open loop)
// and full (online observation inside every round, reflection and an adaptive stop). Everything a
// run needs comes in an Env and a Config; it reports progress as Events on a channel and writes a
// run folder as it goes (Folder: run.json, trace.jsonl, round-N/, summary.json), each file replaced
// atomically, so that a crash loses at most the step in flight. A run resumes by running again
// over the same folder: model replies, executions and images done before are read back from the
// folder's caches, so no call is repeated and the result is the one an uninterrupted run gives.
//
// docs/agent.md records the decisions the paper leaves open.
package agent
