package wiring

import (
	"strings"
	"testing"

	"interactagent/agent"
)

func TestBuiltinBackendsAreNamedAsStandIns(t *testing.T) {
	s := agent.DefaultSettings()
	m, err := NewModel(s, 3)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.ToLower(m.Name()), "stand-in") {
		t.Errorf("built-in model is named %q; its name must say it is a stand-in", m.Name())
	}
	_, name, err := NewExecutor(s, 3)
	if err != nil || !strings.HasPrefix(name, "kinematic/motionllm (") || !strings.Contains(name, "stand-in") {
		t.Errorf("built-in executor: %q, %v; want kinematic/motionllm, named a stand-in", name, err)
	}
	s.Profile = "perfect"
	if _, _, err := NewExecutor(s, 0); err == nil || !strings.Contains(err.Error(), "ideal or motionllm") {
		t.Errorf("unknown profile: got %v, want an error listing the profiles", err)
	}
	s = agent.DefaultSettings()
	s.Executor = "ftp://example.org"
	if _, _, err := NewExecutor(s, 0); err == nil {
		t.Error("an executor URL that is not http(s) was accepted")
	}
}
