package bench

import (
	"fmt"
	"image/color"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"interactagent/task"
)

// writeJudging writes report.md's "## Judging" section: per mode, the stop check against the
// evaluator, online observation against what the steps did, improvement and stopping; the
// false-pass rate by complexity; success and penetration per round; the definitions.
func (rep *Report) writeJudging(b *strings.Builder) {
	b.WriteString("## Judging\n\nThe run's own judgements against the evaluator's (released rule), computed from the trace " +
		"after the run; no model role sees them or the goals.\n\n")
	b.WriteString("| mode | judged | false-pass (output) | check precision | check recall | TP/FP/TN/FN | " +
		"false continue | false correction | attributed / observations | regressed | best agrees | wasted rounds | short |\n|---|" +
		strings.Repeat("---:|", 12) + "\n")
	for _, row := range rep.Rows {
		s := row.Judging
		if s == nil || s.Trials == 0 {
			fmt.Fprintf(b, "| %s | 0 |%s\n", rep.rowName(row), strings.Repeat(" — |", 11))
			continue
		}
		fmt.Fprintf(b, "| %s | %d | %s | %s | %s | %d/%d/%d/%d | %s | %s | %d / %d | %s | %s | %s | %s |\n",
			rep.rowName(row), s.Trials, share(s.OutputFalsePass, s.OutputChecked), frac(s.Precision()), frac(s.Recall()),
			s.TruePass, s.FalsePass, s.TrueFail, s.FalseFail,
			share(s.ContinueFailed, s.ContinueFailed+s.CorrectFailed), share(s.CorrectMet, s.CorrectMet+s.ContinueMet),
			s.Observations-s.Unattributed, s.Observations, share(s.Regressed, s.Trials), share(s.BestAgree, s.Trials),
			meanOf(s.Wasted, s.Succeeded), share(s.Short, s.Trials))
	}
	b.WriteString("\n" + judgingNotes + "\n\n")
	rep.falsePassByComplexity(b)
	rep.roundTable(b)
}

// falsePassByComplexity writes the false-pass rate of output rounds per mode and complexity.
func (rep *Report) falsePassByComplexity(b *strings.Builder) {
	b.WriteString("False-pass rate of the output round by complexity (false passes / checked output rounds):\n\n| mode |")
	for _, c := range task.Complexities() {
		fmt.Fprintf(b, " %s |", c)
	}
	b.WriteString("\n|---|" + strings.Repeat("---:|", len(task.Complexities())) + "\n")
	for _, row := range rep.Rows {
		fmt.Fprintf(b, "| %s |", rep.rowName(row))
		for _, c := range task.Complexities() {
			s := row.JudgingBy[c]
			if s == nil {
				b.WriteString(" — |")
				continue
			}
			fmt.Fprintf(b, " %s |", share(s.OutputFalsePass, s.OutputChecked))
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
}

// roundTable writes success (released) and mean pe_max per round, per mode.
func (rep *Report) roundTable(b *strings.Builder) {
	n := 0
	for _, row := range rep.Rows {
		if row.Judging != nil {
			n = max(n, len(row.Judging.ByRound))
		}
	}
	if n == 0 {
		return
	}
	b.WriteString("Success (released) and mean pe_max per round, over the trials that ran the round:\n\n| mode |")
	for r := 1; r <= n; r++ {
		fmt.Fprintf(b, " round %d |", r)
	}
	b.WriteString("\n|---|" + strings.Repeat("---:|", n) + "\n")
	for _, row := range rep.Rows {
		fmt.Fprintf(b, "| %s |", rep.rowName(row))
		for r := 0; r < n; r++ {
			if row.Judging == nil || r >= len(row.Judging.ByRound) {
				b.WriteString(" — |")
				continue
			}
			rs := row.Judging.ByRound[r]
			fmt.Fprintf(b, " %s, %s (%d) |", share(rs.Success, rs.Trials), number(rs.PeMax), rs.Trials)
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
}

// judgingNotes define the judging table's columns.
const judgingNotes = "*judged*: trials whose result has judging metrics. *false-pass (output)*: of the trials whose " +
	"output round was stop-checked, the share where the check said Pass and the evaluator fails that round (the run " +
	"stopped on a failure). *check precision*: TP / (TP + FP) over every checked round (TP: Pass on a round that " +
	"succeeds; FP: Pass on one that fails; TN: Fail on one that fails; FN: Fail on one that succeeds); *recall*: " +
	"TP / (TP + FN). Steps are judged on the round's motion: a step *meets* its goal when the task's chain, followed " +
	"in order, fulfils one more link within the step's frames; it *breaks* it when the chain was complete and the " +
	"step undoes the last link's pairs (they held at the frame before it, not at its last frame); it *misses* it when " +
	"it is the last step of a round whose chain is incomplete and it fulfilled nothing. Other steps have no goal the " +
	"trace can tell, and attempts whose action is not the accepted one (their motion is not kept) are unattributed. " +
	"*false continue*: continue decisions among the attributed decisions on steps that broke or missed their goal; " +
	"*false correction*: redo/replan among those on steps that met it. *regressed*: trials where a round that " +
	"succeeds is followed by one that fails. *best agrees*: trials whose best round by the run's own metrics (check, " +
	"then penetration) is the evaluator's best (success released, then strict, then pe_max, pe10%). *wasted rounds*: " +
	"rounds run after the first successful round, mean over trials with one. *short*: trials of a reflecting mode " +
	"that output a failing round before N_max. \"—\": nothing to count."

// share formats n of total as a percentage with the counts, "—" for no total.
func share(n, total int) string {
	if total == 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f %% (%d/%d)", 100*float64(n)/float64(total), n, total)
}

// frac formats a ratio in [0, 1], "—" when undefined.
func frac(v float64, ok bool) string {
	if !ok {
		return "—"
	}
	return fmt.Sprintf("%.3f", v)
}

// meanOf formats n / total with two decimals, "—" for no total.
func meanOf(n, total int) string {
	if total == 0 {
		return "—"
	}
	return fmt.Sprintf("%.2f", float64(n)/float64(total))
}

// judgingCSV is the judging columns of a trial's row, empty when its result has none.
func judgingCSV(j *Judging) []string {
	if j == nil {
		return make([]string, len(judgingHeader))
	}
	it, bt := strconv.Itoa, strconv.FormatBool
	out := ""
	if j.OutputChecked {
		out = bt(j.OutputFalsePass)
	}
	return []string{it(j.Checked), it(j.TruePass), it(j.FalsePass), it(j.TrueFail), it(j.FalseFail), out,
		it(j.Observations), it(j.Unattributed), it(j.StepsMet), it(j.StepsBroke), it(j.StepsMissed),
		it(j.ContinueMet), it(j.CorrectMet), it(j.ContinueFailed), it(j.CorrectFailed),
		bt(j.Regressed), it(j.EvalBest), it(j.RunBest), it(j.FirstSuccess), it(j.Wasted), bt(j.Short)}
}

// judgingHeader names the judging columns, which follow "seconds" in results.csv.
var judgingHeader = []string{"checked_rounds", "true_pass", "false_pass", "true_fail", "false_fail", "output_false_pass",
	"observations", "unattributed", "steps_met", "steps_broke", "steps_missed",
	"continue_on_met", "correct_on_met", "continue_on_failed", "correct_on_failed",
	"regressed", "eval_best_round", "run_best_round", "first_success_round", "wasted_rounds", "short"}

// undefinedBar is the height of the bar of a rate a mode does not have (naive makes no stop check,
// offline no observation): too low to see, and labelled "n/a" rather than a 0 it is not.
const undefinedBar = 1e-9

// barValue is a rate in percent as a bar's height, undefinedBar where it is undefined.
func barValue(v float64, ok bool) float64 {
	if !ok {
		return undefinedBar
	}
	return 100 * v
}

// judgingPlots draws, per mode, the false-pass rate of output rounds and the stop check's
// precision and recall (left), and the false continue and false correction rates (right).
func judgingPlots(rep *Report) (figure, error) {
	left := newPlot("stop check against the evaluator", "mode", "percent")
	right := newPlot("online observation against the steps", "mode", "percent")
	var modes []string
	var check, obs [3][]float64
	for _, row := range rep.Rows {
		s := row.Judging
		if s == nil {
			s = &JudgingSum{}
		}
		modes = append(modes, string(row.Mode))
		for i, f := range []func() (float64, bool){s.FalsePassRate, s.Precision, s.Recall} {
			check[i] = append(check[i], barValue(f()))
		}
		for i, f := range []func() (float64, bool){s.FalseContinueRate, s.FalseCorrectionRate} {
			obs[i] = append(obs[i], barValue(f()))
		}
	}
	label := func(v float64) string {
		if v == undefinedBar {
			return "n/a"
		}
		return fmt.Sprintf("%.0f", v)
	}
	colors := []color.Color{color.RGBA{214, 39, 40, 255}, color.RGBA{31, 119, 180, 255}, color.RGBA{44, 160, 44, 255}}
	if err := groupedBars(left, []string{"false-pass rate (output)", "precision of Pass", "recall of Pass"}, colors, check[:], barWidth(3, len(modes)), label); err != nil {
		return figure{}, err
	}
	if err := groupedBars(right, []string{"false continue", "false correction"}, colors[:2], obs[:2], barWidth(2, len(modes)), label); err != nil {
		return figure{}, err
	}
	for _, p := range []*plot.Plot{left, right} {
		p.NominalX(modes...)
		percentAxis(p)
	}
	return figure{[]*plot.Plot{left, right}, 2, 11 * vg.Inch, 4.5 * vg.Inch}, nil
}
