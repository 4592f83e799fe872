package app

import (
	"fyne.io/fyne/v2"

	"interactagent/agent"
	"interactagent/backend"
)

// RunSettings are what the run panel asks for and the app remembers between sessions in Fyne's
// preferences: the scene, the instruction, the backends and the loop's settings. An API key is
// never among them: the backends read it from the environment when a run starts.
type RunSettings struct {
	Scene    string
	Task     string
	Backend  backend.Settings
	Mode     agent.Mode
	NMax     int
	RMax     int
	Feedback agent.Feedback
}

// DefaultRunSettings are a first start's: the demo task in the living room, full mode, built-in
// backends.
func DefaultRunSettings() RunSettings {
	return RunSettings{Scene: "living_room", Task: "sit on the armchair, then walk to the bookshelf and touch it with your right hand",
		Backend: backend.Defaults(), Mode: agent.Full, NMax: 5, RMax: 2, Feedback: agent.Visual}
}

// Preference keys, prefixed so that they never meet another part's.
const prefPrefix = "run."

// LoadRunSettings reads the remembered settings, keeping defaults for what was never saved or no
// longer parses.
func LoadRunSettings(p fyne.Preferences) RunSettings {
	s := DefaultRunSettings()
	str := func(key string, dst *string) { *dst = p.StringWithFallback(prefPrefix+key, *dst) }
	str("scene", &s.Scene)
	str("task", &s.Task)
	str(backend.KeyModel, &s.Backend.Model)
	str(backend.KeyBaseURL, &s.Backend.BaseURL)
	str(backend.KeyExecutor, &s.Backend.Executor)
	str(backend.KeyProfile, &s.Backend.Profile)
	if m, err := agent.ParseMode(p.String(prefPrefix + "mode")); err == nil {
		s.Mode = m
	}
	if f, err := agent.ParseFeedback(p.String(prefPrefix + "feedback")); err == nil {
		s.Feedback = f
	}
	s.NMax = p.IntWithFallback(prefPrefix+"n-max", s.NMax)
	s.RMax = p.IntWithFallback(prefPrefix+"r-max", s.RMax)
	return s
}

// Save remembers the settings.
func (s RunSettings) Save(p fyne.Preferences) {
	p.SetString(prefPrefix+"scene", s.Scene)
	p.SetString(prefPrefix+"task", s.Task)
	p.SetString(prefPrefix+backend.KeyModel, s.Backend.Model)
	p.SetString(prefPrefix+backend.KeyBaseURL, s.Backend.BaseURL)
	p.SetString(prefPrefix+backend.KeyExecutor, s.Backend.Executor)
	p.SetString(prefPrefix+backend.KeyProfile, s.Backend.Profile)
	p.SetString(prefPrefix+"mode", string(s.Mode))
	p.SetString(prefPrefix+"feedback", string(s.Feedback))
	p.SetInt(prefPrefix+"n-max", s.NMax)
	p.SetInt(prefPrefix+"r-max", s.RMax)
}

// Job returns the run these settings ask for, written to folder out.
func (s RunSettings) Job(out string) backend.Job {
	m := map[string]string{"scene": s.Scene, "task": s.Task}
	s.Backend.Put(m)
	cfg := agent.Config{Mode: s.Mode, NMax: s.NMax, RMax: s.RMax, Feedback: s.Feedback}
	return backend.Job{Settings: m, Config: cfg, Out: out, NoRender: s.Backend.BuiltinModel()}
}

// recentKey holds the run folders opened lately, newest first, one per line.
const recentKey = "recent.runs"

// maxRecent is how many recent runs the File menu lists.
const maxRecent = 8

// RecentRuns returns the run folders opened lately, newest first.
func RecentRuns(p fyne.Preferences) []string { return p.StringList(recentKey) }

// AddRecentRun puts dir first in the recent runs.
func AddRecentRun(p fyne.Preferences, dir string) {
	list := []string{dir}
	for _, d := range p.StringList(recentKey) {
		if d != dir && len(list) < maxRecent {
			list = append(list, d)
		}
	}
	p.SetStringList(recentKey, list)
}
