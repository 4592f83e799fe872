package bench

import (
	"slices"
	"strings"
	"testing"

	"interactagent/agent"
	"interactagent/task"
)

func TestParseShard(t *testing.T) {
	good := map[string]Shard{"0/1": {0, 1}, "2/3": {2, 3}, " 1 / 4 ": {1, 4}}
	for text, want := range good {
		if got, err := ParseShard(text); err != nil || got != want {
			t.Errorf("ParseShard(%q) = %v, %v; want %v", text, got, err, want)
		}
	}
	bad := map[string]string{"3/2": "0 ≤ i < n", "2/2": "0 ≤ i < n", "-1/2": "0 ≤ i < n", "1/0": "n ≥ 1", "1": "want i/n", "a/b": "want i/n", "": "want i/n"}
	for text, want := range bad {
		if _, err := ParseShard(text); err == nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), "bench:") {
			t.Errorf("ParseShard(%q): error %v, want one saying %q", text, err, want)
		}
	}
}

// TestShardsPartitionTrials: the shards of any count take every trial exactly once, and shard i
// takes every n-th trial from i.
func TestShardsPartitionTrials(t *testing.T) {
	s := &task.Suite{Name: "s"}
	for _, id := range []string{"a", "b", "c", "d", "e"} {
		s.Tasks = append(s.Tasks, task.Task{ID: id})
	}
	all := Trials(s, []agent.Mode{agent.Naive, agent.Full}, nil, 3)
	if len(all) != 30 || all[0] != (Trial{"a", agent.Naive, 0, ""}) || all[3] != (Trial{"a", agent.Full, 0, ""}) || all[29] != (Trial{"e", agent.Full, 2, ""}) {
		t.Fatalf("trial order: %v", all)
	}
	for n := 1; n <= 7; n++ {
		seen := map[Trial]int{}
		for i := 0; i < n; i++ {
			part := Shard{i, n}.Take(all)
			if len(part) > 0 && part[0] != all[i] {
				t.Errorf("shard %d/%d starts at %v, want %v", i, n, part[0], all[i])
			}
			for _, tr := range part {
				seen[tr]++
			}
		}
		if len(seen) != len(all) {
			t.Errorf("%d shards take %d distinct trials, want %d", n, len(seen), len(all))
		}
		for tr, k := range seen {
			if k != 1 {
				t.Errorf("%d shards: %v taken %d times", n, tr, k)
			}
		}
	}
	if got := (Shard{}).Take(all); !slices.Equal(got, all) {
		t.Error("the zero shard does not take every trial")
	}
}

func TestShardFromEnv(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	// slurm is the environment of a Slurm array's task: its index, the array's task count,
	// lowest and highest index.
	slurm := func(id, count, low, high string) func(string) string {
		return env("SLURM_ARRAY_TASK_ID", id, "SLURM_ARRAY_TASK_COUNT", count, "SLURM_ARRAY_TASK_MIN", low, "SLURM_ARRAY_TASK_MAX", high)
	}
	tests := []struct {
		name   string
		getenv func(string) string
		shards int
		want   Shard
		ok     bool
		err    string
	}{
		{"none", env(), 0, Shard{}, false, ""},
		{"kubernetes", env("JOB_COMPLETION_INDEX", "2"), 4, Shard{2, 4}, true, ""},
		{"kubernetes without --shards", env("JOB_COMPLETION_INDEX", "2"), 0, Shard{}, true, "--shards"},
		{"kubernetes index too big", env("JOB_COMPLETION_INDEX", "4"), 4, Shard{4, 4}, true, "0 ≤ i < n"},
		{"slurm array 0-2", slurm("1", "3", "0", "2"), 0, Shard{1, 3}, true, ""},
		{"slurm array 0-2 with --shards", slurm("2", "3", "0", "2"), 3, Shard{2, 3}, true, ""},
		// A retry of index 3 of an array 0-3 (sbatch --array=3) is an array of one task: its
		// count does not say the bench's, --shards does (it ran as shard 0/1, every trial).
		{"slurm retry --array=3 with --shards", slurm("3", "1", "3", "3"), 4, Shard{3, 4}, true, ""},
		{"slurm retry --array=3", slurm("3", "1", "3", "3"), 0, Shard{}, true, "want --shards N"},
		{"slurm retry --array=0", slurm("0", "1", "0", "0"), 0, Shard{}, true, "sbatch --array=0"},
		{"slurm retry --array=1-2", slurm("2", "2", "1", "2"), 0, Shard{}, true, "want --shards N"},
		{"slurm retry --array=1-2 with --shards", slurm("2", "2", "1", "2"), 4, Shard{2, 4}, true, ""},
		// An array from 1 has no index 0: with --shards its last task is no shard, without it
		// it cannot be told from a retry.
		{"slurm array 1-3", slurm("3", "3", "1", "3"), 0, Shard{}, true, "numbered 1 to 3"},
		{"slurm array 1-3 with --shards", slurm("3", "3", "1", "3"), 3, Shard{}, true, "no shard of --shards 3"},
		{"slurm array 0-6:2", slurm("2", "4", "0", "6"), 0, Shard{}, true, "want --shards N"},
		{"slurm index beyond --shards", slurm("4", "5", "0", "4"), 4, Shard{}, true, "sbatch --array=0-3"},
		{"slurm without MIN and MAX", env("SLURM_ARRAY_TASK_ID", "1", "SLURM_ARRAY_TASK_COUNT", "3"), 0, Shard{1, 3}, true, ""},
		{"slurm garbage", env("SLURM_ARRAY_TASK_ID", "x", "SLURM_ARRAY_TASK_COUNT", "3"), 0, Shard{}, true, "SLURM_ARRAY_TASK_ID=\"x\": want a number"},
		{"slurm garbage count", slurm("1", "three", "0", "2"), 3, Shard{}, true, "SLURM_ARRAY_TASK_COUNT"},
		{"kubernetes before slurm", env("JOB_COMPLETION_INDEX", "1", "SLURM_ARRAY_TASK_ID", "3"), 2, Shard{1, 2}, true, ""},
	}
	for _, tc := range tests {
		got, ok, err := ShardFromEnv(tc.getenv, tc.shards)
		if ok != tc.ok || (tc.err == "") != (err == nil) || err != nil && (!strings.Contains(err.Error(), tc.err) || !strings.HasPrefix(err.Error(), "bench: ")) {
			t.Errorf("%s: ok %v, error %v; want ok %v and an error saying %q", tc.name, ok, err, tc.ok, tc.err)
			continue
		}
		if err == nil && got != tc.want {
			t.Errorf("%s: shard %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestTrialNames(t *testing.T) {
	if got := (Trial{"living_room-01", agent.Online, 3, ""}).Name(); got != "living_room-01-online-s3" {
		t.Errorf("name %q", got)
	}
	a, b := safeName("plans.json#0003"), safeName("plans.json_0003")
	if a == b || strings.ContainsAny(a, "#/") || b != "plans.json_0003" {
		t.Errorf("unsafe ids: %q and %q", a, b)
	}
	for _, id := range []string{"../x", ".hidden", "a/b", ""} {
		if n := safeName(id); strings.ContainsAny(n, "/") || strings.HasPrefix(n, ".") || n == "" {
			t.Errorf("safeName(%q) = %q: not a plain file name", id, n)
		}
	}
}

func TestRunawayGuard(t *testing.T) {
	long := make([]string, MaxPlanSteps+1)
	if why := runaway(agent.Event{Kind: agent.KindPlan, Round: 1, Step: 0, Plan: long}, 10, MaxPlanSteps); !strings.Contains(why, "65 steps") {
		t.Errorf("a first plan of %d steps: %q", len(long), why)
	}
	if why := runaway(agent.Event{Kind: agent.KindPlan, Round: 1, Step: 1, Plan: long}, 10, MaxPlanSteps); !strings.Contains(why, "65 steps") {
		t.Errorf("a replan at step 1 whose rest has %d steps: %q", len(long), why)
	}
	if why := runaway(agent.Event{Kind: agent.KindPlan, Round: 1, Step: 40, Plan: long}, 10, PlanGrowth*30); why != "" {
		t.Errorf("a %d-step plan of a task whose first plan had 30 steps is no runaway: %q", len(long), why)
	}
	// hard-0198 of the UniHSI training plans: a collision at step 7 replans a detour around the bed,
	// 62 more steps after the 6 accepted, for a task whose first plan had 13 steps.
	detour := make([]string, 68)
	if why := runaway(agent.Event{Kind: agent.KindPlan, Round: 1, Step: 7, Plan: detour}, 30, MaxPlanSteps); why != "" {
		t.Errorf("a 62-step detour replanned at step 7 is no runaway: %q", why)
	}
	if why := runaway(agent.Event{Kind: agent.KindPlan, Round: 1, Step: 7, Plan: make([]string, 72)}, 30, MaxPlanSteps); !strings.Contains(why, "66 steps from step 7") {
		t.Errorf("a rest of 66 steps replanned at step 7: %q", why)
	}
	piled := make([]string, PlanGrowth*MaxPlanSteps+1)
	if why := runaway(agent.Event{Kind: agent.KindReflect, Round: 2, Step: PlanGrowth*MaxPlanSteps - 10, Plan: piled}, 30, MaxPlanSteps); !strings.Contains(why, "in all") {
		t.Errorf("a plan of %d steps in all: %q", len(piled), why)
	}
	if why := runaway(agent.Event{Kind: agent.KindExecute, Plan: piled}, 10, MaxPlanSteps); why != "" {
		t.Errorf("a long execution (the prefix) is no runaway plan: %q", why)
	}
	if why := runaway(agent.Event{Kind: agent.KindObserve}, MaxEvents+1, MaxPlanSteps); !strings.Contains(why, "events") {
		t.Errorf("too many events: %q", why)
	}
}
