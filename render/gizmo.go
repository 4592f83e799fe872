package render

import (
	"image"
	"image/color"
	"math"
	"sort"

	"github.com/go-gl/mathgl/mgl32"
)

// The axis marker is drawn in the image's bottom-left corner, CAD style: arrows for +X (red),
// +Y (green) and +Z (blue) turned as the camera sees them, each with its letter. Unlike arrows on
// the floor it is never hidden by furniture or bodies; the 1 m floor grid gives the scale.
var axisColors = [3]color.RGBA{{210, 45, 35, 255}, {40, 150, 50, 255}, {35, 80, 215, 255}}

// drawAxisGizmo draws the marker for the camera's view onto img.
func drawAxisGizmo(img *image.RGBA, view mgl32.Mat4) {
	b := img.Bounds()
	size := max(44, min(b.Dx(), b.Dy())/7)
	if size*2 > min(b.Dx(), b.Dy()) {
		return // too small an image to spare the corner
	}
	c := image.Pt(b.Min.X+size/2+8, b.Max.Y-size/2-8)
	fillCircle(img, c, float64(size)/2, color.RGBA{255, 255, 255, 255}, 0.55)
	type axis struct {
		k     int
		dx    float64
		dy    float64
		depth float64
	}
	var axes []axis
	for k := 0; k < 3; k++ {
		var v mgl32.Vec3
		v[k] = 1
		d := view.Mat3().Mul3x1(v)
		// Camera y points up; image y points down.
		axes = append(axes, axis{k, float64(d.X()), -float64(d.Y()), float64(d.Z())})
	}
	// Far arrows first, so the ones pointing at the viewer lie on top.
	sort.Slice(axes, func(i, j int) bool { return axes[i].depth < axes[j].depth })
	r := float64(size) * 0.3
	tf := newFace(max(11, size/4))
	for _, a := range axes {
		tip := image.Pt(c.X+int(math.Round(a.dx*r)), c.Y+int(math.Round(a.dy*r)))
		col := axisColors[a.k]
		drawLine(img, c, tip, math.Max(2, float64(size)/18), col, 1)
		fillCircle(img, tip, math.Max(2.5, float64(size)/14), col, 1)
		if tf == nil {
			continue
		}
		letter := string(rune('X' + a.k))
		lx := c.X + int(math.Round(a.dx*r*1.4)) - tf.width(letter)/2 - tf.size*2/5
		ly := c.Y + int(math.Round(a.dy*r*1.4)) - (tf.ascent+tf.descent)/2 - max(2, tf.size/5)
		tf.drawText(img, image.Pt(lx, ly), letter, col)
	}
}
