package render

import (
	"context"
	"image/gif"
	"math"
	"os"
	"path/filepath"
	"testing"

	"interactagent/motion"
	"interactagent/render/media"
)

// TestSequenceWritesGIFWithEveryFrame renders two clips of different lengths and rates on one
// clock into a GIF: the frame count follows the longer clip, the size is two panes side by side.
func TestSequenceWritesGIFWithEveryFrame(t *testing.T) {
	e := newTestEngine(t)
	a := straightWalk(21, 0.05) // 1.0 s at 20 fps
	b := straightWalk(10, 0.1)  // 0.45 s
	b.FPS = 20
	for _, follow := range []bool{false, true} {
		q, err := e.NewSequence(testRoom(), []*motion.Clip{a, b}, SequenceOptions{Width: 96, Height: 64, FPS: 10, Follow: follow, Titles: []string{"a", "b"}})
		if err != nil {
			t.Fatal(err)
		}
		if q.Len() != 11 {
			t.Errorf("follow %v: %d frames, want 11 (1 s at 10 fps, both ends)", follow, q.Len())
		}
		path := filepath.Join(t.TempDir(), "seq.gif")
		wrote, err := q.Write(context.Background(), path, media.VideoConfig{})
		if err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(wrote)
		if err != nil {
			t.Fatal(err)
		}
		g, err := gif.DecodeAll(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Image) != q.Len() {
			t.Errorf("follow %v: GIF has %d frames, want %d", follow, len(g.Image), q.Len())
		}
		if g.Config.Width != 2*96+paneGutter || g.Config.Height != 64 {
			t.Errorf("follow %v: GIF is %d×%d, want two 96×64 panes side by side", follow, g.Config.Width, g.Config.Height)
		}
	}
}

// TestSequenceHoldsTheLastPose checks the clock: a clip that has ended keeps its last pose, and
// frames outside the sequence are errors.
func TestSequenceHoldsTheLastPose(t *testing.T) {
	e := newTestEngine(t)
	a, b := straightWalk(41, 0.05), straightWalk(5, 0.05)
	q, err := e.NewSequence(nil, []*motion.Clip{a, b}, SequenceOptions{Width: 32, Height: 32})
	if err != nil {
		t.Fatal(err)
	}
	r := q.paneRequest(1, 1.5)
	last := b.Frames[4][0]
	if got := r.Figures[0].Pose[0]; math.Abs(got.Sub(last).Len()) > 1e-9 {
		t.Errorf("clip b at 1.5 s shows pelvis %v, want its last %v", got, last)
	}
	if _, err := q.Frame(q.Len()); err == nil {
		t.Error("frame past the end: want an error")
	}
	for _, opt := range []SequenceOptions{{Width: -1, Height: 5}, {FPS: -3}, {FPS: 1000}} {
		if _, err := e.NewSequence(nil, []*motion.Clip{a}, opt); err == nil {
			t.Errorf("options %+v: want an error", opt)
		}
	}
	if _, err := e.NewSequence(nil, nil, SequenceOptions{}); err == nil {
		t.Error("no clips: want an error")
	}
}
