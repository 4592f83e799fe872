package bench

import (
	"fmt"
	"strings"

	"interactagent/task"
)

// Markdown returns report.md: the paper's Table 1 layout (a row per mode, and per body when the
// bench ran several; success under the released and the strict rule by complexity; pe_max and
// pe10%), the costs per mode, the counts, the backends and the plots. Nothing in it depends on the order trials ran in; wall times are
// in the costs' last column only.
func (rep *Report) Markdown() string {
	var b strings.Builder
	m := rep.Manifest
	fmt.Fprintf(&b, "# Bench: suite %s\n\n", m.Suite.Name)
	if d := m.Suite.Description; d != "" {
		b.WriteString(d + "\n\n")
	}
	rep.writeCounts(&b)
	rep.writeTable(&b)
	rep.writeCosts(&b)
	rep.writeJudging(&b)
	rep.writeBackends(&b)
	rep.writeProblems(&b)
	b.WriteString("## Plots\n\n")
	if bodies := m.BodyNames(); len(bodies) > 1 {
		fmt.Fprintf(&b, "The plots show the trials on the %s body.\n\n", bodies[0])
	}
	for _, p := range plotsOf(rep) {
		fmt.Fprintf(&b, "- %s: ![%s](%s)\n", p.title, p.title, p.file)
	}
	return b.String()
}

// writeCounts writes the suite's size and the trials.
func (rep *Report) writeCounts(b *strings.Builder) {
	m := rep.Manifest
	counts := m.Suite.Count()
	planned := len(m.Trials())
	fmt.Fprintf(b, "%d tasks (%d low, %d mid, %d high complexity), %d mode(s) (%s), %d bod%s (%s), %d seed(s): %d trials, %d with a result.\n\n",
		len(m.Suite.Tasks), counts[task.Low], counts[task.Mid], counts[task.High], len(m.Modes), joinModes(m),
		len(m.BodyNames()), map[bool]string{true: "y", false: "ies"}[len(m.BodyNames()) == 1], strings.Join(m.BodyNames(), ", "),
		m.Seeds, planned, len(rep.Results))
}

// Tables returns the success table and the cost table, without their notes, for a terminal.
func (rep *Report) Tables() string {
	var b strings.Builder
	rep.successTable(&b)
	b.WriteString("\n")
	rep.costTable(&b)
	return b.String()
}

// writeTable writes the paper's Table 1 layout and its notes.
func (rep *Report) writeTable(b *strings.Builder) {
	b.WriteString("## Success rate (%) and penetration\n\n")
	rep.successTable(b)
	b.WriteString("\n" + tableNotes + " " + rep.bodyNotes() + "\n\n")
}

// bodyNotes says what each body's penetration is measured on.
func (rep *Report) bodyNotes() string {
	var s []string
	for _, name := range rep.Manifest.BodyNames() {
		s = append(s, fmt.Sprintf("on the %s body, the %s", name, describeBody(name, rep.Manifest.Settings.SMPLX)))
	}
	return "Penetration is measured " + strings.Join(s, "; ") + "."
}

// successTable writes a row per mode: success by rule and complexity, pe_max and pe10%.
func (rep *Report) successTable(b *strings.Builder) {
	b.WriteString("| mode |")
	for _, rule := range Rules {
		for _, c := range task.Complexities() {
			fmt.Fprintf(b, " %s %s |", rule, c)
		}
	}
	b.WriteString(" pe_max | pe10% |\n|---|" + strings.Repeat("---:|", 2*len(task.Complexities())+2) + "\n")
	for _, row := range rep.Rows {
		fmt.Fprintf(b, "| %s |", rep.rowName(row))
		for _, rule := range Rules {
			for _, c := range task.Complexities() {
				fmt.Fprintf(b, " %s |", percent(row.Success[rule][c]))
			}
		}
		fmt.Fprintf(b, " %s | %s |\n", number(row.PeMax), number(row.Pe10))
	}
}

// tableNotes explain the success table's columns.
const tableNotes = "Success: the share of trials (tasks × seeds) whose output round fulfils every step of the " +
	"task in order. *released* is UniHSI's released evaluation (contact within 0.316 m, no contact from " +
	"0.224 m, walking steps within 0.316 m of a stand point, direction cosine ≥ 0.5; ScanNet tasks 0.447 / " +
	"0.316 m); *strict* is the paper's rule (contact within 0.1 m with direction cosine > 0.8, no contact " +
	"beyond 0.1 m, walking steps within 0.2 m). pe_max is the largest per-frame penetration sum of the output " +
	"round, pe10% the mean of its largest 10 % of frames (metres × SMPL-X vertices), both means over the " +
	"trials that produced motion."

// writeCosts writes the costs per trial of each mode and their notes.
func (rep *Report) writeCosts(b *strings.Builder) {
	b.WriteString("## Costs per trial (means)\n\n")
	rep.costTable(b)
	b.WriteString("\nVQUs count the images sent to the model (one request with K images counts K); motion " +
		"executions the distinct executions a run needed; renders the images drawn (blank stand-ins included). ")
	if rep.Manifest.Config.NoEarlyStop {
		b.WriteString("The bench ran every round (no early stop); *VQUs to adaptive stop* counts those up to the " +
			"first round whose check passed, which is what adaptive stopping would have spent. ")
	}
	b.WriteString("Wall seconds are this machine's and differ from run to run.\n\n")
}

// costTable writes a row per mode of mean costs per trial.
func (rep *Report) costTable(b *strings.Builder) {
	toStop := rep.Manifest.Config.NoEarlyStop
	b.WriteString("| mode | trials | rounds | VQUs |")
	if toStop {
		b.WriteString(" VQUs to adaptive stop |")
	}
	b.WriteString(" model requests | motion executions | renders | tokens | money ($) | wall s |\n|---|")
	b.WriteString(strings.Repeat("---:|", 9+boolInt(toStop)) + "\n")
	for _, row := range rep.Rows {
		c := row.Mean
		fmt.Fprintf(b, "| %s | %d | %.2f | %.1f |", rep.rowName(row), row.Trials, c.Rounds, c.VQUs)
		if toStop {
			fmt.Fprintf(b, " %.1f |", c.VQUsToStop)
		}
		fmt.Fprintf(b, " %.1f | %.1f | %.1f | %.0f | %s | %.2f |\n", c.Requests, c.Executions, c.Renders, c.Tokens, money(c.Money), c.Seconds)
	}
}

// writeBackends says which backends and settings ran.
func (rep *Report) writeBackends(b *strings.Builder) {
	m := rep.Manifest
	b.WriteString("## Backends and settings\n\n")
	for _, line := range m.Backends {
		fmt.Fprintf(b, "- %s\n", line)
	}
	images := "blank stand-in pictures (no renderer; the built-in reasoner reads geometry, not images)"
	if m.Render {
		images = "rendered by the OpenGL engine"
	}
	c := m.Config
	fmt.Fprintf(b, "- images shown to the model: %s\n", images)
	fmt.Fprintf(b, "- body (the people drawn, the penetration measured): %s\n", strings.Join(m.BodyNames(), ", "))
	fmt.Fprintf(b, "- agent: N_max %d, R_max %d, %s feedback, %s, threshold %g, %d memory image(s)\n",
		c.NMax, c.RMax, c.Feedback, map[bool]string{false: "adaptive early stop", true: "no early stop"}[c.NoEarlyStop], c.Threshold, c.MemoryImages)
	fmt.Fprintf(b, "- suite: %s (%s)\n\n", m.Suite.Name, m.SuiteRef)
}

// writeProblems lists trials that ended in an error, unrunnable tasks and missing trials.
func (rep *Report) writeProblems(b *strings.Builder) {
	var errs []string
	for _, r := range rep.Results {
		if r.Error != "" {
			errs = append(errs, fmt.Sprintf("- %s: %s", r.Trial.Name(), r.Error))
		}
	}
	if len(errs) > 0 {
		fmt.Fprintf(b, "## Trials that ended in an error (%d; counted as failures)\n\n%s\n\n", len(errs), strings.Join(errs, "\n"))
	}
	if u := rep.Manifest.Suite.Unrunnable; len(u) > 0 {
		fmt.Fprintf(b, "## Tasks of the suite that could not be run (%d)\n\n", len(u))
		for _, t := range u {
			fmt.Fprintf(b, "- %s: %s\n", t.ID, t.Why)
		}
		b.WriteString("\n")
	}
	if n := len(rep.Missing); n > 0 {
		fmt.Fprintf(b, "## Missing trials (%d)\n\n%d trials have no result yet: the bench was stopped, or this folder "+
			"holds one shard (merge the shards' folders with `interactagent bench merge`). The tables cover the trials "+
			"with a result only.\n\n", n, n)
	}
}

// joinModes lists the manifest's modes.
func joinModes(m *Manifest) string {
	var s []string
	for _, mode := range m.Modes {
		s = append(s, string(mode))
	}
	return strings.Join(s, ", ")
}

// percent formats a rate, "—" without trials.
func percent(r Rate) string {
	p, ok := r.Percent()
	if !ok {
		return "—"
	}
	return fmt.Sprintf("%.1f", p)
}

// number formats a penetration mean: one decimal from 10 on, two below.
func number(x float64) string {
	if x < 10 {
		return fmt.Sprintf("%.2f", x)
	}
	return fmt.Sprintf("%.1f", x)
}

// money formats a mean cost in dollars, "—" when unknown.
func money(m *float64) string {
	if m == nil {
		return "—"
	}
	return fmt.Sprintf("%.4f", *m)
}

// boolInt is 1 for true.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
