package bench

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"interactagent/agent"
	"interactagent/eval"
	"interactagent/task"
)

// Trial is one run of the agent: a task of the suite in one mode with one seed, on one body.
type Trial struct {
	Task string     `json:"task"`
	Mode agent.Mode `json:"mode"`
	Seed uint64     `json:"seed"`
	// Body is the body the trial's people are drawn and its penetration measured with
	// (eval.BodyHuman, eval.BodyProxy); empty in benches written before issue 22, whose trials
	// all ran on the proxy (BodyName).
	Body string `json:"body,omitempty"`
}

// Name is the trial's folder and result file name, "<task>-<mode>-s<seed>-<body>" (without the
// body for a trial that has none). A task id with characters a file name should not have gets them
// replaced and a short hash of the id added, so that two ids never share a name.
func (t Trial) Name() string {
	name := fmt.Sprintf("%s-%s-s%d", safeName(t.Task), t.Mode, t.Seed)
	if t.Body != "" {
		name += "-" + t.Body
	}
	return name
}

// BodyName returns the body the trial runs on: Body, or eval.BodyProxy for a trial of a bench
// written before bodies were chosen.
func (t Trial) BodyName() string { return cmp.Or(t.Body, eval.BodyProxy) }

// safeName returns id when every character is a letter, a digit, '.', '_' or '-' (and it does not
// start with '.'), else id with the others replaced by '_' and the first 8 hex digits of its
// SHA-256 appended.
func safeName(id string) string {
	clean := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '_', r == '-':
			return r
		}
		return '_'
	}, id)
	if clean == id && id != "" && id[0] != '.' {
		return id
	}
	sum := sha256.Sum256([]byte(id))
	return strings.TrimLeft(clean, ".") + "_" + hex.EncodeToString(sum[:4])
}

// Trials lists every trial of a bench in its fixed order: tasks in the suite's order, for each
// the modes in the order given, for each the bodies in the order given (none: one trial without
// a body, as benches before issue 22 ran), for each the seeds from 0.
func Trials(s *task.Suite, modes []agent.Mode, bodies []string, seeds int) []Trial {
	if len(bodies) == 0 {
		bodies = []string{""}
	}
	var out []Trial
	for _, t := range s.Tasks {
		for _, m := range modes {
			for _, b := range bodies {
				for seed := 0; seed < seeds; seed++ {
					out = append(out, Trial{Task: t.ID, Mode: m, Seed: uint64(seed), Body: b})
				}
			}
		}
	}
	return out
}
