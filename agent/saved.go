package agent

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"interactagent/fileio"
	"interactagent/motion"
)

// SavedRun is a run folder read back for a viewer or an export: what run.json, summary.json,
// trace.jsonl and the round folders hold. A run that is still going, or was cut short, has no
// summary yet; its rounds are those whose motion is written.
type SavedRun struct {
	Dir     string
	Info    RunInfo
	Summary *Summary // nil until the run has finished
	Events  []Event  // the trace; a line cut off by a crash ends it
	Rounds  []SavedRound
}

// SavedRound is one round's files and what the run said of it.
type SavedRound struct {
	Index    int
	Motion   string // the round's motion file (motion.json, else motion.npy), full path
	Ghost    string // the round's ghost image, full path; "" when none was drawn
	Plan     []string
	Accepted []string
	Verdict  *VerdictText // nil when the round was not checked
	Metrics  Metrics
}

// savedJSONLimit bounds each JSON file of a run folder read back.
const savedJSONLimit = 64 << 20

// OpenSaved reads the run folder dir. It fails when dir has no run.json; a missing or cut-off
// summary or trace is not an error (the run may still be going).
func OpenSaved(dir string) (*SavedRun, error) {
	info, err := ReadRunInfo(dir)
	if err != nil {
		return nil, err
	}
	r := &SavedRun{Dir: dir, Info: info}
	r.Events, _ = ReadTrace(dir) // a crash may cut the last line; what came before stands
	var sum Summary
	if err := readSavedJSON(dir, "summary.json", &sum); err == nil {
		r.Summary = &sum
	}
	if r.Rounds, err = savedRounds(dir); err != nil {
		return nil, err
	}
	r.fillVerdicts()
	return r, nil
}

// savedRounds lists the round folders that hold motion, in order.
func savedRounds(dir string) ([]SavedRound, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("agent: %w", err)
	}
	var rounds []SavedRound
	for _, e := range entries {
		n, ok := roundNumber(e.Name())
		if !ok || !e.IsDir() {
			continue
		}
		rd := SavedRound{Index: n, Motion: roundMotion(filepath.Join(dir, e.Name()))}
		if rd.Motion == "" {
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, e.Name(), "ghost.png")); err == nil {
			rd.Ghost = filepath.Join(dir, e.Name(), "ghost.png")
		}
		_ = readSavedJSON(dir, roundFile(n, "metrics.json"), &rd.Metrics)
		var plan struct{ Plan, Accepted []string }
		_ = readSavedJSON(dir, roundFile(n, "plan.json"), &plan)
		rd.Plan, rd.Accepted = plan.Plan, plan.Accepted
		rounds = append(rounds, rd)
	}
	sort.Slice(rounds, func(a, b int) bool { return rounds[a].Index < rounds[b].Index })
	return rounds, nil
}

// roundMotion returns a round folder's motion file, clip JSON first (it keeps the fps and the
// action segments), else joints .npy; "" when it has neither.
func roundMotion(dir string) string {
	for _, name := range []string{"motion.json", "motion.npy"} {
		p := filepath.Join(dir, name)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			return p
		}
	}
	return ""
}

// roundNumber reads N from a folder named round-N.
func roundNumber(name string) (int, bool) {
	s, ok := strings.CutPrefix(name, "round-")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n > 0
}

// fillVerdicts takes each round's verdict from the summary, or from the trace's check events.
func (r *SavedRun) fillVerdicts() {
	verdicts := map[int]*VerdictText{}
	for _, e := range r.Events {
		if e.Kind == KindCheck && e.Pass != nil {
			verdicts[e.Round] = &VerdictText{Pass: *e.Pass, Reason: e.Text}
		}
	}
	if r.Summary != nil {
		for _, rs := range r.Summary.Rounds {
			if rs.Verdict != nil {
				verdicts[rs.Index] = rs.Verdict
			}
		}
	}
	for i := range r.Rounds {
		r.Rounds[i].Verdict = verdicts[r.Rounds[i].Index]
	}
}

// readSavedJSON decodes dir/rel, bounded.
func readSavedJSON(dir, rel string, v any) error {
	data, err := fileio.ReadFile(os.DirFS(dir), rel, savedJSONLimit)
	if err != nil {
		return err
	}
	return fileio.DecodeJSON(data, v, false)
}

// ErrNoRound is wrapped by Round and Clip when a run has no such round.
var ErrNoRound = errors.New("no such round")

// Round returns round index (from 1).
func (r *SavedRun) Round(index int) (*SavedRound, error) {
	for i := range r.Rounds {
		if r.Rounds[i].Index == index {
			return &r.Rounds[i], nil
		}
	}
	return nil, fmt.Errorf("agent: %s: round %d: %w (it has %s)", r.Dir, index, ErrNoRound, r.roundList())
}

func (r *SavedRun) roundList() string {
	if len(r.Rounds) == 0 {
		return "no round with motion yet"
	}
	var s []string
	for _, rd := range r.Rounds {
		s = append(s, strconv.Itoa(rd.Index))
	}
	return "rounds " + strings.Join(s, ", ")
}

// Clip reads round index's motion (a .npy at HumanML3D's 20 fps, which it does not store).
func (r *SavedRun) Clip(index int) (*motion.Clip, error) {
	rd, err := r.Round(index)
	if err != nil {
		return nil, err
	}
	c, _, err := motion.LoadMotion(rd.Motion, motion.HumanML3DFPS)
	if err == nil {
		err = c.Validate()
	}
	if err != nil {
		return nil, fmt.Errorf("agent: %s round %d: %w", r.Dir, index, err)
	}
	return c, nil
}

// FinalRound returns the round the run stopped at: the summary's when its motion is there, else
// the last round with motion; 0 when there is none.
func (r *SavedRun) FinalRound() int {
	if len(r.Rounds) == 0 {
		return 0
	}
	if r.Summary != nil {
		if _, err := r.Round(r.Summary.Final); err == nil {
			return r.Summary.Final
		}
	}
	return r.Rounds[len(r.Rounds)-1].Index
}
