package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// drawnBar is a bar that draws on w whatever w is, as one does on a terminal.
func drawnBar(w io.Writer, description string) *progressBar {
	return &progressBar{w: w, description: description, draws: true}
}

func TestProgressDrawsOnlyWhereSomeoneLooks(t *testing.T) {
	var buf bytes.Buffer
	p := drawnBar(&buf, "frames")
	for i := 1; i <= 4; i++ {
		p.Report(i, 4)
	}
	p.Finish()
	if out := buf.String(); !strings.Contains(out, "frames") || !strings.Contains(out, "100%") || !strings.Contains(out, "4/4") {
		t.Errorf("bar drew %q, want the description, 100%% and 4/4", out)
	}

	f, err := os.Create(filepath.Join(t.TempDir(), "log.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var other bytes.Buffer
	for _, w := range []io.Writer{nil, io.Discard, f, &other} {
		p := newProgressBar(w, "quiet")
		p.Report(3, 3)
		p.Finish()
		p.Abandon()
	}
	if st, _ := f.Stat(); st.Size() != 0 || other.Len() != 0 {
		t.Errorf("a bar wrote %d bytes to a file and %q to a buffer, neither a terminal", st.Size(), other.String())
	}
	var nilBar *progressBar
	nilBar.Report(1, 2)
	nilBar.Finish()
	nilBar.Abandon()
	empty := drawnBar(&buf, "nothing")
	empty.Report(0, 0)
	if empty.bar != nil {
		t.Error("a job of no steps got a bar")
	}
}

func TestAbandonedProgressEndsItsLine(t *testing.T) {
	var buf bytes.Buffer
	p := drawnBar(&buf, "render")
	p.Report(3, 10)
	p.Abandon()
	if out := buf.String(); !strings.HasSuffix(out, "\n") || strings.Contains(out, "100%") {
		t.Errorf("abandoned bar drew %q, want a line ended short of 100%%", out)
	}
}
