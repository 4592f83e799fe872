package media

import (
	"context"
	"errors"
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"interactagent/internal/testenv"
)

// probe asks ffprobe for a video's frame count and size.
func probe(t *testing.T, path string) string {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0",
		"-show_entries", "stream=nb_read_frames,width,height,pix_fmt,codec_name", "-of", "default=noprint_wrappers=1", path).CombinedOutput()
	if err != nil {
		t.Fatalf("ffprobe %s: %v: %s", path, err, out)
	}
	return strings.Join(strings.Fields(string(out)), " ")
}

func TestMP4HasTheFramesAndSizeWritten(t *testing.T) {
	testenv.NeedFFmpeg(t)
	tests := []struct {
		w, h int
		want string
	}{
		{64, 48, "codec_name=h264 width=64 height=48 pix_fmt=yuv420p nb_read_frames=10"},
		{65, 47, "codec_name=h264 width=66 height=48 pix_fmt=yuv420p nb_read_frames=10"}, // padded to even
	}
	for _, tc := range tests {
		dir := t.TempDir()
		path := filepath.Join(dir, "clip.mp4")
		err := WriteVideo(context.Background(), path, 20, 10, func(i int) (*image.RGBA, error) { return movingSquare(tc.w, tc.h, i), nil })
		if err != nil {
			t.Fatal(err)
		}
		if got := probe(t, path); got != tc.want {
			t.Errorf("%d×%d: ffprobe says %q, want %q", tc.w, tc.h, got, tc.want)
		}
		if names := dirNames(t, dir); len(names) != 1 {
			t.Errorf("folder holds %v, want only clip.mp4", names)
		}
	}
}

func TestMP4AcceptsSubImages(t *testing.T) {
	testenv.NeedFFmpeg(t)
	path := filepath.Join(t.TempDir(), "sub.mp4")
	big := movingSquare(100, 80, 0)
	vw, err := NewVideoWriter(path, 40, 30, 10)
	if err != nil {
		t.Fatal(err)
	}
	defer vw.Abort()
	for i := 0; i < 3; i++ {
		// a pane cut out of a larger image: rows are not contiguous
		if err := vw.WriteFrame(big.SubImage(image.Rect(10+i, 20, 50+i, 50)).(*image.RGBA)); err != nil {
			t.Fatal(err)
		}
	}
	if err := vw.Close(); err != nil {
		t.Fatal(err)
	}
	if got := probe(t, path); !strings.Contains(got, "width=40 height=30") || !strings.Contains(got, "nb_read_frames=3") {
		t.Errorf("ffprobe says %q", got)
	}
}

// fakeFFmpeg writes an executable script standing in for ffmpeg.
func fakeFFmpeg(t *testing.T, body string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "ffmpeg")
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestFailingFFmpegGivesItsWordsAndLeavesNothing(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh to run a fake ffmpeg")
	}
	tests := []struct {
		name   string
		script string
		frames int
		want   string
	}{
		{"exits at once", `echo "Unknown encoder 'libx264'" >&2; exit 1`, 40, "Unknown encoder 'libx264'"},
		{"dies mid-stream", `head -c 30000 >/dev/null; echo "fake: encoder exploded" >&2; exit 1`, 40, "fake: encoder exploded"},
		{"fails at the end", `cat >/dev/null; echo "fake: cannot write trailer" >&2; exit 1`, 3, "fake: cannot write trailer"},
		{"writes nothing", `cat >/dev/null; exit 0`, 3, "ffmpeg wrote no video"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			cfg := VideoConfig{FFmpeg: fakeFFmpeg(t, tc.script)}
			vw, err := cfg.NewWriter(filepath.Join(dir, "out.mp4"), 64, 48, 20)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < tc.frames && err == nil; i++ {
				err = vw.WriteFrame(movingSquare(64, 48, i))
			}
			if cerr := vw.Close(); err == nil {
				err = cerr
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one quoting %q", err, tc.want)
			}
			if names := dirNames(t, dir); len(names) != 0 {
				t.Errorf("left files behind: %v", names)
			}
		})
	}
}

func TestFFmpegThatIsFalse(t *testing.T) {
	f, err := exec.LookPath("false")
	if err != nil {
		t.Skip("no false program")
	}
	dir := t.TempDir()
	_, err = VideoConfig{FFmpeg: f}.Write(context.Background(), filepath.Join(dir, "out.mp4"), 20, 5,
		func(i int) (*image.RGBA, error) { return movingSquare(32, 32, i), nil })
	if err == nil || errors.Is(err, ErrNoFFmpeg) || !strings.Contains(err.Error(), "exit status 1") {
		t.Errorf("error %v, want ffmpeg's exit status", err)
	}
	if names := dirNames(t, dir); len(names) != 0 {
		t.Errorf("left files behind: %v", names)
	}
}

func TestTailBufferKeepsTheEnd(t *testing.T) {
	tb := &tailBuffer{max: 10}
	tb.Write([]byte("0123456789"))
	tb.Write([]byte("abc\n"))
	if got := tb.String(); got != "456789abc" {
		t.Errorf("tail %q, want %q", got, "456789abc")
	}
}
