package render

import (
	"image"
	"math"
	"math/rand"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/motion"
)

// TestCamerasOrientScreen checks where known directions land: right, up and the centre.
func TestCamerasOrientScreen(t *testing.T) {
	const w, h = 400, 300
	cases := []struct {
		name        string
		cam         Camera
		centre      mgl64.Vec3 // lands at the image centre
		right, down mgl64.Vec3 // a step along these moves right / down on screen
	}{
		{"top-down", TopDown{Center: mgl64.Vec3{1, 0, 2}, Span: 5}, mgl64.Vec3{1, 0, 2}, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 0, 1}},
		{"orbit from +Z", Orbit{Target: mgl64.Vec3{0, 1, 0}, Distance: 5}, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, -1, 0}},
		{"orbit from +X", Orbit{Target: mgl64.Vec3{0, 1, 0}, Yaw: math.Pi / 2, Distance: 5}, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{0, 0, -1}, mgl64.Vec3{0, -1, 0}},
		{"orbit straight down", Orbit{Pitch: math.Pi / 2, Distance: 5}, mgl64.Vec3{}, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 0, 1}},
		{"eye level facing +X", EyeLevel{State: motion.State{Heading: math.Pi / 2}}, mgl64.Vec3{10, 1.6, 0}, mgl64.Vec3{0, 0, 1}, mgl64.Vec3{0, -1, 0}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p0, ok := Project(c.cam, w, h, c.centre)
			if !ok || absInt(p0.X-w/2) > 2 || absInt(p0.Y-h/2) > 2 {
				t.Fatalf("centre %v projects to %v (in view %v), want about (%d, %d)", c.centre, p0, ok, w/2, h/2)
			}
			pr, _ := Project(c.cam, w, h, c.centre.Add(c.right.Mul(0.3)))
			pd, _ := Project(c.cam, w, h, c.centre.Add(c.down.Mul(0.3)))
			if pr.X <= p0.X+5 || absInt(pr.Y-p0.Y) > 2 {
				t.Errorf("a step along %v moves %v → %v, want to the right", c.right, p0, pr)
			}
			if pd.Y <= p0.Y+5 || absInt(pd.X-p0.X) > 2 {
				t.Errorf("a step along %v moves %v → %v, want down", c.down, p0, pd)
			}
		})
	}
}

// TestProjectBehindCamera reports points behind a perspective camera as not visible.
func TestProjectBehindCamera(t *testing.T) {
	cam := Orbit{Distance: 3}
	if _, ok := Project(cam, 100, 100, mgl64.Vec3{0, 0, 10}); ok {
		t.Error("a point behind the camera is reported visible")
	}
}

// TestFitOrbitFramesEveryPointTightly fits random point clouds from many directions: every point
// must be inside the image with the margin, and the fit must be tight (some point near an edge).
func TestFitOrbitFramesEveryPointTightly(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for trial := 0; trial < 40; trial++ {
		var pts []mgl64.Vec3
		off := mgl64.Vec3{rng.Float64()*20 - 10, 0, rng.Float64()*20 - 10}
		for i := 0; i < 30; i++ {
			pts = append(pts, off.Add(mgl64.Vec3{rng.Float64() * 6, rng.Float64() * 2, rng.Float64() * 3}))
		}
		aspect := []float64{1, 16.0 / 9, 0.75}[trial%3]
		w, h := int(600*aspect), 600
		o := Orbit{Yaw: rng.Float64() * 2 * math.Pi, Pitch: 0.3 + rng.Float64()*1.2, FOV: 30 + rng.Float64()*40}
		o = FitOrbit(o, pts, aspect, 0.1)
		checkFramed(t, o, w, h, pts, 0.1)
	}
}

func TestFitTopDownFramesEveryPoint(t *testing.T) {
	for _, aspect := range []float64{1, 2, 0.5} {
		pts := []mgl64.Vec3{{-3, 0, -1}, {5, 2, 4}, {0, 1, 0}}
		w, h := int(400*aspect), 400
		checkFramed(t, FitTopDown(pts, aspect, 0.1), w, h, pts, 0.1)
	}
}

// checkFramed asserts every point lies inside the image less the margin and one lies close to it.
func checkFramed(t *testing.T, cam Camera, w, h int, pts []mgl64.Vec3, margin float64) {
	t.Helper()
	mx, my := margin*float64(w)/2, margin*float64(h)/2
	inner := image.Rect(int(mx)-2, int(my)-2, w-int(mx)+2, h-int(my)+2)
	slack := math.Inf(1)
	for _, p := range pts {
		q, ok := Project(cam, w, h, p)
		if !ok || !q.In(inner) {
			t.Fatalf("%T %+v: point %v lands at %v, outside %v", cam, cam, p, q, inner)
		}
		slack = math.Min(slack, float64(min(q.X-inner.Min.X, inner.Max.X-q.X, q.Y-inner.Min.Y, inner.Max.Y-q.Y)))
	}
	if slack > 6 {
		t.Errorf("%T %+v: the nearest point is %.0f px from the margin, want a tight fit", cam, cam, slack)
	}
}

func TestWallHidesRoomFromHighEyesOnly(t *testing.T) {
	south := wallInfo(geom.Box{Lo: mgl64.Vec3{-3, 0, 2.5}, Hi: mgl64.Vec3{3, 2.5, 2.6}})
	middle := wallInfo(geom.Box{Lo: mgl64.Vec3{-0.05, 0, -3}, Hi: mgl64.Vec3{0.05, 2.5, 3}})
	room := mgl64.Vec3{0, 1, 0}
	cases := []struct {
		name string
		w    wallRange
		eye  mgl64.Vec3
		want bool
	}{
		{"high eye outside, beyond the wall", south, mgl64.Vec3{0, 6, 8}, true},
		{"high eye on the far side", south, mgl64.Vec3{0, 6, -8}, false},
		{"eye below the wall top", south, mgl64.Vec3{0, 2, 8}, false},
		{"straight above", south, mgl64.Vec3{0, 20, 2.55}, false},
		{"wall through the middle", middle, mgl64.Vec3{6, 6, 0}, true},
	}
	for _, c := range cases {
		if got := c.w.hides(c.eye, room); got != c.want {
			t.Errorf("%s: hides = %v, want %v", c.name, got, c.want)
		}
	}
	lintel := wallInfo(geom.Box{Lo: mgl64.Vec3{1, 2.1, 2.5}, Hi: mgl64.Vec3{2, 2.5, 2.6}})
	high, low := mgl64.Vec3{0, 6, 8}, mgl64.Vec3{0, 1.6, 8}
	for _, c := range []struct {
		name      string
		w         wallRange
		eye       mgl64.Vec3
		cut, draw bool
		clip      float32
	}{
		{"wall cut to a stub", south, high, true, true, wallStub},
		{"lintel cut away whole", lintel, high, true, false, wallStub},
		{"lintel seen from eye level", lintel, low, true, true, 1e6},
		{"cutting turned off", south, high, false, true, 1e6},
	} {
		if clip, draw := c.w.clipFor(c.eye, room, c.cut); clip != c.clip || draw != c.draw {
			t.Errorf("%s: clip %v draw %v, want %v %v", c.name, clip, draw, c.clip, c.draw)
		}
	}
}

// TestSegmentHitsBoxMatchesSampling compares the slab test against dense sampling of the segment.
func TestSegmentHitsBoxMatchesSampling(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	box := geom.Box{Lo: mgl64.Vec3{-1, 0, -0.5}, Hi: mgl64.Vec3{1, 0.7, 0.5}}
	for i := 0; i < 2000; i++ {
		r := func() mgl64.Vec3 { return mgl64.Vec3{rng.Float64()*6 - 3, rng.Float64()*3 - 1, rng.Float64()*6 - 3} }
		a, b := r(), r()
		slow := false
		for k := 0; k <= 4000; k++ {
			if box.Contains(a.Add(b.Sub(a).Mul(float64(k) / 4000))) {
				slow = true
				break
			}
		}
		if fast := segmentHitsBox(a, b, box); fast != slow && !grazes(a, b, box) {
			t.Fatalf("segment %v–%v: slab test %v, sampling %v", a, b, fast, slow)
		}
	}
}

// grazes reports segments that pass within a millimetre of the box, where sampling may miss.
func grazes(a, b mgl64.Vec3, box geom.Box) bool {
	return segmentHitsBox(a, b, box.Expand(1e-3)) != segmentHitsBox(a, b, box.Expand(-1e-3))
}

func TestKeyframeIndices(t *testing.T) {
	cases := []struct {
		frames, n int
		want      []int
	}{
		{10, 3, []int{0, 5, 9}},
		{300, 24, nil}, // checked by property below
		{5, 24, []int{0, 1, 2, 3, 4}},
		{1, 24, []int{0}},
		{7, 1, []int{6}},
		{0, 24, nil},
	}
	for _, c := range cases {
		got := KeyframeIndices(c.frames, c.n)
		if c.want != nil && !slices.Equal(got, c.want) {
			t.Errorf("KeyframeIndices(%d, %d) = %v, want %v", c.frames, c.n, got, c.want)
		}
		for i := 1; i < len(got); i++ {
			if got[i] <= got[i-1] {
				t.Errorf("KeyframeIndices(%d, %d) = %v: not increasing", c.frames, c.n, got)
			}
		}
		if c.frames > 0 && (len(got) != min(c.frames, c.n) || got[len(got)-1] != c.frames-1) {
			t.Errorf("KeyframeIndices(%d, %d) = %v: want %d indices ending at the last frame", c.frames, c.n, got, min(c.frames, c.n))
		}
	}
}

// TestTimeColorRunsRedToPurple checks the ramp: red first, purple last, hue rising in between.
func TestTimeColorRunsRedToPurple(t *testing.T) {
	prev := -1.0
	for i := 0; i <= 20; i++ {
		c := TimeColor(float64(i) / 20)
		hue, s, v := hueOf(rgbaOf(c))
		if s < 0.7 || v < 0.85 {
			t.Errorf("TimeColor(%v) = %v: want a saturated, bright colour", float64(i)/20, c)
		}
		if i > 0 && hue <= prev {
			t.Errorf("TimeColor(%v) hue %.0f°, not above %.0f°", float64(i)/20, hue, prev)
		}
		prev = hue
	}
	if h, _, _ := hueOf(rgbaOf(TimeColor(0))); h > 5 {
		t.Errorf("start hue %.0f°, want red", h)
	}
	if h, _, _ := hueOf(rgbaOf(TimeColor(1))); h < 265 || h > 295 {
		t.Errorf("end hue %.0f°, want purple", h)
	}
}

// TestUnitCapsuleWindsOutward checks every non-degenerate triangle of the capsule mesh faces out.
func TestUnitCapsuleWindsOutward(t *testing.T) {
	verts, idx := unitCapsule(capsuleSlices, capsuleRings)
	at := func(i uint32) mgl64.Vec3 {
		// Pull the two hemispheres apart as a capsule would.
		return mgl64.Vec3{float64(verts[4*i]), float64(verts[4*i+1]), float64(verts[4*i+2]) + 2*float64(verts[4*i+3])}
	}
	faces := 0
	for k := 0; k < len(idx); k += 3 {
		a, b, c := at(idx[k]), at(idx[k+1]), at(idx[k+2])
		n := b.Sub(a).Cross(c.Sub(a))
		if n.Len() < 1e-9 {
			continue
		}
		faces++
		centre := a.Add(b).Add(c).Mul(1.0 / 3)
		axis := mgl64.Vec3{0, 0, math.Max(0, math.Min(2, centre.Z()))}
		if n.Dot(centre.Sub(axis)) <= 0 {
			t.Fatalf("triangle %d winds inward", k/3)
		}
	}
	if faces < capsuleSlices*2*capsuleRings {
		t.Errorf("%d faces, want at least %d", faces, capsuleSlices*2*capsuleRings)
	}
}
