package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body"
	"interactagent/geom"
	"interactagent/motion"
)

// armUp is the rest pose with the left arm raised sideways to shoulder height and the right knee
// bent forward, so that skinning has bones to turn.
func armUp() motion.Pose {
	p := motion.RestPose()
	turn := func(j, about motion.Joint, m mgl64.Mat3) {
		p[j] = p[about].Add(m.Mul3x1(p[j].Sub(p[about])))
	}
	up := mgl64.Rotate3DZ(math.Pi / 2)
	turn(motion.LeftElbow, motion.LeftShoulder, up)
	turn(motion.LeftWrist, motion.LeftShoulder, up)
	bend := mgl64.Rotate3DX(-math.Pi / 3)
	turn(motion.RightAnkle, motion.RightKnee, bend)
	turn(motion.RightFoot, motion.RightKnee, bend)
	return p
}

// humanFigure fits the human body to a one-frame clip of p and returns its figure.
func humanFigure(t testing.TB, p motion.Pose, c color.NRGBA) Figure {
	t.Helper()
	b, err := NewBodies(BodyHuman, &motion.Clip{FPS: 20, Frames: []motion.Pose{p}})
	if err != nil {
		t.Fatal(err)
	}
	f, err := b.Figure(p, c)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestSkinnedBodyMatchesCPUSkinning checks the GPU's skinning against package body's CPU
// skinning: every vertex the CPU places projects onto the drawn body, and every pixel of the drawn
// body lies near a projected vertex. Close up the full mesh is drawn; from afar a coarser level of
// detail, which must still cover the same outline. A pixel belongs to the body where it differs
// from the same picture drawn without it.
func TestSkinnedBodyMatchesCPUSkinning(t *testing.T) {
	e := newTestEngine(t)
	f := humanFigure(t, armUp(), color.NRGBA{40, 200, 60, 255})
	posed := make([]mgl64.Vec3, f.Body.NumVertices())
	f.Body.Skin(f.Skin, posed)
	for _, tc := range []struct {
		name     string
		distance float64
		reach    int // pixels a body pixel may lie from a projected vertex, and a vertex from a body pixel
	}{{"close", 4, 3}, {"far", 20, 2}} {
		t.Run(tc.name, func(t *testing.T) {
			cam := Orbit{Target: mgl64.Vec3{0, 0.9, 0}, Pitch: 0.2, Distance: tc.distance, FOV: 40}
			r := Request{Camera: cam, Width: 400, Height: 400, Style: Style{NoAxes: true, NoGrid: true, Floor: &geom.Box{Hi: mgl64.Vec3{1, 0, 1}}}}
			empty, err := e.Render(r)
			if err != nil {
				t.Fatal(err)
			}
			r.Figures = []Figure{f}
			img, err := e.Render(r)
			if err != nil {
				t.Fatal(err)
			}
			drawn := changedPixels(empty, img)
			near := image.NewAlpha(img.Rect)
			missed := 0
			for _, v := range posed {
				p, _ := Project(cam, r.Width, r.Height, v)
				if !anyNear(drawn, p, tc.reach) {
					missed++
				}
				markNear(near, p, tc.reach)
			}
			stray, total := 0, 0
			for i, a := range drawn.Pix {
				if a != 0 {
					total++
					if near.Pix[i] == 0 {
						stray++
					}
				}
			}
			t.Logf("%d of %d vertices off the body, %d of %d body pixels far from the vertices", missed, len(posed), stray, total)
			if missed > len(posed)/1000 || stray > total/200 || total < 200 {
				saveFailed(t, t.Name(), img)
				t.Errorf("%d of %d vertices off the drawn body (want ≤ 0.1 %%), %d of %d body pixels far from any vertex (want ≤ 0.5 %%)",
					missed, len(posed), stray, total)
			}
		})
	}
}

// changedPixels marks the pixels where two images of one size differ by more than 6 levels.
func changedPixels(a, b *image.RGBA) *image.Alpha {
	out := image.NewAlpha(a.Rect)
	for i := 0; i+3 < len(a.Pix); i += 4 {
		for c := 0; c < 3; c++ {
			if d := int(a.Pix[i+c]) - int(b.Pix[i+c]); d > 6 || d < -6 {
				out.Pix[i/4] = 255
			}
		}
	}
	return out
}

// anyNear reports whether a pixel within r of p is marked.
func anyNear(m *image.Alpha, p image.Point, r int) bool {
	for y := p.Y - r; y <= p.Y+r; y++ {
		for x := p.X - r; x <= p.X+r; x++ {
			if m.AlphaAt(x, y).A != 0 {
				return true
			}
		}
	}
	return false
}

// markNear marks the pixels within r of p.
func markNear(m *image.Alpha, p image.Point, r int) {
	for y := p.Y - r; y <= p.Y+r; y++ {
		for x := p.X - r; x <= p.X+r; x++ {
			m.SetAlpha(x, y, color.Alpha{A: 255})
		}
	}
}

// TestVertexColoursColourTheirVertices: a human figure coloured red below the hips and green above
// shows red legs and a green chest.
func TestVertexColoursColourTheirVertices(t *testing.T) {
	e := newTestEngine(t)
	p := motion.RestPose()
	f := humanFigure(t, p, color.NRGBA{})
	posed := make([]mgl64.Vec3, f.Body.NumVertices())
	f.Body.Skin(f.Skin, posed)
	hip := p[motion.LeftHip].Y() - 0.1
	for _, v := range posed {
		c := color.NRGBA{40, 200, 60, 255}
		if v.Y() < hip {
			c = color.NRGBA{230, 30, 30, 255}
		}
		f.Vertices = append(f.Vertices, c)
	}
	cam := Orbit{Target: mgl64.Vec3{0, 0.9, 0}, Pitch: 0.1, Distance: 4, FOV: 40}
	img, err := e.Render(Request{Camera: cam, Width: 300, Height: 300, Figures: []Figure{f}, Style: Style{NoAxes: true}})
	if err != nil {
		t.Fatal(err)
	}
	for _, probe := range []struct {
		at   mgl64.Vec3
		want func(color.RGBA) bool
		what string
	}{
		{p[motion.LeftKnee].Add(mgl64.Vec3{0, 0, 0.05}), isRed, "left knee"},
		{p[motion.Spine3].Add(mgl64.Vec3{0, 0, 0.1}), isGreen, "chest"},
	} {
		at, _ := Project(cam, 300, 300, probe.at)
		if hits, n := countNear(img, at, 2, probe.want); hits < n/2 {
			saveFailed(t, t.Name(), img)
			t.Errorf("%s: %d of %d pixels of its colour", probe.what, hits, n)
		}
	}
}

// TestBodyChoice: both bodies draw, a ghost request carries skinned figures only for the human
// body, and an engine told to draw the proxy draws what a proxy request draws.
func TestBodyChoice(t *testing.T) {
	clip := straightWalk(41, 0.05)
	for _, tc := range []struct {
		kind    BodyKind
		skinned bool
	}{{BodyDefault, true}, {BodyHuman, true}, {BodyProxy, false}} {
		r, err := GhostRequest(nil, clip, GhostOptions{Body: tc.kind, Keyframes: 5})
		if err != nil {
			t.Fatal(err)
		}
		for i, f := range r.Figures {
			if f.skinned() != tc.skinned {
				t.Errorf("%v: keyframe %d skinned %v, want %v", tc.kind, i, f.skinned(), tc.skinned)
			}
		}
	}
	e := newTestEngine(t)
	if e.Body() != BodyHuman {
		t.Errorf("a default engine draws %v, want the human body", e.Body())
	}
	proxy, err := NewEngine(Options{Body: BodyProxy})
	if err != nil {
		t.Fatal(err)
	}
	defer proxy.Close()
	got, err := proxy.Ghost(nil, clip, GhostOptions{Width: 200, Height: 200})
	if err != nil {
		t.Fatal(err)
	}
	r, _ := GhostRequest(nil, clip, GhostOptions{Width: 200, Height: 200, Body: BodyProxy})
	want, _ := e.Render(r)
	human, _ := e.Ghost(nil, clip, GhostOptions{Width: 200, Height: 200})
	if n := diffPixels(got, want, 8); n > 0 {
		t.Errorf("a proxy engine's ghost image differs from the proxy request's in %d pixels", n)
	}
	if n := diffPixels(human, want, 8); n < 100 {
		t.Errorf("the human and the proxy ghost images differ in only %d pixels", n)
	}
}

func TestParseBody(t *testing.T) {
	for _, s := range []string{"", "human", "proxy"} {
		k, err := ParseBody(s)
		if err != nil {
			t.Fatal(err)
		}
		if s != "" && k.String() != s {
			t.Errorf("ParseBody(%q).String() = %q", s, k)
		}
	}
	if _, err := ParseBody("smplx"); err == nil || !strings.Contains(err.Error(), "BodySMPLX") {
		t.Errorf("ParseBody(smplx): error %v, want one pointing at BodySMPLX (the model file is needed)", err)
	}
	if _, err := ParseBody("mannequin"); err == nil || !strings.Contains(err.Error(), "human, proxy, smplx") {
		t.Errorf("ParseBody(mannequin): error %v, want one listing human, proxy, smplx", err)
	}
	if _, err := NewEngine(Options{Body: BodyKind{kind: 7}}); err == nil {
		t.Error("NewEngine with body 7: want an error")
	}
	if _, err := NewEngine(Options{Body: BodySMPLX(nil)}); err == nil {
		t.Error("NewEngine with an SMPL-X body without its model: want an error")
	}
}

// TestBadSkinnedFiguresGiveErrors: a skinned figure must come whole and finite.
func TestBadSkinnedFiguresGiveErrors(t *testing.T) {
	e := newTestEngine(t)
	good := humanFigure(t, motion.RestPose(), color.NRGBA{})
	nan := *good.Skin
	nan[motion.LeftKnee][5] = math.NaN()
	for _, tc := range []struct {
		name string
		edit func(f *Figure)
		want string
	}{
		{"skin without model", func(f *Figure) { f.Body = nil }, "want both or neither"},
		{"model without skin", func(f *Figure) { f.Skin = nil }, "want both or neither"},
		{"NaN matrix", func(f *Figure) { f.Skin = &nan }, "left_knee"},
		{"vertex colours of another model", func(f *Figure) { f.Vertices = make([]color.NRGBA, 10) }, "one per vertex"},
		{"capsule colours", func(f *Figure) { f.Parts = make([]color.NRGBA, motion.NumCapsules) }, "part colours"},
	} {
		f := good
		tc.edit(&f)
		_, err := e.Render(Request{Camera: TopDown{Span: 4}, Width: 64, Height: 64, Figures: []Figure{f}})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
	}
}

// TestUnfittableClipIsNamed: a clip with a zero-length bone is refused before anything is drawn,
// by frame and joint.
func TestUnfittableClipIsNamed(t *testing.T) {
	clip := straightWalk(10, 0.05)
	clip.Frames[7][motion.LeftElbow] = clip.Frames[7][motion.LeftShoulder]
	_, err := GhostRequest(nil, clip, GhostOptions{})
	if err == nil || !strings.Contains(err.Error(), "frame 7") || !strings.Contains(err.Error(), "left_elbow") {
		t.Errorf("error %v, want one naming frame 7 and left_elbow", err)
	}
	if _, err := GhostRequest(nil, clip, GhostOptions{Body: BodyProxy}); err != nil {
		t.Errorf("the proxy needs no fit, got %v", err)
	}
}

// TestLevelsOfDetail: each coarser level keeps fewer vertices, each one a vertex of the model with
// its own weights; its triangles are valid; and the level drawn follows the figure's size.
func TestLevelsOfDetail(t *testing.T) {
	m, err := body.Human()
	if err != nil {
		t.Fatal(err)
	}
	normals := make([]mgl64.Vec3, m.NumVertices())
	m.Normals(m.Rest, normals)
	prev := m.NumVertices()
	for _, cell := range lodCells {
		l := simplify(m, cell)
		if err := l.model.Validate(); err != nil {
			t.Fatalf("cell %g: %v", cell, err)
		}
		n := l.model.NumVertices()
		if n >= prev || len(l.model.Faces) < n {
			t.Errorf("cell %g: %d vertices (the finer level had %d), %d triangles", cell, n, prev, len(l.model.Faces))
		}
		for i, v := range l.keep {
			if l.model.Rest[i] != m.Rest[v] || l.model.Weight[i] != m.Weight[v] || l.model.Influence[i] != m.Influence[v] {
				t.Fatalf("cell %g: kept vertex %d is not vertex %d of the model", cell, i, v)
			}
		}
		prev = n
	}
	b := &skinBody{levels: []skinLevel{{}}}
	for _, cell := range lodCells {
		b.levels = append(b.levels, skinLevel{cell: cell})
	}
	for _, tc := range []struct{ ppm, cell float64 }{{1000, 0}, {150, 0.015}, {100, 0.025}, {70, 0.035}, {50, 0.05}} {
		if got := b.level(tc.ppm).cell; got != tc.cell {
			t.Errorf("at %g px/m: level of cell %g, want %g", tc.ppm, got, tc.cell)
		}
	}
}

// TestHumanIsLitLikeTheProxy: the human body and the capsule proxy of one pose and colour, drawn
// alike, are about as bright on average (the same lights, normals that face out), and the human's
// shading varies over its surface (its normals follow the body's shape).
func TestHumanIsLitLikeTheProxy(t *testing.T) {
	e := newTestEngine(t)
	p := armUp()
	c := color.NRGBA{200, 120, 80, 255}
	cam := Orbit{Target: mgl64.Vec3{0, 0.9, 0}, Yaw: 0.5, Pitch: 0.3, Distance: 4, FOV: 40}
	r := Request{Camera: cam, Width: 300, Height: 300, Style: Style{NoAxes: true, NoGrid: true, Floor: &geom.Box{Hi: mgl64.Vec3{1, 0, 1}}}}
	empty, err := e.Render(r)
	if err != nil {
		t.Fatal(err)
	}
	var mean, spread [2]float64
	for k, f := range []Figure{humanFigure(t, p, c), {Pose: p, Color: c}} {
		r.Figures = []Figure{f}
		img, err := e.Render(r)
		if err != nil {
			t.Fatal(err)
		}
		mean[k], spread[k] = brightness(img, changedPixels(empty, img))
	}
	t.Logf("brightness human %.0f ± %.0f, proxy %.0f ± %.0f", mean[0], spread[0], mean[1], spread[1])
	if math.Abs(mean[0]-mean[1]) > 0.15*mean[1] || spread[0] < 8 {
		t.Errorf("human brightness %.0f ± %.0f, proxy %.0f: want within 15 %% and shaded", mean[0], spread[0], mean[1])
	}
}

// brightness returns the mean and standard deviation of the green channel over the marked pixels.
func brightness(img *image.RGBA, mask *image.Alpha) (mean, sd float64) {
	var n, sum, sq float64
	for i, a := range mask.Pix {
		if a != 0 {
			v := float64(img.Pix[4*i+1])
			n, sum, sq = n+1, sum+v, sq+v*v
		}
	}
	mean = sum / math.Max(n, 1)
	return mean, math.Sqrt(math.Max(sq/math.Max(n, 1)-mean*mean, 0))
}

// TestRenderOverWithHumans: a human body drawn over a kept still layer that holds translucent
// human keyframes looks like the whole request drawn at once, and a still layer whose keyframes
// change is drawn anew.
func TestRenderOverWithHumans(t *testing.T) {
	e := newTestEngine(t)
	cam := HighOblique(mgl64.Vec3{0, 0.5, 0}, 0.6, 7)
	walk := straightWalk(60, 0.07)
	b, err := NewBodies(BodyHuman, walk)
	if err != nil {
		t.Fatal(err)
	}
	fig := func(i int, a uint8) Figure {
		f, err := b.Figure(walk.Frames[i], color.NRGBA{60, 90, 220, a})
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	still := stillScene(cam)
	still.Figures = []Figure{fig(0, 90), fig(20, 90)}
	for _, i := range []int{10, 40} {
		moving := []Figure{fig(i, 255)}
		whole := still
		whole.Figures = append(append([]Figure{}, still.Figures...), moving...)
		want, err := e.Render(whole)
		if err != nil {
			t.Fatal(err)
		}
		got, err := e.RenderOver("pane", still, moving)
		if err != nil {
			t.Fatal(err)
		}
		if n := diffPixels(got, want, 24); n > len(got.Pix)/4/200 {
			saveFailed(t, fmt.Sprintf("over-human-%d", i), got)
			t.Errorf("frame %d: %d pixels differ from the whole request's drawing", i, n)
		}
	}
	before, _ := e.RenderOver("pane", still, nil)
	still.Figures = []Figure{fig(0, 90), fig(50, 90)}
	after, _ := e.RenderOver("pane", still, nil)
	if n := diffPixels(before, after, 24); n < 50 {
		t.Errorf("a keyframe moved and only %d pixels changed: the old still layer was shown", n)
	}
}
