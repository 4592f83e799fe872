package agent

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"interactagent/fileio"
)

// Folder is a run on disk (DESIGN.md §5):
//
//	run.json            the config (no secrets), task, scene reference, backends, versions
//	trace.jsonl         one Event per line, appended and synced as it happens
//	round-N/            plan.json, step ghost images, ghost.png, motion.json and motion.npy, metrics.json
//	summary.json        per round and final metrics and costs
//	cache/mllm, cache/exec   the model replies and executions a resume reads back
//
// Every file but the trace is replaced atomically. Opening an existing folder resumes it: the
// events already in its trace are not written again. A Folder is used from one goroutine.
type Folder struct {
	dir      string
	trace    *os.File
	existing int // events already in the trace when the folder was opened
}

// OpenFolder opens (creating it when missing) the run folder dir.
func OpenFolder(dir string) (*Folder, error) {
	if err := os.MkdirAll(filepath.Join(dir, "cache"), 0o755); err != nil {
		return nil, fmt.Errorf("agent: run folder: %w", err)
	}
	n, err := countLines(filepath.Join(dir, "trace.jsonl"))
	if err != nil {
		return nil, fmt.Errorf("agent: run folder %s: %w", dir, err)
	}
	f, err := os.OpenFile(filepath.Join(dir, "trace.jsonl"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("agent: run folder: %w", err)
	}
	return &Folder{dir: dir, trace: f, existing: n}, nil
}

// ErrHoldsRun is wrapped by CreateFolder's error when the folder already holds a run.
var ErrHoldsRun = errors.New("already holds a run")

// CreateFolder opens dir for a new run. It refuses a folder that already holds a run (a
// run.json): a second run there would replace the first one's run.json, summary and round motion
// and keep its trace, caches and images, mixing the two. OpenFolder continues a run. A folder left
// by a run stopped before it wrote its run.json holds no run that can be resumed: it is taken,
// and the trace lines that run left are dropped, so that they are not taken for the new run's.
func CreateFolder(dir string) (*Folder, error) {
	if exists(filepath.Join(dir, "run.json")) {
		return nil, fmt.Errorf("agent: run folder %s %w", dir, ErrHoldsRun)
	}
	if err := os.Remove(filepath.Join(dir, "trace.jsonl")); err != nil && !os.IsNotExist(err) {
		return nil, fmt.Errorf("agent: run folder %s: %w", dir, err)
	}
	return OpenFolder(dir)
}

// countLines counts the complete lines of a file (0 when it does not exist); a last line cut off
// by a crash is dropped from the file, so appending starts on a line of its own.
func countLines(path string) (int, error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	if i := bytes.LastIndexByte(data, '\n'); i+1 < len(data) {
		if err := os.Truncate(path, int64(i+1)); err != nil {
			return 0, err
		}
		data = data[:i+1]
	}
	return bytes.Count(data, []byte("\n")), nil
}

// execDir is where a run folder keeps its executions for a resume.
const execDir = "cache/exec"

// Dir returns the folder's path.
func (f *Folder) Dir() string { return f.dir }

// Resumed reports whether the folder already held a trace when it was opened.
func (f *Folder) Resumed() bool { return f.existing > 0 }

// Path returns the path of a file of the run, given relative to the folder.
func (f *Folder) Path(rel string) string { return filepath.Join(f.dir, filepath.FromSlash(rel)) }

// Append writes an event to the trace and syncs it, unless the trace already holds it (a
// resumed run replays its earlier events).
func (f *Folder) Append(e Event) error {
	if e.Seq <= f.existing {
		return nil
	}
	line, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("agent: trace: %w", err)
	}
	if _, err := f.trace.Write(append(line, '\n')); err != nil {
		return fmt.Errorf("agent: trace: %w", err)
	}
	return f.trace.Sync()
}

// WriteJSON writes v, indented, to a file of the run, atomically.
func (f *Folder) WriteJSON(rel string, v any) error {
	return f.write(rel, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(v)
	})
}

// WriteFile writes data to a file of the run, atomically.
func (f *Folder) WriteFile(rel string, data []byte) error {
	return f.write(rel, func(w io.Writer) error { _, err := w.Write(data); return err })
}

// write creates the file's folder and writes it atomically.
func (f *Folder) write(rel string, fill func(io.Writer) error) error {
	p := f.Path(rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return fmt.Errorf("agent: %w", err)
	}
	if err := fileio.WriteAtomic(p, fill); err != nil {
		return fmt.Errorf("agent: %w", err)
	}
	return nil
}

// ReadFile reads a file of the run; it is how a resume finds an image drawn before.
func (f *Folder) ReadFile(rel string) ([]byte, error) { return os.ReadFile(f.Path(rel)) }

// DropExecutions removes the executions the folder keeps for a resume (cache/exec). A finished
// run reads its motion from its round folders and needs them no more; a bench drops them from
// every trial it has judged, because they are a quarter of a trial's bytes. Running the folder
// again still gives the same result (the executor is run again where it was served from them).
func (f *Folder) DropExecutions() error {
	if err := os.RemoveAll(f.Path(execDir)); err != nil {
		return fmt.Errorf("agent: %w", err)
	}
	return nil
}

// Close closes the trace.
func (f *Folder) Close() error { return f.trace.Close() }

// ReadTrace reads a run folder's events, in order; a line cut off by a crash ends the list.
func ReadTrace(dir string) ([]Event, error) {
	data, err := os.ReadFile(filepath.Join(dir, "trace.jsonl"))
	if err != nil {
		return nil, fmt.Errorf("agent: %w", err)
	}
	var out []Event
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 1<<16), 64<<20)
	for line := 1; sc.Scan(); line++ {
		var e Event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			return out, fmt.Errorf("agent: %s line %d: %v", filepath.Join(dir, "trace.jsonl"), line, err)
		}
		out = append(out, e)
	}
	return out, sc.Err()
}
