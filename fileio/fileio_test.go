package fileio

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// tempFiles lists the leftovers of atomic writes in dir.
func tempFiles(t *testing.T, dir string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, ".*.tmp"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestWriteAtomicReplaces(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.txt")
	for _, text := range []string{"first", "second"} {
		if err := WriteAtomic(p, func(w io.Writer) error { _, err := io.WriteString(w, text); return err }); err != nil {
			t.Fatal(err)
		}
		if b, _ := os.ReadFile(p); string(b) != text {
			t.Fatalf("file holds %q, want %q", b, text)
		}
	}
	st, err := os.Stat(p)
	if err != nil || st.Mode().Perm() != 0o644 {
		t.Fatalf("mode %v (%v), want 0644", st.Mode(), err)
	}
	if left := tempFiles(t, dir); len(left) != 0 {
		t.Fatalf("temporary files left: %v", left)
	}
}

func TestWriteAtomicFailureKeepsOldFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.txt")
	if err := os.WriteFile(p, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := WriteAtomic(p, func(w io.Writer) error {
		io.WriteString(w, "half")
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want the writer's own error", err)
	}
	if b, _ := os.ReadFile(p); string(b) != "old" {
		t.Fatalf("old file changed to %q", b)
	}
	if left := tempFiles(t, dir); len(left) != 0 {
		t.Fatalf("temporary files left: %v", left)
	}
}

func TestCreateRefusesFolders(t *testing.T) {
	dir := t.TempDir()
	for _, p := range []string{dir, dir + "/", filepath.Join(dir, "..")} {
		_, err := Create(p)
		if err == nil || !strings.Contains(err.Error(), "folder") {
			t.Errorf("Create(%q) = %v, want an error about a folder", p, err)
		}
	}
	if _, err := Create(filepath.Join(dir, "missing", "a.txt")); err == nil {
		t.Error("Create in a missing folder succeeded")
	}
}

func TestAbortAndHandOver(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "v.mp4")
	f, err := Create(p)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("partial")
	f.Abort()
	f.Abort() // a second call does nothing
	if _, err := os.Stat(p); !os.IsNotExist(err) {
		t.Fatalf("aborted write created %s: %v", p, err)
	}
	f, err = Create(p)
	if err != nil {
		t.Fatal(err)
	}
	name := f.HandOver()
	if err := os.WriteFile(name, []byte("by another program"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "by another program" || f.Path() != p {
		t.Fatalf("handed-over file holds %q", b)
	}
	if left := tempFiles(t, dir); len(left) != 0 {
		t.Fatalf("temporary files left: %v", left)
	}
}

func TestReadFileLimit(t *testing.T) {
	fsys := fstest.MapFS{"small": {Data: []byte("12345")}, "big": {Data: make([]byte, 100)}}
	if b, err := ReadFile(fsys, "small", 5); err != nil || string(b) != "12345" {
		t.Fatalf("ReadFile(small) = %q, %v", b, err)
	}
	if _, err := ReadFile(fsys, "big", 99); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "big") {
		t.Fatalf("ReadFile(big) error %v, want ErrTooLarge naming the file", err)
	}
	if _, err := ReadFile(fsys, "nope", 10); err == nil {
		t.Fatal("ReadFile of a missing file succeeded")
	}
	// A reader whose size is unknown is cut after max+1 bytes.
	r := io.MultiReader(strings.NewReader("abc"), infinite{})
	if _, err := ReadAll(r, "stream", 1000); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("ReadAll of an endless stream: %v", err)
	}
}

// infinite is an endless reader of zero bytes.
type infinite struct{}

func (infinite) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestStaleTempFilesAreCleared plants leftovers of a dead process, of a live one and of another
// file, and checks that the next write of the path removes only the first.
func TestStaleTempFilesAreCleared(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "clip[1].json")
	dead := deadPID(t)
	plant := func(name string) string {
		full := filepath.Join(dir, name)
		if err := os.WriteFile(full, []byte("partial"), 0o600); err != nil {
			t.Fatal(err)
		}
		return full
	}
	stale := plant(tempPrefix("clip[1].json", dead) + "123456.tmp")
	live := plant(tempPrefix("clip[1].json", os.Getppid()) + "99.tmp")
	other := plant(tempPrefix("other.json", dead) + "5.tmp")
	odd := plant(".clip[1].json.notapid.5.tmp")
	if err := WriteAtomic(p, func(w io.Writer) error { _, err := io.WriteString(w, "x"); return err }); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("the dead process's leftover %s is still there", stale)
	}
	for _, keep := range []string{live, other, odd} {
		if _, err := os.Stat(keep); err != nil {
			t.Errorf("%s was removed: %v", keep, err)
		}
	}
}

// deadPID returns the id of a process that has exited.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skipf("cannot start a process to get a dead pid: %v", err)
	}
	return cmd.Process.Pid
}
