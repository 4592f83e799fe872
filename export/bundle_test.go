package export

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A bundle leaves out cache/, secrets, links and temporary files, and unbundles to the run's other
// files, byte for byte.
func TestBundleRoundTrip(t *testing.T) {
	run := copyRun(t)
	for name, data := range map[string]string{"api.key": "sk-secret", ".env": "OPENAI_API_KEY=sk-x", "round-1/.motion.npy.123.abc.tmp": "half",
		"notes/.env.local": "TOKEN=1", "cache/extra": "big"} {
		os.MkdirAll(filepath.Dir(filepath.Join(run, name)), 0o755)
		if err := os.WriteFile(filepath.Join(run, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("/etc/passwd", filepath.Join(run, "link")); err != nil {
		t.Fatal(err)
	}
	zipPath := filepath.Join(t.TempDir(), "run.zip")
	res, err := Do(context.Background(), Request{Source: run, Out: zipPath})
	if err != nil {
		t.Fatal(err)
	}
	names := zipNames(t, zipPath)
	for _, bad := range []string{"api.key", ".env", "round-1/.motion.npy.123.abc.tmp", "notes/.env.local", "link"} {
		if slices.Contains(names, bad) {
			t.Errorf("the bundle holds %s", bad)
		}
	}
	for _, n := range names {
		if strings.HasPrefix(n, "cache/") {
			t.Errorf("the bundle holds %s from cache/", n)
		}
	}
	if !strings.Contains(strings.Join(res.Notes, " "), "cache/") {
		t.Errorf("notes %q do not say cache/ was left out", res.Notes)
	}
	dir := filepath.Join(t.TempDir(), "back")
	if err := Unbundle(zipPath, dir); err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		a, _ := os.ReadFile(filepath.Join(run, n))
		b, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("%s differs after the round trip (%v)", n, err)
		}
	}
	for _, must := range []string{"run.json", "trace.jsonl", "summary.json", "round-2/motion.npy"} {
		if !slices.Contains(names, must) {
			t.Errorf("the bundle lacks %s", must)
		}
	}
	// With the cache, cache/ comes along.
	if _, err := Do(context.Background(), Request{Source: run, Out: zipPath, WithCache: true}); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(zipNames(t, zipPath), "cache/extra") {
		t.Error("WithCache left cache/ out")
	}
}

// Unbundle never writes into a folder that holds something, and OpenBundle says to open it.
func TestUnbundleRefusesNonEmptyFolder(t *testing.T) {
	zipPath := filepath.Join(t.TempDir(), "demo.zip")
	writeTestZip(t, zipPath, map[string]string{"run.json": "{}"})
	dir := strings.TrimSuffix(zipPath, ".zip")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "mine"), []byte("keep"), 0o644)
	err := Unbundle(zipPath, dir)
	if !errors.Is(err, ErrNotEmpty) || !strings.HasPrefix(err.Error(), "export: ") || !strings.Contains(err.Error(), dir) {
		t.Errorf("err = %v, want ErrNotEmpty naming %s", err, dir)
	}
	if _, err := OpenBundle(zipPath); err == nil || !strings.Contains(err.Error(), "open that folder") {
		t.Errorf("OpenBundle: %v", err)
	}
	if names := listDir(t, dir); len(names) != 1 {
		t.Errorf("the folder now holds %v", names)
	}
	os.Remove(filepath.Join(dir, "mine")) // an empty folder is fine
	got, err := OpenBundle(zipPath)
	if err != nil || got != dir {
		t.Fatalf("OpenBundle = %q, %v", got, err)
	}
}

// Malicious and broken bundles are refused and leave nothing behind.
func TestUnbundleRefusesBadBundles(t *testing.T) {
	for name, tc := range map[string]struct {
		entries map[string]string
		says    string
	}{
		"zip slip":       {map[string]string{"run.json": "{}", "../evil": "x"}, `".."`},
		"deep zip slip":  {map[string]string{"run.json": "{}", "a/../../evil": "x"}, `".."`},
		"absolute path":  {map[string]string{"run.json": "{}", "/etc/evil": "x"}, "absolute"},
		"windows drive":  {map[string]string{"run.json": "{}", "C:/evil": "x"}, "absolute"},
		"backslash":      {map[string]string{"run.json": "{}", `..\evil`: "x"}, "backslash"},
		"no run.json":    {map[string]string{"trace.jsonl": ""}, "not a run bundle"},
		"dot entry":      {map[string]string{"run.json": "{}", "./x": "x"}, `"."`},
		"file and a dir": {map[string]string{"run.json": "{}", "a": "x", "a/b": "y"}, "a/b"},
	} {
		t.Run(name, func(t *testing.T) {
			base := t.TempDir()
			zipPath := filepath.Join(base, "b.zip")
			writeTestZip(t, zipPath, tc.entries)
			dir := filepath.Join(base, "out")
			err := Unbundle(zipPath, dir)
			if err == nil || !strings.HasPrefix(err.Error(), "export: ") || !strings.Contains(err.Error(), tc.says) {
				t.Errorf("err = %v, want one saying %s", err, tc.says)
			}
			if names := listDir(t, base); len(names) != 1 {
				t.Errorf("left behind: %v", names)
			}
		})
	}
}

// Links and special files inside a zip are refused.
func TestUnbundleRefusesLinks(t *testing.T) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, _ := zw.Create("run.json")
	w.Write([]byte("{}"))
	h := &zip.FileHeader{Name: "link"}
	h.SetMode(os.ModeSymlink | 0o777)
	w, _ = zw.CreateHeader(h)
	w.Write([]byte("/etc/passwd"))
	zw.Close()
	base := t.TempDir()
	zipPath := filepath.Join(base, "l.zip")
	os.WriteFile(zipPath, buf.Bytes(), 0o644)
	if err := Unbundle(zipPath, filepath.Join(base, "out")); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("err = %v, want a refused link", err)
	}
}

// The limits hold whatever the zip's directory claims: too many entries, too many bytes claimed,
// more bytes unpacked than the budget.
func TestUnbundleLimits(t *testing.T) {
	many := make([]*zip.File, MaxBundleEntries+1)
	for i := range many {
		many[i] = &zip.File{FileHeader: zip.FileHeader{Name: "f"}}
	}
	if err := checkEntries(many); err == nil || !strings.Contains(err.Error(), "entries") {
		t.Errorf("%d entries: %v", len(many), err)
	}
	big := []*zip.File{{FileHeader: zip.FileHeader{Name: "run.json", UncompressedSize64: MaxBundleBytes + 1}}}
	if err := checkEntries(big); err == nil || !strings.Contains(err.Error(), "bytes") {
		t.Errorf("a claim of %d bytes: %v", uint64(MaxBundleBytes+1), err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, _ := zw.Create("run.json")
	w.Write(make([]byte, 1000))
	zw.Close()
	r, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := extractFile(r.File[0], filepath.Join(t.TempDir(), "x"), 999); err == nil {
		t.Error("a 1000-byte file unpacked within a 999-byte budget")
	}
}

// FuzzUnbundle feeds arbitrary bytes to Unbundle: it never panics, and whatever it unpacks lies
// inside the folder, within the limits; on error nothing is left.
func FuzzUnbundle(f *testing.F) {
	for _, entries := range []map[string]string{
		{"run.json": `{"task":"sit"}`, "round-1/motion.json": "{}"},
		{"run.json": "{}", "../evil": "x"},
		{"run.json": "{}", "a/": ""},
	} {
		var buf bytes.Buffer
		zipTo(f, &buf, entries)
		f.Add(buf.Bytes())
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		base := t.TempDir()
		zipPath := filepath.Join(base, "f.zip")
		if err := os.WriteFile(zipPath, data, 0o644); err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join(base, "out")
		err := Unbundle(zipPath, dir)
		if err != nil {
			if names := listDir(t, base); len(names) != 1 {
				t.Fatalf("failed (%v) and left %v", err, names)
			}
			return
		}
		var total int64
		filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
			if err != nil {
				t.Fatal(err)
			}
			if rel, _ := filepath.Rel(dir, p); strings.HasPrefix(rel, "..") {
				t.Fatalf("%s lies outside %s", p, dir)
			}
			if info.Mode()&os.ModeSymlink != 0 {
				t.Fatalf("%s is a link", p)
			}
			total += info.Size()
			return nil
		})
		if total > MaxBundleBytes {
			t.Fatalf("%d bytes unpacked", total)
		}
		if _, err := os.Stat(filepath.Join(dir, "run.json")); err != nil {
			t.Fatalf("unpacked without run.json: %v", err)
		}
	})
}

// writeTestZip writes a zip of the named entries to path.
func writeTestZip(t testing.TB, path string, entries map[string]string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	zipTo(t, f, entries)
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// zipTo writes a zip of the entries (run.json first, then in sorted order) to w.
func zipTo(t testing.TB, w io.Writer, entries map[string]string) {
	t.Helper()
	zw := zip.NewWriter(w)
	names := make([]string, 0, len(entries))
	for n := range entries {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		e, err := zw.CreateHeader(&zip.FileHeader{Name: n, Method: zip.Deflate})
		if err != nil {
			t.Fatal(err)
		}
		e.Write([]byte(entries[n]))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
}

// zipNames lists a zip's entries.
func zipNames(t testing.TB, path string) []string {
	t.Helper()
	r, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var names []string
	for _, f := range r.File {
		names = append(names, f.Name)
	}
	return names
}
