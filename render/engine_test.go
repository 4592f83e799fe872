package render

import (
	"errors"
	"image"
	"image/color"
	"math"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
	"interactagent/scene"
)

func TestEngineInfo(t *testing.T) {
	e := newTestEngine(t)
	info := e.Info()
	t.Logf("%+v", info)
	if info.Backend == "" || info.Version == "" || info.Renderer == "" {
		t.Errorf("info %+v: want backend, version and renderer", info)
	}
	if info.Samples < 1 || info.MaxSize < 256 {
		t.Errorf("info %+v: want samples ≥ 1 and max size ≥ 256", info)
	}
}

// TestTopDownPutsBoxWhereItBelongs checks the whole chain (camera, drawing, multisample resolve,
// row flip) on a known box: a 600×600 top-down view of 6 m has 100 px per metre, +X to the right
// and +Z down, so the box x [1, 2], z [-1.5, -0.5] covers pixels x [400, 500), y [150, 250).
func TestTopDownPutsBoxWhereItBelongs(t *testing.T) {
	e := newTestEngine(t)
	cam := TopDown{Span: 6}
	img, err := e.Render(Request{Scene: testRoom(), Camera: cam, Width: 600, Height: 600, Style: Style{NoAxes: true}})
	if err != nil {
		t.Fatal(err)
	}
	want := image.Rect(400, 150, 500, 250)
	for _, c := range []struct {
		corner mgl64.Vec3
		at     image.Point
	}{{mgl64.Vec3{1, 0.8, -1.5}, want.Min}, {mgl64.Vec3{2, 0.8, -0.5}, want.Max}} {
		if p, _ := Project(cam, 600, 600, c.corner); absInt(p.X-c.at.X) > 1 || absInt(p.Y-c.at.Y) > 1 {
			t.Errorf("Project(%v) = %v, want %v", c.corner, p, c.at)
		}
	}
	inside, n := countIn(img, want.Inset(3), isGreen)
	if float64(inside) < 0.95*float64(n) {
		saveFailed(t, t.Name(), img)
		t.Errorf("%d of %d pixels inside the box are green, want ≥ 95%%", inside, n)
	}
	// Every green pixel lies on the box or its antialiased edge.
	all, _ := countIn(img, img.Rect, isGreen)
	near, _ := countIn(img, want.Inset(-3), isGreen)
	if all-near > 10 {
		saveFailed(t, t.Name(), img)
		t.Errorf("%d green pixels lie more than 3 px outside the box, want none", all-near)
	}
}

func isGreen(c color.RGBA) bool {
	h, s, _ := hueOf(c)
	return s > 0.4 && h > 90 && h < 150
}

func countIn(img *image.RGBA, r image.Rectangle, ok func(color.RGBA) bool) (hits, total int) {
	r = r.Intersect(img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			total++
			if ok(img.RGBAAt(x, y)) {
				hits++
			}
		}
	}
	return hits, total
}

func absInt(v int) int { return max(v, -v) }

func TestBadRequestsGiveErrors(t *testing.T) {
	e := newTestEngine(t)
	cam := TopDown{Span: 4}
	nan := motion.RestPose()
	nan[motion.Head] = mgl64.Vec3{math.NaN(), 0, 0}
	cases := []struct {
		name string
		r    Request
	}{
		{"zero size", Request{Camera: cam}},
		{"negative size", Request{Camera: cam, Width: -5, Height: 10}},
		{"huge size", Request{Camera: cam, Width: 100000, Height: 10}},
		{"no camera", Request{Width: 10, Height: 10}},
		{"NaN camera", Request{Camera: Orbit{Target: mgl64.Vec3{math.NaN(), 0, 0}, Distance: 1}, Width: 10, Height: 10}},
		{"NaN joint", Request{Camera: cam, Width: 10, Height: 10, Figures: []Figure{{Pose: nan}}}},
		{"NaN path", Request{Camera: cam, Width: 10, Height: 10, Paths: []Path{{Points: []mgl64.Vec3{{math.Inf(1), 0, 0}}}}}},
		{"too many bodies", Request{Camera: cam, Width: 10, Height: 10, Figures: make([]Figure, MaxFigures+1)}},
		{"NaN scene vertex", Request{Camera: cam, Width: 10, Height: 10, Scene: &scene.Scene{Name: "bad", Objects: []*scene.Object{
			boxObject("b", "box", mgl64.Vec3{0, 0, 0}, mgl64.Vec3{math.NaN(), 1, 1}, [3]float64{})}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if img, err := e.Render(c.r); err == nil {
				t.Errorf("Render gave a %v image, want an error", img.Bounds())
			} else if err.Error()[:7] != "render:" {
				t.Errorf("error %q does not start with the package name", err)
			}
		})
	}
	ghostCases := []struct {
		name string
		clip *motion.Clip
		opt  GhostOptions
	}{
		{"no motion", nil, GhostOptions{}},
		{"empty motion", &motion.Clip{FPS: 20}, GhostOptions{}},
		{"NaN motion", &motion.Clip{FPS: 20, Frames: []motion.Pose{nan}}, GhostOptions{}},
		{"too many keyframes", straightWalk(5, 0.1), GhostOptions{Keyframes: 100000}},
		{"negative size", straightWalk(5, 0.1), GhostOptions{Width: -1, Height: 10}},
	}
	for _, c := range ghostCases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := e.Ghost(nil, c.clip, c.opt); err == nil {
				t.Error("Ghost succeeded, want an error")
			}
		})
	}
	if _, err := e.SceneShot(testRoom(), "sideways", ShotOptions{}); err == nil {
		t.Error("unknown shot name: want an error")
	}
	if _, err := e.SceneShots(nil, ShotOptions{}); err == nil {
		t.Error("no scene: want an error")
	}
	// The engine still works after all of that.
	if _, err := e.Render(Request{Camera: cam, Width: 16, Height: 16}); err != nil {
		t.Errorf("render after bad requests: %v", err)
	}
}

// TestEngineSerialisesConcurrentCallers renders from several goroutines at once (run with -race),
// then checks Close: later calls fail with ErrClosed and a second Close is harmless.
func TestEngineSerialisesConcurrentCallers(t *testing.T) {
	e := newTestEngine(t)
	room := testRoom()
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 3; i++ {
				size := 32 + 8*g // different sizes make the framebuffer change between callers
				img, err := e.Render(Request{Scene: room, Camera: TopDown{Span: 7}, Width: size, Height: size})
				if err == nil && img.Bounds().Dx() != size {
					err = errors.New("wrong image size")
				}
				if err != nil {
					errs <- err
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	var uploads int
	e.do(func(st *glState) error { uploads = st.scenes.uploads; return nil })
	if uploads != 1 {
		t.Errorf("scene uploaded %d times for 12 images, want once", uploads)
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Render(Request{Camera: TopDown{Span: 1}, Width: 8, Height: 8}); !errors.Is(err, ErrClosed) {
		t.Errorf("Render after Close: %v, want ErrClosed", err)
	}
	if err := e.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

// TestCloseWhileBusy closes the engine while other goroutines keep asking for images: every call
// either succeeds or returns ErrClosed, and nothing hangs.
func TestCloseWhileBusy(t *testing.T) {
	e := newTestEngine(t)
	var wg sync.WaitGroup
	for g := 0; g < 3; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 20; i++ {
				_, err := e.Render(Request{Camera: TopDown{Span: 3}, Width: 24, Height: 24})
				if errors.Is(err, ErrClosed) {
					return
				}
				if err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	e.Close()
	wg.Wait()
}

func TestSceneCacheEvictsLeastRecentlyUsed(t *testing.T) {
	e, err := NewEngine(Options{SceneCache: 2})
	if err != nil {
		newTestEngine(t) // skips or fails as the environment says
		t.Fatal(err)
	}
	defer e.Close()
	a, b, c := testRoom(), testRoom(), testRoom()
	for _, s := range []*scene.Scene{a, b, a, c, a} {
		if err := e.Upload(s); err != nil {
			t.Fatal(err)
		}
	}
	var uploads int
	var held []*scene.Scene
	e.do(func(st *glState) error {
		uploads = st.scenes.uploads
		held = append(held, st.scenes.order...)
		return nil
	})
	// a, b uploaded; a reused; c evicts b; a reused.
	if uploads != 3 || len(held) != 2 || held[0] != c || held[1] != a {
		t.Errorf("uploads %d, held %v: want 3 uploads holding c then a", uploads, held)
	}
	if err := e.Forget(a); err != nil {
		t.Fatal(err)
	}
	if err := e.Upload(nil); err == nil {
		t.Error("Upload(nil): want an error")
	}
}

// TestNoBackendNamesPackages replaces every backend by one that fails: the error must wrap ErrNoGL,
// give each backend's reason and name the Debian packages to install.
func TestNoBackendNamesPackages(t *testing.T) {
	saved := contextMakers
	defer func() { contextMakers = saved }()
	contextMakers = []func() (glContext, error){
		func() (glContext, error) { return nil, errors.New("EGL surfaceless (Mesa): no display") },
		func() (glContext, error) { return nil, errors.New("hidden GLFW window: $DISPLAY is not set") },
	}
	e, err := NewEngine(Options{})
	if err == nil {
		e.Close()
		t.Fatal("NewEngine succeeded with no backend")
	}
	if !errors.Is(err, ErrNoGL) {
		t.Errorf("error %v does not wrap ErrNoGL", err)
	}
	for _, want := range []string{"no display", "$DISPLAY", "libegl1 libegl-mesa0 libgl1-mesa-dri"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %q", err, want)
		}
	}
}

// TestEnginesOpenAndCloseCleanly makes and closes engines one after another and two at once: each
// works, and no goroutine outlives them.
func TestEnginesOpenAndCloseCleanly(t *testing.T) {
	newTestEngine(t).Close() // skips where there is no GL
	before := runtime.NumGoroutine()
	for i := 0; i < 3; i++ {
		a, err := NewEngine(Options{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := NewEngine(Options{Samples: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range []*Engine{a, b} {
			if _, err := e.Render(Request{Camera: TopDown{Span: 2}, Width: 16, Height: 16}); err != nil {
				t.Fatal(err)
			}
		}
		a.Close()
		if _, err := b.Render(Request{Camera: TopDown{Span: 2}, Width: 16, Height: 16}); err != nil {
			t.Fatalf("an engine stopped working when another closed: %v", err)
		}
		b.Close()
	}
	// A closed engine's thread finishes its deferred clean-up just after Close returns: give the
	// goroutines a moment to end before counting.
	after := runtime.NumGoroutine()
	for deadline := time.Now().Add(2 * time.Second); after > before && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
		after = runtime.NumGoroutine()
	}
	if after > before {
		t.Errorf("%d goroutines before, %d after closing every engine", before, after)
	}
}
