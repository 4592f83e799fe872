package app

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"interactagent/agent"
	"interactagent/mllm"
)

// TestGatePausesEditsAndOverrides: a paused gate holds the run before its next step until it is
// resumed, hands over the edited action once, and overrides the next decision once.
func TestGatePausesEditsAndOverrides(t *testing.T) {
	paused := make(chan agent.StepView, 1)
	g := &Gate{OnPaused: func(at agent.StepView) { paused <- at }}
	at := agent.StepView{Round: 1, Step: 2, Action: "A person walks forward about 1 meter"}
	if e, err := g.BeforeStep(context.Background(), at); err != nil || e.Action != "" {
		t.Fatalf("not paused: %+v, %v; want no edit", e, err)
	}
	g.Pause()
	got := make(chan agent.Edit, 1)
	go func() {
		e, _ := g.BeforeStep(context.Background(), at)
		got <- e
	}()
	if where := <-paused; where.Step != 2 {
		t.Errorf("paused at %+v", where)
	}
	select {
	case e := <-got:
		t.Fatalf("the step ran while paused: %+v", e)
	case <-time.After(50 * time.Millisecond):
	}
	g.Resume("A person walks forward about 2 meters")
	if e := <-got; e.Action != "A person walks forward about 2 meters" || e.Note == "" {
		t.Errorf("after resume: %+v, want the edited action", e)
	}
	if e, _ := g.BeforeStep(context.Background(), at); e.Action != "" {
		t.Errorf("the edit was used twice: %+v", e)
	}
	g.Override(mllm.Redo)
	o, _ := g.Decide(context.Background(), at, mllm.Observation{Decision: mllm.Continue})
	if o.Decision != mllm.Redo || o.Action != at.Action {
		t.Errorf("override: %+v", o)
	}
	if o, _ := g.Decide(context.Background(), at, mllm.Observation{Decision: mllm.Continue}); o.Decision != "" {
		t.Errorf("the override was used twice: %+v", o)
	}
	g.Pause()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := g.BeforeStep(ctx, at); err == nil {
		t.Error("a cancelled run stayed paused")
	}
}

// TestTaskPickerFillsSceneAndInstruction: the run panel lists the built-in suite's tasks, and a
// UniHSI plan file's when opened; picking one fills the scene and the instruction only.
func TestTaskPickerFillsSceneAndInstruction(t *testing.T) {
	a := test.NewTempApp(t)
	w := NewWindow(a, Options{RunsDir: t.TempDir(), manual: true})
	defer w.Close()
	p := w.runPanel
	if len(p.tasks.Options) < 60 {
		t.Fatalf("the built-in suite lists %d tasks, want its 66", len(p.tasks.Options))
	}
	first := p.suite[0]
	p.tasks.SetSelected(p.tasks.Options[0])
	if p.scene.Text != first.Scene || p.task.Text != first.Instruction {
		t.Errorf("picked %s: scene %q, instruction %q", first.ID, p.scene.Text, p.task.Text)
	}
	plans := "../../shared/testdata/unihsi/test.json"
	if _, err := os.Stat(plans); err != nil {
		t.Skipf("no shared UniHSI plans: %v", err)
	}
	if err := p.loadSuite(plans); err != nil {
		t.Fatal(err)
	}
	p.tasks.SetSelected(p.tasks.Options[0])
	if !strings.HasSuffix(p.scene.Text, "test.json#0000") || p.task.Text == "" {
		t.Errorf("UniHSI task: scene %q, instruction %q", p.scene.Text, p.task.Text)
	}
	if err := p.loadSuite("no-such-suite"); err == nil {
		t.Error("an unknown suite was accepted")
	}
}
