package mllm

import "context"

// Model plays the five roles of the paper's multimodal LLM.
//
// Each method sends one request (a backend may re-ask a bounded number of times when a reply
// cannot be used) and returns a typed reply, or an error: a *RequestError when the model could not
// be asked or refused, a *ReplyError when it answered but nothing usable could be read, an
// *InputError when the backend cannot use the input it was given, or the context's error when ctx
// ended (Permanent tells the failures a retry cannot mend). With an error, the reply is empty
// except for its Meta.Usage, which still counts what was spent (accounting records it).
// Implementations are safe for concurrent use by several goroutines, and never see an evaluator's
// goals (inputs have no place for them).
//
// A backend whose replies depend on settings its Name does not show (prompts, sampling, image
// size) also implements CacheKeyer, so that a reply cache never serves a reply made under other
// settings.
type Model interface {
	// Name identifies the backend and model, such as "openai/gpt-4o" or
	// "builtin/geometric (stand-in reasoner)".
	Name() string
	// AnalyzeScene describes the scene from its labelled shots: room, layout, distances and
	// bearings from the start, passages.
	AnalyzeScene(ctx context.Context, in SceneInput) (SceneAnalysis, error)
	// Plan decomposes the task into atomic actions the executor can run.
	Plan(ctx context.Context, in PlanInput) (Plan, error)
	// Observe judges one executed step from its ghost image: continue, redo or replan.
	Observe(ctx context.Context, in ObserveInput) (Observation, error)
	// Reflect reads the whole memory of earlier rounds and writes a new plan.
	Reflect(ctx context.Context, in ReflectInput) (Reflection, error)
	// Check judges whether the final motion fulfils the task: Pass or Fail.
	Check(ctx context.Context, in CheckInput) (Verdict, error)
}

// Role names one of the five roles; accounting, caching and traces are kept per role.
type Role string

// The five roles.
const (
	RoleAnalyze Role = "analyze"
	RolePlan    Role = "plan"
	RoleObserve Role = "observe"
	RoleReflect Role = "reflect"
	RoleCheck   Role = "check"
)

// Roles returns the five roles in the order a run uses them first.
func Roles() []Role { return []Role{RoleAnalyze, RolePlan, RoleObserve, RoleReflect, RoleCheck} }

// RequestError means the model could not be asked or its endpoint refused the request: no
// connection, a timeout, a non-2xx status after the allowed retries. Permanent tells a refusal
// that no retry mends (401, 404, …) from a failure that may pass. Msg never holds a credential.
type RequestError struct {
	Backend string
	Status  int // 0 when no HTTP answer came
	Msg     string
	Err     error
}

// Error names the backend, the status when there was one with what it means ("401
// Unauthorized: the endpoint refused the key"), and what went wrong.
func (e *RequestError) Error() string {
	if e.Status == 0 {
		return "mllm: " + e.Backend + ": " + e.Msg
	}
	s := "mllm: " + e.Backend + ": " + statusText(e.Status)
	if h := statusHint(e.Status); h != "" {
		s += ": " + h
	}
	return s + ": " + e.Msg
}

// Unwrap returns the cause.
func (e *RequestError) Unwrap() error { return e.Err }

// ReplyError means the model answered, but no usable reply could be read from it, even after the
// re-asks a backend allows. Raw is the last reply's text (scrubbed of credentials).
type ReplyError struct {
	Backend string
	Role    Role
	Msg     string
	Raw     string
	Tries   int
	Err     error // why the last reply was unusable (often a *ParseError), when known
}

// Unwrap returns why the last reply was unusable.
func (e *ReplyError) Unwrap() error { return e.Err }

// Error says which role's reply was unusable and why.
func (e *ReplyError) Error() string {
	s := "mllm: " + e.Backend + ": unusable " + string(e.Role) + " reply: " + e.Msg
	if e.Tries > 1 {
		s += " (after " + itoa(e.Tries) + " tries)"
	}
	return s
}

// CacheKeyer is implemented by models whose replies depend on settings beyond their Name: CacheKey
// returns a short digest of those settings, which WithCache mixes into every key.
type CacheKeyer interface {
	CacheKey() string
}
