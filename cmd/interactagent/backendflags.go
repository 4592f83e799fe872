package main

import (
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"time"

	"interactagent/agent"
)

// settingFlags binds the flags of the settings s to their fields: every setting but those named in
// except, each flag named and helped as agent.Settings says (run takes them all; bench leaves the
// scene and the task to its suite). A setting added to agent.Settings is a flag here at once.
func settingFlags(fs *flag.FlagSet, s *agent.Settings, except ...string) {
	for _, f := range s.Fields() {
		if !slices.Contains(except, f.Name) {
			fs.Var(f.Value, f.Name, f.Help)
		}
	}
}

// setFlags returns the names of the flags set on the command line.
func setFlags(fs *flag.FlagSet) []string {
	var names []string
	fs.Visit(func(f *flag.Flag) { names = append(names, f.Name) })
	return names
}

// modelDeadlineFlag adds --model-deadline (run and bench share it), writing into d; 0, its
// default, takes agent.DefaultModelDeadline.
func modelDeadlineFlag(fs *flag.FlagSet, d *time.Duration) {
	fs.DurationVar(d, "model-deadline", 0, fmt.Sprintf("the longest one role's call to the model may take, its tries and the pauses between them included: an endpoint that does not answer fails the run after it; a 401, 403 or 404 fails at once (default %v)", agent.DefaultModelDeadline))
}

// parseFeedback reads --feedback, which run and bench share.
func parseFeedback(text string) (agent.Feedback, error) {
	f, err := agent.ParseFeedback(text)
	if err != nil {
		return f, usageError{"--feedback: " + err.Error()}
	}
	return f, nil
}

// newRunsFolder is the default --out of run and bench: runs/KIND-YYYYMMDD-HHMMSS, named after the
// time it starts.
func newRunsFolder(kind string) string {
	return filepath.Join("runs", kind+"-"+time.Now().Format("20060102-150405"))
}
