package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"

	"interactagent/agent"
)

// demoRun is the arguments of a quick demo run (no images: the built-in reasoner reads geometry).
func demoRun(seed int, out string) []string {
	return []string{"run", "--scene", "living_room", "--task", "sit on the armchair, then walk to the bookshelf and touch it with your right hand",
		"--seed", fmt.Sprint(seed), "--no-render", "--out", out}
}

// comparable reads a summary without what differs between processes (time, this process's calls).
func comparable(t *testing.T, dir string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s map[string]any
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	costs := s["costs"].(map[string]any)
	for _, k := range []string{"time_ns", "executor_calls_this_process", "faults_this_process"} {
		delete(costs, k)
	}
	return s
}

// modelCalls counts the trace's model replies that were not read from a cache, and all of them.
func modelCalls(t *testing.T, dir string) (fresh, all int) {
	t.Helper()
	events, err := agent.ReadTrace(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range events {
		if e.Role != "" && e.Kind != agent.KindFault {
			all++
			if !e.Cached {
				fresh++
			}
		}
	}
	return fresh, all
}

// TestKilledRunsResumeToTheSameResult kills runs with SIGKILL at random moments, resumes each, and
// checks that it finishes with the summary of its uninterrupted twin and that no model call or
// execution was made twice.
func TestKilledRunsResumeToTheSameResult(t *testing.T) {
	if raceEnabled || testing.Short() {
		t.Skip("20 killed runs: not under the race detector or -short")
	}
	base := t.TempDir()
	const seeds = 4
	twins := map[int]string{}
	var shortest time.Duration
	for seed := 0; seed < seeds; seed++ {
		twins[seed] = filepath.Join(base, fmt.Sprintf("twin-%d", seed))
		cmd, _ := startCLI(t, demoRun(seed, twins[seed])...)
		began := time.Now()
		if err := cmd.Wait(); err != nil {
			t.Fatalf("twin %d: %v", seed, err)
		}
		if took := time.Since(began); shortest == 0 || took < shortest {
			shortest = took
		}
	}
	rng := rand.New(rand.NewPCG(7, 8))
	killedMidway := 0
	for i := 0; i < 20; i++ {
		seed := i % seeds
		dir := filepath.Join(base, fmt.Sprintf("run-%d", i))
		cmd, _ := startCLI(t, demoRun(seed, dir)...)
		time.Sleep(shortest * time.Duration(5+rng.IntN(85)) / 100) // somewhere in the run, scaled to how long one takes here
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		if _, err := os.Stat(filepath.Join(dir, "summary.json")); err != nil {
			killedMidway++
		}
		if _, err := os.Stat(filepath.Join(dir, "run.json")); err != nil {
			// Killed before it wrote anything: a fresh run is all a resume could be.
			if code, _, stderr := runCmd(demoRun(seed, dir)...); code != 0 {
				t.Fatal(stderr)
			}
		} else if code, out, stderr := runCmd("run", "--resume", dir, "--no-render"); code != 0 {
			t.Fatalf("run %d: resume failed: %s %s", i, out, stderr)
		}
		if got, want := comparable(t, dir), comparable(t, twins[seed]); !reflect.DeepEqual(got, want) {
			t.Errorf("run %d (seed %d): resumed summary differs from its twin's:\n got %v\nwant %v", i, seed, got, want)
		}
		fresh, all := modelCalls(t, dir)
		twinFresh, twinAll := modelCalls(t, twins[seed])
		if all != twinAll || fresh > twinFresh {
			t.Errorf("run %d: %d model replies (%d fresh), the twin %d (%d): a call was repeated or lost", i, all, fresh, twinAll, twinFresh)
		}
		if n, m := countFiles(t, filepath.Join(dir, "cache")), countFiles(t, filepath.Join(twins[seed], "cache")); n != m {
			t.Errorf("run %d: %d cached calls, the twin %d", i, n, m)
		}
	}
	if killedMidway < 10 {
		t.Fatalf("only %d of 20 runs were killed before they finished: the kills came too late", killedMidway)
	}
}

// countFiles counts the regular files under dir.
func countFiles(t *testing.T, dir string) int {
	n := 0
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && !strings.HasSuffix(p, ".tmp") {
			n++
		}
		return nil
	})
	return n
}
