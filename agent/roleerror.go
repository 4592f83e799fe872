package agent

import (
	"fmt"
	"time"

	"interactagent/mllm"
)

// RoleError is a role's call the loop gave up on, and why it tried no more: the failure was one
// that no retry mends (Permanent: a refused key, an unknown model, an input the backend cannot
// use), the model deadline passed (Deadline), or every try allowed failed (Config.ModelTries).
type RoleError struct {
	Role      mllm.Role
	Tries     int           // tries made, the one the deadline cut short included
	Permanent bool          // the last failure is mllm.Permanent, so it was not tried again
	Deadline  time.Duration // Config.ModelDeadline, when it ended the call; else 0
	Err       error         // the last failure; nil when the deadline cut the first try short
}

// Error says which role gave up and why, in words that blame what failed: the endpoint, the
// input or the reply, as Err says.
func (e *RoleError) Error() string {
	switch {
	case e.Permanent:
		return fmt.Sprintf("agent: %s: %v (not tried again: the same call would fail the same way)", e.Role, e.Err)
	case e.Deadline > 0 && e.Err == nil:
		return fmt.Sprintf("agent: %s: no answer within the model deadline of %v (%s); a slow model needs a longer --model-deadline",
			e.Role, e.Deadline, tries(e.Tries))
	case e.Deadline > 0:
		return fmt.Sprintf("agent: %s: no usable answer within the model deadline of %v (%s); the last failure: %v",
			e.Role, e.Deadline, tries(e.Tries), e.Err)
	}
	return fmt.Sprintf("agent: %s: all %s failed; the last: %v", e.Role, tries(e.Tries), e.Err)
}

// Unwrap returns the last failure.
func (e *RoleError) Unwrap() error { return e.Err }

// tries writes "1 try" or "n tries".
func tries(n int) string {
	if n == 1 {
		return "1 try"
	}
	return fmt.Sprintf("%d tries", n)
}
