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
// heading and pose), starting at start. The returned clip is in world coordinates, holds one
// Segment per action in order (an action the executor could not understand still yields a short
// plausible motion, with a warning on its segment), and is never empty when err is nil. Execute must
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

// FPS is the frame rate of the built-in executor and of HumanML3D motion.
const FPS = 20
