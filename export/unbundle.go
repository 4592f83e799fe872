package export

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Limits of a bundle, far above any run folder (the built-in suite's 264 runs with their caches take
// 170 MB) and far below what would hurt the machine reading one.
const (
	// MaxBundleEntries is the most entries (files and folders) a bundle may hold.
	MaxBundleEntries = 100_000
	// MaxBundleBytes is the most bytes a bundle's files may hold once unpacked, counted as they
	// are written, whatever the zip's directory claims.
	MaxBundleBytes = 4 << 30
)

// ErrNotEmpty is returned (wrapped) by Unbundle when the folder to unpack into already holds
// something: a bundle never overwrites.
var ErrNotEmpty = errors.New("the folder exists and is not empty")

// Unbundle unpacks the run bundle at zipPath into the folder dir, which must not exist or be
// empty. Nothing is trusted: at most MaxBundleEntries entries and MaxBundleBytes bytes, no absolute
// paths, no "..", no backslashes, no symbolic links or other special files, no duplicates, and a
// run.json at the top. The files go to a hidden folder beside dir first, renamed to dir only when
// all are complete, so a bad bundle leaves nothing behind.
func Unbundle(zipPath, dir string) error {
	if err := checkTarget(dir); err != nil {
		return err
	}
	r, err := zip.OpenReader(zipPath)
	if err != nil {
		return fmt.Errorf("export: unbundle %s: %w", zipPath, err)
	}
	defer r.Close()
	if err := unpack(r.File, dir); err != nil {
		return fmt.Errorf("export: unbundle %s: %w", zipPath, err)
	}
	return nil
}

// unpack checks the entries, extracts them into a hidden folder beside dir and gives that folder
// dir's name; on failure it leaves nothing behind.
func unpack(files []*zip.File, dir string) error {
	if err := checkEntries(files); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(filepath.Clean(dir)), "."+filepath.Base(dir)+".unbundle-*")
	if err != nil {
		return err
	}
	if err = extract(files, tmp); err == nil {
		err = moveInto(tmp, dir)
	}
	if err != nil {
		os.RemoveAll(tmp)
	}
	return err
}

// OpenBundle unpacks a run bundle beside itself, into the folder of its name without ".zip"
// (runs/demo.zip → runs/demo), for a resume or the app to open, and returns that folder. An
// existing non-empty folder there is never overwritten: the error says to open it instead.
func OpenBundle(zipPath string) (string, error) {
	dir := strings.TrimSuffix(zipPath, filepath.Ext(zipPath))
	if dir == zipPath || dir == "" {
		return "", fmt.Errorf("export: %s: want a run bundle named NAME.zip", zipPath)
	}
	if err := Unbundle(zipPath, dir); err != nil {
		if errors.Is(err, ErrNotEmpty) {
			return "", fmt.Errorf("%w; open that folder instead of the bundle, or remove it", err)
		}
		return "", err
	}
	return dir, nil
}

// checkTarget refuses a folder that holds anything.
func checkTarget(dir string) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("export: unbundle into %s: %w", dir, err)
	case len(entries) > 0:
		return fmt.Errorf("export: unbundle into %s: %w", dir, ErrNotEmpty)
	}
	return nil
}

// checkEntries checks the zip's directory before anything is written: count, names, kinds, and
// the sizes it claims.
func checkEntries(files []*zip.File) error {
	if len(files) > MaxBundleEntries {
		return fmt.Errorf("%d entries, want at most %d", len(files), MaxBundleEntries)
	}
	seen := map[string]bool{}
	var claimed uint64
	for i, f := range files {
		if err := checkEntry(i, f, seen); err != nil {
			return err
		}
		if claimed += f.UncompressedSize64; claimed > MaxBundleBytes {
			return fmt.Errorf("its files claim more than %d bytes unpacked", int64(MaxBundleBytes))
		}
	}
	if !seen["run.json"] {
		return errors.New("no run.json at the top: not a run bundle")
	}
	return nil
}

// checkEntry checks entry i's name and kind (entryName) and that it is not one seen before, and
// adds it to seen.
func checkEntry(i int, f *zip.File, seen map[string]bool) error {
	name, err := entryName(f)
	if err != nil {
		return fmt.Errorf("entry %d %q: %w", i, f.Name, err)
	}
	if seen[name] {
		return fmt.Errorf("entry %d %q: the bundle holds it twice", i, f.Name)
	}
	seen[name] = true
	return nil
}

// entryName returns the entry's path, slash-separated and relative, or says why it is refused.
func entryName(f *zip.File) (string, error) {
	if err := checkMode(f.Mode()); err != nil {
		return "", err
	}
	return cleanName(f.Name)
}

// checkMode refuses entries other than files and folders: a link or a device could reach
// outside the run folder.
func checkMode(mode fs.FileMode) error {
	switch {
	case mode&fs.ModeSymlink != 0:
		return errors.New("a symbolic link; a bundle holds only files and folders")
	case !mode.IsRegular() && !mode.IsDir():
		return fmt.Errorf("a special file (%v); a bundle holds only files and folders", mode.Type())
	}
	return nil
}

// cleanName returns an entry's name without a folder's trailing slash, refusing any name that
// could land outside the folder unpacked into or mean something else on another system.
func cleanName(name string) (string, error) {
	switch {
	case strings.ContainsAny(name, "\\\x00"):
		return "", errors.New("a backslash or NUL in the name; want a slash-separated relative path")
	case strings.HasPrefix(name, "/") || len(name) > 1 && name[1] == ':':
		return "", errors.New("an absolute path; want a path relative to the run folder")
	}
	clean := strings.TrimSuffix(name, "/")
	if !fs.ValidPath(clean) || clean == "." {
		return "", errors.New(`an empty, "." or ".." element; want a plain relative path inside the run folder`)
	}
	return clean, nil
}

// extract writes every entry under dir, counting the bytes really unpacked against the limit.
func extract(files []*zip.File, dir string) error {
	budget := int64(MaxBundleBytes)
	for _, f := range files {
		name, _ := entryName(f) // checked by checkEntries
		p := filepath.Join(dir, filepath.FromSlash(name))
		if f.Mode().IsDir() {
			if err := os.MkdirAll(p, 0o755); err != nil {
				return err
			}
			continue
		}
		n, err := extractFile(f, p, budget)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		budget -= n
	}
	return nil
}

// extractFile writes one file, at most budget bytes of it, and returns how many it wrote.
func extractFile(f *zip.File, p string, budget int64) (int64, error) {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return 0, err
	}
	rc, err := f.Open()
	if err != nil {
		return 0, err
	}
	defer rc.Close()
	return writeNew(p, rc, budget)
}

// writeNew creates the file p (never one that exists) and copies r into it, failing once more
// than budget bytes come: a zip's directory may lie about sizes, so the bytes are counted.
func writeNew(p string, r io.Reader, budget int64) (int64, error) {
	out, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return 0, err
	}
	n, err := io.Copy(out, io.LimitReader(r, budget+1))
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err == nil && n > budget {
		err = fmt.Errorf("the bundle unpacks to more than %d bytes", int64(MaxBundleBytes))
	}
	return n, err
}

// moveInto gives the unpacked folder its name: dir is missing or empty (checked before, and
// checked again now, since time has passed).
func moveInto(tmp, dir string) error {
	if err := checkTarget(dir); err != nil {
		return err
	}
	if err := os.Remove(dir); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if err := os.Chmod(tmp, 0o755); err != nil { // MkdirTemp makes it 0700
		return err
	}
	return os.Rename(tmp, dir)
}
