package bench

import (
	"path/filepath"
	"strings"
	"testing"

	"interactagent/agent"
	"interactagent/task"
)

// handFolder writes a bench folder of the hand-made suite, shard s, holding the results.
func handFolder(t *testing.T, s Shard, results ...*Result) string {
	t.Helper()
	dir := t.TempDir()
	m := &Manifest{SuiteRef: "hand.json", Suite: handSuite(), Modes: []agent.Mode{agent.Naive, agent.Full}, Seeds: 2,
		Config: agent.Config{}.Defaults(), Backends: []string{"model: scripted", "executor: scripted"}}
	if err := WriteManifest(dir, m.withShard(s)); err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		if err := writeResult(dir, r); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestMergeRefusesDifferingResults: a trial present in two folders is merged once when its
// results agree but for their wall times (and a failed one gives way to a finished one), and
// refused, naming the trial, both folders and their shards, when they differ.
func TestMergeRefusesDifferingResults(t *testing.T) {
	first := func() *Result { return result("L", task.Low, agent.Naive, 0, 2, round(true, true, 10, 1, false, 2)) }
	slower := first()
	slower.Seconds = 7
	failed := &Result{Trial: first().Trial, Scene: "living_room", Complexity: task.Low, Error: "agent: the model failed 8 times"}
	other := first()
	other.Rounds[0].PeMax = 11
	a := handFolder(t, Shard{0, 2}, first(), result("M", task.Mid, agent.Naive, 0, 2, round(false, false, 30, 3, false, 2)))
	same, retried, differs := handFolder(t, Shard{}, slower), handFolder(t, Shard{1, 2}, failed), handFolder(t, Shard{}, other)

	out := filepath.Join(t.TempDir(), "merged")
	rep, err := Merge([]string{a, same, retried}, out)
	if err != nil || len(rep.Results) != 2 {
		t.Fatalf("merging a trial found with equal results (and once failed): %v, %v; want its 2 trials", rep, err)
	}
	got, ok, err := readResult(out, first().Trial)
	if err != nil || !ok || got.Error != "" || got.Seconds != first().Seconds {
		t.Errorf("the merged trial: %+v (%v), want the first folder's", got, err)
	}
	if _, err := Merge([]string{retried, a}, t.TempDir()); err != nil {
		t.Errorf("a failed trial and its finished retry: %v", err)
	}

	_, err = Merge([]string{a, differs}, t.TempDir())
	for _, want := range []string{"bench: merge: trial L-naive-s0", a + " (shard 0/2)", differs + " (shard 0/1)", "rounds differ", "results/L-naive-s0.json"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("merging two different results of one trial: %v, want an error saying %q", err, want)
		}
	}
}
