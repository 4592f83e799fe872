package agent

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	"interactagent/eval"
	"interactagent/fileio"
)

// jsonUnmarshal is json.Unmarshal (named for the files that read run folders).
func jsonUnmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }

// runInfo is run.json: what a run is, without secrets.
func runInfo(r *runner) map[string]any {
	info := map[string]any{"task": r.env.Settings.Task, "scene": r.env.Settings.Scene, "config": r.cfg, "model": r.trace.Model,
		"executor": r.env.ExecutorName, "settings": r.env.Settings, "versions": versions()}
	if f, ok := r.body.(interface{ File() eval.ModelFile }); ok {
		info["body_model"] = f.File()
	}
	return info
}

// versions names the program's build.
func versions() map[string]string {
	out := map[string]string{"interactagent": "devel"}
	if bi, ok := debug.ReadBuildInfo(); ok {
		out["go"] = bi.GoVersion
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" {
				out["interactagent"] = s.Value
			}
		}
	}
	return out
}

// finish picks the stopping and the best round, writes summary.json and the done event.
func (r *runner) finish(ctx context.Context) error {
	t := r.trace
	t.Final, t.Best = len(t.Rounds), 1
	for i := range t.Rounds {
		if better(t.Rounds[i].Metrics, t.Rounds[t.Best-1].Metrics) {
			t.Best = i + 1
		}
	}
	t.Costs.Money = r.money()
	if err := r.writeJSON("summary.json", Summarize(t)); err != nil {
		return err
	}
	pass := t.FinalRound().Verdict != nil && t.FinalRound().Verdict.Pass
	return r.emit(ctx, Event{Kind: KindDone, Round: t.Final, By: "agent", Pass: &pass,
		Text: "stopped at round " + itoa(t.Final) + "; the best round by its own metrics is " + itoa(t.Best)})
}

// RunInfo is run.json as a resume reads it back.
type RunInfo struct {
	Task     string    `json:"task"`
	Scene    string    `json:"scene"`
	Config   Config    `json:"config"`
	Model    string    `json:"model"`
	Executor string    `json:"executor"`
	Settings *Settings `json:"settings"` // nil in a run.json that holds none
	// BodyModel is the model file of a body the user brings (the smplx body): its path and
	// content hash; nil for the bodies built in.
	BodyModel *eval.ModelFile `json:"body_model,omitempty"`
}

// ReadRunInfo reads a run folder's run.json.
func ReadRunInfo(dir string) (RunInfo, error) {
	var info RunInfo
	data, err := fileio.ReadFile(os.DirFS(dir), "run.json", 1<<20)
	if err != nil {
		return info, fmt.Errorf("agent: %s is not a run folder: %w", dir, err)
	}
	if err := fileio.DecodeJSON(data, &info, false); err != nil {
		return info, fmt.Errorf("agent: %s/run.json: %w", dir, err)
	}
	if s := info.Settings; s != nil { // run.json also names the scene and task at its top
		s.Scene, s.Task = cmp.Or(s.Scene, info.Scene), cmp.Or(s.Task, info.Task)
		s.Body = cmp.Or(s.Body, eval.BodyProxy) // written before bodies were chosen: the proxy's numbers
	}
	return info, nil
}

// Body returns the body the run was drawn and measured with: its settings' (eval.BodyHuman or
// eval.BodyProxy), or eval.BodyProxy for a run.json that holds no settings, which is older than
// the choice.
func (info RunInfo) Body() string {
	if info.Settings == nil {
		return eval.BodyProxy
	}
	return cmp.Or(info.Settings.Body, eval.BodyProxy)
}

// Summary is summary.json: per round and final metrics and the costs. Body and PenetrationOn say
// what every round's penetration was measured on (each round's metrics say it too); summaries
// written before issue 22 have neither and were measured on the proxy.
type Summary struct {
	Task          string         `json:"task"`
	Scene         string         `json:"scene"`
	Mode          Mode           `json:"mode"`
	Model         string         `json:"model"`
	Executor      string         `json:"executor"`
	Body          string         `json:"body,omitempty"`
	PenetrationOn string         `json:"penetration_measured_on,omitempty"`
	Final         int            `json:"final_round"`
	Best          int            `json:"best_round"`
	Rounds        []RoundSummary `json:"rounds"`
	Costs         Costs          `json:"costs"`
}

// RoundSummary is one round of the summary.
type RoundSummary struct {
	Index    int          `json:"index"`
	Plan     []string     `json:"plan"`
	Accepted []string     `json:"accepted"`
	Verdict  *VerdictText `json:"verdict,omitempty"`
	Metrics  Metrics      `json:"metrics"`
}

// VerdictText is a verdict as a summary keeps it: the judgement and its reason, without how the
// reply was obtained (a cache, a latency), which differs between a run and its resumption.
type VerdictText struct {
	Pass   bool   `json:"pass"`
	Reason string `json:"reason"`
}

// Summarize returns the summary of a trace.
func Summarize(t *Trace) Summary {
	s := Summary{Task: t.Task, Scene: t.SceneRef, Mode: t.Config.Mode, Model: t.Model, Executor: t.Executor, Final: t.Final, Best: t.Best, Costs: t.Costs}
	if len(t.Rounds) > 0 {
		p := t.Rounds[0].Metrics.Penetration
		s.Body, s.PenetrationOn = p.Body, p.MeasuredOn
	}
	for _, r := range t.Rounds {
		rs := RoundSummary{Index: r.Index, Plan: r.Plan, Accepted: r.Accepted, Metrics: r.Metrics}
		if r.Verdict != nil {
			rs.Verdict = &VerdictText{Pass: r.Verdict.Pass, Reason: r.Verdict.Reason}
		}
		s.Rounds = append(s.Rounds, rs)
	}
	return s
}

// itoa formats an int.
func itoa(n int) string { return strconv.Itoa(n) }

// money estimates the dollars the model's tokens cost, when the price table knows the model.
func (r *runner) money() *float64 {
	p, ok := r.env.Prices[priceName(r.trace.Model)]
	if !ok {
		return nil
	}
	c := r.trace.Costs
	m := float64(c.PromptTokens)*p.PromptPerMillion/1e6 + float64(c.CompletionTokens)*p.CompletionPerMillion/1e6
	return &m
}

// priceName is a model's name as price tables list it: without the backend and the endpoint
// ("openai/gpt-4o@host:8000" → "gpt-4o").
func priceName(model string) string {
	if _, rest, ok := strings.Cut(model, "/"); ok {
		model = rest
	}
	name, _, _ := strings.Cut(model, "@")
	return name
}
