package bench

import (
	"bytes"
	"encoding/csv"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"interactagent/agent"
	"interactagent/eval"
	"interactagent/task"
	"interactagent/task/goal"
)

// handSuite is a suite of three tasks, one of each complexity, for hand-made results.
func handSuite() *task.Suite {
	walk := goal.Step{{Object: "sofa_1", Part: "none", Joint: "none", Contact: goal.Reach, Direction: "none"}}
	mk := func(id string, c task.Complexity, steps int) task.Task {
		t := task.Task{ID: id, Scene: "living_room", Instruction: "walk to the sofa", Complexity: c}
		for range steps {
			t.Steps = append(t.Steps, walk)
		}
		return t
	}
	return &task.Suite{Name: "hand", Tasks: []task.Task{mk("L", task.Low, 1), mk("M", task.Mid, 4), mk("H", task.High, 4)},
		Unrunnable: []task.Unrunnable{{ID: "U", Why: "no geometry for its bench"}}}
}

// round is a round's outcome: success under the released and the strict rule, pe_max and pe10%.
func round(released, strict bool, peMax, pe10 float64, pass bool, vqus int) RoundOutcome {
	o := RoundOutcome{PeMax: peMax, Pe10: pe10, VQUsThrough: vqus, Pass: &pass}
	o.Released = eval.Outcome{Rule: "released", Success: released}
	o.Strict = eval.Outcome{Rule: "strict", Success: strict}
	if !released {
		o.Released.FailedStep, o.Released.Why = 1, "too far: released"
	}
	if !strict {
		o.Strict.FailedStep, o.Strict.Why = 1, "too far: strict"
	}
	return o
}

// result makes a finished trial from its rounds; the last is the output.
func result(id string, c task.Complexity, mode agent.Mode, seed uint64, vqus int, rounds ...RoundOutcome) *Result {
	r := &Result{Trial: Trial{Task: id, Mode: mode, Seed: seed}, Scene: "living_room", Complexity: c, Final: len(rounds), Stop: len(rounds),
		Costs: Costs{VQUs: vqus, Requests: vqus, Executions: 2, Renders: 3, Tokens: 100}, Seconds: 1.5}
	for i, o := range rounds {
		o.Round = i + 1
		r.Rounds = append(r.Rounds, o)
		if o.Pass != nil && *o.Pass && r.FirstPass == 0 {
			r.FirstPass = i + 1
		}
	}
	if r.FirstPass > 0 {
		r.Stop = r.FirstPass
	}
	return r
}

// handReport is a report over hand-made results whose numbers are known.
func handReport() *Report {
	m := &Manifest{SuiteRef: "hand.json", Suite: handSuite(), Modes: []agent.Mode{agent.Naive, agent.Full}, Seeds: 2,
		Config: agent.Config{}.Defaults(), Backends: []string{"model: scripted", "executor: scripted"}}
	results := []*Result{
		result("L", task.Low, agent.Naive, 0, 2, round(true, true, 10, 1, false, 2)),
		result("L", task.Low, agent.Naive, 1, 2, round(true, false, 20, 2, false, 2)),
		result("M", task.Mid, agent.Naive, 0, 2, round(false, false, 30, 3, false, 2)),
		result("M", task.Mid, agent.Naive, 1, 2, round(true, false, 40, 4, false, 2)),
		{Trial: Trial{"H", agent.Naive, 0, ""}, Complexity: task.High, Scene: "living_room", Error: "agent: the model failed 8 times"},
		result("H", task.High, agent.Naive, 1, 2, round(false, false, 50, 5, false, 2)),
		result("L", task.Low, agent.Full, 0, 30, round(false, false, 9, 1, false, 10), round(false, false, 6, 1, false, 20), round(true, true, 3, 1, true, 30)),
		result("L", task.Low, agent.Full, 1, 10, round(true, true, 3, 1, true, 10)),
		result("M", task.Mid, agent.Full, 0, 20, round(false, false, 3, 1, false, 10), round(true, false, 3, 1, true, 20)),
		result("H", task.High, agent.Full, 0, 50, round(false, false, 3, 1, false, 10), round(false, false, 3, 1, false, 20),
			round(false, false, 3, 1, false, 30), round(false, false, 3, 1, false, 40), round(true, false, 3, 1, false, 50)),
	}
	// Shuffled, as workers finish: the report must not care.
	results[0], results[7], results[3] = results[7], results[3], results[0]
	missing := []Trial{{"M", agent.Full, 1, ""}, {"H", agent.Full, 1, ""}}
	return Summarize(m, results, missing)
}

// TestReportNumbers: hand-made results give the expected numbers in report.md and results.csv.
func TestReportNumbers(t *testing.T) {
	rep := handReport()
	md := rep.Markdown()
	for _, want := range []string{
		"| mode | released low | released mid | released high | strict low | strict mid | strict high | pe_max | pe10% |",
		// naive: released L 2/2, M 1/2, H 0/2 (the error is a failure); strict L 1/2; pe over the 5 with motion.
		"| naive | 100.0 | 50.0 | 0.0 | 50.0 | 0.0 | 0.0 | 30.0 | 3.00 |",
		// full: released L 2/2, M 1/1, H 1/1; strict L 2/2, M 0/1, H 0/1; pe of the output rounds.
		"| full | 100.0 | 100.0 | 100.0 | 100.0 | 0.0 | 0.0 | 3.00 | 1.00 |",
		"| naive | 6 | 0.83 | 1.7 | 1.7 | 1.7 | 2.5 | 83 | — | 1.25 |",
		"| full | 4 | 2.75 | 27.5 | 27.5 | 2.0 | 3.0 | 100 | — | 1.50 |",
		"3 tasks (1 low, 1 mid, 1 high complexity), 2 mode(s) (naive, full), 1 body (proxy), 2 seed(s): 12 trials, 10 with a result.",
		"- H-naive-s0: agent: the model failed 8 times", "- U: no geometry for its bench", "## Missing trials (2)",
		"model: scripted", "Penetration is measured on the proxy body, the " + eval.PenetrationProxy + ".", "![success rate by mode and complexity](sr_by_mode.png)", "sr_by_round.png",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("report.md lacks %q:\n%s", want, md)
		}
	}
	rows := readCSV(t, rep)
	if len(rows) != 11 || strings.Join(rows[0], ",") != strings.Join(csvHeader, ",") {
		t.Fatalf("results.csv: %d rows, header %v", len(rows), rows[0])
	}
	wantRows := map[int]string{
		1:  "L,living_room,low,naive,0,proxy,true,true,0,,0,,1,1,10.0000,1.0000,2,2,3,100,,1.500",
		3:  "L,living_room,low,full,0,proxy,true,true,0,,0,,3,3,3.0000,1.0000,30,2,3,100,,1.500",
		8:  "H,living_room,high,naive,0,proxy,false,false,0,,0,,0,0,0.0000,0.0000,0,0,0,0,agent: the model failed 8 times,0.000",
		10: "H,living_room,high,full,0,proxy,false,true,1,too far: strict,0,,5,5,3.0000,1.0000,50,2,3,100,,1.500",
	}
	for i, want := range wantRows {
		if got := strings.Join(rows[i][:slices.Index(csvHeader, "seconds")+1], ","); got != want {
			t.Errorf("results.csv row %d:\n got %s\nwant %s", i, got, want)
		}
	}
}

// TestSuccessAgainstRound: a run counts as it would have had it stopped at round r.
func TestSuccessAgainstRound(t *testing.T) {
	rep := handReport()
	full := map[int]int{}
	for _, r := range rep.Results {
		if r.Mode != agent.Full {
			continue
		}
		for n := 1; n <= 5; n++ {
			if r.SuccessAt("released", n) {
				full[n]++
			}
		}
	}
	// L s0 succeeds from round 3, L s1 from 1 (it stopped there), M from 2, H at 5.
	want := map[int]int{1: 1, 2: 2, 3: 3, 4: 3, 5: 4}
	for n, k := range want {
		if full[n] != k {
			t.Errorf("round %d: %d successes, want %d", n, full[n], k)
		}
	}
	if got := stopCounts(rep, agent.Full, 5); got[0] != 1 || got[1] != 1 || got[2] != 1 || got[5] != 1 {
		t.Errorf("stopping rounds %v: want one at 1, 2 and 3 and one that never passed", got)
	}
}

// TestPlotsWritten: every plot is a PNG of a readable size with more than one colour.
func TestPlotsWritten(t *testing.T) {
	dir := t.TempDir()
	rep := handReport()
	if err := rep.WritePlots(dir); err != nil {
		t.Fatal(err)
	}
	for _, p := range plotFiles {
		data, err := os.ReadFile(filepath.Join(dir, p.file))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", p.file, err)
		}
		b := img.Bounds()
		if b.Dx() < 600 || b.Dy() < 300 {
			t.Errorf("%s is %v: too small to read", p.file, b)
		}
		colours := map[[4]uint32]bool{}
		for y := b.Min.Y; y < b.Max.Y; y += 7 {
			for x := b.Min.X; x < b.Max.X; x += 7 {
				r, g, bl, a := img.At(x, y).RGBA()
				colours[[4]uint32{r, g, bl, a}] = true
			}
		}
		if len(colours) < 4 {
			t.Errorf("%s has %d colours: empty", p.file, len(colours))
		}
	}
}

// readCSV renders and parses results.csv.
func readCSV(t *testing.T, rep *Report) [][]string {
	t.Helper()
	data, err := rep.CSV()
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestReportRowPerBody: a bench run on both bodies has a row per mode and body, each over its own
// trials, says what each body's penetration is measured on, and draws its plots from the first
// body's trials.
func TestReportRowPerBody(t *testing.T) {
	m := &Manifest{SuiteRef: "hand.json", Suite: handSuite(), Modes: []agent.Mode{agent.Naive}, Bodies: []string{eval.BodyHuman, eval.BodyProxy},
		Seeds: 1, Config: agent.Config{}.Defaults()}
	on := func(r *Result, body string) *Result { r.Body = body; return r }
	results := []*Result{
		on(result("L", task.Low, agent.Naive, 0, 2, round(true, true, 12, 2, false, 2)), eval.BodyHuman),
		on(result("L", task.Low, agent.Naive, 0, 2, round(true, true, 4, 1, false, 2)), eval.BodyProxy),
	}
	rep := Summarize(m, results, nil)
	md := rep.Markdown()
	for _, want := range []string{
		"| naive (human) | 100.0 | — | — | 100.0 | — | — | 12.0 | 2.00 |", "| naive (proxy) | 100.0 | — | — | 100.0 | — | — | 4.00 | 1.00 |",
		"| naive (human) | 1 |", "| naive (proxy) | 1 |", "2 bodies (human, proxy)",
		"on the human body, the MakeHuman hm08", "on the proxy body, the capsule body proxy", "The plots show the trials on the human body.",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("report.md lacks %q:\n%s", want, md)
		}
	}
	if first := rep.firstBody(); len(first.Rows) != 1 || first.Rows[0].Body != eval.BodyHuman || len(first.Results) != 1 || first.Results[0].Body != eval.BodyHuman {
		t.Errorf("the plots' report: rows %+v, %d results; want the human body's", first.Rows, len(first.Results))
	}
	if got := (Trial{"lr-sit", agent.Full, 2, eval.BodyHuman}).Name(); got != "lr-sit-full-s2-human" {
		t.Errorf("a trial on the human body is named %q", got)
	}
	if n := len(m.Trials()); n != 6 {
		t.Errorf("%d trials, want 3 tasks × 1 mode × 2 bodies × 1 seed", n)
	}
	bad := *m
	bad.Bodies = []string{eval.BodyHuman, eval.BodyHuman}
	if err := bad.Check(); err == nil || !strings.Contains(err.Error(), "at most once") {
		t.Errorf("a body given twice: %v", err)
	}
}
