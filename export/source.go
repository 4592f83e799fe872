package export

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"interactagent/agent"
	"interactagent/fileio"
	"interactagent/motion"
	"interactagent/motion/anim"
	"interactagent/scene"
	"interactagent/scene/load"
)

// source is what a request exports: one take per round asked for (or the motion file's one), and
// where its scene comes from.
type source struct {
	dir      string // the run folder; "" for a motion file
	takes    []anim.Take
	sceneRef string // the run's scene, or the request's for a motion file
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
	if req.Round != 0 {
		return nil, fmt.Errorf("export: %s is a motion file; a round (%s) can only be picked from a run folder", req.Source, roundName(req.Round))
	}
	fps := req.FPS
	if fps == 0 {
		fps = motion.HumanML3DFPS
	}
	c, _, err := motion.LoadMotion(req.Source, fps)
	if err != nil {
		return nil, err
	}
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("export: %s: %w", req.Source, err)
	}
	name := strings.TrimSuffix(filepath.Base(req.Source), filepath.Ext(req.Source))
	return &source{takes: []anim.Take{{Name: name, Clip: c}}, sceneRef: req.Scene}, nil
}

// openRun loads the rounds of a run folder.
func openRun(req Request) (*source, error) {
	info, err := agent.ReadRunInfo(req.Source)
	if err != nil {
		return nil, fmt.Errorf("export: %s is a folder but not a run folder (want run.json in it): %w", req.Source, err)
	}
	have, err := roundsWithMotion(req.Source)
	if err != nil {
		return nil, err
	}
	rounds, err := pickRounds(req.Source, req.Round, have)
	if err != nil {
		return nil, err
	}
	src := &source{dir: req.Source, sceneRef: info.Scene}
	for _, r := range rounds {
		c, err := roundClip(req.Source, r)
		if err != nil {
			return nil, err
		}
		src.takes = append(src.takes, anim.Take{Name: roundName(r), Clip: c})
	}
	return src, nil
}

// roundName names a round as the exports title it.
func roundName(r int) string {
	if r == AllRounds {
		return "all rounds"
	}
	return "round " + strconv.Itoa(r)
}

// roundsWithMotion lists, in order, the rounds of a run folder that hold their motion.
func roundsWithMotion(dir string) ([]int, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	var out []int
	for _, e := range entries {
		n, ok := strings.CutPrefix(e.Name(), "round-")
		r, err := strconv.Atoi(n)
		if !ok || err != nil || r < 1 || !e.IsDir() {
			continue
		}
		if motionFile(dir, r) != "" {
			out = append(out, r)
		}
	}
	sort.Ints(out)
	return out, nil
}

// motionFile returns the round's motion file, clip JSON first (it keeps the fps and segments),
// or "" when it has none.
func motionFile(dir string, r int) string {
	for _, name := range []string{"motion.json", "motion.npy"} {
		p := filepath.Join(dir, fmt.Sprintf("round-%d", r), name)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			return p
		}
	}
	return ""
}

// pickRounds resolves the round asked for against the rounds the folder has.
func pickRounds(dir string, round int, have []int) ([]int, error) {
	if len(have) == 0 {
		return nil, fmt.Errorf("export: run %s has no round with motion yet (want round-N/motion.json or motion.npy)", dir)
	}
	switch {
	case round == AllRounds:
		return have, nil
	case round == 0:
		if final, ok := finalRound(dir); ok && slices.Contains(have, final) {
			return []int{final}, nil
		}
		return have[len(have)-1:], nil
	case round < 0:
		return nil, fmt.Errorf("export: round %d: want 1…N, 0 for the final round, or all", round)
	case slices.Contains(have, round):
		return []int{round}, nil
	}
	if _, err := os.Stat(filepath.Join(dir, fmt.Sprintf("round-%d", round))); err == nil {
		return nil, fmt.Errorf("export: %s has no motion (want motion.json or motion.npy); rounds with motion: %s",
			filepath.Join(dir, fmt.Sprintf("round-%d", round)), list(have))
	}
	return nil, fmt.Errorf("export: run %s has no round %d; its rounds with motion: %s", dir, round, list(have))
}

// finalRound reads summary.json's final_round.
func finalRound(dir string) (int, bool) {
	data, err := fileio.ReadFile(os.DirFS(dir), "summary.json", 16<<20)
	if err != nil {
		return 0, false
	}
	var s struct {
		Final int `json:"final_round"`
	}
	if fileio.DecodeJSON(data, &s, false) != nil {
		return 0, false
	}
	return s.Final, s.Final > 0
}

// roundClip reads a round's motion.
func roundClip(dir string, r int) (*motion.Clip, error) {
	p := motionFile(dir, r)
	c, _, err := motion.LoadMotion(p, motion.HumanML3DFPS)
	if err != nil {
		return nil, err
	}
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("export: %s: %w", p, err)
	}
	return c, nil
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
	sc, err := load.Scene(s.sceneRef)
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
