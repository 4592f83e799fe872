package app

import (
	"fyne.io/fyne/v2"

	"interactagent/agent"
	"interactagent/wiring"
)

// RunSettings are what the run panel asks for and the app remembers between sessions in Fyne's
// preferences: the run's settings (scene, instruction, backends) and the loop's. An API key is
// never among them: the backends read it from the environment when a run starts.
type RunSettings struct {
	Run      agent.Settings
	Mode     agent.Mode
	NMax     int
	RMax     int
	Feedback agent.Feedback
}

// DefaultRunSettings are a first start's: the demo task in the living room, full mode, built-in
// backends.
func DefaultRunSettings() RunSettings {
	run := agent.DefaultSettings()
	run.Scene, run.Task = "living_room", "sit on the armchair, then walk to the bookshelf and touch it with your right hand"
	return RunSettings{Run: run, Mode: agent.Full, NMax: 5, RMax: 2, Feedback: agent.Visual}
}

// Preference keys, prefixed so that they never meet another part's: "run." and the setting's name.
const prefPrefix = "run."

// LoadRunSettings reads the remembered settings, keeping defaults for what was never saved or no
// longer parses.
func LoadRunSettings(p fyne.Preferences) RunSettings {
	s := DefaultRunSettings()
	for _, f := range s.Run.Fields() {
		def := f.Value.String()
		if f.Value.Set(p.StringWithFallback(prefPrefix+f.Name, def)) != nil {
			f.Value.Set(def) // a value that no longer parses: the default stays
		}
	}
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
	for _, f := range s.Run.Fields() {
		p.SetString(prefPrefix+f.Name, f.Value.String())
	}
	p.SetString(prefPrefix+"mode", string(s.Mode))
	p.SetString(prefPrefix+"feedback", string(s.Feedback))
	p.SetInt(prefPrefix+"n-max", s.NMax)
	p.SetInt(prefPrefix+"r-max", s.RMax)
}

// Job returns the run these settings ask for, written to folder out.
func (s RunSettings) Job(out string) wiring.Job {
	cfg := agent.Config{Mode: s.Mode, NMax: s.NMax, RMax: s.RMax, Feedback: s.Feedback, NoRender: s.Run.BuiltinModel()}
	return wiring.Job{Settings: s.Run, Config: cfg, Out: out}
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
