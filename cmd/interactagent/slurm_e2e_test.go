package main

import (
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"interactagent/bench"
)

// TestSlurmArray runs the Slurm recipe of docs/bench-cluster.md on a one-node cluster on the
// loopback (scripts/slurm-e2e.sh submits scripts/bench.sbatch as an array of three shards with an
// afterok merge, two tasks fail, and they are retried as the doc says) and checks that each
// shard's folder holds its own shard's trials only, and that the merge holds the results of a
// single-machine bench of the same suite, wall times aside.
func TestSlurmArray(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("starts a Slurm cluster (once, without the race detector: the binary it runs is built without it)")
	}
	t.Setenv("PATH", os.Getenv("PATH")+string(os.PathListSeparator)+"/usr/sbin") // the daemons, for a user's PATH
	for _, tool := range []string{"mungekey", "munged", "slurmctld", "slurmd", "sbatch", "scontrol", "squeue", "sinfo", "scancel"} {
		if _, err := exec.LookPath(tool); err != nil {
			skipOrFail(t, tool+" is missing (scripts/deps.sh installs slurm-wlm and munge)")
		}
	}
	if os.Geteuid() != 0 {
		skipOrFail(t, "slurmd runs the jobs as root here: run the test as root")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	if out, err := exec.Command("go", "build", "-o", filepath.Join(bin, "interactagent"), ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	suite := twoTaskSuite(t, dir)
	one := filepath.Join(dir, "one")
	checkRun(t, []string{"bench", "--suite", suite, "--modes", "naive,online", "--workers", "2", "--out", one}, 0, nil)

	work := filepath.Join(dir, "slurm")
	start := time.Now()
	out, err := runSlurmE2E(bin, suite, work)
	if err != nil {
		t.Fatalf("scripts/slurm-e2e.sh: %v\n%s", err, out)
	}
	t.Logf("the Slurm recipe, from the daemons' start to the merge, took %.1f s:\n%s", time.Since(start).Seconds(), out)
	m, err := bench.ReadManifest(one)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		checkShardFolder(t, m, filepath.Join(work, "bench", "shard-"+strconv.Itoa(i)), bench.Shard{Index: i, Count: 3})
	}
	want := resultsOf(t, one, m)
	got := resultsOf(t, filepath.Join(work, "bench", "merged"), m)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the merged results differ from the single machine's (wall times aside):\n%v\nwant\n%v", got, want)
	}
}

// TestSlurmDocIsWhatTheTestRuns: docs/bench-cluster.md shows scripts/bench.sbatch verbatim, and
// each command of its Slurm section's other blocks is a line scripts/slurm-e2e.sh runs, but the
// three the test changes (the bench folder, the flags, the array's size).
func TestSlurmDocIsWhatTheTestRuns(t *testing.T) {
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join("..", "..", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	doc, sbatch, e2e := read("docs/bench-cluster.md"), read("scripts/bench.sbatch"), read("scripts/slurm-e2e.sh")
	if !strings.Contains(doc, "```sh\n"+sbatch+"```\n") {
		t.Error("docs/bench-cluster.md does not show scripts/bench.sbatch verbatim")
	}
	start, end := strings.Index(doc, "## Slurm"), strings.Index(doc, "## Merging by hand")
	if start < 0 || end < start {
		t.Fatal("docs/bench-cluster.md has no Slurm section before its merging section")
	}
	runs := map[string]bool{}
	for _, line := range strings.Split(e2e, "\n") {
		runs[strings.TrimSpace(line)] = true
	}
	changed := map[string]bool{"export BENCH_OUT=$HOME/bench/run1": true, "jid=$(sbatch --parsable bench.sbatch $flags)": true,
		`flags="--suite builtin --modes naive,online,offline,full --seeds 3"`: true}
	checked := 0
	for i, block := range strings.Split(doc[start:end], "```sh\n") {
		if i == 0 || strings.HasPrefix(block, "#!") {
			continue
		}
		block, _, _ = strings.Cut(block, "```")
		for _, line := range strings.Split(strings.TrimSpace(block), "\n") {
			if changed[line] {
				continue
			}
			checked++
			if !runs[line] {
				t.Errorf("docs/bench-cluster.md runs %q, which scripts/slurm-e2e.sh does not", line)
			}
		}
	}
	if checked < 7 {
		t.Errorf("checked %d of the doc's Slurm commands, want its submission and its retry", checked)
	}
}

// skipOrFail skips the test on a developer's machine and fails it under CI=true.
func skipOrFail(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatal(why)
	}
	t.Skip(why + "; set CI=true to fail instead")
}

// runSlurmE2E runs scripts/slurm-e2e.sh on two free ports, for three minutes at most (then it
// is sent SIGTERM, which stops its daemons).
func runSlurmE2E(bin, suite, work string) ([]byte, error) {
	ports := make([]string, 2)
	for i := range ports {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		ports[i] = strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
		l.Close()
	}
	script, err := filepath.Abs("../../scripts/slurm-e2e.sh")
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, script, bin, suite, work, ports[0], ports[1])
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = 30 * time.Second
	return cmd.CombinedOutput()
}

// checkShardFolder checks that a shard's folder records its shard and holds its trials only.
func checkShardFolder(t *testing.T, m *bench.Manifest, dir string, s bench.Shard) {
	t.Helper()
	held, err := bench.ReadManifest(dir)
	if err != nil || held.Shard == nil || *held.Shard != s {
		t.Errorf("%s: bench.json %v (%v), want shard %v", dir, held, err, s)
		return
	}
	found, _, err := bench.ReadResults(dir, m)
	var names []string
	for _, r := range found {
		names = append(names, r.Trial.Name())
	}
	var want []string
	for _, tr := range s.Take(m.Trials()) {
		want = append(want, tr.Name())
	}
	if err != nil || strings.Join(names, " ") != strings.Join(want, " ") {
		t.Errorf("%s holds the results of %v (%v), want shard %v's: %v", dir, names, err, s, want)
	}
}

// resultsOf reads a bench folder's results without their wall times, and checks none is missing.
func resultsOf(t *testing.T, dir string, m *bench.Manifest) []bench.Result {
	t.Helper()
	found, missing, err := bench.ReadResults(dir, m)
	if err != nil || len(missing) > 0 {
		t.Fatalf("%s: %v missing (%v)", dir, missing, err)
	}
	out := make([]bench.Result, len(found))
	for i, r := range found {
		out[i] = *r
		out[i].Seconds = 0
	}
	return out
}
