package openai

import (
	"context"
	"net/http"
	"net/url"
	"strings"

	"interactagent/httpclient"
	"interactagent/mllm"
)

// Model is an mllm.Model backed by an OpenAI-compatible chat-completions endpoint. It holds no
// state that calls share other than its settings and parsed prompts, and is safe for concurrent
// use by several goroutines. Cancelling a call's context stops it at once with the context's
// error.
type Model struct {
	opt     Options
	baseURL string // without a trailing slash
	name    string
	prompts prompts
	http    *http.Client
}

// New checks the options, fills in their defaults (see Options) and parses the prompts.
func New(opt Options) (*Model, error) {
	opt = opt.withDefaults()
	if err := opt.validate(); err != nil {
		return nil, err
	}
	p, err := loadPrompts(opt.PromptDir)
	if err != nil {
		return nil, err
	}
	base := strings.TrimRight(opt.BaseURL, "/")
	return &Model{opt: opt, baseURL: base, name: modelName(base, opt.Model), prompts: p, http: httpclient.Client(opt.HTTP)}, nil
}

// modelName is "openai/" + the model, with "@host" for any endpoint but OpenAI's own, so that
// reply caches and accounts of different servers never mix.
func modelName(base, model string) string {
	u, err := url.Parse(base)
	if err != nil || u.Host == "api.openai.com" {
		return "openai/" + model
	}
	return "openai/" + model + "@" + u.Host
}

// Name returns "openai/<model>", or "openai/<model>@<host[:port]>" for another endpoint.
func (m *Model) Name() string { return m.name }

// endpoint is the key under which the level of structured output that works is remembered.
func (m *Model) endpoint() endpoint { return endpoint{baseURL: m.baseURL, model: m.opt.Model} }

// AnalyzeScene implements mllm.Model: the labelled shots and the object list in, a description
// in free text (or {"description": ...}) out.
func (m *Model) AnalyzeScene(ctx context.Context, in mllm.SceneInput) (mllm.SceneAnalysis, error) {
	return run(ctx, m, mllm.RoleAnalyze, func() (request, error) { return m.analyzeRequest(in) }, mllm.ParseAnalysis,
		func(r *mllm.SceneAnalysis) *mllm.Meta { return &r.Meta })
}

// Plan implements mllm.Model.
func (m *Model) Plan(ctx context.Context, in mllm.PlanInput) (mllm.Plan, error) {
	return run(ctx, m, mllm.RolePlan, func() (request, error) { return m.planRequest(in) }, mllm.ParsePlan,
		func(r *mllm.Plan) *mllm.Meta { return &r.Meta })
}

// Observe implements mllm.Model.
func (m *Model) Observe(ctx context.Context, in mllm.ObserveInput) (mllm.Observation, error) {
	return run(ctx, m, mllm.RoleObserve, func() (request, error) { return m.observeRequest(in) }, mllm.ParseObservation,
		func(r *mllm.Observation) *mllm.Meta { return &r.Meta })
}

// Reflect implements mllm.Model.
func (m *Model) Reflect(ctx context.Context, in mllm.ReflectInput) (mllm.Reflection, error) {
	return run(ctx, m, mllm.RoleReflect, func() (request, error) { return m.reflectRequest(in) }, mllm.ParseReflection,
		func(r *mllm.Reflection) *mllm.Meta { return &r.Meta })
}

// Check implements mllm.Model.
func (m *Model) Check(ctx context.Context, in mllm.CheckInput) (mllm.Verdict, error) {
	return run(ctx, m, mllm.RoleCheck, func() (request, error) { return m.checkRequest(in) }, mllm.ParseVerdict,
		func(r *mllm.Verdict) *mllm.Meta { return &r.Meta })
}

// run builds a role's request and asks it; an input that cannot be sent (an image that is not a
// PNG) is an *mllm.InputError, since the model was never asked and asking again cannot help.
func run[R any](ctx context.Context, m *Model, role mllm.Role, build func() (request, error), parse func(string) (R, error), meta func(*R) *mllm.Meta) (R, error) {
	if err := ctx.Err(); err != nil {
		var zero R
		return zero, err
	}
	r, err := build()
	if err != nil {
		var zero R
		return zero, m.cannotSend(role, err)
	}
	return ask(ctx, m, r, parse, meta)
}

var _ mllm.Model = (*Model)(nil)
