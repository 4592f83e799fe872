// Package gltfvalidate runs the Khronos glTF validator (npm gltf-validator, which scripts/deps.sh
// installs into .tools/) over files, for tests: every glTF the project writes must pass it.
package gltfvalidate

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// ErrMissing says the validator (or Node.js) is not installed.
var ErrMissing = errors.New("gltfvalidate: the Khronos glTF validator is not installed (run scripts/deps.sh)")

// Message is one issue the validator found.
type Message struct {
	Code     string `json:"code"`
	Severity int    `json:"severity"` // 0 error, 1 warning, 2 info, 3 hint
	Pointer  string `json:"pointer"`
	Message  string `json:"message"`
}

// Report is the validator's verdict on one file.
type Report struct {
	File      string    `json:"file"`
	Validator string    `json:"validator"`
	Errors    int       `json:"errors"`
	Warnings  int       `json:"warnings"`
	Infos     int       `json:"infos"`
	Hints     int       `json:"hints"`
	Messages  []Message `json:"messages"`
}

// Validate runs scripts/gltf-validate.js over the files and returns one report per file, or
// ErrMissing when Node.js or the validator is not installed.
func Validate(files ...string) ([]Report, error) {
	root, err := repoRoot()
	if err != nil {
		return nil, err
	}
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, ErrMissing
	}
	if _, err := os.Stat(filepath.Join(root, ".tools", "node_modules", "gltf-validator", "package.json")); err != nil {
		return nil, ErrMissing
	}
	var out, stderr bytes.Buffer
	cmd := exec.Command(node, append([]string{filepath.Join(root, "scripts", "gltf-validate.js")}, files...)...)
	cmd.Stdout, cmd.Stderr = &out, &stderr
	runErr := cmd.Run()
	var reports []Report
	sc := bufio.NewScanner(&out)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var r Report
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("gltfvalidate: unreadable report: %v", err)
		}
		reports = append(reports, r)
	}
	if len(reports) != len(files) {
		return nil, fmt.Errorf("gltfvalidate: %d reports for %d files (%v): %s", len(reports), len(files), runErr, stderr.String())
	}
	return reports, nil
}

// repoRoot walks up from the working directory to the folder holding go.mod.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", errors.New("gltfvalidate: no go.mod above the working directory")
		}
		dir = up
	}
}

// Check validates the files and fails t on any error the validator reports; warnings, infos and
// hints are logged. Without the validator it skips, except under CI=true, where it fails: a broken
// install must not hide behind a green run.
func Check(t testing.TB, files ...string) {
	t.Helper()
	reports, err := Validate(files...)
	if errors.Is(err, ErrMissing) {
		if os.Getenv("CI") == "true" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range reports {
		t.Logf("Khronos validator %s on %s: %d errors, %d warnings, %d infos, %d hints",
			r.Validator, filepath.Base(r.File), r.Errors, r.Warnings, r.Infos, r.Hints)
		for _, m := range r.Messages {
			if m.Severity == 0 {
				t.Errorf("%s: %s at %s: %s", filepath.Base(r.File), m.Code, m.Pointer, m.Message)
			} else if m.Severity == 1 {
				t.Logf("%s: warning %s at %s: %s", filepath.Base(r.File), m.Code, m.Pointer, m.Message)
			}
		}
	}
}
