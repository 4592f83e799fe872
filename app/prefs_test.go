package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"interactagent/agent"
)

// TestSettingsSurviveARestart: settings saved by one app start are what the next reads, and no
// secret from the environment is ever stored.
func TestSettingsSurviveARestart(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "sk-never-stored-123")
	a := test.NewTempApp(t)
	s := LoadRunSettings(a.Preferences())
	if s != DefaultRunSettings() {
		t.Fatalf("first start: %+v, want the defaults", s)
	}
	s.Run.Scene, s.Run.Task, s.Mode, s.NMax, s.RMax = "bedroom", "lie on the bed", agent.Online, 3, 1
	s.Run.Model, s.Run.BaseURL, s.Run.Profile, s.Run.OneImage = "gpt-4o", "https://example.test/v1", "ideal", true
	s.Save(a.Preferences())
	AddRecentRun(a.Preferences(), "runs/a")
	AddRecentRun(a.Preferences(), "runs/b")
	AddRecentRun(a.Preferences(), "runs/a")

	// The next start reads the same store.
	again := LoadRunSettings(a.Preferences())
	if again != s {
		t.Errorf("after a restart: %+v, want %+v", again, s)
	}
	if r := RecentRuns(a.Preferences()); strings.Join(r, ",") != "runs/a,runs/b" {
		t.Errorf("recent runs %v, want [runs/a runs/b]", r)
	}
	for _, key := range []string{"scene", "task", "model", "base-url", "prompts", "one-image", "executor", "profile", "mode", "feedback"} {
		if v := a.Preferences().String(prefPrefix + key); strings.Contains(v, "sk-never") {
			t.Errorf("preference %s holds the API key", key)
		}
	}
	job := again.Job(t.TempDir())
	if job.Settings.Model != "gpt-4o" || job.Config.Mode != agent.Online || !strings.Contains(job.Settings.BaseURL, "example.test") || !bool(job.Settings.OneImage) {
		t.Errorf("job from settings: %+v", job)
	}
}

// TestSettingsIgnoreBadValues: a mode no longer known, or a setting that no longer parses, keeps
// the default.
func TestSettingsIgnoreBadValues(t *testing.T) {
	a := test.NewTempApp(t)
	a.Preferences().SetString(prefPrefix+"mode", "sideways")
	a.Preferences().SetString(prefPrefix+"one-image", "perhaps")
	if s := LoadRunSettings(a.Preferences()); s.Mode != agent.Full || bool(s.Run.OneImage) {
		t.Errorf("bad mode read as %q, one-image as %v", s.Mode, s.Run.OneImage)
	}
}
