package main

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestAppUnderXvfb starts the real app on a full-mode demo run under a virtual display, plays,
// switches to the inspector and back (scripts/app-e2e.sh, keys through xdotool, screenshots
// through ImageMagick), and checks the screenshots: the rounds' panes show different bodies, the
// inspector shows text, and the rounds come back.
func TestAppUnderXvfb(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the app under Xvfb")
	}
	for _, tool := range []string{"xvfb-run", "xdotool", "import"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is missing (scripts/deps.sh installs it)", tool)
			}
			t.Skipf("%s is missing (scripts/deps.sh installs it; set CI=true to fail instead)", tool)
		}
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "interactagent")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	runDir := filepath.Join(dir, "run")
	var out bytes.Buffer
	if code := run(context.Background(), []string{"run", "--scene", "living_room", "--task", e2eTask, "--mode", "full",
		"--n-max", "2", "--no-early-stop", "--out", runDir}, &out, &out); code != 0 {
		t.Fatalf("demo run: exit %d\n%s", code, out.String())
	}
	script, _ := filepath.Abs("../../scripts/app-e2e.sh")
	cmd := exec.Command("xvfb-run", "-a", "-s", "-screen 0 1280x800x24", script, bin, runDir, dir)
	home := filepath.Join(dir, "home") // Fyne keeps the app's preferences under it
	cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"))
	if b, err := cmd.CombinedOutput(); err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "app.log"))
		t.Fatalf("xvfb-run: %v\n%s\napp: %s", err, b, log)
	}
	rounds, insp, back := readShot(t, dir, "rounds.png"), readShot(t, dir, "inspector.png"), readShot(t, dir, "back.png")
	// The two panes sit side by side under the controls: left and right halves of the band.
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
	// While it played, the window showed frames; how many a second is recorded, not asserted.
	log, _ := os.ReadFile(filepath.Join(dir, "app.log"))
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
	// The real app wrote its preferences to disk, where the next start reads them: the run it
	// opened is the first of the recent runs.
	prefs, err := os.ReadFile(filepath.Join(home, ".config", "fyne", appID, "preferences.json"))
	if err != nil || !bytes.Contains(prefs, []byte(`"recent.runs":["`+runDir)) {
		t.Errorf("preferences after the app closed: %s (%v), want %s among the recent runs", prefs, err, runDir)
	}
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
