package render

import (
	"fmt"
	"image/color"
	"math"

	"github.com/go-gl/gl/v3.3-core/gl"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
)

// Path is a line on the floor, such as a root trajectory, drawn as a ribbon with a dark edge.
type Path struct {
	Points []mgl64.Vec3 // only x and z count; the ribbon lies on the floor
	// Colors holds one display colour per point (a gradient) or a single colour for all; empty
	// draws dark grey.
	Colors []color.NRGBA
	Width  float64 // metres; 0 is 0.05
}

// MarkerKind says what a marker marks.
type MarkerKind int

// The markers: where a motion starts (a ring with an arrow along the heading) and ends (a disc
// with an arrow).
const (
	MarkStart MarkerKind = iota
	MarkEnd
)

// Marker is a symbol on the floor at a state.
type Marker struct {
	Kind    MarkerKind
	At      mgl64.Vec3 // on the floor; y is ignored
	Heading float64    // radians, the motion package's convention (0 faces +Z)
	Color   color.NRGBA
}

// Limits on overlays, far beyond any real use.
const (
	maxPathPoints = 200_000
	maxMarkers    = 10_000
)

// Heights above the floor of the overlay layers, a few millimetres apart so they never fight.
const (
	edgeLift   = 0.004
	ribbonLift = 0.007
	pathStep   = 0.002 // between successive paths
	markLift   = 0.030 // above eight stacked paths
)

var (
	edgeColor = color.NRGBA{R: 40, G: 40, B: 46, A: 255}
)

func checkOverlays(paths []Path, marks []Marker) error {
	n := 0
	for i, p := range paths {
		n += len(p.Points)
		for _, q := range p.Points {
			if !geom.FiniteVec(q) {
				return fmt.Errorf("render: path %d has a non-finite point", i)
			}
		}
	}
	if n > maxPathPoints {
		return fmt.Errorf("render: paths have %d points, want at most %d", n, maxPathPoints)
	}
	if len(marks) > maxMarkers {
		return fmt.Errorf("render: %d markers, want at most %d", len(marks), maxMarkers)
	}
	for i, m := range marks {
		if !geom.FiniteVec(m.At) || !geom.Finite(m.Heading) {
			return fmt.Errorf("render: marker %d is not at a finite position and heading", i)
		}
	}
	return nil
}

// flatBuilder collects unlit triangles (flatLayout: position, display colour).
type flatBuilder struct{ v []float32 }

func (b *flatBuilder) tri(p [3]mgl64.Vec3, c color.NRGBA) {
	for _, q := range p {
		b.v = append(b.v, float32(q[0]), float32(q[1]), float32(q[2]),
			float32(c.R)/255, float32(c.G)/255, float32(c.B)/255, float32(c.A)/255)
	}
}

// quad adds a-b-c-d (in order around) as two triangles.
func (b *flatBuilder) quad(a, bb, c, d mgl64.Vec3, col color.NRGBA) {
	b.tri([3]mgl64.Vec3{a, bb, c}, col)
	b.tri([3]mgl64.Vec3{a, c, d}, col)
}

// disc adds a filled circle on the floor at height y.
func (b *flatBuilder) disc(c mgl64.Vec3, r, y float64, col color.NRGBA) {
	b.ring(c, 0, r, y, col)
}

// ring adds an annulus between radii r0 and r1 (r0 = 0: a disc).
func (b *flatBuilder) ring(c mgl64.Vec3, r0, r1, y float64, col color.NRGBA) {
	const n = 32
	at := func(r float64, k int) mgl64.Vec3 {
		a := 2 * math.Pi * float64(k) / n
		return mgl64.Vec3{c.X() + r*math.Cos(a), y, c.Z() + r*math.Sin(a)}
	}
	for k := 0; k < n; k++ {
		b.quad(at(r0, k), at(r0, k+1), at(r1, k+1), at(r1, k), col)
	}
}

// arrow adds a flat arrow on the floor from c along dir (unit, horizontal), length l, width w.
func (b *flatBuilder) arrow(c, dir mgl64.Vec3, l, w, y float64, col color.NRGBA) {
	side := mgl64.Vec3{-dir.Z(), 0, dir.X()}
	at := func(along, across float64) mgl64.Vec3 {
		p := c.Add(dir.Mul(along)).Add(side.Mul(across))
		return mgl64.Vec3{p.X(), y, p.Z()}
	}
	head := math.Min(3*w, l*0.45)
	b.quad(at(0, -w/2), at(l-head, -w/2), at(l-head, w/2), at(0, w/2), col)
	b.tri([3]mgl64.Vec3{at(l-head, -1.2*w), at(l, 0), at(l-head, 1.2*w)}, col)
}

// ribbon adds a strip of width w along pts at height y, coloured per point.
func (b *flatBuilder) ribbon(pts []mgl64.Vec3, w, y float64, colAt func(i int) color.NRGBA) {
	pts = dedupe(pts)
	if len(pts) < 2 {
		return
	}
	side := func(i int) mgl64.Vec3 {
		a, c := pts[max(i-1, 0)], pts[min(i+1, len(pts)-1)]
		t := mgl64.Vec3{c.X() - a.X(), 0, c.Z() - a.Z()}.Normalize()
		return mgl64.Vec3{-t.Z(), 0, t.X()}.Mul(w / 2)
	}
	flat := func(p mgl64.Vec3) mgl64.Vec3 { return mgl64.Vec3{p.X(), y, p.Z()} }
	for i := 0; i+1 < len(pts); i++ {
		s0, s1 := side(i), side(i+1)
		p0, p1 := flat(pts[i]), flat(pts[i+1])
		c0, c1 := colAt(i), colAt(i+1)
		b.tri([3]mgl64.Vec3{p0.Sub(s0), p1.Sub(s1), p1.Add(s1)}, c1)
		b.tri([3]mgl64.Vec3{p0.Sub(s0), p1.Add(s1), p0.Add(s0)}, c0)
	}
}

// dedupe drops consecutive points closer than a millimetre on the floor (a body standing still).
func dedupe(pts []mgl64.Vec3) []mgl64.Vec3 {
	var out []mgl64.Vec3
	for _, p := range pts {
		if n := len(out); n > 0 {
			d := mgl64.Vec2{p.X() - out[n-1].X(), p.Z() - out[n-1].Z()}
			if d.Len() < 1e-3 {
				continue
			}
		}
		out = append(out, p)
	}
	return out
}

// addPath draws path number k: a dark edge under a coloured ribbon. Each later path lies a little
// higher, so that paths drawn over one another (the walked part over the whole) never fight.
func (b *flatBuilder) addPath(p Path, k int) {
	w := p.Width
	if w <= 0 {
		w = 0.05
	}
	lift := pathStep * float64(min(k, 8))
	b.ribbon(p.Points, w+0.025, edgeLift+lift, func(int) color.NRGBA { return edgeColor })
	b.ribbon(p.Points, w, ribbonLift+lift, func(i int) color.NRGBA { return pathColor(p, i) })
}

func pathColor(p Path, i int) color.NRGBA {
	switch {
	case len(p.Colors) == 0:
		return color.NRGBA{R: 60, G: 60, B: 60, A: 255}
	case len(p.Colors) == 1:
		return p.Colors[0]
	default:
		return p.Colors[min(i, len(p.Colors)-1)]
	}
}

// addMarker draws a start marker (a ring with a heading arrow) or an end marker (a disc with
// one), both with a dark edge.
func (b *flatBuilder) addMarker(m Marker) {
	c := mgl64.Vec3{m.At.X(), 0, m.At.Z()}
	dir := mgl64.Vec3{math.Sin(m.Heading), 0, math.Cos(m.Heading)}
	switch m.Kind {
	case MarkStart:
		b.ring(c, 0.15, 0.25, markLift-0.001, edgeColor)
		b.ring(c, 0.165, 0.235, markLift, m.Color)
	default:
		b.disc(c, 0.22, markLift-0.001, edgeColor)
		b.disc(c, 0.2, markLift, m.Color)
	}
	b.arrow(c.Add(dir.Mul(0.26)), dir, 0.28, 0.06, markLift, edgeColor)
}

// drawOverlay draws paths and markers, unlit, with blending for translucent colours.
func (st *glState) drawOverlay(vp mgl32.Mat4, r *Request) {
	b := flatBuilder{v: st.overlay[:0]}
	for k, p := range r.Paths {
		b.addPath(p, k)
	}
	for _, m := range r.Markers {
		b.addMarker(m)
	}
	st.overlay = b.v
	if len(b.v) == 0 {
		return
	}
	p := st.progs["flat"]
	p.use()
	p.setMat4("uViewProj", vp)
	st.flat.upload(b.v)
	gl.Enable(gl.BLEND)
	gl.BlendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA)
	st.flat.draw()
	gl.Disable(gl.BLEND)
}
