package agent

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpenSavedReadsWhatTheRunWrote: a finished run folder reads back with its rounds, clips,
// verdicts, summary and trace as the run returned them.
func TestOpenSavedReadsWhatTheRunWrote(t *testing.T) {
	dir := t.TempDir()
	folder, err := OpenFolder(dir)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := Run(context.Background(), builtinEnv(t, 0, folder), Config{Mode: Offline, NMax: 2, NoEarlyStop: true}, nil)
	folder.Close()
	if err != nil {
		t.Fatal(err)
	}
	r, err := OpenSaved(dir)
	if err != nil {
		t.Fatal(err)
	}
	if r.Summary == nil || r.FinalRound() != tr.Final || len(r.Rounds) != len(tr.Rounds) || len(r.Events) != len(tr.Events) {
		t.Fatalf("read back: summary %v, final %d, %d rounds, %d events; want final %d, %d rounds, %d events",
			r.Summary != nil, r.FinalRound(), len(r.Rounds), len(r.Events), tr.Final, len(tr.Rounds), len(tr.Events))
	}
	for i, rd := range r.Rounds {
		want := tr.Rounds[i]
		c, err := r.Clip(rd.Index)
		if err != nil {
			t.Fatal(err)
		}
		if c.Len() != want.Motion.Len() || c.Frames[c.Len()-1].Root().Sub(want.Motion.Frames[c.Len()-1].Root()).Len() > 1e-6 {
			t.Errorf("round %d: clip of %d frames read back, want %d and the same last frame", rd.Index, c.Len(), want.Motion.Len())
		}
		wantGhost := ""
		if want.Image != "" {
			wantGhost = filepath.Join(dir, want.Image)
		}
		if rd.Verdict == nil || rd.Verdict.Pass != want.Verdict.Pass || rd.Ghost != wantGhost || rd.Metrics.Frames != want.Metrics.Frames {
			t.Errorf("round %d: verdict %+v, ghost %q, %d frames; want pass %v, ghost %q, %d frames",
				rd.Index, rd.Verdict, rd.Ghost, rd.Metrics.Frames, want.Verdict.Pass, wantGhost, want.Metrics.Frames)
		}
		if strings.Join(rd.Accepted, "|") != strings.Join(want.Accepted, "|") {
			t.Errorf("round %d: accepted plan differs", rd.Index)
		}
	}
	if r.Info.Body() != "human" || r.Summary.Body != "human" || !strings.Contains(r.Summary.PenetrationOn, "13,380 vertices") ||
		r.Rounds[0].Metrics.Penetration.Body != "human" {
		t.Errorf("a new run's body: run.json %q, summary %q (%q), round 1 %q; want the human body named everywhere",
			r.Info.Body(), r.Summary.Body, r.Summary.PenetrationOn, r.Rounds[0].Metrics.Penetration.Body)
	}
	if _, err := r.Clip(9); !errors.Is(err, ErrNoRound) || !strings.Contains(err.Error(), "rounds 1, 2") {
		t.Errorf("round 9: %v, want ErrNoRound naming the rounds there are", err)
	}
}

// TestOpenSavedCutShort: a run folder without summary or motion reads as a run with no rounds; a
// folder that is no run folder is an error.
func TestOpenSavedCutShort(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "run.json"), []byte(`{"task":"sit","scene":"living_room","config":{}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "trace.jsonl"), []byte(`{"seq":1,"kind":"run"}`+"\n"+`{"seq":2,"ki`), 0o644)
	r, err := OpenSaved(dir)
	if err != nil {
		t.Fatal(err)
	}
	if r.Summary != nil || len(r.Rounds) != 0 || len(r.Events) != 1 || r.FinalRound() != 0 {
		t.Errorf("cut short: %+v", r)
	}
	if _, err := OpenSaved(t.TempDir()); err == nil || !strings.Contains(err.Error(), "not a run folder") {
		t.Errorf("empty folder: %v", err)
	}
}
