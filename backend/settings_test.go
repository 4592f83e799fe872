package backend

import (
	"strings"
	"testing"
)

func TestSettingsRoundTripThroughMap(t *testing.T) {
	want := Settings{Model: "gpt-4o", BaseURL: "http://127.0.0.1:9/v1", Prompts: "p", OneImage: true,
		Executor: "http://127.0.0.1:8765", Profile: "ideal"}
	m := map[string]string{"scene": "living_room"}
	want.Put(m)
	got, err := FromMap(m)
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Fatalf("round trip: got %+v, want %+v", got, want)
	}
	if m["scene"] != "living_room" {
		t.Fatal("Put overwrote a key that is not a backend setting")
	}
}

func TestFromMapKeepsDefaultsAndRefusesBadBool(t *testing.T) {
	got, err := FromMap(map[string]string{KeyModel: ""})
	if err != nil || got != Defaults() {
		t.Fatalf("empty map: got %+v, %v; want the defaults", got, err)
	}
	if _, err := FromMap(map[string]string{KeyOneImage: "yes please"}); err == nil || !strings.Contains(err.Error(), "one-image") {
		t.Fatalf("bad bool: got %v, want an error naming the setting", err)
	}
}

func TestBuiltinBackendsAreNamedAsStandIns(t *testing.T) {
	s := Defaults()
	m, err := s.NewModel(3)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.ToLower(m.Name()), "stand-in") {
		t.Errorf("built-in model is named %q; its name must say it is a stand-in", m.Name())
	}
	_, name, err := s.NewExecutor(3)
	if err != nil || !strings.HasPrefix(name, "kinematic/motionllm (") || !strings.Contains(name, "stand-in") {
		t.Errorf("built-in executor: %q, %v; want kinematic/motionllm, named a stand-in", name, err)
	}
	s.Profile = "perfect"
	if _, _, err := s.NewExecutor(0); err == nil || !strings.Contains(err.Error(), "ideal or motionllm") {
		t.Errorf("unknown profile: got %v, want an error listing the profiles", err)
	}
	s = Defaults()
	s.Executor = "ftp://example.org"
	if _, _, err := s.NewExecutor(0); err == nil {
		t.Error("an executor URL that is not http(s) was accepted")
	}
}
