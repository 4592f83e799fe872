package media

import (
	"errors"
	"fmt"
	"image"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"interactagent/fileio"
)

// ffmpegExitWait bounds how long Close waits for ffmpeg to finish after the last frame: x264 flushes
// a few dozen buffered frames, which takes seconds, never minutes.
const ffmpegExitWait = 2 * time.Minute

// ffmpegWriter pipes raw RGBA frames to an ffmpeg process that encodes H.264 into a temporary MP4
// beside the final path.
type ffmpegWriter struct {
	path   string
	tmp    *fileio.File
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stderr *tailBuffer
	w, h   int
	frames int
	err    error // the first failure; once set, the temporary file is gone
	closed bool
}

// newFFmpegWriter starts ffmpeg reading w×h RGBA frames at fps on its standard input.
func newFFmpegWriter(program, path string, w, h int, fps float64) (*ffmpegWriter, error) {
	bin, err := exec.LookPath(program)
	if err != nil {
		return nil, fmt.Errorf("media: write %s: %w (looked for %q)", path, ErrNoFFmpeg, program)
	}
	tmp, err := create(path)
	if err != nil {
		return nil, err
	}
	fw := &ffmpegWriter{path: path, tmp: tmp, stderr: &tailBuffer{max: 2048}, w: w, h: h}
	fw.cmd = exec.Command(bin, ffmpegArgs(w, h, fps, tmp.HandOver())...)
	fw.cmd.Stderr = fw.stderr
	fw.cmd.SysProcAttr = detached()
	if fw.stdin, err = fw.cmd.StdinPipe(); err == nil {
		err = fw.cmd.Start()
	}
	if err != nil {
		tmp.Abort()
		return nil, fmt.Errorf("media: write %s: start %s: %w", path, bin, err)
	}
	return fw, nil
}

// ffmpegArgs encodes raw RGBA from stdin as H.264 in yuv420p (what players accept), padding an odd
// width or height by one black pixel because 4:2:0 chroma needs even sizes.
func ffmpegArgs(w, h int, fps float64, out string) []string {
	args := []string{"-hide_banner", "-loglevel", "error",
		"-f", "rawvideo", "-pix_fmt", "rgba", "-video_size", fmt.Sprintf("%dx%d", w, h),
		"-framerate", strconv.FormatFloat(fps, 'g', -1, 64), "-i", "pipe:0", "-an"}
	if w%2 != 0 || h%2 != 0 {
		args = append(args, "-vf", fmt.Sprintf("pad=%d:%d:0:0:black", w+w%2, h+h%2))
	}
	return append(args, "-c:v", "libx264", "-preset", "veryfast", "-crf", "20",
		"-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f", "mp4", "-y", out)
}

// WriteFrame sends img's pixels to ffmpeg.
func (fw *ffmpegWriter) WriteFrame(img *image.RGBA) error {
	if err := fw.usable(); err != nil {
		return err
	}
	if err := checkFrame(fw.path, img, fw.w, fw.h, fw.frames); err != nil {
		return err
	}
	if err := writeRGBA(fw.stdin, img); err != nil {
		// ffmpeg stopped reading, so it most likely died: its exit status and its own words say
		// why better than "broken pipe".
		if werr := fw.finish(); werr != nil {
			err = werr
		}
		return fw.fail(fmt.Errorf("ffmpeg stopped at frame %d: %w", fw.frames, err))
	}
	fw.frames++
	return nil
}

// usable reports why the writer can take no more frames, if it cannot.
func (fw *ffmpegWriter) usable() error {
	if fw.err != nil {
		return fw.err
	}
	if fw.closed {
		return fmt.Errorf("media: write %s: video already closed", fw.path)
	}
	return nil
}

// writeRGBA writes img's rows tightly packed, in one call when they already are.
func writeRGBA(w io.Writer, img *image.RGBA) error {
	b := img.Bounds()
	row := 4 * b.Dx()
	start := img.PixOffset(b.Min.X, b.Min.Y)
	if img.Stride == row {
		_, err := w.Write(img.Pix[start : start+row*b.Dy()])
		return err
	}
	for y := 0; y < b.Dy(); y++ {
		off := start + y*img.Stride
		if _, err := w.Write(img.Pix[off : off+row]); err != nil {
			return err
		}
	}
	return nil
}

// Close ends ffmpeg's input, waits for it to finish and moves the video into place.
func (fw *ffmpegWriter) Close() error {
	if err := fw.usable(); err != nil {
		if fw.closed && fw.err == nil {
			return nil // a second Close after success
		}
		return err
	}
	if fw.frames == 0 {
		return fw.fail(errors.New("no frames written"))
	}
	if err := fw.finish(); err != nil {
		return fw.fail(fmt.Errorf("ffmpeg: %w", err))
	}
	if st, err := os.Stat(fw.tmp.Name()); err != nil || st.Size() == 0 {
		return fw.fail(errors.New("ffmpeg wrote no video"))
	}
	fw.closed = true
	if err := commit(fw.tmp); err != nil {
		fw.err = err
		return err
	}
	return nil
}

// Abort kills ffmpeg, if still running, and removes the temporary file.
func (fw *ffmpegWriter) Abort() {
	if fw.closed || fw.err != nil {
		return
	}
	fw.fail(errors.New("aborted"))
}

// fail stops ffmpeg, removes the temporary file and records an error that quotes what ffmpeg said.
func (fw *ffmpegWriter) fail(cause error) error {
	if fw.err != nil {
		return fw.err
	}
	if fw.cmd.ProcessState == nil {
		fw.cmd.Process.Kill()
		fw.finish()
	}
	fw.tmp.Abort()
	fw.err = fmt.Errorf("media: write %s: %w", fw.path, cause)
	if said := fw.stderr.String(); said != "" {
		fw.err = fmt.Errorf("%w; ffmpeg said: %s", fw.err, said)
	}
	return fw.err
}

// finish closes ffmpeg's input and waits for it to exit, killing it if it takes unreasonably long.
func (fw *ffmpegWriter) finish() error {
	fw.stdin.Close()
	done := make(chan error, 1)
	go func() { done <- fw.cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(ffmpegExitWait):
		fw.cmd.Process.Kill()
		<-done
		return fmt.Errorf("ffmpeg still running %v after the last frame", ffmpegExitWait)
	}
}

// tailBuffer keeps the last max bytes written to it: the end of ffmpeg's complaints is the part
// that says what went wrong, and the whole could be unbounded.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
}

// Write keeps p's tail.
func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - t.max; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

// String returns the kept text on one line.
func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.Join(strings.Fields(string(t.buf)), " ")
}
