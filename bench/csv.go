package bench

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"strconv"
)

// csvHeader names results.csv's columns: the trial's, "seconds" (wall time), then the judging
// columns (judgingHeader), added after "seconds" so that readers of the older columns keep working;
// they are empty for a result written before judging was computed.
var csvHeader = append([]string{"task", "scene", "complexity", "mode", "seed", "body", "success_strict", "success_released",
	"failed_step_strict", "why_strict", "failed_step_released", "why_released", "rounds", "stopping_round",
	"pe_max", "pe10", "vqus", "executions", "renders", "tokens", "error", "seconds"}, judgingHeader...)

// CSV returns results.csv: one row per trial with a result, in the trials' order. The output
// round's outcome under each rule (failed step 0 means it succeeded), the rounds run and the
// round adaptive stopping stops at, the output round's penetration, the costs and the wall time.
func (rep *Report) CSV() ([]byte, error) {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write(csvHeader)
	for _, r := range rep.Results {
		w.Write(csvRow(r))
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return nil, fmt.Errorf("bench: results.csv: %w", err)
	}
	return b.Bytes(), nil
}

// csvRow is one trial's row.
func csvRow(r *Result) []string {
	row := []string{r.Task, r.Scene, string(r.Complexity), string(r.Mode), strconv.FormatUint(r.Seed, 10), r.BodyName()}
	f := r.FinalRound()
	if f == nil {
		f = &RoundOutcome{}
	}
	row = append(row, strconv.FormatBool(r.Success("strict")), strconv.FormatBool(r.Success("released")),
		strconv.Itoa(f.Strict.FailedStep), f.Strict.Why, strconv.Itoa(f.Released.FailedStep), f.Released.Why,
		strconv.Itoa(len(r.Rounds)), strconv.Itoa(r.Stop), float(f.PeMax), float(f.Pe10),
		strconv.Itoa(r.Costs.VQUs), strconv.Itoa(r.Costs.Executions), strconv.Itoa(r.Costs.Renders), strconv.Itoa(r.Costs.Tokens),
		r.Error, strconv.FormatFloat(r.Seconds, 'f', 3, 64))
	return append(row, judgingCSV(r.Judging)...)
}

// float formats a metric with enough digits to compare runs by.
func float(x float64) string { return strconv.FormatFloat(x, 'f', 4, 64) }
