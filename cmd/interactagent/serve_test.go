package main

import (
	"bytes"
	"context"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"interactagent/executor/kinematic"
	"interactagent/motion"
)

// TestServeExecutorMatchesBuiltin runs `execute` once with the built-in executor and once through
// `serve-executor` over HTTP: the two clips must be the same motion.
func TestServeExecutorMatchesBuiltin(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var log bytes.Buffer
	done := make(chan error, 1)
	go func() {
		done <- serveExecutor(ctx, ln, kinematic.New(kinematic.Options{}), "kinematic/ideal", serveConfig{drain: time.Second}, &log)
	}()

	dir := t.TempDir()
	actions := "A person walks forward 1.5 meters; A person turns left by 90 degrees; A person sits down"
	local, viaHTTP := filepath.Join(dir, "local.json"), filepath.Join(dir, "remote.json")
	for _, args := range [][]string{
		{"execute", "--actions", actions, "--start", "1,2,30", "--out", local},
		{"execute", "--actions", actions, "--start", "1,2,30", "--executor", "http://" + ln.Addr().String(), "--out", viaHTTP},
	} {
		var out, errOut bytes.Buffer
		if code := run(context.Background(), args, &out, &errOut); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut.String())
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("server: %v", err)
	}
	a, _, err := motion.LoadMotion(local, 0)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := motion.LoadMotion(viaHTTP, 0)
	if err != nil {
		t.Fatal(err)
	}
	if a.Len() != b.Len() || len(a.Segments) != len(b.Segments) {
		t.Fatalf("builtin gave %d frames/%d segments, server %d/%d", a.Len(), len(a.Segments), b.Len(), len(b.Segments))
	}
	for f := range a.Frames {
		for j := range a.Frames[f] {
			if d := a.Frames[f][j].Sub(b.Frames[f][j]).Len(); d > 1e-6 {
				t.Fatalf("frame %d %v differs by %.2g m", f, motion.Joint(j), d)
			}
		}
	}
	if !strings.Contains(log.String(), "executed 3 actions") {
		t.Errorf("server log lacks the request line: %q", log.String())
	}
}

func TestExecuteRejectsBadExecutorURL(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run(context.Background(), []string{"execute", "--actions", "A person waits", "--executor", "localhost:1"}, &out, &errOut)
	if code != 2 || !strings.Contains(errOut.String(), "--executor") {
		t.Errorf("exit %d, stderr %q: want 2 and a message naming --executor", code, errOut.String())
	}
}
