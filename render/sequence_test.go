package render

import (
	"context"
	"image/gif"
	"math"
	"os"
	"path/filepath"
	"strings"
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
	r, err := q.paneRequest(1, 1.5)
	if err != nil {
		t.Fatal(err)
	}
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

// TestSequenceFramesAreCountedWithoutWrapping: a clip of a tiny rate lasts so long that its frame
// count does not fit an int; it used to wrap to -9223372036854775807 frames and pass the check.
// Counts are refused above the limit with the durations and rates that made them, and counted
// exactly up to it.
func TestSequenceFramesAreCountedWithoutWrapping(t *testing.T) {
	slow := func(n int, fps float64) *motion.Clip {
		c := straightWalk(n, 0.01)
		c.FPS = fps
		return c
	}
	refused := []struct {
		clips []*motion.Clip
		fps   float64
		says  string
	}{
		{[]*motion.Clip{slow(2, 1e-300)}, 30, "sequence of 1e+300 s (clip 1: 2 frames at 1e-300 fps) at 30 fps is 3e+301 frames, want at most 36000"},
		{[]*motion.Clip{slow(10, 20), slow(100, 0.002)}, 20, "(clip 2: 100 frames at 0.002 fps) at 20 fps is 9.9e+05 frames"},
		{[]*motion.Clip{slow(36001, 20)}, 20, "36001 frames at 20 fps) at 20 fps is 3.6e+04 frames, want at most 36000"},
	}
	for _, c := range refused {
		n, err := sequenceFrames(c.clips, c.fps)
		if err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%d frames, %v: want an error saying %q", n, err, c.says)
		}
	}
	if n, err := sequenceFrames([]*motion.Clip{slow(36000, 20), slow(5, 1)}, 20); err != nil || n != 36000 {
		t.Errorf("30 minutes at 20 fps: %d frames, %v; want 36000", n, err)
	}
}
