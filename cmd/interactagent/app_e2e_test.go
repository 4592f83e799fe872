//go:build linux

package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestAppUnderXvfb starts the real app on a full-mode demo run of three rounds under a virtual
// display (scripts/app-e2e.sh, keys and clicks through xdotool, screenshots through ImageMagick):
// before any key or click the panes fill their cells; it plays, switches to the inspector and
// back (the rounds' panes show different bodies, the inspector shows text, the rounds come back).
// Then one SIGTERM in each state (starting, at several moments; playing; the inspector; a dialog
// open; a run in progress) must end the app with status 130 and no crash. The script is bounded;
// a failure prints the app's output.
func TestAppUnderXvfb(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the app under Xvfb")
	}
	needTools(t, "xvfb-run", "xdotool", "import")
	dir := t.TempDir()
	bin := filepath.Join(dir, "interactagent")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	runDir := filepath.Join(dir, "run")
	var out bytes.Buffer
	if code := run(context.Background(), []string{"run", "--scene", "living_room", "--task", e2eTask, "--mode", "full",
		"--n-max", "3", "--no-early-stop", "--out", runDir}, &out, &out); code != 0 {
		t.Fatalf("demo run: exit %d\n%s", code, out.String())
	}
	home := filepath.Join(dir, "home") // Fyne keeps the app's preferences under it
	runE2EScript(t, bin, runDir, dir, home)
	checkStops(t, dir)
	checkPanesFill(t, readShot(t, dir, "first.png"))
	rounds, insp, back := readShot(t, dir, "rounds.png"), readShot(t, dir, "inspector.png"), readShot(t, dir, "back.png")
	// The first two panes sit side by side under the controls: left and right halves of the band.
	band := func(x0, x1 int) image.Rectangle { return image.Rect(x0, 150, x1, 430) }
	if d := meanDiff(rounds, band(8, 634), rounds, band(646, 1272)); d < 0.5 {
		t.Errorf("the rounds' panes differ by %.2f per pixel: they show the same picture", d)
	}
	if n := darkOnLight(insp, image.Rect(456, 70, 1270, 400)); n < 2000 {
		t.Errorf("the inspector shows %d text pixels, want its plan and decisions", n)
	}
	if d := meanDiff(rounds, band(8, 634), insp, band(8, 634)); d < 5 {
		t.Errorf("switching to the inspector changed the window by only %.2f per pixel", d)
	}
	if d := meanDiff(insp, band(8, 634), back, band(8, 634)); d < 5 {
		t.Errorf("switching back to the rounds changed the window by only %.2f per pixel", d)
	}
	logFrameRates(t, dir)
	// The real app wrote its preferences to disk, where the next start reads them: the run it
	// opened is the first of the recent runs (the script kept them when the tour's app ended).
	prefs, err := os.ReadFile(filepath.Join(dir, "tour-preferences.json"))
	if err != nil || !bytes.Contains(prefs, []byte(`"recent.runs":["`+runDir)) {
		t.Errorf("preferences after the app closed: %s (%v), want %s first among the recent runs", prefs, err, runDir)
	}
}

// needTools skips without the tools on a developer's machine and fails under CI, which has them.
func needTools(t *testing.T, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is missing (scripts/deps.sh installs it)", tool)
			}
			t.Skipf("%s is missing (scripts/deps.sh installs it; set CI=true to fail instead)", tool)
		}
	}
}

// e2eScriptLimit bounds scripts/app-e2e.sh: it takes about 40 s; past the limit it is killed with
// everything it started, and the test fails with what the apps wrote.
const e2eScriptLimit = 5 * time.Minute

// runE2EScript runs scripts/app-e2e.sh under xvfb-run in its own process group, bounded by
// e2eScriptLimit, with HOME at home.
func runE2EScript(t *testing.T, bin, runDir, dir, home string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), e2eScriptLimit)
	defer cancel()
	script, _ := filepath.Abs("../../scripts/app-e2e.sh")
	cmd := exec.CommandContext(ctx, "xvfb-run", "-a", "-s", "-screen 0 1280x800x24", script, bin, runDir, dir)
	cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 10 * time.Second // an app left behind may hold the output open
	b, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("app-e2e.sh ran past %v and was killed\n%s\n%s", e2eScriptLimit, b, appLogs(dir))
	}
	if err != nil {
		t.Fatalf("xvfb-run: %v\n%s\n%s", err, b, appLogs(dir))
	}
}

// e2eStops are the states the script stops the app in, in its order.
var e2eStops = []string{"playing", "starting-0", "starting-0.05", "starting-0.1", "starting-0.15", "starting-0.2",
	"starting-0.3", "starting-0.5", "starting-1", "inspector", "dialog", "run"}

// checkStops: each state's SIGTERM ended the app with status 130, no crash and no UI call off
// the UI goroutine; the run stopped in progress left its folder unfinished.
func checkStops(t *testing.T, dir string) {
	t.Helper()
	b, _ := os.ReadFile(filepath.Join(dir, "stops.txt"))
	got := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if state, code, ok := strings.Cut(line, " "); ok {
			got[state] = code
		}
	}
	for _, state := range e2eStops {
		log, _ := os.ReadFile(filepath.Join(dir, state+".log"))
		if got[state] != "130" {
			t.Errorf("SIGTERM %s: exit status %q, want 130 (137: still there 20 s later); its output:\n%s", state, got[state], log)
		} else if bad := crashSign(string(log)); bad != "" {
			t.Errorf("SIGTERM %s: exit 130, but its output says %q:\n%s", state, bad, log)
		} else if strings.Contains(string(log), "still stopping") {
			t.Logf("SIGTERM %s: Fyne's shutdown hung, and the app quit %v after the signal", state, appStopGrace)
		}
	}
	runs, _ := filepath.Glob(filepath.Join(dir, "runs", "app-*", "trace.jsonl"))
	if len(runs) != 1 {
		t.Errorf("the run started from the window left %d trace(s), want 1", len(runs))
	} else if _, err := os.Stat(filepath.Join(filepath.Dir(runs[0]), "summary.json")); err == nil {
		t.Errorf("the run had finished before the signal: no run was in progress")
	}
}

// crashSign returns what in an app's output says it crashed or touched the UI off its goroutine.
func crashSign(log string) string {
	for _, s := range []string{"panic:", "SIGSEGV", "fatal error:", "Error in Fyne call thread"} {
		if strings.Contains(log, s) {
			return s
		}
	}
	return ""
}

// appLogs is every app output the script left, named.
func appLogs(dir string) string {
	var b strings.Builder
	logs, _ := filepath.Glob(filepath.Join(dir, "*.log"))
	for _, f := range logs {
		text, _ := os.ReadFile(f)
		fmt.Fprintf(&b, "--- %s\n%s", filepath.Base(f), text)
	}
	stops, _ := os.ReadFile(filepath.Join(dir, "stops.txt"))
	return b.String() + "--- stops.txt\n" + string(stops)
}

// checkPanesFill: a run of three rounds drew each pane 634×158 inside a cell about 634×300 until
// the first play or click. In the first screenshot, taken before any, the pictures of rounds 1
// and 3 (the left column) cover their cells: hardly a pixel of the window's background shows,
// whose colour the empty fourth cell gives.
func checkPanesFill(t *testing.T, img image.Image) {
	t.Helper()
	bg := image.NewUniform(img.At(1200, 600))
	for _, cell := range []image.Rectangle{image.Rect(8, 155, 634, 427), image.Rect(8, 480, 634, 752)} {
		n := 0
		for y := cell.Min.Y; y < cell.Max.Y; y++ {
			for x := cell.Min.X; x < cell.Max.X; x++ {
				if meanDiff(img, image.Rect(x, y, x+1, y+1), bg, image.Rect(0, 0, 1, 1)) < 6 {
					n++
				}
			}
		}
		if frac := float64(n) / float64(cell.Dx()*cell.Dy()); frac > 0.02 {
			t.Errorf("before any play or click, %.0f%% of the cell %v shows the window's background: the pane does not fill it", 100*frac, cell)
		}
	}
}

// logFrameRates records how many frames a second the window showed while it played (not asserted).
func logFrameRates(t *testing.T, dir string) {
	t.Helper()
	log, _ := os.ReadFile(filepath.Join(dir, "playing.log"))
	var rates []string
	for _, line := range strings.Split(string(log), "\n") {
		if strings.HasPrefix(line, "fps ") {
			rates = append(rates, line)
		}
	}
	if len(rates) == 0 {
		t.Errorf("the app showed no frames while playing; its log:\n%s", log)
	}
	t.Logf("frames shown while playing (window 1280×800 under Xvfb): %s", strings.Join(rates, "; "))
}

// e2eTask is what make run asks for.
const e2eTask = "sit on the armchair, then walk to the bookshelf and touch it with your right hand"

func readShot(t *testing.T, dir, name string) image.Image {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	return img
}

// meanDiff is the mean absolute difference per channel (0–255) between two equal-size regions.
func meanDiff(a image.Image, ra image.Rectangle, b image.Image, rb image.Rectangle) float64 {
	var sum, n float64
	for y := 0; y < ra.Dy(); y++ {
		for x := 0; x < ra.Dx(); x++ {
			r1, g1, b1, _ := a.At(ra.Min.X+x, ra.Min.Y+y).RGBA()
			r2, g2, b2, _ := b.At(rb.Min.X+x, rb.Min.Y+y).RGBA()
			sum += absDiff(r1, r2) + absDiff(g1, g2) + absDiff(b1, b2)
			n += 3
		}
	}
	return sum / n / 257
}

func absDiff(a, b uint32) float64 {
	if a > b {
		return float64(a - b)
	}
	return float64(b - a)
}

// darkOnLight counts the pixels in r far from the region's background colour (its top-right
// pixel): text, whether the theme is light or dark.
func darkOnLight(img image.Image, r image.Rectangle) int {
	bg := image.NewUniform(img.At(r.Max.X-2, r.Min.Y+2))
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if meanDiff(img, image.Rect(x, y, x+1, y+1), bg, image.Rect(0, 0, 1, 1)) > 80 {
				n++
			}
		}
	}
	return n
}
