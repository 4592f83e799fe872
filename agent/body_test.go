package agent

import (
	"context"
	"strings"
	"testing"

	"interactagent/eval"
)

// TestRunMeasuresOnItsBody: a naive run on the proxy measures every round on the proxy, the same
// run on the human body on the human body, and the two differ only in penetration; an unknown
// body is refused before anything runs.
func TestRunMeasuresOnItsBody(t *testing.T) {
	run := func(body string) (*Trace, error) {
		env := builtinEnv(t, 0, nil)
		env.Settings.Body = body
		return Run(context.Background(), env, Config{Mode: Naive}, nil)
	}
	proxy, err := run(eval.BodyProxy)
	if err != nil {
		t.Fatal(err)
	}
	human, err := run(eval.BodyHuman)
	if err != nil {
		t.Fatal(err)
	}
	p, h := proxy.Rounds[0].Metrics, human.Rounds[0].Metrics
	if p.Penetration.Body != eval.BodyProxy || p.Penetration.MeasuredOn != eval.PenetrationProxy || h.Penetration.Body != eval.BodyHuman {
		t.Errorf("measured on %q (%q) and %q, want the proxy and the human body", p.Penetration.Body, p.Penetration.MeasuredOn, h.Penetration.Body)
	}
	if p.Frames != h.Frames || p.Penetration.Max == h.Penetration.Max {
		t.Errorf("proxy: %d frames, pe_max %v; human: %d frames, pe_max %v; want the same motion measured differently",
			p.Frames, p.Penetration.Max, h.Frames, h.Penetration.Max)
	}
	if s := Summarize(human); s.Body != eval.BodyHuman || !strings.Contains(s.PenetrationOn, "surface share") {
		t.Errorf("the summary says %q (%q), want the human body", s.Body, s.PenetrationOn)
	}
	if _, err := run("mannequin"); err == nil || !strings.Contains(err.Error(), `"mannequin"`) {
		t.Errorf("an unknown body: %v, want it refused by name", err)
	}
	if _, err := run("smplx"); err == nil || !strings.Contains(err.Error(), "model file") {
		t.Errorf("the smplx body without its model (Env.Body): %v, want it refused, asking for the file", err)
	}
}
