package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBenchShardRetries: a Slurm retry of one index (sbatch --array=1: an array of one task,
// numbered 1) is refused without --shards and runs its own shard with it; --resume alone
// continues the shard the folder holds, and another shard is refused, told which one it holds.
func TestBenchShardRetries(t *testing.T) {
	dir := t.TempDir()
	suite := twoTaskSuite(t, dir)
	out := filepath.Join(dir, "shard-1")
	for k, v := range map[string]string{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "1", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "1"} {
		t.Setenv(k, v)
	}
	bench := []string{"bench", "--suite", suite, "--modes", "naive", "--workers", "1", "--resume", "--out", out}
	checkRun(t, bench, 2, []string{"want --shards N", "sbatch --array=1"})
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a refused shard left its folder: %v", err)
	}
	checkRun(t, append(bench, "--shards", "2"), 0, []string{"(shard 1/2,", "1 trial(s) with a result"})
	t.Setenv("SLURM_ARRAY_TASK_ID", "")
	checkRun(t, []string{"bench", "--resume", "--out", out}, 0, []string{"(shard 1/2,", "1 trial(s) with a result"})
	text := checkRun(t, []string{"bench", "--resume", "--shard", "0/2", "--out", out}, 1,
		[]string{"holds shard 1/2 of its bench, not shard 0/2", "--shard 1/2"})
	if strings.Contains(text, "continue with --resume") {
		t.Errorf("the refusal also says to continue with --resume, which it was:\n%s", text)
	}
	if results, err := os.ReadDir(filepath.Join(out, "results")); err != nil || len(results) != 1 {
		t.Errorf("shard 1/2's folder holds %d results (%v), want its 1 trial's", len(results), err)
	}
}
