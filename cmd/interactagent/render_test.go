package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"interactagent/render"
	"interactagent/render/rendertest"
)

// needGL skips where no OpenGL context can be made, unless CI=true.
func needGL(t *testing.T) { rendertest.Engine(t, render.Options{}) }

func TestRenderRejectsBadCommandLines(t *testing.T) {
	dir := t.TempDir()
	clip := stepClip(t, dir)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"render", "--scene", "lounge"}, "--out is required"},
		{[]string{"render", "--scene", "lounge", "--out", filepath.Join(dir, "x.bmp"), "--view", "top"}, "want a .png"},
		{[]string{"render", "--scene", "lounge", "--out", filepath.Join(dir, "x.mp4")}, "looks like a file"},
		{[]string{"render", "--scene", "lounge", "--view", "top", "--out", filepath.Join(dir, "x.mp4")}, "needs --motion"},
		{[]string{"render", "--motion", clip, "--motion", clip, "--out", filepath.Join(dir, "x.png")}, "need --grid"},
		{[]string{"render", "--motion", clip, "--size", "0x10", "--out", filepath.Join(dir, "x.png")}, "--size"},
		{[]string{"render", "--motion", clip, "--start", "1,2", "--out", filepath.Join(dir, "x.png")}, "--start"},
		{[]string{"render", "--motion", clip, "--view", "orbit:1,2", "--out", filepath.Join(dir, "x.png")}, "orbit:YAW"},
		{[]string{"render", "--motion", clip, "--view", "sideways", "--out", filepath.Join(dir, "x.png")}, `render: view "sideways": want top, oblique`},
		{[]string{"render", "--motion", clip, "--body", "mannequin", "--out", filepath.Join(dir, "x.png")}, `--body: wiring: eval: unknown body "mannequin"`},
		{[]string{"render", "--motion", clip, "--body", "smplx", "--smplx", filepath.Join(dir, "nonesuch.npz"), "--out", filepath.Join(dir, "x.png")}, `nonesuch.npz`},
	}
	for _, c := range cases {
		code, _, errOut := runCmd(c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 mentioning %q", c.args[1:], code, errOut, c.want)
		}
	}
	code, _, errOut := runCmd("render", "--scene", "no_such_room", "--out", filepath.Join(dir, "shots"))
	if code != 1 || !strings.Contains(errOut, "no built-in scene") {
		t.Errorf("unknown scene: exit %d, stderr %q; want exit 1 naming the problem", code, errOut)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("bad command lines left files behind: %v", entries)
	}
}

func TestRenderWritesGhostShotsAndVideo(t *testing.T) {
	needGL(t)
	dir := t.TempDir()
	clip := stepClip(t, dir)
	ghost := filepath.Join(dir, "ghost.png")
	code, out, errOut := runCmd("render", "--scene", "bedroom", "--motion", clip, "--start", "scene", "--size", "320x240", "--out", ghost)
	if code != 0 || !strings.Contains(out, "ghost image") {
		t.Fatalf("ghost: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	checkPNG(t, ghost, 320, 240)
	shots := filepath.Join(dir, "shots")
	if code, out, errOut := runCmd("render", "--scene", "bedroom", "--size", "200x150", "--out", shots); code != 0 {
		t.Fatalf("shots: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	for _, n := range render.ShotNames() {
		checkPNG(t, filepath.Join(shots, n+".png"), 200, 150)
	}
	gif := filepath.Join(dir, "clip.gif")
	code, out, errOut = runCmd("render", "--motion", clip, "--motion", clip, "--grid", "--size", "64x48", "--video-fps", "30", "--out", gif)
	if code != 0 || !strings.Contains(out, "5 frames at 30 fps") {
		t.Fatalf("video: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if _, err := os.Stat(gif); err != nil {
		t.Error(err)
	}
}

// TestRenderBodyFlag draws the same ghost image with the human body (the default) and with the
// proxy: the pictures differ, and each is the same when drawn again.
func TestRenderBodyFlag(t *testing.T) {
	needGL(t)
	dir := t.TempDir()
	clip := stepClip(t, dir)
	draw := func(name string, body ...string) []byte {
		out := filepath.Join(dir, name)
		args := append([]string{"render", "--scene", "bedroom", "--motion", clip, "--start", "scene", "--size", "160x120", "--out", out}, body...)
		if code, stdout, errOut := runCmd(args...); code != 0 {
			t.Fatalf("%v: exit %d, stdout %q, stderr %q", body, code, stdout, errOut)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	human, again, proxy := draw("h.png"), draw("h2.png", "--body", "human"), draw("p.png", "--body", "proxy")
	if !bytes.Equal(human, again) || bytes.Equal(human, proxy) {
		t.Errorf("the default and --body human agree: %v; human and proxy differ: %v; want true and true", bytes.Equal(human, again), !bytes.Equal(human, proxy))
	}
}

func checkPNG(t *testing.T, path string, w, h int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cfg, err := png.DecodeConfig(f)
	if err != nil || cfg.Width != w || cfg.Height != h {
		t.Errorf("%s: %d×%d (%v), want %d×%d", path, cfg.Width, cfg.Height, err, w, h)
	}
}
