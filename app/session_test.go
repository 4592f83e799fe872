package app

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"interactagent/agent"
	"interactagent/executor/kinematic"
	"interactagent/mllm/geometric"
)

// demoRun runs the demo task in offline mode for two rounds (every round kept) into a folder.
func demoRun(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	folder, err := agent.OpenFolder(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer folder.Close()
	env := agent.Env{Scene: livingRoom(t), Settings: agent.Settings{Scene: "living_room",
		Task: "sit on the armchair, then walk to the bookshelf and touch it with your right hand"},
		Model: geometric.New(geometric.Options{}), Folder: folder, ExecutorName: "kinematic/motionllm",
		Executor: kinematic.New(kinematic.Options{Profile: kinematic.MotionLLM()})}
	if _, err := agent.Run(context.Background(), env, agent.Config{Mode: agent.Full, NMax: 2, NoEarlyStop: true}, nil); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestOpenRunFillsPanesAndInspector: a run folder opens as one pane per round, the clock as long
// as the longest, and an inspector with every round, step and attempt of the trace.
func TestOpenRunFillsPanesAndInspector(t *testing.T) {
	ses, err := OpenRun(demoRun(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(ses.Panes) != 2 || ses.Scene == nil {
		t.Fatalf("%d panes, scene %v; want 2 rounds", len(ses.Panes), ses.Scene != nil)
	}
	longest := max(ses.Panes[0].Duration(), ses.Panes[1].Duration())
	if ses.Clock.Duration != longest || ses.Clock.FPS != 20 {
		t.Errorf("clock %+v, want %v s at 20 fps", ses.Clock, longest)
	}
	if !strings.Contains(ses.Panes[1].Title, "round 2 (output)") || !strings.Contains(ses.Panes[0].Title, "pe_max") {
		t.Errorf("titles %q, %q", ses.Panes[0].Title, ses.Panes[1].Title)
	}
	in := Inspect(ses.Run)
	if len(in.Root) != 3 || in.Root[0] != "r1" || in.Root[1] != "r2" || in.Root[2] != "costs" {
		t.Fatalf("inspector roots %v", in.Root)
	}
	observed := 0
	for _, e := range ses.Run.Events {
		if e.Kind == agent.KindObserve {
			observed++
			id := "r" + itoa(e.Round) + "/s" + itoa(e.Step) + "/a" + itoa(e.Attempt)
			n, ok := in.Nodes[id]
			if !ok || !strings.Contains(n.Detail, string(e.Decision)) || !strings.Contains(n.Detail, e.Action) {
				t.Fatalf("attempt %s: %+v, want its decision %q and action", id, n, e.Decision)
			}
		}
	}
	if observed == 0 {
		t.Fatal("the full-mode run observed nothing")
	}
	r2 := in.Nodes["r2"]
	if !strings.Contains(r2.Detail, "Reflection") || !strings.Contains(r2.Detail, "pe_max") || !strings.Contains(r2.Label, "round 2 —") {
		t.Errorf("round 2: label %q, detail %q; want its reflection, check and metrics", r2.Label, r2.Detail)
	}
	if !strings.Contains(in.Nodes["costs"].Detail, "VQUs") {
		t.Errorf("costs: %q", in.Nodes["costs"].Detail)
	}
}

// TestClockDrivesEveryPane: seeking and stepping land every pane on the frame of its own clip at
// the clock's time, a shorter round holding its last frame.
func TestClockDrivesEveryPane(t *testing.T) {
	s := livingRoom(t)
	ses := &Session{Scene: s, Panes: walkPanes(t, s, 2)}
	ses.fitClock()
	short, long := ses.Panes[0].Clip.Len(), ses.Panes[1].Clip.Len()
	if ses.Clock.Duration != ses.Panes[1].Duration() {
		t.Fatalf("clock %v s, want the longer pane's %v s", ses.Clock.Duration, ses.Panes[1].Duration())
	}
	ses.Clock = ses.Clock.Seek(1.0)
	if f := ses.Frames(); f[0] != 20 || f[1] != 20 {
		t.Errorf("at 1 s: frames %v, want [20 20]", f)
	}
	ses.Clock = ses.Clock.Step(3)
	if f := ses.Frames(); f[0] != 23 || f[1] != 23 {
		t.Errorf("after 3 frame steps: %v, want [23 23]", f)
	}
	ses.Clock = ses.Clock.End()
	if f := ses.Frames(); f[0] != short-1 || f[1] != long-1 {
		t.Errorf("at the end: %v, want [%d %d]", f, short-1, long-1)
	}
	ses.FocusPane(1)
	if sh := ses.Shown(); len(sh) != 1 || sh[0] != ses.Panes[1] {
		t.Errorf("focus round 2: shown %d panes", len(sh))
	}
	ses.FocusPane(1)
	if len(ses.Shown()) != 2 {
		t.Error("focusing the focused round again did not bring the grid back")
	}
}

func itoa(i int) string { return strconv.Itoa(i) }
