package mllm

import (
	"context"
	"fmt"
)

// Funcs adapts ordinary functions to the Model interface, one per role, as http.HandlerFunc does
// for handlers: tests and scripted runs set the roles they need. A role left nil answers with an
// error that names it.
type Funcs struct {
	ModelName   string
	AnalyzeFunc func(context.Context, SceneInput) (SceneAnalysis, error)
	PlanFunc    func(context.Context, PlanInput) (Plan, error)
	ObserveFunc func(context.Context, ObserveInput) (Observation, error)
	ReflectFunc func(context.Context, ReflectInput) (Reflection, error)
	CheckFunc   func(context.Context, CheckInput) (Verdict, error)
}

// Name returns ModelName, or "funcs".
func (f *Funcs) Name() string {
	if f.ModelName == "" {
		return "funcs"
	}
	return f.ModelName
}

// AnalyzeScene calls AnalyzeFunc.
func (f *Funcs) AnalyzeScene(ctx context.Context, in SceneInput) (SceneAnalysis, error) {
	if f.AnalyzeFunc == nil {
		return SceneAnalysis{}, missing(f, RoleAnalyze)
	}
	return f.AnalyzeFunc(ctx, in)
}

// Plan calls PlanFunc.
func (f *Funcs) Plan(ctx context.Context, in PlanInput) (Plan, error) {
	if f.PlanFunc == nil {
		return Plan{}, missing(f, RolePlan)
	}
	return f.PlanFunc(ctx, in)
}

// Observe calls ObserveFunc.
func (f *Funcs) Observe(ctx context.Context, in ObserveInput) (Observation, error) {
	if f.ObserveFunc == nil {
		return Observation{}, missing(f, RoleObserve)
	}
	return f.ObserveFunc(ctx, in)
}

// Reflect calls ReflectFunc.
func (f *Funcs) Reflect(ctx context.Context, in ReflectInput) (Reflection, error) {
	if f.ReflectFunc == nil {
		return Reflection{}, missing(f, RoleReflect)
	}
	return f.ReflectFunc(ctx, in)
}

// Check calls CheckFunc.
func (f *Funcs) Check(ctx context.Context, in CheckInput) (Verdict, error) {
	if f.CheckFunc == nil {
		return Verdict{}, missing(f, RoleCheck)
	}
	return f.CheckFunc(ctx, in)
}

func missing(f *Funcs, r Role) error {
	return fmt.Errorf("mllm: %s plays no %s role", f.Name(), r)
}

var _ Model = (*Funcs)(nil)
