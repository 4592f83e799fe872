package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"interactagent/task"
)

// twoTaskSuite writes a suite file of two quick built-in tasks.
func twoTaskSuite(t *testing.T, dir string) string {
	t.Helper()
	all, err := task.BuiltinSuite("builtin")
	if err != nil {
		t.Fatal(err)
	}
	s := task.Suite{Name: "two"}
	for _, task := range all.Tasks {
		if slices.Contains([]string{"living_room-01", "living_room-03"}, task.ID) {
			s.Tasks = append(s.Tasks, task)
		}
	}
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "two.json")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestBenchFlagErrors(t *testing.T) {
	t.Setenv("INTERACTAGENT_SMPLX", "")
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	tests := []struct {
		args []string
		want []string
	}{
		{[]string{"bench", "--modes", "naive,quick", "--out", out}, []string{"--modes", `"quick"`, "naive, online, offline or full"}},
		{[]string{"bench", "--modes", "naive,naive", "--out", out}, []string{"at most once"}},
		{[]string{"bench", "--body", "human,mannequin", "--out", out}, []string{"--body", `"mannequin"`, "human", "proxy", "smplx"}},
		{[]string{"bench", "--body", "human,smplx", "--out", out}, []string{"--body smplx", "smpl-x.is.tue.mpg.de", "--smplx FILE"}},
		{[]string{"bench", "--body", "proxy,proxy", "--out", out}, []string{"bodies", "at most once"}},
		{[]string{"bench", "--shard", "3/2", "--out", out}, []string{"--shard", "3/2", "0 ≤ i < n"}},
		{[]string{"bench", "--shard", "half", "--out", out}, []string{"want i/n"}},
		{[]string{"bench", "--shards", "4", "--out", out}, []string{"JOB_COMPLETION_INDEX"}},
		{[]string{"bench", "--suite", "nonesuch", "--out", out}, []string{"--suite", `"nonesuch"`, "builtin"}},
		{[]string{"bench", "--seeds", "0", "--out", out}, []string{"0 seeds"}},
		{[]string{"bench", "--workers", "0", "--out", out}, []string{"--workers 0"}},
		{[]string{"bench", "--profile", "perfect", "--out", out}, []string{"ideal or motionllm"}},
		{[]string{"bench", "--feedback", "loud", "--out", out}, []string{"--feedback"}},
		{[]string{"bench", "extra"}, []string{"want 0 argument(s)"}},
		{[]string{"bench", "merge", "--out", out}, []string{"bench merge", "--out DIR"}},
		{[]string{"bench", "merge", dir}, []string{"bench merge"}},
	}
	for _, tc := range tests {
		checkRun(t, tc.args, 2, tc.want)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a refused command line left an output folder")
	}
}

// TestBenchCommand runs a two-task bench, resumes it (nothing to do), merges it, and refuses to
// resume it as another bench.
func TestBenchCommand(t *testing.T) {
	dir := t.TempDir()
	suite := twoTaskSuite(t, dir)
	out := filepath.Join(dir, "b")
	text := checkRun(t, []string{"bench", "--suite", suite, "--modes", "naive", "--workers", "2", "--out", out}, 0,
		[]string{"| naive |", "[2/2]", "report.md"})
	if strings.Contains(text, "\x1b[") {
		t.Error("progress bars drawn on a writer that is not a terminal")
	}
	for _, f := range []string{"bench.json", "report.md", "results.csv", "results.json", "sr_by_mode.png", "penetration.png", "vqus.png",
		"results/living_room-01-naive-s0-human.json", "trials/living_room-03-naive-s0-human/summary.json"} {
		if st, err := os.Stat(filepath.Join(out, f)); err != nil || st.Size() == 0 {
			t.Errorf("bench folder lacks %s: %v", f, err)
		}
	}
	checkRun(t, []string{"bench", "--resume", "--out", out}, 0, []string{"| naive |", "2 trial(s) with a result"})
	checkRun(t, []string{"bench", "--suite", suite, "--modes", "naive", "--out", out}, 1, []string{"already holds a bench", "--resume"})
	checkRun(t, []string{"bench", "--suite", suite, "--modes", "online", "--resume", "--out", out}, 1, []string{"another bench", "modes"})
	merged := filepath.Join(dir, "m")
	checkRun(t, []string{"bench", "merge", out, "--out", merged}, 0, []string{"2 trial(s) from 1 folder(s), 0 missing"})
	a, _ := os.ReadFile(filepath.Join(out, "results.csv"))
	b, _ := os.ReadFile(filepath.Join(merged, "results.csv"))
	if string(a) != string(b) || len(a) == 0 {
		t.Errorf("merged results.csv differs from the bench's:\n%s\n%s", a, b)
	}
}
