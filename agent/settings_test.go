package agent

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// run.json has kept settings as a map of strings ("one-image": "false"); Settings reads such a file
// and writes the same map (with the body, which that file predates, empty: ReadRunInfo reads it as
// the proxy), so old folders open and new ones read as before.
func TestSettingsKeepRunJSONsShape(t *testing.T) {
	old := `{"base-url":"","executor":"builtin","model":"builtin","one-image":"false","profile":"motionllm","prompts":"","scene":"bedroom","task":"walk to the bed"}`
	var s Settings
	if err := json.Unmarshal([]byte(old), &s); err != nil {
		t.Fatal(err)
	}
	want := DefaultSettings()
	want.Scene, want.Task, want.Body = "bedroom", "walk to the bed", ""
	if s != want {
		t.Fatalf("read %+v, want %+v", s, want)
	}
	data, _ := json.Marshal(s)
	var a, b map[string]any
	json.Unmarshal(data, &a)
	json.Unmarshal([]byte(old), &b)
	b["body"] = ""
	if !reflect.DeepEqual(a, b) {
		t.Errorf("written as %s, want %s", data, old)
	}
	for _, in := range []string{`{"one-image": true}`, `{"one-image": "true"}`} {
		var s Settings
		if err := json.Unmarshal([]byte(in), &s); err != nil || !s.OneImage {
			t.Errorf("%s: %+v, %v", in, s, err)
		}
	}
	if err := json.Unmarshal([]byte(`{"one-image": "yes please"}`), &s); err == nil || !strings.Contains(err.Error(), "want true or false") {
		t.Errorf("a bad bool: %v", err)
	}
}

// The run folder kept from release f5b1851 reads back with its settings, scene and task.
func TestReleaseRunJSONReads(t *testing.T) {
	dir := filepath.Join("..", "cmd", "interactagent", "testdata", "release-f5b1851", "run")
	if _, err := os.Stat(dir); err != nil {
		t.Fatal(err)
	}
	info, err := ReadRunInfo(dir)
	if err != nil || info.Settings == nil {
		t.Fatal(info, err)
	}
	if s := *info.Settings; s.Scene != "bedroom" || s.Task != "walk to the bed" || s.Defaults() != s || s.OneImage || s.Body != "proxy" || info.Body() != "proxy" {
		t.Errorf("settings %+v (body %q), want the release's, measured on the proxy", s, info.Body())
	}
}

// Flags bind to the fields: every setting is a flag named as run.json names it, setting it sets
// the field, and Only keeps what was set.
func TestSettingsBindToFlags(t *testing.T) {
	s := DefaultSettings()
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	var names []string
	for _, f := range s.Fields() {
		fs.Var(f.Value, f.Name, f.Help)
		names = append(names, f.Name)
		if f.Help == "" {
			t.Errorf("setting %s has no help", f.Name)
		}
	}
	if want := []string{"scene", "task", "model", "base-url", "prompts", "one-image", "executor", "profile", "body", "smplx"}; !reflect.DeepEqual(names, want) {
		t.Errorf("settings %v, want %v", names, want)
	}
	if err := fs.Parse([]string{"--scene", "bedroom", "--one-image", "true", "--base-url", "http://x/v1"}); err != nil {
		t.Fatal(err)
	}
	if s.Scene != "bedroom" || !s.OneImage || s.BaseURL != "http://x/v1" || s.Model != Builtin {
		t.Errorf("after the flags: %+v", s)
	}
	if err := fs.Parse([]string{"--one-image", "maybe"}); err == nil {
		t.Error("--one-image maybe was taken")
	}
	only := s.Only("scene", "base-url")
	if only != (Settings{Scene: "bedroom", BaseURL: "http://x/v1"}) {
		t.Errorf("Only: %+v", only)
	}
	if v, ok := s.Get("profile"); !ok || v != "motionllm" {
		t.Errorf("Get(profile) = %q, %v", v, ok)
	}
	if _, ok := s.Get("colour"); ok {
		t.Error("Get of a setting that is none")
	}
}
