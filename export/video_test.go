package export

import (
	"context"
	"errors"
	"image/gif"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"interactagent/render"
	"interactagent/render/rendertest"
)

// testEngine starts a GL engine, skipping where no GL exists unless CI=true.
func testEngine(t *testing.T) *render.Engine { return rendertest.Engine(t, render.Options{}) }

// A GIF of every round has a frame per video frame, as wide as two panes; an MP4 of the final
// round is written through ffmpeg.
func TestExportVideo(t *testing.T) {
	run := testRun(t)
	e := testEngine(t)
	out := t.TempDir()
	p := filepath.Join(out, "rounds.gif")
	var last, total int
	res, err := Do(context.Background(), Request{Source: run, Round: AllRounds, Out: p, Width: 96, Height: 64, Engine: e,
		Progress: func(done, n int) { last, total = done, n }})
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := gif.DecodeAll(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != total || last != total || total == 0 {
		t.Errorf("%d GIF frames, progress %d of %d (%v)", len(g.Image), last, total, res.Notes)
	}
	if w := g.Config.Width; w < 2*96 {
		t.Errorf("GIF is %d pixels wide, want two 96-pixel panes side by side", w)
	}
	if _, err := exec.LookPath("ffmpeg"); err != nil && os.Getenv("CI") != "true" {
		t.Skip("no ffmpeg here (set CI=true to fail instead)")
	}
	mp4 := filepath.Join(out, "final.mp4")
	if _, err := Do(context.Background(), Request{Source: run, Out: mp4, Width: 96, Height: 64, Engine: e}); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(mp4); err != nil || st.Size() == 0 {
		t.Errorf("no MP4: %v", err)
	}
}

// A cancelled video leaves no file.
func TestExportVideoCancelled(t *testing.T) {
	run := testRun(t)
	e := testEngine(t)
	out := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	_, err := Do(ctx, Request{Source: run, Out: filepath.Join(out, "c.gif"), Width: 64, Height: 48, Engine: e,
		Progress: func(done, _ int) {
			if done == 3 {
				cancel()
			}
		}})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want cancelled", err)
	}
	if names := listDir(t, out); len(names) != 0 {
		t.Errorf("a cancelled video left %v", names)
	}
}
