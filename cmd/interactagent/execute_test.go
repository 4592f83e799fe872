package main

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"interactagent/motion"
)

func TestExecuteWritesTheClipAndPrintsSegments(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "plan.json")
	code, stdout, stderr := runCmd("execute", "--actions",
		"1. A person walks forward 2 meters; 2. A person turns left 90 degrees and sits down; A person juggles",
		"--start", "1,2,90", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{"4 segments", "forward +2.00", "turned  +90.0°", "warning: not understood", "wrote " + out} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	c, err := motion.LoadClipJSON(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Segments) != 4 || c.FPS != 20 {
		t.Errorf("clip has %d segments at %v fps, want 4 at 20", len(c.Segments), c.FPS)
	}
	// Started at (1, 2) facing +X (90°): two metres forward is +X.
	walkEnd := c.Frames[c.Segments[0].End-1].Root()
	if math.Abs(walkEnd.X()-3) > 0.05 || math.Abs(walkEnd.Z()-2) > 0.05 {
		t.Errorf("walk ended at %v, want (3, 0, 2)", walkEnd)
	}
}

func TestExecuteWritesNPY(t *testing.T) {
	out := filepath.Join(t.TempDir(), "walk.npy")
	code, _, stderr := runCmd("execute", "--actions", "A person walks forward 1 meter", "--profile", "motionllm", "--seed", "4", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	c, _, err := motion.LoadMotion(out, 20)
	if err != nil {
		t.Fatal(err)
	}
	if c.Len()%4 != 1 {
		t.Errorf("motionllm clip has %d frames, want 4-frame tokens plus the start frame", c.Len())
	}
}

func TestExecuteRejectsBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"execute"},
		{"execute", "--actions", " ; ;"},
		{"execute", "--actions", "walks", "--profile", "gpt4"},
		{"execute", "--actions", "walks", "--start", "1,2"},
		{"execute", "--actions", "walks", "--start", "1,x,3"},
		{"execute", "--actions", "walks", "--start", "1,NaN,3"},
		{"execute", "--actions", "walks", "--out", "motion.bvh"},
		{"execute", "--actions", "walks", "extra"},
	} {
		if code, _, stderr := runCmd(args...); code != 2 || stderr == "" {
			t.Errorf("%q: exit %d, stderr %q; want a usage error (exit 2)", args, code, stderr)
		}
	}
}
