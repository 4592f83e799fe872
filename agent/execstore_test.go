package agent

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"interactagent/executor/kinematic"
	"interactagent/motion"
)

// execPair executes a prefix and the prefix with one action more, as the loop does.
func execPair(t testing.TB) (prefix, longer *motion.Clip) {
	t.Helper()
	ex := kinematic.New(kinematic.Options{Profile: kinematic.MotionLLM(), Seed: 3})
	acts := []string{"A person walks forward 1 meter", "A person turns left by 90 degrees", "A person sits down"}
	var err error
	if prefix, err = ex.Execute(context.Background(), motion.State{}, acts[:2]); err != nil {
		t.Fatal(err)
	}
	if longer, err = ex.Execute(context.Background(), motion.State{}, acts); err != nil {
		t.Fatal(err)
	}
	return prefix, longer
}

// sharedFrames counts the leading frames that a and b hold bit for bit.
func sharedFrames(a, b *motion.Clip) int {
	n := 0
	for n < min(a.Len(), b.Len()) && a.Frames[n] == b.Frames[n] {
		n++
	}
	return n
}

// TestExecStoreSharesFramesAndReadsBackExactly: an execution that repeats its prefix's frames
// stores only the new ones, and reads back bit for bit; without its parent it is a miss, not a
// wrong clip.
func TestExecStoreSharesFramesAndReadsBackExactly(t *testing.T) {
	dir := t.TempDir()
	prefix, longer := execPair(t)
	if err := writeExec(dir, "p", prefix, "", 0); err != nil {
		t.Fatal(err)
	}
	if err := writeExec(dir, "l", longer, "p", sharedFrames(longer, prefix)); err != nil {
		t.Fatal(err)
	}
	got, err := readExec(dir, "l")
	if err != nil {
		t.Fatal(err)
	}
	if got.Len() != longer.Len() || sharedFrames(got, longer) != longer.Len() || got.FPS != longer.FPS || len(got.Segments) != 3 {
		t.Fatalf("read back %d frames (%d equal), want %d exactly", got.Len(), sharedFrames(got, longer), longer.Len())
	}
	pi, _ := os.Stat(filepath.Join(dir, "p.exec"))
	li, _ := os.Stat(filepath.Join(dir, "l.exec"))
	if n := sharedFrames(longer, prefix); n < minShared || li.Size() > pi.Size()*(int64(longer.Len()-n)+20)/int64(prefix.Len()) {
		t.Errorf("%d shared frames; the longer execution takes %d bytes beside its prefix's %d: want only its new frames", n, li.Size(), pi.Size())
	}
	os.Remove(filepath.Join(dir, "p.exec"))
	if _, err := readExec(dir, "l"); err == nil {
		t.Fatal("an execution whose parent is gone was read")
	}
}

// TestExecStoreRefusesBrokenFiles: truncated frames, a bad header, a parent chain that loops and
// a header that claims too many frames are errors, never panics.
func TestExecStoreRefusesBrokenFiles(t *testing.T) {
	dir := t.TempDir()
	prefix, _ := execPair(t)
	if err := writeExec(dir, "p", prefix, "", 0); err != nil {
		t.Fatal(err)
	}
	whole, _ := os.ReadFile(filepath.Join(dir, "p.exec"))
	cases := map[string]string{
		"truncated": string(whole[:len(whole)-100]),
		"header":    "{\"fps\": \"twenty\"}\n",
		"noline":    strings.Repeat("x", 5000),
		"loop":      "{\"parent\":\"loop\",\"shared\":1,\"fps\":20,\"frames\":2,\"segments\":[]}\n",
		"huge":      "{\"fps\":20,\"frames\":100000000,\"segments\":[]}\n",
		"negative":  "{\"fps\":20,\"frames\":2,\"shared\":-1,\"segments\":[]}\n",
	}
	for name, body := range cases {
		os.WriteFile(filepath.Join(dir, name+".exec"), []byte(body), 0o644)
		if _, err := readExec(dir, name); err == nil {
			t.Errorf("%s: read without an error", name)
		}
	}
}

// FuzzReadExec: whatever a stored execution holds, reading it returns a clip or an error.
func FuzzReadExec(f *testing.F) {
	prefix, _ := execPair(f)
	dir := f.TempDir()
	writeExec(dir, "seed", prefix, "", 0)
	whole, _ := os.ReadFile(filepath.Join(dir, "seed.exec"))
	f.Add(whole[:300])
	f.Add([]byte("{\"fps\":20,\"frames\":1,\"segments\":[]}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		d := t.TempDir()
		os.WriteFile(filepath.Join(d, "x.exec"), data, 0o644)
		readExec(d, "x")
	})
}
