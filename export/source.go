package export

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"interactagent/agent"
	"interactagent/motion"
	"interactagent/motion/anim"
	"interactagent/scene"
	"interactagent/task"
)

// source is what a request exports: one take per round asked for (or the motion file's one), and
// where its scene comes from.
type source struct {
	dir      string // the run folder; "" for a motion file
	takes    []anim.Take
	sceneRef string // the run's scene, or the request's for a motion file
	body     string // the body the run was drawn and measured with (run.json); "" for a motion file
	smplx    string // the model file of the smplx body the run names (run.json), if any
}

// open loads the request's motion.
func open(req Request) (*source, error) {
	st, err := os.Stat(req.Source)
	if err != nil {
		return nil, fmt.Errorf("export: source: %w", err)
	}
	if st.IsDir() {
		return openRun(req)
	}
	return openFile(req)
}

// openFile loads a motion file as the source's one take, named after the file.
func openFile(req Request) (*source, error) {
	if req.Round != 0 {
		return nil, fmt.Errorf("export: %s is a motion file; a round (%s) can only be picked from a run folder", req.Source, roundName(req.Round))
	}
	c, err := loadClip(req.Source, req.FPS)
	if err != nil {
		return nil, err
	}
	name := strings.TrimSuffix(filepath.Base(req.Source), filepath.Ext(req.Source))
	return &source{takes: []anim.Take{{Name: name, Clip: c}}, sceneRef: req.Scene}, nil
}

// loadClip loads a motion file, at fps where the file stores no rate (0: HumanML3D's 20), and
// checks that it is a clip the exports can write (motion.Clip.Validate).
func loadClip(path string, fps float64) (*motion.Clip, error) {
	if fps == 0 {
		fps = motion.HumanML3DFPS
	}
	c, _, err := motion.LoadMotion(path, fps)
	if err != nil {
		return nil, err
	}
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("export: %s: %w", path, err)
	}
	return c, nil
}

// openRun loads the rounds of a run folder, as agent.OpenSaved reads it for the app and a resume.
func openRun(req Request) (*source, error) {
	run, err := agent.OpenSaved(req.Source)
	if err != nil {
		return nil, fmt.Errorf("export: %s is a folder but not a run folder (want run.json in it): %w", req.Source, err)
	}
	rounds, err := pickRounds(run, req.Round)
	if err != nil {
		return nil, err
	}
	takes, err := roundTakes(run, rounds)
	if err != nil {
		return nil, err
	}
	src := &source{dir: req.Source, takes: takes, sceneRef: run.Info.Scene, body: run.Info.Body()}
	if s := run.Info.Settings; s != nil {
		src.smplx = s.SMPLX
	}
	return src, nil
}

// roundTakes loads the motion of the run's rounds, one take each, titled by round.
func roundTakes(run *agent.SavedRun, rounds []int) ([]anim.Take, error) {
	var takes []anim.Take
	for _, r := range rounds {
		c, err := run.Clip(r)
		if err != nil {
			return nil, fmt.Errorf("export: %w", err)
		}
		takes = append(takes, anim.Take{Name: roundName(r), Clip: c})
	}
	return takes, nil
}

// roundName names a round as the exports title it.
func roundName(r int) string {
	if r == AllRounds {
		return "all rounds"
	}
	return "round " + strconv.Itoa(r)
}

// pickRounds resolves the round asked for against the rounds the run has motion for.
func pickRounds(run *agent.SavedRun, round int) ([]int, error) {
	have := motionRounds(run)
	dir := run.Dir
	if len(have) == 0 {
		return nil, fmt.Errorf("export: run %s has no round with motion yet (want round-N/motion.json or motion.npy)", dir)
	}
	switch {
	case round == AllRounds:
		return have, nil
	case round == 0 && run.Summary != nil && !slices.Contains(have, run.Summary.Final):
		return nil, fmt.Errorf("export: run %s stopped at round %d (summary.json), but round-%d has no motion; "+
			"name a round with --round: %s", dir, run.Summary.Final, run.Summary.Final, list(have))
	case round == 0:
		return []int{run.FinalRound()}, nil
	case round < 0:
		return nil, fmt.Errorf("export: round %d: want 1…N, 0 for the final round, or all", round)
	case slices.Contains(have, round):
		return []int{round}, nil
	}
	return nil, noMotion(dir, round, have)
}

// motionRounds lists the rounds of the run that have motion, in order.
func motionRounds(run *agent.SavedRun) []int {
	var have []int
	for _, rd := range run.Rounds {
		have = append(have, rd.Index)
	}
	return have
}

// noMotion says why a round asked for cannot be exported: its folder holds no motion, or the run
// has no such round; either way it lists the rounds that can be.
func noMotion(dir string, round int, have []int) error {
	rd := filepath.Join(dir, fmt.Sprintf("round-%d", round))
	if _, err := os.Stat(rd); err == nil {
		return fmt.Errorf("export: %s has no motion (want motion.json or motion.npy); rounds with motion: %s", rd, list(have))
	}
	return fmt.Errorf("export: run %s has no round %d; its rounds with motion: %s", dir, round, list(have))
}

// scene opens the source's scene; without one it returns nil, or an error when need says the
// export cannot do without.
func (s *source) scene(need string) (*scene.Scene, error) {
	if s.sceneRef == "" {
		if need != "" {
			return nil, errors.New("export: " + need + " needs a scene: a motion file names none, so give one (Scene, --scene)")
		}
		return nil, nil
	}
	sc, err := task.OpenScene(s.sceneRef)
	if err != nil {
		return nil, fmt.Errorf("export: the scene %q: %w", s.sceneRef, err)
	}
	return sc, nil
}

// list writes rounds as "1, 2, 3".
func list(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ", ")
}
