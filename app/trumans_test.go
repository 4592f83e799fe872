package app

import (
	"context"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/test"

	"interactagent/agent"
	"interactagent/body/smplx"
	rectest "interactagent/motion/trumans/trumanstest"
	roomtest "interactagent/scene/trumans/trumanstest"
	"interactagent/wiring"
)

// TestTRUMANSRoomRunWithItsRecording: a run made in a TRUMANS room (FOLDER#SCENE) opens in the app
// in that room, its objects labelled, and the folder's recording of the room plays as one more
// pane beside the round.
func TestTRUMANSRoomRunWithItsRecording(t *testing.T) {
	data := filepath.Join(t.TempDir(), "TRUMANS")
	if err := roomtest.Write(data, roomtest.Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := rectest.WriteRecording(data, rectest.Options{Scene: "room_01"}); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "run")
	env, done, err := wiring.NewEnv(wiring.Job{Settings: agent.Settings{Scene: data + "#room_01", Task: "sit on the chair"},
		Config: agent.Config{Mode: agent.Naive, NoRender: true}, Out: out})
	if err != nil {
		t.Fatal(err)
	}
	_, err = agent.Run(context.Background(), env, agent.Config{Mode: agent.Naive, NoRender: true}, nil)
	done()
	if err != nil {
		t.Fatal(err)
	}
	a := test.NewTempApp(t)
	w := NewWindow(a, Options{RunsDir: t.TempDir(), manual: true})
	defer w.Close()
	if err := w.OpenRun(out); err != nil {
		t.Fatal(err)
	}
	ses := w.Session()
	chair := false
	for _, o := range ses.Scene.Objects {
		chair = chair || o.Category == "chair"
	}
	if !chair || ses.Scene.Grid == nil || len(ses.Panes) != 1 {
		t.Fatalf("session: chair %v, grid %v, %d panes; want the TRUMANS room with its grid and the run's round", chair, ses.Scene.Grid != nil, len(ses.Panes))
	}
	t.Setenv(smplx.EnvVar, "")
	if err := w.AddRecording(data, RecordingPick{Scene: "room_01", Action: 1}); err != nil {
		t.Fatal(err)
	}
	if n := len(w.Session().Panes); n != 2 {
		t.Errorf("%d panes after adding the recording, want the round and the recording", n)
	}
}
