package bench

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"interactagent/agent"
	"interactagent/eval"
	"interactagent/fileio"
	"interactagent/task"
)

// Manifest is bench.json: what a bench runs, the same for every shard of it, and which shard
// of it the folder holds. Two folders whose manifests differ (SuiteRef and Shard aside) ran
// different benches and cannot be merged or resumed into one another.
type Manifest struct {
	// SuiteRef is how the suite was named on the command line ("builtin", a file).
	SuiteRef string       `json:"suite_ref"`
	Suite    *task.Suite  `json:"suite"`
	Modes    []agent.Mode `json:"modes"`
	// Bodies are the bodies every task and mode is run on, each its own trials (eval.BodyHuman,
	// eval.BodyProxy); the report has a row per mode and body. A bench.json written before issue
	// 22 has none: its trials ran on the proxy and keep their names.
	Bodies []string `json:"bodies,omitempty"`
	Seeds  int      `json:"seeds"`
	// Config is the agent's config, after Defaults, without the mode and the seed each trial sets.
	Config agent.Config `json:"config"`
	// Settings are how the backends were built (model, endpoint, executor, profile; never a key);
	// each trial adds its task's scene and instruction, and its body (Settings.Body is empty).
	Settings agent.Settings `json:"settings"`
	// Backends describe the backends in words for the report, such as the model's Name.
	Backends []string `json:"backends,omitempty"`
	// Render says whether the model was shown rendered images (else blank stand-ins).
	Render bool `json:"render"`
	// Shard is the part of the bench's trials the folder runs (0/1 for all of them, as in a
	// merged folder); a run or a resume of another shard into the folder is refused. It is nil
	// in folders written before shards were recorded, which any shard may continue.
	Shard *Shard `json:"shard,omitempty"`
}

// manifestFile is the manifest's name in a bench folder.
const manifestFile = "bench.json"

// Trials lists the manifest's trials in their fixed order.
func (m *Manifest) Trials() []Trial { return Trials(m.Suite, m.Modes, m.Bodies, m.Seeds) }

// BodyNames returns the bodies the trials run on, in order: Bodies, or the proxy alone for a bench
// written before bodies were chosen.
func (m *Manifest) BodyNames() []string {
	if len(m.Bodies) == 0 {
		return []string{eval.BodyProxy}
	}
	return m.Bodies
}

// Task returns the suite's task by id.
func (m *Manifest) Task(id string) (task.Task, bool) {
	for _, t := range m.Suite.Tasks {
		if t.ID == id {
			return t, true
		}
	}
	return task.Task{}, false
}

// Check reports a manifest no bench can run: no suite, no tasks, no modes, no seeds.
func (m *Manifest) Check() error {
	switch {
	case m.Suite == nil || len(m.Suite.Tasks) == 0:
		return errors.New("bench: the suite has no runnable tasks")
	case len(m.Modes) == 0:
		return errors.New("bench: no modes: want some of naive, online, offline, full")
	case m.Seeds < 1 || m.Seeds > 10000:
		return fmt.Errorf("bench: %d seeds, want 1 to 10000", m.Seeds)
	}
	seen := map[agent.Mode]bool{}
	for _, mode := range m.Modes {
		if _, err := agent.ParseMode(string(mode)); err != nil || seen[mode] {
			return fmt.Errorf("bench: modes %v: want each of naive, online, offline, full at most once", m.Modes)
		}
		seen[mode] = true
	}
	if err := checkBodies(m.Bodies); err != nil {
		return err
	}
	return m.Suite.Check()
}

// checkBodies reports a list of bodies with one that is unknown or given twice.
func checkBodies(bodies []string) error {
	seen := map[string]bool{}
	for _, b := range bodies {
		if !slices.Contains(eval.BodyNames(), b) || seen[b] {
			return fmt.Errorf("bench: bodies %v: want each of %s at most once", bodies, strings.Join(eval.BodyNames(), ", "))
		}
		seen[b] = true
	}
	return nil
}

// Same reports how o differs from m (nil when it does not), naming the first field that differs.
func (m *Manifest) Same(o *Manifest) error {
	a, b := *m, *o
	a.SuiteRef, b.SuiteRef = "", ""
	fields := []struct {
		name string
		x, y any
	}{{"suite", a.Suite, b.Suite}, {"modes", a.Modes, b.Modes}, {"bodies", a.Bodies, b.Bodies}, {"seeds", a.Seeds, b.Seeds}, {"agent config", a.Config, b.Config},
		{"backend settings", a.Settings, b.Settings}, {"backends", a.Backends, b.Backends}, {"render", a.Render, b.Render}}
	for _, f := range fields {
		x, _ := json.Marshal(f.x)
		y, _ := json.Marshal(f.y)
		if !bytes.Equal(x, y) {
			return fmt.Errorf("their %s differ: %.200s against %.200s", f.name, x, y)
		}
	}
	return nil
}

// withShard returns a copy of m that records the shard s.
func (m *Manifest) withShard(s Shard) *Manifest {
	c := *m
	n := s.norm()
	c.Shard = &n
	return &c
}

// holds reports a folder, dir, whose manifest m records another shard than s (one that records
// none holds any), saying which shard it holds and how to continue it.
func (m *Manifest) holds(dir string, s Shard) error {
	if m.Shard == nil || *m.Shard == s.norm() {
		return nil
	}
	h := *m.Shard
	return fmt.Errorf("bench: %s holds shard %s of its bench, not shard %s: continue it as shard %s (--shard %s, or a Slurm array task of index %d with --shards %d), or choose another --out",
		dir, h, s.norm(), h, h, h.Index, h.Count)
}

// shardNote names the shard a folder holds, for a message: " (shard 3/8)", or "" when the
// manifest records none.
func (m *Manifest) shardNote() string {
	if m.Shard == nil {
		return ""
	}
	return fmt.Sprintf(" (shard %s)", m.Shard)
}

// WriteManifest writes dir/bench.json atomically.
func WriteManifest(dir string, m *Manifest) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	return writeJSON(filepath.Join(dir, manifestFile), m)
}

// ReadManifest reads dir/bench.json; a folder without one gives an error wrapping fs.ErrNotExist.
func ReadManifest(dir string) (*Manifest, error) {
	data, err := fileio.ReadFile(os.DirFS(dir), manifestFile, task.MaxSuiteBytes+1<<20)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("bench: %s is not a bench folder (no %s): %w", dir, manifestFile, err)
	}
	if err != nil {
		return nil, fmt.Errorf("bench: %s: %w", dir, err)
	}
	var m Manifest
	if err := fileio.DecodeJSON(data, &m, false); err != nil {
		return nil, fmt.Errorf("bench: %s: %w", filepath.Join(dir, manifestFile), err)
	}
	if err := m.Check(); err != nil {
		return nil, fmt.Errorf("%w (in %s)", err, filepath.Join(dir, manifestFile))
	}
	return &m, nil
}

// writeJSON writes v, indented, to path atomically.
func writeJSON(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("bench: %s: %w", path, err)
	}
	return writeFile(path, append(data, '\n'))
}

// writeFile writes data to path atomically.
func writeFile(path string, data []byte) error {
	err := fileio.WriteAtomic(path, func(w io.Writer) error { _, err := w.Write(data); return err })
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	return nil
}
