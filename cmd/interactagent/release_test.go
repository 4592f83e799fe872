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

// penetrationBody returns the body a summary's first round was measured on, as written since issue
// 22, and what it is.
func penetrationBody(sum map[string]any) (body, on string) {
	p := firstPenetration(sum)
	body, _ = p["body"].(string)
	on, _ = p["measured_on"].(string)
	return body, on
}

// penetrationBody1 returns the description of the body a summary written before issue 22 was
// measured on ("proxy" in its penetration).
func penetrationBody1(sum map[string]any) string {
	on, _ := firstPenetration(sum)["proxy"].(string)
	return on
}

// firstPenetration returns the penetration of a summary's first round.
func firstPenetration(sum map[string]any) map[string]any {
	rounds, _ := sum["rounds"].([]any)
	if len(rounds) == 0 {
		return nil
	}
	r, _ := rounds[0].(map[string]any)
	m, _ := r["metrics"].(map[string]any)
	p, _ := m["penetration"].(map[string]any)
	return p
}

// withoutBody returns a summary without what names the body it was measured on, which summaries
// name since issue 22 ("body", "penetration_measured_on", and in each round's penetration "body"
// and "measured_on") and named before only in each round's penetration ("proxy").
func withoutBody(sum map[string]any) map[string]any {
	delete(sum, "body")
	delete(sum, "penetration_measured_on")
	rounds, _ := sum["rounds"].([]any)
	for _, r := range rounds {
		m, _ := r.(map[string]any)["metrics"].(map[string]any)
		if p, ok := m["penetration"].(map[string]any); ok {
			delete(p, "body")
			delete(p, "measured_on")
			delete(p, "proxy")
		}
	}
	return sum
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
	got := comparable(t, run)
	if body, on := penetrationBody(got); body != "proxy" || on != penetrationBody1(want) {
		t.Errorf("the resumed release run is measured on %q (%q), want the proxy it was measured on (%q)", body, on, penetrationBody1(want))
	}
	if got, want := withoutBody(got), withoutBody(want); !reflect.DeepEqual(got, want) {
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
	got = resultWithoutTime(t, result)
	if _, ok := got["judging"]; !ok {
		t.Error("the resumed release trial was not judged (results from before issue 25 have no judging metrics; a resume adds them)")
	}
	delete(got, "judging")
	if !reflect.DeepEqual(got, want0) {
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
