package bench

import (
	"os"
	"path/filepath"

	"interactagent/fileio"
)

// ResultOfRun returns the bench result of a run folder that is a bench trial's
// (BENCH/trials/NAME, judged in BENCH/results/NAME.json); ok is false for any other run folder
// (a free instruction has no goals to judge) or a trial not judged yet.
func ResultOfRun(runDir string) (r *Result, ok bool) {
	trials := filepath.Dir(filepath.Clean(runDir))
	if filepath.Base(trials) != "trials" {
		return nil, false
	}
	dir := filepath.Join(filepath.Dir(trials), "results")
	data, err := fileio.ReadFile(os.DirFS(dir), filepath.Base(runDir)+".json", 64<<20)
	if err != nil {
		return nil, false
	}
	r = &Result{}
	if err := fileio.DecodeJSON(data, r, false); err != nil || r.Name() != filepath.Base(runDir) {
		return nil, false
	}
	return r, true
}
