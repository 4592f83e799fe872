package render

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/go-gl/gl/v3.3-core/gl"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/scene"
)

// Request is everything one image shows. Render draws it by a fixed recipe: the scene, opaque
// bodies, the floor and its grid, flat overlays (paths, markers), then translucent bodies far to
// near, and the axis marker in a corner.
type Request struct {
	Scene         *scene.Scene // nil draws the floor alone
	Camera        Camera
	Width, Height int
	Figures       []Figure
	Paths         []Path
	Markers       []Marker
	Style         Style
}

// Style holds the look's switches; the zero value is the default look.
type Style struct {
	Plain     bool        // untinted clay instead of each object's category colour
	NoGrid    bool        // a plain floor without the 1 m grid
	NoAxes    bool        // no axis marker in the corner
	KeepWalls bool        // never cut walls away, even from cameras above them
	Floor     *geom.Box   // the floor's extent; nil fits it to the scene and bodies with 1 m around
	Sky       color.NRGBA // background; the zero value is a pale grey-blue
}

// Light and material constants of the clay look (linear RGB).
var (
	lightDir    = mgl32.Vec3{-0.45, 1.0, 0.55}.Normalize() // from up, left and front of a room
	keyColor    = mgl32.Vec3{0.72, 0.70, 0.66}
	skyColor    = mgl32.Vec3{0.40, 0.42, 0.46}
	groundColor = mgl32.Vec3{0.20, 0.19, 0.18}
	floorColor  = mgl32.Vec3{0.70, 0.69, 0.66}
	lineColor   = mgl32.Vec3{0.30, 0.30, 0.30}
	defaultSky  = color.NRGBA{R: 226, G: 230, B: 236, A: 255}
	// tintStrength mixes the object colour into the clay: enough to tell categories apart while the
	// scene stays calm behind the brightly coloured bodies.
	tintStrength = float32(0.8)
)

// checkRequest rejects requests that cannot make an image.
func (r *Request) check(maxSize int) error {
	if r.Width <= 0 || r.Height <= 0 || r.Width > maxSize || r.Height > maxSize {
		return fmt.Errorf("render: image size %d×%d, want 1…%d pixels a side", r.Width, r.Height, maxSize)
	}
	if r.Camera == nil {
		return fmt.Errorf("render: no camera")
	}
	if !geom.FiniteVec(r.Camera.Eye()) {
		return fmt.Errorf("render: camera position %v is not finite", r.Camera.Eye())
	}
	if err := checkFigures(r.Figures); err != nil {
		return err
	}
	return checkOverlays(r.Paths, r.Markers)
}

// Render draws the request into a new image.
func (e *Engine) Render(r Request) (*image.RGBA, error) {
	var img *image.RGBA
	err := e.do(func(st *glState) error {
		var err error
		img, err = st.render(&r)
		return err
	})
	return img, err
}

// render runs the recipe on the engine thread.
func (st *glState) render(r *Request) (*image.RGBA, error) {
	if err := st.draw(r); err != nil {
		return nil, err
	}
	return st.finish(r)
}

// finish reads the drawing back and adds the axis marker.
func (st *glState) finish(r *Request) (*image.RGBA, error) {
	img, err := st.target.read()
	if err == nil && !r.Style.NoAxes {
		drawAxisGizmo(img, r.Camera.View())
	}
	return img, err
}

// draw runs the recipe into the target, leaving it there to be read or drawn over.
func (st *glState) draw(r *Request) error {
	if err := r.check(st.info.MaxSize); err != nil {
		return err
	}
	var g *gpuScene
	if r.Scene != nil {
		var err error
		if g, err = st.scenes.get(r.Scene); err != nil {
			return err
		}
	}
	if err := st.target.bind(r.Width, r.Height); err != nil {
		return err
	}
	sky := r.Style.Sky
	if sky == (color.NRGBA{}) {
		sky = defaultSky
	}
	gl.ClearColor(float32(sky.R)/255, float32(sky.G)/255, float32(sky.B)/255, 1)
	resetState()
	gl.Clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT)
	vp := ViewProjection(r.Camera, r.Width, r.Height)
	eye := r.Camera.Eye()
	floor := floorBox(r, g)
	// Solid things first and the floor after them, so that the floor's grid is shaded only where
	// it shows; then what lies on the floor, then the translucent bodies, far to near.
	if g != nil {
		st.drawScene(g, vp, eye, r.Style)
	}
	st.lightBodies(r.Camera, r.Width, r.Height)
	batch, err := st.uploadFigures(r.Figures, eye)
	if err != nil {
		return err
	}
	st.drawOpaque(batch)
	st.drawFloor(vp, floor, !r.Style.NoGrid)
	st.drawOverlay(vp, r)
	st.drawTranslucent(batch)
	return glError("render")
}

// resetState puts the GL state every drawing step starts from, whatever an earlier request (even
// one that failed half-way) left behind.
func resetState() {
	gl.Disable(gl.BLEND)
	gl.Disable(gl.CULL_FACE)
	gl.Disable(gl.POLYGON_OFFSET_FILL)
	gl.ColorMask(true, true, true, true)
	gl.DepthMask(true)
	gl.Enable(gl.DEPTH_TEST)
	gl.DepthFunc(gl.LESS)
}

// setLights makes p current with the camera and the light uniforms.
func (st *glState) setLights(p *program, vp mgl32.Mat4) {
	p.use()
	p.setMat4("uViewProj", vp)
	p.setVec3("uLightDir", lightDir)
	p.setVec3("uKeyColor", keyColor)
	p.setVec3("uSkyColor", skyColor)
	p.setVec3("uGroundColor", groundColor)
}

func (st *glState) drawScene(g *gpuScene, vp mgl32.Mat4, eye mgl64.Vec3, style Style) {
	p := st.progs["scene"]
	st.setLights(p, vp)
	c := clayColor
	p.setVec3("uClay", mgl32.Vec3{float32(c[0]), float32(c[1]), float32(c[2])})
	tint := tintStrength
	if style.Plain {
		tint = 0
	}
	p.setFloat("uTint", tint)
	g.draw(p, eye, !style.KeepWalls)
}

// drawFloor draws the floor quad, pushed back in depth so that anything lying on it wins.
func (st *glState) drawFloor(vp mgl32.Mat4, b geom.Box, grid bool) {
	p := st.progs["floor"]
	st.setLights(p, vp)
	p.setVec3("uFloorColor", floorColor)
	p.setVec3("uLineColor", lineColor)
	g := float32(0)
	if grid {
		g = 1
	}
	p.setFloat("uGrid", g)
	x0, z0, x1, z1 := float32(b.Lo.X()), float32(b.Lo.Z()), float32(b.Hi.X()), float32(b.Hi.Z())
	st.floor.upload([]float32{x0, 0, z0, x0, 0, z1, x1, 0, z1, x0, 0, z0, x1, 0, z1, x1, 0, z0})
	gl.Enable(gl.POLYGON_OFFSET_FILL)
	gl.PolygonOffset(2, 2)
	st.floor.draw()
	gl.Disable(gl.POLYGON_OFFSET_FILL)
}

// floorBox returns the floor's extent: the style's, or the scene and everything drawn on it with a
// metre around, snapped to whole metres so the grid's border lines are drawn.
func floorBox(r *Request, g *gpuScene) geom.Box {
	if r.Style.Floor != nil {
		return *r.Style.Floor
	}
	b := geom.EmptyBox()
	if g != nil {
		b = b.Union(g.bounds)
	}
	for _, f := range r.Figures {
		b = b.AddPoint(f.Pose.Root())
	}
	for _, p := range r.Paths {
		for _, q := range p.Points {
			b = b.AddPoint(q)
		}
	}
	if b.Empty() {
		t := r.Camera.Eye()
		b = b.AddPoint(mgl64.Vec3{t.X(), 0, t.Z()})
	}
	b = b.Expand(1)
	return geom.Box{
		Lo: mgl64.Vec3{math.Floor(b.Lo.X()), 0, math.Floor(b.Lo.Z())},
		Hi: mgl64.Vec3{math.Ceil(b.Hi.X()), 0, math.Ceil(b.Hi.Z())},
	}
}

func vec32(v mgl64.Vec3) mgl32.Vec3 { return mgl32.Vec3{float32(v[0]), float32(v[1]), float32(v[2])} }
