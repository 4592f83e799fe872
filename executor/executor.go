// Package executor turns atomic action text ("A person walks forward about 1.5 meters") into
// 22-joint motion. Implementations live in subpackages: executor/kinematic (built-in, no model) and
// executor/remote (a MotionLLM server over HTTP).
package executor

import (
	"context"

	"interactagent/motion"
)

// Executor runs atomic actions as motion.
//
// Execute runs actions in order, each continuing from where the previous one ended (position,
// heading and pose), starting at start. The returned clip is in world coordinates and holds, in
// order, one or more consecutive Segments per action, each carrying the action's full text (one
// sentence with two actions, "turns around and sits down", gives two); an action the executor could
// not understand still yields a short plausible motion, with a warning on its segment. The clip is
// never empty when err is nil. Posture does not carry across calls (a State has none): to continue
// after "sits down", execute the whole prefix again — executors are deterministic for the same text
// and seed, so the prefix's motion repeats exactly. Execute must
// honour ctx cancellation. Implementations are safe for concurrent use by several goroutines.
type Executor interface {
	Execute(ctx context.Context, start motion.State, actions []string) (*motion.Clip, error)
}

// Func adapts an ordinary function to the Executor interface.
type Func func(ctx context.Context, start motion.State, actions []string) (*motion.Clip, error)

// Execute calls f.
func (f Func) Execute(ctx context.Context, start motion.State, actions []string) (*motion.Clip, error) {
	return f(ctx, start, actions)
}

// Sizer is implemented by executors that know, before executing, how many frames actions will
// make: Frames returns the length of the clip Execute would return for the same arguments. A
// server uses it to refuse work whose reply would be too large before doing the work.
type Sizer interface {
	Frames(ctx context.Context, start motion.State, actions []string) (int, error)
}

// FPS is the frame rate of the built-in executor and the one a remote client asks for unless told
// otherwise: HumanML3D's (motion.HumanML3DFPS), which MotionLLM was trained on.
const FPS = motion.HumanML3DFPS
