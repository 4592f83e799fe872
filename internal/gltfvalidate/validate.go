// Package gltfvalidate runs the Khronos glTF validator (npm gltf-validator, which scripts/deps.sh
// installs into .tools/) over files, for tests: every glTF the project writes must pass it.
package gltfvalidate

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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
	node, root, err := validator()
	if err != nil {
		return nil, err
	}
	out, stderr, runErr := runScript(node, root, files)
	reports, err := readReports(out)
	if err != nil {
		return nil, err
	}
	if len(reports) != len(files) {
		return nil, fmt.Errorf("gltfvalidate: %d reports for %d files (%v): %s", len(reports), len(files), runErr, stderr.String())
	}
	return reports, nil
}

// validator returns the paths of Node.js and of the repository root, after checking that the
// validator is installed under the root's .tools/ (ErrMissing when either is not).
func validator() (node, root string, err error) {
	if root, err = repoRoot(); err != nil {
		return "", "", err
	}
	if node, err = exec.LookPath("node"); err != nil {
		return "", "", ErrMissing
	}
	if _, err := os.Stat(filepath.Join(root, ".tools", "node_modules", "gltf-validator", "package.json")); err != nil {
		return "", "", ErrMissing
	}
	return node, root, nil
}

// runScript runs scripts/gltf-validate.js over the files and returns what it wrote; its exit
// status matters only when reports are missing, to say why.
func runScript(node, root string, files []string) (stdout, stderr *bytes.Buffer, err error) {
	stdout, stderr = new(bytes.Buffer), new(bytes.Buffer)
	cmd := exec.Command(node, append([]string{filepath.Join(root, "scripts", "gltf-validate.js")}, files...)...)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	return stdout, stderr, cmd.Run()
}

// readReports reads the script's output: one JSON report per line.
func readReports(r io.Reader) ([]Report, error) {
	var reports []Report
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var rep Report
		if err := json.Unmarshal(sc.Bytes(), &rep); err != nil {
			return nil, fmt.Errorf("gltfvalidate: unreadable report: %v", err)
		}
		reports = append(reports, rep)
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
	if err != nil {
		cannotRun(t, err)
	}
	for _, r := range reports {
		check(t, r)
	}
}

// cannotRun ends t when the validator could not run: a skip when it is not installed (ErrMissing),
// except under CI=true, and a failure otherwise.
func cannotRun(t testing.TB, err error) {
	t.Helper()
	if errors.Is(err, ErrMissing) && os.Getenv("CI") != "true" {
		t.Skip(err)
	}
	t.Fatal(err)
}

// check fails t on each error of one report and logs its counts and its warnings.
func check(t testing.TB, r Report) {
	t.Helper()
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
