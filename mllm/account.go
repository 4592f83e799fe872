package mllm

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	"interactagent/fileio"
)

// Price is what a model costs, in US dollars.
type Price struct {
	PromptPerMillion     float64 `json:"prompt_per_million_tokens"`
	CompletionPerMillion float64 `json:"completion_per_million_tokens"`
}

// Prices maps a model name (as the backend names it, without the backend: "gpt-4o") to its price.
// Models missing from it cost 0 in estimates, which say so.
type Prices map[string]Price

// DefaultPrices returns list prices of a few common models (USD, as published in 2025); they are
// estimates: load your own with ReadPrices for what you actually pay.
func DefaultPrices() Prices {
	return Prices{
		"gpt-4o":      {PromptPerMillion: 2.50, CompletionPerMillion: 10.00},
		"gpt-4o-mini": {PromptPerMillion: 0.15, CompletionPerMillion: 0.60},
		"gpt-4.1":     {PromptPerMillion: 2.00, CompletionPerMillion: 8.00},
	}
}

// ReadPrices reads a price table from JSON: {"model": {"prompt_per_million_tokens": 2.5,
// "completion_per_million_tokens": 10}}.
func ReadPrices(data []byte) (Prices, error) {
	var p Prices
	if err := fileio.DecodeJSON(data, &p, true); err != nil {
		return nil, fmt.Errorf("mllm: price table: %w", err)
	}
	for m, pr := range p {
		if !(pr.PromptPerMillion >= 0) || !(pr.CompletionPerMillion >= 0) {
			return nil, fmt.Errorf("mllm: price table: %s: prices must be non-negative numbers", m)
		}
	}
	return p, nil
}

// Tally is what one role cost: calls answered and failed, their usage, and the time spent.
type Tally struct {
	Calls  int           `json:"calls"`
	Errors int           `json:"errors"`
	Usage  Usage         `json:"usage"`
	Time   time.Duration `json:"time_ns"`
}

// Accounts adds up what a model cost, per role. It is safe for concurrent use; one Accounts may be
// shared by several models (the per-role tallies add up).
type Accounts struct {
	mu     sync.Mutex
	roles  map[Role]Tally
	Prices Prices // nil: no cost estimate
}

// Record adds one call's outcome.
func (a *Accounts) Record(role Role, u Usage, took time.Duration, failed bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.roles == nil {
		a.roles = map[Role]Tally{}
	}
	t := a.roles[role]
	t.Calls++
	if failed {
		t.Errors++
	}
	t.Usage = t.Usage.Add(u)
	t.Time += took
	a.roles[role] = t
}

// Roles returns a copy of the tallies per role.
func (a *Accounts) Roles() map[Role]Tally {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := make(map[Role]Tally, len(a.roles))
	for r, t := range a.roles {
		out[r] = t
	}
	return out
}

// Total returns the sum over the roles.
func (a *Accounts) Total() Tally {
	var sum Tally
	for _, t := range a.Roles() {
		sum.Calls += t.Calls
		sum.Errors += t.Errors
		sum.Usage = sum.Usage.Add(t.Usage)
		sum.Time += t.Time
	}
	return sum
}

// Cost estimates the dollars spent by model (a name in Prices) and whether the price was known.
func (a *Accounts) Cost(model string) (float64, bool) {
	p, ok := a.Prices[model]
	if !ok {
		return 0, false
	}
	u := a.Total().Usage
	return float64(u.PromptTokens)*p.PromptPerMillion/1e6 + float64(u.CompletionTokens)*p.CompletionPerMillion/1e6, true
}

// String summarises the accounts: one line per role, in the order a run uses them.
func (a *Accounts) String() string {
	roles := a.Roles()
	var lines []string
	for _, r := range Roles() {
		if t, ok := roles[r]; ok {
			lines = append(lines, fmt.Sprintf("%-8s %3d calls (%d failed), %d requests, %d VQUs, %d+%d tokens, %v",
				r, t.Calls, t.Errors, t.Usage.Requests, t.Usage.Images, t.Usage.PromptTokens, t.Usage.CompletionTokens, t.Time.Round(time.Millisecond)))
		}
	}
	return strings.Join(lines, "\n")
}

// MarshalJSON writes the tallies per role.
func (a *Accounts) MarshalJSON() ([]byte, error) { return json.Marshal(a.Roles()) }

// Accounted wraps a Model and records every call in an Accounts: the usage each reply reports
// (requests, VQUs, tokens) and the wall time of the call.
type Accounted struct {
	m Model
	a *Accounts
}

// WithAccounting returns m recording into a.
func WithAccounting(m Model, a *Accounts) *Accounted { return &Accounted{m: m, a: a} }

// Name returns the wrapped model's name.
func (w *Accounted) Name() string { return w.m.Name() }

// AnalyzeScene implements Model, recording the call.
func (w *Accounted) AnalyzeScene(ctx context.Context, in SceneInput) (SceneAnalysis, error) {
	return record(w.a, RoleAnalyze, func() (SceneAnalysis, error) { return w.m.AnalyzeScene(ctx, in) })
}

// Plan implements Model, recording the call.
func (w *Accounted) Plan(ctx context.Context, in PlanInput) (Plan, error) {
	return record(w.a, RolePlan, func() (Plan, error) { return w.m.Plan(ctx, in) })
}

// Observe implements Model, recording the call.
func (w *Accounted) Observe(ctx context.Context, in ObserveInput) (Observation, error) {
	return record(w.a, RoleObserve, func() (Observation, error) { return w.m.Observe(ctx, in) })
}

// Reflect implements Model, recording the call.
func (w *Accounted) Reflect(ctx context.Context, in ReflectInput) (Reflection, error) {
	return record(w.a, RoleReflect, func() (Reflection, error) { return w.m.Reflect(ctx, in) })
}

// Check implements Model, recording the call.
func (w *Accounted) Check(ctx context.Context, in CheckInput) (Verdict, error) {
	return record(w.a, RoleCheck, func() (Verdict, error) { return w.m.Check(ctx, in) })
}

// record times a call and adds its reply's usage.
func record[R cachedReply](a *Accounts, role Role, call func() (R, error)) (R, error) {
	start := time.Now()
	r, err := call()
	a.Record(role, usageOf(&r), time.Since(start), err != nil)
	return r, err
}

// usageOf returns any reply's usage.
func usageOf[R cachedReply](r *R) Usage {
	switch v := any(r).(type) {
	case *SceneAnalysis:
		return v.Usage
	case *Plan:
		return v.Usage
	case *Observation:
		return v.Usage
	case *Reflection:
		return v.Usage
	case *Verdict:
		return v.Usage
	}
	return Usage{}
}
