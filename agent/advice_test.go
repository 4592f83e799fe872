package agent

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"interactagent/mllm"
)

// Every failure pointed at --resume: also when nothing was written (a resume then says "not a run
// folder") and when a resume meets the same error again (an input the backend cannot use).
func TestAdviceSaysWhatCanBeDone(t *testing.T) {
	empty := t.TempDir()
	run := t.TempDir()
	os.WriteFile(filepath.Join(run, "run.json"), []byte("{}"), 0o644)
	input := &mllm.InputError{Backend: "builtin", Role: mllm.RolePlan, Msg: "the reasoner cannot use its input: no object"}
	refused := &mllm.RequestError{Backend: "openai", Status: 401, Msg: "no"}
	busy := &mllm.RequestError{Backend: "openai", Status: 503, Msg: "busy"}
	for _, tc := range []struct {
		dir      string
		err      error
		says     []string
		resumeOK bool
	}{
		{empty, errors.New("disk full"), []string{"nothing of the run was written", "--out " + empty}, false},
		{run, fmt.Errorf("agent: plan: %w", input), []string{"a resume would meet the same error", "another scene or instruction"}, false},
		{run, &RoleError{Role: mllm.RolePlan, Tries: 1, Permanent: true, Err: refused}, []string{"mend the key", "--resume " + run}, true},
		{run, &RoleError{Role: mllm.RolePlan, Tries: 8, Err: busy}, []string{"keeps what was done", "--resume " + run}, true},
		{run, context.Canceled, []string{"stopped", "--resume " + run}, true},
	} {
		got := Advice(tc.dir, tc.err)
		for _, s := range tc.says {
			if !strings.Contains(got, s) {
				t.Errorf("%v: %q does not say %q", tc.err, got, s)
			}
		}
		if strings.Contains(got, "--resume") != tc.resumeOK {
			t.Errorf("%v: %q; want --resume named: %v", tc.err, got, tc.resumeOK)
		}
	}
}

// A folder a run left before its run.json (killed in its first milliseconds) was refused by
// --resume ("not a run folder") and, holding a trace, would have been refused by a new run too. A
// new run takes it, starting a trace of its own.
func TestCreateFolderTakesAFolderWithoutARun(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "trace.jsonl"), []byte(`{"seq":1,"kind":"run"}`+"\n"), 0o644)
	f, err := CreateFolder(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if f.Resumed() {
		t.Error("the left trace was taken for the new run's")
	}
	os.WriteFile(filepath.Join(dir, "run.json"), []byte("{}"), 0o644)
	if _, err := CreateFolder(dir); !errors.Is(err, ErrHoldsRun) {
		t.Errorf("a folder with run.json: %v, want ErrHoldsRun", err)
	}
}
