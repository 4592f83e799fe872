package export

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"interactagent/agent"
)

// What a bundle leaves out. run.json holds no secrets by design (keys come from the environment),
// but a run folder is a folder people put things into, so anything shaped like a secret is left
// out by name, wherever it lies: key and certificate files, environment files, .netrc. fileio's
// temporary files (".NAME.PID.RANDOM.tmp") are half-written by definition. Symbolic links are never
// followed (one could lead anywhere), and cache/ is left out unless asked for: it is the largest
// part of a run folder and a resume with the built-in backends rebuilds it exactly.
var secretPatterns = []string{"*.key", "*.pem", "*.p12", "*.pfx", "id_rsa*", "id_ed25519*", ".env", ".env.*", "*.env", ".netrc", "*.tmp"}

// bundleComment marks a zip as a run bundle.
const bundleComment = "interactagent run bundle: unzip into an empty folder, or run --resume BUNDLE.zip"

// bundle zips a run folder (see secretPatterns for what it leaves out), atomically.
func bundle(req Request) (Result, error) {
	if err := checkBundle(req); err != nil {
		return Result{}, err
	}
	files, left, err := bundleFiles(req.Source, req.Out, req.WithCache)
	if err != nil {
		return Result{}, err
	}
	if err := writeAll([]string{req.Out}, func(_ int, w io.Writer) error { return writeZip(w, req.Source, files) }); err != nil {
		return Result{}, err
	}
	res := Result{Files: []string{req.Out}, Notes: []string{fmt.Sprintf("%d files of %s", len(files), req.Source)}}
	if len(left) > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("left out: %v", left))
	}
	return res, nil
}

// checkBundle refuses a bundle request that cannot work: a bundle is of a whole run folder.
func checkBundle(req Request) error {
	if req.Round != 0 {
		return fmt.Errorf("export: a bundle holds the whole run; a round (%s) cannot be picked", roundName(req.Round))
	}
	if _, err := agent.ReadRunInfo(req.Source); err != nil {
		return fmt.Errorf("export: a bundle needs a run folder (with run.json): %w", err)
	}
	return nil
}

// bundleFiles lists the run folder's regular files to bundle (slash-separated, relative, in
// lexical order) and what it leaves out, checked against the limits Unbundle reads with.
func bundleFiles(dir, out string, withCache bool) (files, left []string, err error) {
	outAbs, _ := filepath.Abs(out)
	l := &bundleList{dir: dir, outAbs: outAbs, withCache: withCache}
	if err := filepath.WalkDir(dir, l.visit); err != nil {
		return nil, nil, fmt.Errorf("export: bundle %s: %w", dir, err)
	}
	if len(l.files) > MaxBundleEntries || l.total > MaxBundleBytes {
		return nil, nil, fmt.Errorf("export: bundle %s: %d files, %d bytes; a bundle holds at most %d files and %d bytes",
			dir, len(l.files), l.total, MaxBundleEntries, int64(MaxBundleBytes))
	}
	return l.files, l.left, nil
}

// bundleList collects a run folder's files as bundleFiles walks it.
type bundleList struct {
	dir, outAbs string // the run folder, and the bundle being written (never bundled into itself)
	withCache   bool
	files, left []string // what goes in and what is left out, slash-separated and relative
	total       int64    // the bytes of files
}

// visit sorts one entry of the walk into the files or what is left out (secretPatterns, cache/,
// anything but a regular file, the bundle itself).
func (l *bundleList) visit(p string, d fs.DirEntry, err error) error {
	if err != nil {
		return err
	}
	rel, _ := filepath.Rel(l.dir, p)
	rel = filepath.ToSlash(rel)
	switch {
	case rel == ".":
		return nil
	case d.IsDir() && rel == "cache" && !l.withCache:
		l.left = append(l.left, "cache/")
		return fs.SkipDir
	case d.IsDir():
		return nil
	case !d.Type().IsRegular() || secretName(d.Name()) || sameFile(p, l.outAbs):
		l.left = append(l.left, rel)
		return nil
	}
	return l.add(rel, d)
}

// add takes a regular file into the bundle, counting its bytes against MaxBundleBytes.
func (l *bundleList) add(rel string, d fs.DirEntry) error {
	info, err := d.Info()
	if err != nil {
		return err
	}
	l.total += info.Size()
	l.files = append(l.files, rel)
	return nil
}

// secretName reports whether a file name looks like a secret (secretPatterns).
func secretName(name string) bool {
	for _, pat := range secretPatterns {
		if ok, _ := filepath.Match(pat, name); ok {
			return true
		}
	}
	return false
}

// sameFile reports whether p is the output being written (a bundle written into its own folder).
func sameFile(p, outAbs string) bool {
	a, err := filepath.Abs(p)
	return err == nil && a == outAbs
}

// writeZip writes the files of dir as a zip, compressed, with their modification times.
func writeZip(w io.Writer, dir string, files []string) error {
	zw := zip.NewWriter(w)
	for _, rel := range files {
		if err := addFile(zw, dir, rel); err != nil {
			return err
		}
	}
	if err := zw.SetComment(bundleComment); err != nil {
		return err
	}
	return zw.Close()
}

// addFile adds one file of dir to the zip.
func addFile(zw *zip.Writer, dir, rel string) error {
	f, st, err := openRegular(dir, rel)
	if err != nil {
		return err
	}
	defer f.Close()
	h := &zip.FileHeader{Name: rel, Method: zip.Deflate, Modified: st.ModTime()}
	h.SetMode(0o644)
	zw2, err := zw.CreateHeader(h)
	if err != nil {
		return err
	}
	_, err = io.Copy(zw2, f)
	return err
}

// openRegular opens a file the walk listed, refusing it if it has since become something other
// than a regular file (the folder may change while it is zipped).
func openRegular(dir, rel string) (*os.File, fs.FileInfo, error) {
	f, err := os.Open(filepath.Join(dir, filepath.FromSlash(rel)))
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	if err == nil && !st.Mode().IsRegular() {
		err = errors.New(rel + " is no longer a regular file")
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, st, nil
}
