package bench

import (
	"fmt"
	"os"
	"path/filepath"

	"interactagent/agent"
	"interactagent/eval"
	"interactagent/task"
)

// Rules are the names of the two rules every task is judged by, as results and reports name
// them: UniHSI's released evaluation and the paper's strict rule.
var Rules = []string{"released", "strict"}

// Report is what a bench folder's results add up to: a row per mode and body, the results it was
// computed from (in the trials' order) and the trials still missing.
type Report struct {
	Manifest *Manifest `json:"-"`
	Rows     []ModeRow `json:"table"`
	Results  []*Result `json:"-"`
	Missing  []Trial   `json:"-"`
}

// ModeRow is one mode's line of the tables on one body: success by rule and complexity over its
// trials (tasks × seeds), the output round's penetration and the costs, as means per trial.
type ModeRow struct {
	Mode agent.Mode `json:"mode"`
	// Body is the body of the row's trials (Trial.BodyName: the proxy for a bench written before
	// bodies were chosen).
	Body   string `json:"body"`
	Trials int    `json:"trials"`
	// Errors counts trials that ended in an error: failures in the rates, left out of the means
	// of penetration.
	Errors int `json:"errors"`
	// Success maps a rule (Rules) and a complexity to the trials that succeeded.
	Success map[string]map[task.Complexity]Rate `json:"success"`
	PeMax   float64                             `json:"pe_max"`
	Pe10    float64                             `json:"pe_10pct"`
	Mean    MeanCosts                           `json:"mean_costs"`
	// Judging and JudgingBy add up the trials' judging metrics (judgingsum.go), in all and by
	// complexity; they count only trials whose result has them.
	Judging   *JudgingSum                     `json:"judging,omitempty"`
	JudgingBy map[task.Complexity]*JudgingSum `json:"judging_by_complexity,omitempty"`
}

// Rate is a count of successes among trials.
type Rate struct {
	Success int `json:"success"`
	Trials  int `json:"trials"`
}

// Percent returns the rate in percent; ok is false with no trials.
func (r Rate) Percent() (float64, bool) {
	if r.Trials == 0 {
		return 0, false
	}
	return 100 * float64(r.Success) / float64(r.Trials), true
}

// MeanCosts are a mode's costs per trial. VQUsToStop counts the VQUs up to the round adaptive
// stopping stops at (equal to VQUs unless the bench ran with NoEarlyStop). Money is nil unless
// every trial's cost was known.
type MeanCosts struct {
	Rounds     float64  `json:"rounds"`
	VQUs       float64  `json:"vqus"`
	VQUsToStop float64  `json:"vqus_to_stop"`
	Requests   float64  `json:"model_requests"`
	Executions float64  `json:"motion_executions"`
	Renders    float64  `json:"renders"`
	Tokens     float64  `json:"tokens"`
	Money      *float64 `json:"money_usd,omitempty"`
	Seconds    float64  `json:"seconds"`
}

// Summarize adds up results (any order) into the report of the bench m.
func Summarize(m *Manifest, results []*Result, missing []Trial) *Report {
	rep := &Report{Manifest: m, Results: sortResults(m, results), Missing: missing}
	for _, mode := range m.Modes {
		for _, body := range m.BodyNames() {
			rep.Rows = append(rep.Rows, modeRow(mode, body, rep.Results))
		}
	}
	return rep
}

// sortResults returns the results in the trials' fixed order (results of trials the manifest does
// not list are dropped).
func sortResults(m *Manifest, results []*Result) []*Result {
	byTrial := map[Trial]*Result{}
	for _, r := range results {
		byTrial[r.Trial] = r
	}
	var out []*Result
	for _, t := range m.Trials() {
		if r, ok := byTrial[t]; ok {
			out = append(out, r)
		}
	}
	return out
}

// modeRow adds up the results of one mode on one body.
func modeRow(mode agent.Mode, body string, results []*Result) ModeRow {
	row := ModeRow{Mode: mode, Body: body, Success: map[string]map[task.Complexity]Rate{}}
	for _, rule := range Rules {
		row.Success[rule] = map[task.Complexity]Rate{}
	}
	var sum costSum
	for _, r := range results {
		if r.Mode != mode || r.BodyName() != body {
			continue
		}
		row.Trials++
		for _, rule := range Rules {
			rate := row.Success[rule][r.Complexity]
			rate.Trials++
			if r.Success(rule) {
				rate.Success++
			}
			row.Success[rule][r.Complexity] = rate
		}
		if r.Error != "" || r.FinalRound() == nil {
			row.Errors++
		}
		sum.add(r)
	}
	row.PeMax, row.Pe10, row.Mean = sum.means(row.Trials)
	row.Judging, row.JudgingBy = judgingSums(mode, body, results)
	return row
}

// costSum accumulates a mode's penetration and costs.
type costSum struct {
	peMax, pe10 float64
	measured    int
	c           MeanCosts
	money       float64
	moneyKnown  int
}

// add counts one result.
func (s *costSum) add(r *Result) {
	if f := r.FinalRound(); f != nil {
		s.peMax += f.PeMax
		s.pe10 += f.Pe10
		s.measured++
		s.c.VQUsToStop += float64(r.Rounds[r.Stop-1].VQUsThrough)
	}
	s.c.Rounds += float64(len(r.Rounds))
	s.c.VQUs += float64(r.Costs.VQUs)
	s.c.Requests += float64(r.Costs.Requests)
	s.c.Executions += float64(r.Costs.Executions)
	s.c.Renders += float64(r.Costs.Renders)
	s.c.Tokens += float64(r.Costs.Tokens)
	s.c.Seconds += r.Seconds
	if r.Costs.Money != nil {
		s.money += *r.Costs.Money
		s.moneyKnown++
	}
}

// means divides the sums: penetration over the trials measured, costs over all trials.
func (s *costSum) means(trials int) (peMax, pe10 float64, c MeanCosts) {
	if s.measured > 0 {
		peMax, pe10 = s.peMax/float64(s.measured), s.pe10/float64(s.measured)
	}
	if trials == 0 {
		return peMax, pe10, c
	}
	n := float64(trials)
	c = MeanCosts{Rounds: s.c.Rounds / n, VQUs: s.c.VQUs / n, VQUsToStop: s.c.VQUsToStop / n, Requests: s.c.Requests / n,
		Executions: s.c.Executions / n, Renders: s.c.Renders / n, Tokens: s.c.Tokens / n, Seconds: s.c.Seconds / n}
	if s.moneyKnown == trials {
		m := s.money / n
		c.Money = &m
	}
	return peMax, pe10, c
}

// WriteReport reads a bench folder's manifest and results and writes its reports: report.md,
// results.csv, results.json and the plots.
func WriteReport(dir string) (*Report, error) {
	m, err := ReadManifest(dir)
	if err != nil {
		return nil, err
	}
	results, missing, err := ReadResults(dir, m)
	if err != nil {
		return nil, err
	}
	rep := Summarize(m, results, missing)
	return rep, rep.Write(dir)
}

// Write writes the report's files into dir.
func (rep *Report) Write(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	if err := writeFile(filepath.Join(dir, "report.md"), []byte(rep.Markdown())); err != nil {
		return err
	}
	csv, err := rep.CSV()
	if err != nil {
		return err
	}
	if err := writeFile(filepath.Join(dir, "results.csv"), csv); err != nil {
		return err
	}
	if err := writeJSON(filepath.Join(dir, "results.json"), rep.jsonReport()); err != nil {
		return err
	}
	return rep.WritePlots(dir)
}

// jsonReport is results.json: the bench, every trial's result with its rounds, the table, the
// suite's unrunnable tasks and the trials without a result.
func (rep *Report) jsonReport() any {
	m := rep.Manifest
	missing := rep.Missing
	if missing == nil {
		missing = []Trial{}
	}
	return map[string]any{"suite": m.Suite.Name, "suite_ref": m.SuiteRef, "modes": m.Modes, "seeds": m.Seeds, "config": m.Config,
		"backends": m.Backends, "settings": m.Settings, "render": m.Render, "bodies": bodyDescriptions(m),
		"table": rep.Rows, "trials": rep.Results, "unrunnable": m.Suite.Unrunnable, "missing": missing}
}

// bodyDescriptions maps each body of the bench to what its penetration is measured on.
func bodyDescriptions(m *Manifest) map[string]string {
	out := map[string]string{}
	for _, name := range m.BodyNames() {
		out[name] = describeBody(name, m.Settings.SMPLX)
	}
	return out
}

// describeBody says what the body called name is (eval's description, with the model file of the
// smplx body), or the name alone when the body cannot be made.
func describeBody(name, smplxPath string) string {
	b, err := eval.OpenBody(name, smplxPath)
	if err != nil {
		return name
	}
	return b.Description()
}

// rowName names a row in the tables: its mode, with its body when the bench ran several.
func (rep *Report) rowName(row ModeRow) string {
	if len(rep.Manifest.BodyNames()) == 1 {
		return string(row.Mode)
	}
	return fmt.Sprintf("%s (%s)", row.Mode, row.Body)
}

// firstBody returns the report of the trials on the bench's first body: rep itself when it ran
// one body.
func (rep *Report) firstBody() *Report {
	bodies := rep.Manifest.BodyNames()
	if len(bodies) == 1 {
		return rep
	}
	out := &Report{Manifest: rep.Manifest, Missing: rep.Missing}
	for _, row := range rep.Rows {
		if row.Body == bodies[0] {
			out.Rows = append(out.Rows, row)
		}
	}
	for _, r := range rep.Results {
		if r.BodyName() == bodies[0] {
			out.Results = append(out.Results, r)
		}
	}
	return out
}
