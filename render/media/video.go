package media

import (
	"context"
	"errors"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
)

// ErrNoFFmpeg means an MP4 was asked for but no ffmpeg program could be found. Errors that wrap it
// name the program looked for; callers may test with errors.Is and write a GIF instead.
var ErrNoFFmpeg = errors.New("ffmpeg not found: install it (Debian: apt-get install ffmpeg) or write a .gif")

// Limits on what a video may be; beyond them a request is a mistake, not a video. MaxSide is a
// frame's width or height in pixels; MaxFPS is the highest frame rate, which every video path
// (sequences, the --video-fps flag) checks against; DefaultFPS is the rate videos are written at
// unless asked otherwise, HumanML3D's own.
const (
	MaxSide    = 8192
	MaxFPS     = 240.0
	DefaultFPS = 20.0
)

// CheckFPS returns an error unless fps is a video frame rate this package writes: more than 0 and
// at most MaxFPS (NaN is refused).
func CheckFPS(fps float64) error {
	if !(fps > 0 && fps <= MaxFPS) {
		return fmt.Errorf("media: %v frames per second, want more than 0 and at most %g", fps, MaxFPS)
	}
	return nil
}

// VideoWriter takes a video's frames in order and writes them to a file.
//
// The file appears at its path only when Close succeeds: until then frames go to a temporary file
// beside it, which Close renames into place and Abort (or a failure) removes, so a video that
// exists is always complete. Every frame must have the size the writer was made for. After an
// error from WriteFrame the writer has already cleaned up; Close then returns that error again.
// A VideoWriter is used from one goroutine at a time.
type VideoWriter interface {
	// WriteFrame appends one frame. The writer is done with img when WriteFrame returns.
	WriteFrame(img *image.RGBA) error
	// Close finishes the file and moves it into place. A video needs at least one frame.
	Close() error
	// Abort stops writing and removes the temporary file; nothing appears at the path. It does
	// nothing after a successful Close, so it can be deferred.
	Abort()
}

// VideoConfig holds the choices of how videos are written. Its zero value is ready to use:
// ffmpeg from $INTERACTAGENT_FFMPEG or the PATH, no GIF fallback, no progress reports.
type VideoConfig struct {
	// FFmpeg is the ffmpeg program: a path, or a name looked up on the PATH. When empty, the
	// environment variable INTERACTAGENT_FFMPEG is used, else "ffmpeg".
	FFmpeg string
	// FallbackGIF makes Write produce a GIF beside an asked-for .mp4 (same name, ".gif") when
	// ffmpeg is missing. It is off by default so that nobody gets a different file than they named
	// without asking; Write returns the path it actually wrote for callers to report.
	FallbackGIF bool
	// Progress, when set, is told how far Write has come: once after each frame is written, with
	// done counting from 1 to total. It is called on Write's goroutine and should return quickly;
	// how to show it (a terminal bar, a window's gauge) is the caller's business, not this
	// package's. Write reports no progress for the file's final flush, which comes after done ==
	// total; the caller learns that it ended from Write returning.
	Progress func(done, total int)
}

// NewVideoWriter starts a w×h video at fps frames per second, chosen by path's extension: ".mp4"
// (H.264 through ffmpeg; an error wrapping ErrNoFFmpeg when it is missing) or ".gif" (pure Go).
// It uses the zero VideoConfig.
func NewVideoWriter(path string, w, h int, fps float64) (VideoWriter, error) {
	return VideoConfig{}.NewWriter(path, w, h, fps)
}

// NewWriter is NewVideoWriter with c's choices.
func (c VideoConfig) NewWriter(path string, w, h int, fps float64) (VideoWriter, error) {
	if err := checkVideo(path, w, h, fps); err != nil {
		return nil, err
	}
	switch ext := strings.ToLower(filepath.Ext(path)); ext {
	case ".mp4":
		return newFFmpegWriter(c.ffmpegProgram(), path, w, h, fps)
	case ".gif":
		return newGIFWriter(path, w, h, fps)
	default:
		return nil, fmt.Errorf("media: write %s: unknown video type %q, want .mp4 or .gif", path, ext)
	}
}

// checkVideo rejects sizes and rates no video should have, before anything is created.
func checkVideo(path string, w, h int, fps float64) error {
	if w <= 0 || h <= 0 || w > MaxSide || h > MaxSide {
		return fmt.Errorf("media: write %s: frame size %d×%d, want 1…%d pixels a side", path, w, h, MaxSide)
	}
	// Written so that NaN, which fails every comparison, is rejected too.
	if err := CheckFPS(fps); err != nil {
		return fmt.Errorf("media: write %s: %w", path, err)
	}
	return nil
}

// ffmpegProgram is the ffmpeg to run, by the precedence VideoConfig.FFmpeg documents.
func (c VideoConfig) ffmpegProgram() string {
	if c.FFmpeg != "" {
		return c.FFmpeg
	}
	if env := os.Getenv("INTERACTAGENT_FFMPEG"); env != "" {
		return env
	}
	return "ffmpeg"
}

// WriteVideo takes n frames from frame (called with 0…n-1, in order, each image consumed before
// the next call, so frame may reuse one image) and writes them to path as NewVideoWriter would.
// The frame size is the first frame's. On any error, and when ctx is cancelled (checked before
// each frame), nothing is left at path: no partial video, no temporary file, no ffmpeg running.
func WriteVideo(ctx context.Context, path string, fps float64, n int, frame func(i int) (*image.RGBA, error)) error {
	_, err := VideoConfig{}.Write(ctx, path, fps, n, frame)
	return err
}

// Write is WriteVideo with c's choices. It returns the path it wrote, which differs from path only
// when c.FallbackGIF replaced a .mp4 by a .gif because ffmpeg is missing.
func (c VideoConfig) Write(ctx context.Context, path string, fps float64, n int, frame func(i int) (*image.RGBA, error)) (string, error) {
	if n <= 0 {
		return "", fmt.Errorf("media: write %s: %d frames, want at least 1", path, n)
	}
	first, err := nextFrame(path, frame, 0)
	if err != nil {
		return "", err
	}
	size := first.Bounds().Size()
	vw, path, err := c.openWithFallback(path, size.X, size.Y, fps)
	if err != nil {
		return "", err
	}
	defer vw.Abort()
	if err := c.writeFrames(ctx, vw, path, n, first, frame); err != nil {
		return "", err
	}
	if err := vw.Close(); err != nil {
		return "", err
	}
	return path, nil
}

// openWithFallback opens path, or its .gif sibling when allowed and ffmpeg is missing.
func (c VideoConfig) openWithFallback(path string, w, h int, fps float64) (VideoWriter, string, error) {
	vw, err := c.NewWriter(path, w, h, fps)
	if errors.Is(err, ErrNoFFmpeg) && c.FallbackGIF {
		gif := strings.TrimSuffix(path, filepath.Ext(path)) + ".gif"
		vw, err = c.NewWriter(gif, w, h, fps)
		path = gif
	}
	return vw, path, err
}

// writeFrames feeds frames 0…n-1 (the first already rendered) to vw, reporting each to c.Progress.
func (c VideoConfig) writeFrames(ctx context.Context, vw VideoWriter, path string, n int, first *image.RGBA, frame func(int) (*image.RGBA, error)) error {
	img := first
	for i := 0; i < n; i++ {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("media: write %s: stopped at frame %d of %d: %w", path, i, n, err)
		}
		if i > 0 {
			var err error
			if img, err = nextFrame(path, frame, i); err != nil {
				return err
			}
		}
		if err := vw.WriteFrame(img); err != nil {
			return err
		}
		if c.Progress != nil {
			c.Progress(i+1, n)
		}
	}
	return nil
}

// nextFrame asks the caller for frame i and turns a failure or a missing image into an error that
// says which frame of which file.
func nextFrame(path string, frame func(int) (*image.RGBA, error), i int) (*image.RGBA, error) {
	img, err := frame(i)
	if err != nil {
		return nil, fmt.Errorf("media: write %s: frame %d: %w", path, i, err)
	}
	if img == nil {
		return nil, fmt.Errorf("media: write %s: frame %d: no image", path, i)
	}
	return img, nil
}

// checkFrame reports a frame whose size is not the video's.
func checkFrame(path string, img *image.RGBA, w, h, i int) error {
	if img == nil {
		return fmt.Errorf("media: write %s: frame %d: no image", path, i)
	}
	if s := img.Bounds().Size(); s.X != w || s.Y != h {
		return fmt.Errorf("media: write %s: frame %d is %d×%d, want %d×%d", path, i, s.X, s.Y, w, h)
	}
	return nil
}
