package wiring

import (
	"errors"
	"testing"

	"interactagent/agent"
	"interactagent/render"
	"interactagent/render/rendertest"
)

// TestBodySetting: NewEnv records the body a run is drawn and measured with (the human body when
// none is given), refuses one it cannot measure as a --body usage error, and WithBody turns a GL
// renderer to a trial's body.
func TestBodySetting(t *testing.T) {
	build := func(body string) (agent.Env, error) {
		env, closeEnv, err := NewEnv(Job{Settings: agent.Settings{Scene: "bedroom", Task: "lie on the bed", Body: body},
			Config: agent.Config{NoRender: true}, Out: t.TempDir()})
		if err == nil {
			closeEnv()
		}
		return env, err
	}
	for body, want := range map[string]string{"": "human", "human": "human", "proxy": "proxy"} {
		if env, err := build(body); err != nil || env.Settings.Body != want {
			t.Errorf("body %q: recorded %q, %v; want %q", body, env.Settings.Body, err, want)
		}
	}
	var bad *SettingError
	if _, err := build("Human"); !errors.As(err, &bad) || bad.Key != "--body" {
		t.Errorf("body Human: %v, want a --body setting error", err)
	}
	r := WithBody(GLRenderer{Size: 64}, render.BodyProxy)
	if g, ok := r.(GLRenderer); !ok || g.Body != render.BodyProxy || g.Size != 64 {
		t.Errorf("WithBody(proxy) = %+v; want the renderer drawing the proxy", r)
	}
	t.Setenv(SMPLXEnv, "")
	if _, err := build("smplx"); !errors.As(err, &bad) || bad.Key != "--body" || !errors.Is(err, ErrNoSMPLX) {
		t.Errorf("body smplx without a model file: %v, want a --body setting error saying how to get one", err)
	}
}

// TestNewRendererDrawsTheBody: the renderer a run builds draws the run's body, on its engine and
// in every call.
func TestNewRendererDrawsTheBody(t *testing.T) {
	rendertest.Engine(t, render.Options{}).Close() // skips without OpenGL
	r, stop, err := NewRenderer(agent.Config{}, render.BodyProxy)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	g := r.(GLRenderer)
	if g.Body != render.BodyProxy || g.Engine.Body() != render.BodyProxy {
		t.Errorf("renderer body %v, engine body %v; want the proxy", g.Body, g.Engine.Body())
	}
}
