package render

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestProgressDrawsOnlyWhereSomeoneLooks(t *testing.T) {
	var buf bytes.Buffer
	p := NewProgress(&buf, 4, "frames")
	for i := 0; i < 4; i++ {
		p.Add(1)
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
	for _, w := range []io.Writer{nil, io.Discard, f} {
		p := NewProgress(w, 3, "quiet")
		p.Add(3)
		p.Finish()
		p.Abandon()
	}
	if st, _ := f.Stat(); st.Size() != 0 {
		t.Errorf("a bar wrote %d bytes to a file that is not a terminal", st.Size())
	}
	var nilBar *Progress
	nilBar.Add(1)
	nilBar.Finish()
	nilBar.Abandon()
	if NewProgress(&buf, 0, "nothing").bar != nil {
		t.Error("a job of no steps got a bar")
	}
}

func TestAbandonedProgressEndsItsLine(t *testing.T) {
	var buf bytes.Buffer
	p := NewProgress(&buf, 10, "render")
	p.Add(3)
	p.Abandon()
	if out := buf.String(); !strings.HasSuffix(out, "\n") || strings.Contains(out, "100%") {
		t.Errorf("abandoned bar drew %q, want a line ended short of 100%%", out)
	}
}
