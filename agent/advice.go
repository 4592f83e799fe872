package agent

import (
	"context"
	"errors"
	"os"
	"path/filepath"

	"interactagent/mllm"
)

// Advice says what a person can do about a run that ended with err in the folder dir, for the end
// of the error message every front end shows: continue it with --resume when that can get
// further, start it again when nothing of it was written, or change what it was given when a
// resume would meet the same error. The text starts with a space and is in parentheses.
func Advice(dir string, err error) string {
	var input *mllm.InputError
	var req *mllm.RequestError
	switch {
	case !exists(filepath.Join(dir, "run.json")):
		return " (nothing of the run was written to " + dir + ": run it again, with --out " + dir + ", once the cause is mended)"
	case errors.As(err, &input):
		return " (a resume would meet the same error: the backend cannot use what the run gives it; start a new run with another scene or instruction, or another model)"
	case errors.As(err, &req) && req.Permanent():
		return " (" + dir + " keeps what was done: mend the key, the model name or the endpoint, then continue with interactagent run --resume " + dir + ")"
	case errors.Is(err, context.Canceled):
		return " (stopped; " + dir + " keeps what was done: continue with interactagent run --resume " + dir + ")"
	}
	return " (" + dir + " keeps what was done; continue with interactagent run --resume " + dir + ")"
}

// exists reports whether path names something.
func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}
