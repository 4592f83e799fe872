package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// unihsiPlans is the folder of the shared UniHSI plan files, from this package.
const unihsiPlans = "../../../shared/testdata/unihsi/"

// needPlans skips a test when the shared plan files are not here.
func needPlans(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(unihsiPlans + "test.json"); err != nil {
		t.Skipf("shared UniHSI plans not here: %v", err)
	}
}

func TestTasksListsSuites(t *testing.T) {
	needPlans(t)
	checkRun(t, []string{"tasks"}, 0, []string{"ID", "COMPLEXITY", "living_room-01", "Walk to the bookshelf.", "builtin: 66 tasks (26 low, 20 mid, 20 high), 0 unrunnable"})
	checkRun(t, []string{"tasks", "builtin"}, 0, []string{"builtin: 66 tasks"})
	checkRun(t, []string{"tasks", unihsiPlans + "partnet_train_mid.json#0028"}, 0, []string{"partnet_train_mid-0028", "mid",
		"partnet_train_mid.json#0028", "Walk to the bed and sit on its edge", "1 tasks (0 low, 1 mid, 0 high), 0 unrunnable"})
	checkRun(t, []string{"tasks", unihsiPlans + "partnet_train_simple.json"}, 0, []string{"partnet_train_simple: 100 tasks (100 low, 0 mid, 0 high)"})
	checkRun(t, []string{"tasks", unihsiPlans + "scannet_example.json"}, 0, []string{"0 tasks", "1 unrunnable",
		"unrunnable scannet_example-0000 (scannet_example.json#0000): ScanNet plan scene0000_00: the scan's meshes are not available"})
}

func TestTasksErrors(t *testing.T) {
	needPlans(t)
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.json")
	if err := os.WriteFile(junk, []byte(`{"a": 1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	checkRun(t, []string{"tasks", "nope"}, 2, []string{`unknown suite "nope": no built-in suite of that name and no such file; want one of builtin`})
	checkRun(t, []string{"tasks", "a", "b"}, 2, []string{"want at most one suite"})
	checkRun(t, []string{"tasks", "--frob"}, 2, []string{"flag provided but not defined"})
	checkRun(t, []string{"tasks", junk}, 1, []string{"neither a suite", "UniHSI plans"})
	checkRun(t, []string{"tasks", unihsiPlans + "test.json#0042"}, 1, []string{`task: import`, `no plan "0042"`})
	checkRun(t, []string{"tasks", "--help"}, 0, []string{"usage: interactagent tasks [flags] [SUITE]"})
}

func TestImportWritesSuite(t *testing.T) {
	needPlans(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "suites", "hard.json")
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		t.Fatal(err)
	}
	checkRun(t, []string{"import", unihsiPlans + "partnet_train_hard.json", "--out", out}, 0,
		[]string{"→ " + out, "200 tasks (1 low, 75 mid, 124 high), 0 unrunnable"})
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"scene": "../`) || strings.Contains(string(data), `"scene": "/`) {
		t.Errorf("scenes should be relative to the suite's folder: %.400s", data)
	}
	// The written suite lists the same tasks, its scenes found from its folder, from any folder.
	listed := checkRun(t, []string{"tasks", out}, 0, []string{"partnet_train_hard: 200 tasks (1 low, 75 mid, 124 high), 0 unrunnable"})
	if !strings.Contains(listed, "partnet_train_hard.json#0199") {
		t.Errorf("listing: %.300s", listed)
	}
	// Several plan files join into one suite.
	train := filepath.Join(dir, "train.json")
	checkRun(t, []string{"import", unihsiPlans + "partnet_train_simple.json", unihsiPlans + "partnet_train_mid.json",
		unihsiPlans + "partnet_train_hard.json", "--name", "unihsi-train", "--out", train}, 0, []string{"500 tasks", "0 unrunnable"})
	checkRun(t, []string{"tasks", train}, 0, []string{"unihsi-train: 500 tasks (104 low, 272 mid, 124 high)"})
	one := filepath.Join(dir, "one.json")
	checkRun(t, []string{"import", "--out", one, unihsiPlans + "scannet_example.json"}, 0, []string{"0 tasks", "1 unrunnable", "ScanNet plan scene0000_00"})
	checkRun(t, []string{"tasks", one}, 0, []string{"1 unrunnable"})
}

func TestImportErrors(t *testing.T) {
	needPlans(t)
	dir := t.TempDir()
	plans := unihsiPlans + "test.json"
	checkRun(t, []string{"import", plans}, 2, []string{"want --out SUITE.json"})
	checkRun(t, []string{"import", "--out", filepath.Join(dir, "x.json")}, 2, []string{"want at least one plan file"})
	checkRun(t, []string{"import", plans, plans, "--out", filepath.Join(dir, "x.json")}, 1, []string{"comes from both", "different suites"})
	checkRun(t, []string{"import", plans, "--out", filepath.Join(dir, "x.txt")}, 2, []string{"want a .json file name"})
	checkRun(t, []string{"import", filepath.Join(dir, "none.json"), "--out", filepath.Join(dir, "x.json")}, 1, []string{"task: import UniHSI plans", "no such file"})
	checkRun(t, []string{"import", plans, "--out", filepath.Join(dir, "no", "x.json")}, 1, []string{"no such file"})
	checkRun(t, []string{"import", "--help"}, 0, []string{"usage: interactagent import [flags] PLANS.json[#ID]... --out SUITE.json", "-out"})
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("failed imports left files: %v", entries)
	}
}
