package mllm

import (
	"errors"
	"net/http"
)

// InputError means a backend cannot use what a role's call gave it: a scene it cannot read, an
// instruction it cannot follow, an image it cannot send, a prompt template that does not render.
// Nothing was wrong with the model or its endpoint, and the same call fails the same way however
// often it is tried, so it is Permanent. Msg never holds a credential.
type InputError struct {
	Backend string
	Role    Role
	Msg     string // what cannot be used and why, such as "the reasoner cannot use its input: …"
	Err     error
}

// Error names the backend and the role and says what it cannot use.
func (e *InputError) Error() string {
	return "mllm: " + e.Backend + ": " + string(e.Role) + ": " + e.Msg
}

// Unwrap returns the cause.
func (e *InputError) Unwrap() error { return e.Err }

// Permanent reports whether the request itself is wrong, so that no retry of the same request can
// succeed: a 4xx status other than 408 (timeout), 409 (conflict), 425 (too early) and 429 (rate
// limit), such as 400, 401, 403, 404, 413 and 422. A RequestError without a status (no answer, a
// timeout, a dropped connection) and a 5xx are transient.
func (e *RequestError) Permanent() bool {
	switch e.Status {
	case http.StatusRequestTimeout, http.StatusConflict, http.StatusTooEarly, http.StatusTooManyRequests:
		return false
	}
	return e.Status >= 400 && e.Status < 500
}

// Permanent reports whether err is a failure that trying the same call again cannot mend: an
// *InputError, or a *RequestError whose status says the request itself is wrong
// (RequestError.Permanent). Every other error is taken as transient: no answer, a timeout, 429, a
// 5xx, an unusable reply (*ReplyError, which a fresh call may well answer usably) and errors of
// unknown kind.
func Permanent(err error) bool {
	var ie *InputError
	if errors.As(err, &ie) {
		return true
	}
	var re *RequestError
	return errors.As(err, &re) && re.Permanent()
}

// statusHint says in a few words what an HTTP status means for a model call, so that an error
// names the cause ("the endpoint refused the key") instead of blaming the model.
func statusHint(code int) string {
	switch {
	case code == http.StatusUnauthorized:
		return "the endpoint refused the key"
	case code == http.StatusForbidden:
		return "the endpoint forbids this key the model or the request"
	case code == http.StatusNotFound:
		return "the endpoint has no such model or path (check the model name and the base URL)"
	case code == http.StatusTooManyRequests:
		return "the endpoint is limiting the rate of requests"
	case code == http.StatusRequestEntityTooLarge:
		return "the request is too large for the endpoint"
	case code >= 500:
		return "the endpoint failed"
	case code >= 400 && code < 500 && code != http.StatusRequestTimeout:
		return "the endpoint refused the request"
	}
	return ""
}
