package bench

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"interactagent/agent"
	"interactagent/task"
)

// smallManifest is a bench of three built-in tasks (two under the race detector, which slows
// runs tenfold) in naive and online mode with one seed, on the built-in backends with the
// motionllm profile.
func smallManifest(t *testing.T) *Manifest {
	t.Helper()
	all, err := task.BuiltinSuite("builtin")
	if err != nil {
		t.Fatal(err)
	}
	s := &task.Suite{Name: "small"}
	ids := []string{"living_room-01", "living_room-02", "living_room-03"}
	if raceEnabled {
		ids = ids[1:]
	}
	for _, task := range all.Tasks {
		if slices.Contains(ids, task.ID) {
			s.Tasks = append(s.Tasks, task)
		}
	}
	set := agent.DefaultSettings()
	lines, err := Describe(set)
	if err != nil {
		t.Fatal(err)
	}
	cfg := agent.Config{}.Defaults()
	cfg.Mode = ""
	m := &Manifest{SuiteRef: "small", Suite: s, Modes: []agent.Mode{agent.Naive, agent.Online}, Seeds: 1, Config: cfg,
		Settings: set, Backends: lines}
	return m
}

// options are a test bench's options.
func options(out string, shard Shard, workers int) Options {
	return Options{Out: out, Workers: workers, Shard: shard, NewEnv: Backends(agent.DefaultSettings())}
}

// comparable reads a bench folder's report.md and results.csv without wall times: the cost
// table's "wall s" column and the CSV's "seconds".
func comparable(t *testing.T, dir string) (md, csvText string) {
	t.Helper()
	mdData, err := os.ReadFile(filepath.Join(dir, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	csvData, err := os.ReadFile(filepath.Join(dir, "results.csv"))
	if err != nil {
		t.Fatal(err)
	}
	records, err := csv.NewReader(bytes.NewReader(csvData)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	seconds := slices.Index(csvHeader, "seconds")
	var rows []string
	for _, rec := range records {
		rows = append(rows, strings.Join(slices.Delete(rec, seconds, seconds+1), ","))
	}
	return dropColumn(string(mdData), "wall s"), strings.Join(rows, "\n")
}

// dropColumn removes the column named name from every Markdown table of text.
func dropColumn(text, name string) string {
	lines := strings.Split(text, "\n")
	col := -1
	for i, line := range lines {
		if !strings.HasPrefix(line, "|") {
			col = -1
			continue
		}
		cells := strings.Split(line, "|")
		if col < 0 {
			col = slices.IndexFunc(cells, func(c string) bool { return strings.TrimSpace(c) == name })
		}
		if col >= 0 && col < len(cells) {
			lines[i] = strings.Join(slices.Delete(cells, col, col+1), "|")
		}
	}
	return strings.Join(lines, "\n")
}

// TestShardsAndResumeGiveTheUnshardedReport: three shards merged, and a bench cancelled part way
// and resumed, write exactly the report and the CSV of one uninterrupted unsharded run (wall
// times aside), whatever the worker count.
func TestShardsAndResumeGiveTheUnshardedReport(t *testing.T) {
	base := t.TempDir()
	m := smallManifest(t)
	one := filepath.Join(base, "one")
	rep, err := Run(context.Background(), m, options(one, Shard{}, 2))
	if err != nil {
		t.Fatal(err)
	}
	n := 2 * len(m.Suite.Tasks)
	if len(rep.Results) != n || len(rep.Missing) != 0 {
		t.Fatalf("%d results, %d missing; want %d and 0", len(rep.Results), len(rep.Missing), n)
	}
	wantMD, wantCSV := comparable(t, one)
	for _, r := range rep.Results {
		dir := filepath.Join(one, "trials", r.Trial.Name())
		if _, err := os.Stat(filepath.Join(dir, "cache", "exec")); !os.IsNotExist(err) {
			t.Errorf("%s: a judged trial keeps its executions (%v)", r.Trial.Name(), err)
		}
		if s, err := agent.OpenSaved(dir); err != nil || len(s.Rounds) == 0 || s.Rounds[0].Motion == "" {
			t.Errorf("%s: the trial folder no longer opens with its motion: %v", r.Trial.Name(), err)
		}
	}

	var shards []string
	for i := range 3 {
		dir := filepath.Join(base, "shard", string(rune('0'+i)))
		part, err := Run(context.Background(), m, options(dir, Shard{i, 3}, 1))
		if err != nil {
			t.Fatal(err)
		}
		if got := len(part.Results); got != len(Shard{i, 3}.Take(m.Trials())) || got+len(part.Missing) != n || got == 0 {
			t.Errorf("shard %d/3: %d results, %d missing of %d", i, got, len(part.Missing), n)
		}
		shards = append(shards, dir)
		if held, err := ReadManifest(dir); err != nil || held.Shard == nil || *held.Shard != (Shard{i, 3}) {
			t.Errorf("shard %d/3's bench.json: %v (%v), want it to record shard %d/3", i, held, err, i)
		}
	}
	checkShardRetries(t, m, shards[1])
	merged := filepath.Join(base, "merged")
	if _, err := Merge(shards, merged); err != nil {
		t.Fatal(err)
	}
	if held, err := ReadManifest(merged); err != nil || held.Shard == nil || *held.Shard != (Shard{0, 1}) {
		t.Errorf("the merged bench.json: %v (%v), want it to record shard 0/1", held, err)
	}
	md, csv := comparable(t, merged)
	if md != wantMD || csv != wantCSV {
		t.Errorf("merged shards differ from the unsharded run:\n%s\n%s\nwant\n%s\n%s", md, csv, wantMD, wantCSV)
	}

	resumed := filepath.Join(base, "resumed")
	ctx, cancel := context.WithCancel(context.Background())
	o := options(resumed, Shard{}, 2)
	o.Progress = cancelAtFirstTrial(cancel)
	if _, err := Run(ctx, m, o); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled bench: %v, want context.Canceled", err)
	}
	found, _, err := ReadResults(resumed, m)
	if err != nil || len(found) >= n {
		t.Fatalf("the cancelled bench left %d results (%v): it was not stopped part way", len(found), err)
	}
	if _, err := os.Stat(filepath.Join(resumed, "report.md")); err == nil {
		t.Error("a cancelled bench wrote a report")
	}
	t.Logf("cancelled with %d of %d results", len(found), n)
	o = options(resumed, Shard{}, 1)
	o.Resume = true
	if _, err := Run(context.Background(), m, o); err != nil {
		t.Fatal(err)
	}
	md, csv = comparable(t, resumed)
	if md != wantMD || csv != wantCSV {
		t.Errorf("the resumed bench differs from the uninterrupted one:\n%s\n%s\nwant\n%s\n%s", md, csv, wantMD, wantCSV)
	}
}

// checkShardRetries: shard 1/3's folder, dir, is continued by shard 1/3 (nothing left to run)
// but refused to any other shard, such as the 0/1 a Slurm retry of index 1 alone used to run as,
// which ran every trial into it; the refusal says which shard the folder holds and how to
// continue it, and adds no result.
func checkShardRetries(t *testing.T, m *Manifest, dir string) {
	t.Helper()
	before, _, err := ReadResults(dir, m)
	if err != nil {
		t.Fatal(err)
	}
	for _, other := range []Shard{{}, {0, 1}, {2, 3}, {1, 4}} {
		o := options(dir, other, 1)
		o.Resume = true
		_, err := Run(context.Background(), m, o)
		if err == nil || !strings.Contains(err.Error(), "holds shard 1/3 of its bench, not shard "+other.norm().String()) ||
			!strings.Contains(err.Error(), "--shard 1/3") {
			t.Errorf("resuming shard 1/3's folder as %v: %v, want a refusal naming shard 1/3 and --shard 1/3", other, err)
		}
	}
	if _, err := Run(context.Background(), m, options(dir, Shard{1, 3}, 1)); err == nil || !strings.Contains(err.Error(), "already holds a bench (shard 1/3)") {
		t.Errorf("a new run into shard 1/3's folder: %v, want a refusal naming the shard", err)
	}
	o := options(dir, Shard{1, 3}, 1)
	o.Resume = true
	rep, err := Run(context.Background(), m, o)
	if err != nil || len(rep.Results) != len(before) {
		t.Errorf("resuming shard 1/3 as itself: %v, %d results; want the %d it had", err, len(rep.Results), len(before))
	}
}

// cancelAtFirstTrial returns a progress function that cancels the bench when its first trial
// finishes.
func cancelAtFirstTrial(cancel context.CancelFunc) func(Progress) {
	return func(p Progress) {
		if p.Kind == ProgressTrial {
			cancel()
		}
	}
}

// TestFolderHoldsOneBench: a folder that holds a bench is not run over without --resume, nor
// resumed or merged with another bench.
func TestFolderHoldsOneBench(t *testing.T) {
	dir := t.TempDir()
	m := smallManifest(t)
	if err := WriteManifest(dir, m); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), m, options(dir, Shard{}, 1)); err == nil || !strings.Contains(err.Error(), "--resume") {
		t.Errorf("running over a bench folder: %v, want an error pointing to --resume", err)
	}
	other := *m
	other.Seeds = 2
	o := options(dir, Shard{}, 1)
	o.Resume = true
	if _, err := Run(context.Background(), &other, o); err == nil || !strings.Contains(err.Error(), "seeds differ") {
		t.Errorf("resuming another bench: %v, want an error naming the seeds", err)
	}
	dir2 := t.TempDir()
	if err := WriteManifest(dir2, &other); err != nil {
		t.Fatal(err)
	}
	if _, err := Merge([]string{dir, dir2}, t.TempDir()); err == nil || !strings.Contains(err.Error(), "different benches") {
		t.Errorf("merging two benches: %v", err)
	}
	if _, err := Merge([]string{t.TempDir()}, t.TempDir()); err == nil || !strings.Contains(err.Error(), "not a bench folder") {
		t.Errorf("merging a folder that is no bench: %v", err)
	}
	// A folder written before shards were recorded (its bench.json has none) takes any shard.
	held, err := ReadManifest(dir)
	if err != nil || held.Shard != nil {
		t.Fatalf("a manifest written without a shard reads back %v (%v)", held, err)
	}
	for _, s := range []Shard{{}, {1, 2}} {
		if err := held.holds(dir, s); err != nil {
			t.Errorf("a folder that records no shard refuses shard %v: %v", s, err)
		}
	}
	bad := options(dir, Shard{3, 2}, 1)
	bad.Resume = true
	if _, err := Run(context.Background(), m, bad); err == nil || !strings.HasPrefix(err.Error(), "bench: shard 3/2") {
		t.Errorf("shard 3/2: %v", err)
	}
}
