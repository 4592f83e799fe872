package geometric

import (
	"context"
	"errors"
	"strings"

	"interactagent/mllm"
)

// refuse marks a role's failure as an *mllm.InputError: every failure of the reasoner comes from
// what it was given (no scene, an instruction it cannot read, an object it cannot reach), and as
// the reasoner is deterministic the same call would fail the same way again, so a caller must not
// retry it nor blame a model. The context's own error passes unchanged.
func refuse(role mllm.Role, err *error) {
	if *err == nil || errors.Is(*err, context.Canceled) || errors.Is(*err, context.DeadlineExceeded) {
		return
	}
	msg := strings.TrimPrefix((*err).Error(), "geometric: ")
	*err = &mllm.InputError{Backend: Name, Role: role, Msg: "the reasoner cannot use its input: " + msg, Err: *err}
}
