package bench

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"interactagent/agent"
	"interactagent/eval"
	"interactagent/task"
)

// TestTrialsRunOnTheirBodies: a bench on both bodies runs every task and mode once per body, each
// trial's run folder records its body and measures on it, and the same motion differs only in
// its penetration.
func TestTrialsRunOnTheirBodies(t *testing.T) {
	m := smallManifest(t)
	// A task that sits, where the bodies read different depths (walking, both rest on the floor).
	m.Suite.Tasks = slices.DeleteFunc(m.Suite.Tasks, func(t task.Task) bool { return t.ID != "living_room-02" })
	m.Modes, m.Bodies = []agent.Mode{agent.Naive}, []string{eval.BodyHuman, eval.BodyProxy}
	out := t.TempDir()
	rep, err := Run(context.Background(), m, options(out, Shard{}, 2))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Results) != 2 || len(rep.Rows) != 2 {
		t.Fatalf("%d results in %d rows, want one trial and one row per body", len(rep.Results), len(rep.Rows))
	}
	var pe [2]float64
	for i, r := range rep.Results {
		saved, err := agent.OpenSaved(filepath.Join(out, "trials", r.Name()))
		if err != nil {
			t.Fatal(err)
		}
		got := saved.Rounds[0].Metrics.Penetration.Body
		if r.Body != m.Bodies[i] || saved.Info.Body() != r.Body || got != r.Body || r.Error != "" {
			t.Errorf("trial %s: run.json body %q, measured on %q (%s); want %q", r.Name(), saved.Info.Body(), got, r.Error, m.Bodies[i])
		}
		pe[i] = r.FinalRound().PeMax
	}
	if a, b := rep.Results[0], rep.Results[1]; a.Success("strict") != b.Success("strict") || pe[0] == pe[1] {
		t.Errorf("human: success %v, pe_max %v; proxy: %v, %v; want the same outcome measured differently", a.Success("strict"), pe[0], b.Success("strict"), pe[1])
	}
}
