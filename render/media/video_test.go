package media

import (
	"context"
	"errors"
	"fmt"
	"image"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// dirNames lists a folder's entries, so tests can see that nothing half-written was left.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

func TestNewVideoWriterRejectsBadRequests(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name string
		path string
		w, h int
		fps  float64
		want string
	}{
		{"unknown type", "clip.avi", 64, 48, 20, `unknown video type ".avi"`},
		{"no extension", "clip", 64, 48, 20, "unknown video type"},
		{"zero width", "clip.gif", 0, 48, 20, "frame size 0×48"},
		{"negative height", "clip.mp4", 64, -2, 20, "frame size 64×-2"},
		{"huge", "clip.gif", 100000, 48, 20, "frame size 100000×48"},
		{"zero fps", "clip.gif", 64, 48, 0, "frames per second"},
		{"NaN fps", "clip.mp4", 64, 48, math.NaN(), "frames per second"},
		{"absurd fps", "clip.gif", 64, 48, 1e6, "frames per second"},
		{"missing folder", "no/such/folder/clip.gif", 64, 48, 20, "no such file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			vw, err := NewVideoWriter(filepath.Join(dir, tc.path), tc.w, tc.h, tc.fps)
			if err == nil {
				vw.Abort()
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "media: ") {
				t.Errorf("error %q, want it to start with media: and mention %q", err, tc.want)
			}
		})
	}
	if names := dirNames(t, dir); len(names) != 0 {
		t.Errorf("left files behind: %v", names)
	}
}

func TestGIFWriterRejectsWrongFramesAndLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "clip.gif")
	vw, err := NewVideoWriter(path, 32, 24, 20)
	if err != nil {
		t.Fatal(err)
	}
	if err := vw.WriteFrame(movingSquare(32, 25, 0)); err == nil || !strings.Contains(err.Error(), "is 32×25, want 32×24") {
		t.Errorf("wrong-size frame: error %v", err)
	}
	if err := vw.WriteFrame(nil); err == nil {
		t.Error("nil frame: no error")
	}
	if err := vw.Close(); err == nil || !strings.Contains(err.Error(), "no frames") {
		t.Errorf("closing without frames: error %v, want 'no frames'", err)
	}
	if names := dirNames(t, dir); len(names) != 0 {
		t.Errorf("left files behind: %v", names)
	}
}

func TestAbortLeavesNothingAndCloseThenAbortKeepsTheFile(t *testing.T) {
	dir := t.TempDir()
	aborted, err := NewVideoWriter(filepath.Join(dir, "aborted.gif"), 32, 24, 20)
	if err != nil {
		t.Fatal(err)
	}
	aborted.WriteFrame(movingSquare(32, 24, 0))
	aborted.Abort()
	if err := aborted.WriteFrame(movingSquare(32, 24, 1)); err == nil {
		t.Error("WriteFrame after Abort: no error")
	}
	kept, err := NewVideoWriter(filepath.Join(dir, "kept.gif"), 32, 24, 20)
	if err != nil {
		t.Fatal(err)
	}
	kept.WriteFrame(movingSquare(32, 24, 0))
	if err := kept.Close(); err != nil {
		t.Fatal(err)
	}
	kept.Abort()
	if err := kept.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if names := dirNames(t, dir); len(names) != 1 || names[0] != "kept.gif" {
		t.Errorf("folder holds %v, want only kept.gif", names)
	}
}

func TestWriteVideoRendersEveryFrameInOrder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "walk.gif")
	var asked []int
	err := WriteVideo(context.Background(), path, 20, 7, func(i int) (*image.RGBA, error) {
		asked = append(asked, i)
		return movingSquare(48, 32, i), nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range asked {
		if a != i {
			t.Fatalf("frames asked in order %v", asked)
		}
	}
	if len(asked) != 7 {
		t.Errorf("asked for %d frames, want 7", len(asked))
	}
	if _, err := os.Stat(path); err != nil {
		t.Error(err)
	}
}

// TestProgressFollowsTheFramesWritten checks that each report comes after its frame was written
// and before the next was asked for, and that a failed frame is never reported.
func TestProgressFollowsTheFramesWritten(t *testing.T) {
	boom := errors.New("GL context lost")
	for _, failAt := range []int{-1, 3} {
		var log []string
		cfg := VideoConfig{Progress: func(done, total int) { log = append(log, fmt.Sprintf("done %d/%d", done, total)) }}
		_, err := cfg.Write(context.Background(), filepath.Join(t.TempDir(), "p.gif"), 20, 5, func(i int) (*image.RGBA, error) {
			log = append(log, fmt.Sprintf("frame %d", i))
			if i == failAt {
				return nil, boom
			}
			return movingSquare(16, 16, i), nil
		})
		want := []string{"frame 0", "done 1/5", "frame 1", "done 2/5", "frame 2", "done 3/5", "frame 3", "done 4/5", "frame 4", "done 5/5"}
		if failAt >= 0 {
			want = want[:2*failAt+1]
		}
		if (err != nil) != (failAt >= 0) || !slices.Equal(log, want) {
			t.Errorf("failing at %d: error %v, calls %v; want %v", failAt, err, log, want)
		}
	}
}

func TestWriteVideoFailuresLeaveNothing(t *testing.T) {
	boom := errors.New("GL context lost")
	tests := []struct {
		name  string
		n     int
		frame func(i int) (*image.RGBA, error)
		want  string
		wraps error // the caller's error the result must wrap, if any
	}{
		{"no frames", 0, func(int) (*image.RGBA, error) { return movingSquare(8, 8, 0), nil }, "0 frames", nil},
		{"first frame fails", 3, func(int) (*image.RGBA, error) { return nil, boom }, "frame 0: GL context lost", boom},
		{"later frame fails", 5, func(i int) (*image.RGBA, error) {
			if i == 3 {
				return nil, boom
			}
			return movingSquare(8, 8, i), nil
		}, "frame 3: GL context lost", boom},
		{"nil image", 2, func(i int) (*image.RGBA, error) { return nil, nil }, "frame 0: no image", nil},
		{"size changes", 3, func(i int) (*image.RGBA, error) { return movingSquare(8+i, 8, i), nil }, "frame 1 is 9×8, want 8×8", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			err := WriteVideo(context.Background(), filepath.Join(dir, "out.gif"), 20, tc.n, tc.frame)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one mentioning %q", err, tc.want)
			}
			if tc.wraps != nil && !errors.Is(err, tc.wraps) {
				t.Errorf("error %v does not wrap the frame's own error", err)
			}
			if names := dirNames(t, dir); len(names) != 0 {
				t.Errorf("left files behind: %v", names)
			}
		})
	}
}

func TestMissingFFmpeg(t *testing.T) {
	dir := t.TempDir()
	cfg := VideoConfig{FFmpeg: filepath.Join(dir, "no-ffmpeg-here")}
	if _, err := cfg.NewWriter(filepath.Join(dir, "a.mp4"), 64, 48, 20); !errors.Is(err, ErrNoFFmpeg) {
		t.Errorf("NewWriter error %v, want ErrNoFFmpeg", err)
	}
	t.Setenv("INTERACTAGENT_FFMPEG", filepath.Join(dir, "nor-here"))
	if _, err := NewVideoWriter(filepath.Join(dir, "b.mp4"), 64, 48, 20); !errors.Is(err, ErrNoFFmpeg) || !strings.Contains(err.Error(), "nor-here") {
		t.Errorf("with $INTERACTAGENT_FFMPEG: error %v, want ErrNoFFmpeg naming the program", err)
	}
	frame := func(i int) (*image.RGBA, error) { return movingSquare(64, 48, i), nil }
	if _, err := cfg.Write(context.Background(), filepath.Join(dir, "c.mp4"), 20, 3, frame); !errors.Is(err, ErrNoFFmpeg) {
		t.Errorf("Write without fallback: error %v, want ErrNoFFmpeg", err)
	}
	if names := dirNames(t, dir); len(names) != 0 {
		t.Errorf("left files behind: %v", names)
	}
	cfg.FallbackGIF = true
	got, err := cfg.Write(context.Background(), filepath.Join(dir, "d.mp4"), 20, 3, frame)
	if err != nil || got != filepath.Join(dir, "d.gif") {
		t.Errorf("Write with fallback wrote %q, %v; want d.gif", got, err)
	}
	if names := dirNames(t, dir); len(names) != 1 || names[0] != "d.gif" {
		t.Errorf("folder holds %v, want only d.gif", names)
	}
}

// TestWriteStopsWhenCancelled: cancelling the context mid-video stops at the next frame, and
// leaves no video, no temporary file and (for MP4) no ffmpeg behind.
func TestWriteStopsWhenCancelled(t *testing.T) {
	exts := []string{".gif"}
	if _, err := exec.LookPath("ffmpeg"); err == nil {
		exts = append(exts, ".mp4")
	} else if os.Getenv("CI") == "true" {
		t.Fatal("ffmpeg is missing under CI")
	}
	for _, ext := range exts {
		dir := t.TempDir()
		path := filepath.Join(dir, "v"+ext)
		ctx, cancel := context.WithCancel(context.Background())
		asked := 0
		err := WriteVideo(ctx, path, 20, 50, func(i int) (*image.RGBA, error) {
			asked++
			if i == 3 {
				cancel()
			}
			return image.NewRGBA(image.Rect(0, 0, 32, 32)), nil
		})
		if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "stopped at frame 4 of 50") || asked != 4 {
			t.Errorf("%s: err %v after %d frames, want a cancellation at frame 4", ext, err, asked)
		}
		left, _ := os.ReadDir(dir)
		if len(left) != 0 {
			t.Errorf("%s: left %v", ext, left)
		}
	}
}
