package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// releaseFolders copies the folders an earlier release wrote (testdata/release-f5b1851) into a
// temporary folder, so that tests may change them.
func releaseFolders(t *testing.T) string {
	t.Helper()
	dst := t.TempDir()
	if err := os.CopyFS(dst, os.DirFS(filepath.Join("testdata", "release-f5b1851"))); err != nil {
		t.Fatal(err)
	}
	return dst
}

// resultWithoutTime reads a bench result without its wall time.
func resultWithoutTime(t *testing.T, path string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var r map[string]any
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	delete(r, "seconds")
	return r
}

// A run folder and a sharded bench written by an earlier release still open, export, resume (to
// the summary and results that release wrote) and merge.
func TestReleaseFoldersStillOpen(t *testing.T) {
	dir := releaseFolders(t)
	run := filepath.Join(dir, "run")
	want := comparable(t, run)
	checkRun(t, []string{"export", run, "--format", "json", "--out", filepath.Join(dir, "m.json")}, 0, nil)
	os.Remove(filepath.Join(run, "summary.json"))
	checkRun(t, []string{"run", "--resume", run}, 0, nil)
	if got := comparable(t, run); !reflect.DeepEqual(got, want) {
		t.Errorf("the resumed release run ends with another summary:\n%v\nwant\n%v", got, want)
	}

	shards := []string{filepath.Join(dir, "bench", "shard-0"), filepath.Join(dir, "bench", "shard-1")}
	merged := filepath.Join(dir, "merged")
	checkRun(t, []string{"bench", "merge", shards[0], shards[1], "--out", merged}, 0, []string{"2 trial(s) from 2 folder(s), 0 missing"})
	for _, name := range []string{"walk-bed-naive-s0.json", "walk-sofa-naive-s0.json"} {
		shard := shards[0]
		if strings.HasPrefix(name, "walk-sofa") {
			shard = shards[1]
		}
		if got, want := resultWithoutTime(t, filepath.Join(merged, "results", name)), resultWithoutTime(t, filepath.Join(shard, "results", name)); !reflect.DeepEqual(got, want) {
			t.Errorf("merged %s differs from the release's", name)
		}
	}
	result := filepath.Join(shards[0], "results", "walk-bed-naive-s0.json")
	want0 := resultWithoutTime(t, result)
	os.Remove(result)
	checkRun(t, []string{"bench", "--resume", "--out", shards[0]}, 0, nil)
	if got := resultWithoutTime(t, result); !reflect.DeepEqual(got, want0) {
		t.Errorf("the resumed release bench's result differs:\n%v\nwant\n%v", got, want0)
	}
}

// A resume whose trace was lost (deleted, or never synced) runs again over the folder's caches and
// images: its costs (VQUs, renders, requests, executions) are the uninterrupted run's, not
// counted twice. The issue reported 5 → 9 VQUs; this guards the counts of every mode.
func TestResumeWithoutItsTraceCountsCostsOnce(t *testing.T) {
	for _, mode := range []string{"naive", "online", "offline", "full"} {
		dir := filepath.Join(t.TempDir(), mode)
		checkRun(t, append(demoRun(5, dir), "--mode", mode), 0, nil)
		want := comparable(t, dir)["costs"]
		os.Remove(filepath.Join(dir, "trace.jsonl"))
		os.Remove(filepath.Join(dir, "summary.json"))
		checkRun(t, []string{"run", "--resume", dir}, 0, nil)
		if got := comparable(t, dir)["costs"]; !reflect.DeepEqual(got, want) {
			t.Errorf("%s: costs after a resume without the trace %v, want %v", mode, got, want)
		}
	}
}
