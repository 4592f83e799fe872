package render

import (
	"image"
	"image/color"
	"math"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"interactagent/geom"
)

// Label is a short text pinned to a point of an image, such as an object's id drawn at the object
// so that a reader (person or model) can name what it sees.
type Label struct {
	Text string
	// At is the anchor, in the image's coordinates: a dot marks it and a leader joins it to the text.
	At image.Point
	// Color fills the label's box; the zero value means the default dark slate. The text is white or
	// black, whichever reads better on it.
	Color color.RGBA
}

// Default label look: dark slate at 82 % opacity reads on both a light floor and dark furniture.
var (
	defaultLabelColour = color.RGBA{28, 32, 40, 255}
	labelBoxAlpha      = 0.82
)

// boldFont is Go Bold, parsed once; sfnt fonts are safe for concurrent use, faces are not.
var boldFont = sync.OnceValues(func() (*opentype.Font, error) { return opentype.Parse(gobold.TTF) })

// textFace is a font face at one pixel size with the metrics that layout needs. A face is not safe
// for concurrent use, so every drawing call makes its own.
type textFace struct {
	face            font.Face
	size            int
	ascent, descent int
}

// newFace returns Go Bold at size pixels, or nil when the embedded font cannot be used (it always
// can; the check keeps a broken build from panicking).
func newFace(size int) *textFace {
	f, err := boldFont()
	if err != nil {
		return nil
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: float64(size), DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil
	}
	m := face.Metrics()
	return &textFace{face: face, size: size, ascent: m.Ascent.Ceil(), descent: m.Descent.Ceil()}
}

// labelSize is the text size in pixels for labels on an image of height h: readable at small sizes
// and growing with the image so that labels keep their share of it.
func labelSize(h int) int { return max(12, h/48) }

// width is the advance of s in whole pixels.
func (tf *textFace) width(s string) int { return font.MeasureString(tf.face, s).Ceil() }

// padding is the space between a box's edge and its text: horizontal, vertical.
func (tf *textFace) padding() (int, int) { return max(3, tf.size*2/5), max(2, tf.size/5) }

// boxSize is the size of the box that holds s.
func (tf *textFace) boxSize(s string) image.Point {
	px, py := tf.padding()
	return image.Pt(tf.width(s)+2*px, tf.ascent+tf.descent+2*py)
}

// drawText writes s with its box's top-left corner at p.
func (tf *textFace) drawText(img *image.RGBA, p image.Point, s string, c color.RGBA) {
	px, py := tf.padding()
	d := font.Drawer{Dst: img, Src: image.NewUniform(c), Face: tf.face,
		Dot: fixed.P(p.X+px, p.Y+py+tf.ascent)}
	d.DrawString(s)
}

// oneLine turns a label's text into the single line a box holds.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// DrawLabels draws labels onto img: each text in a rounded, semi-opaque box near its anchor, with a
// dot at the anchor and a thin leader between them. Boxes are kept inside the image and placed
// greedily, in the labels' order, so that they do not overlap one another nor hide other anchors
// when there is room (see PlaceLabels). Labels with empty text are skipped; text wider than the
// image is shortened with an ellipsis.
func DrawLabels(img *image.RGBA, labels []Label) {
	if img == nil || img.Bounds().Empty() || len(labels) == 0 {
		return
	}
	tf := newFace(labelSize(img.Bounds().Dy()))
	if tf == nil {
		return
	}
	spots := placeLabels(tf, img.Bounds(), labels)
	for i, l := range labels {
		if !spots[i].box.Empty() {
			drawLeader(img, l.At, spots[i].box, boxColour(l), tf.size)
		}
	}
	for i, l := range labels {
		if sp := spots[i]; !sp.box.Empty() {
			box := boxColour(l)
			fillRoundRect(img, sp.box, tf.size/4, box, labelBoxAlpha)
			// a faint edge in the text's colour keeps the box apart from a floor of its own shade
			strokeRoundRect(img, sp.box, tf.size/4, textColour(box), 0.35)
			tf.drawText(img, sp.box.Min, sp.text, textColour(box))
		}
	}
}

// PlaceLabels returns the box DrawLabels would draw for each label on an image with these bounds,
// in the labels' order; a label with no text gets an empty rectangle.
func PlaceLabels(bounds image.Rectangle, labels []Label) []image.Rectangle {
	rects := make([]image.Rectangle, len(labels))
	if tf := newFace(labelSize(bounds.Dy())); tf != nil && !bounds.Empty() {
		for i, sp := range placeLabels(tf, bounds, labels) {
			rects[i] = sp.box
		}
	}
	return rects
}

// spot is where a label goes: its box and the text that fits in it.
type spot struct {
	box  image.Rectangle
	text string
}

// placeLabels places the labels one after another, each at its cheapest candidate spot given the
// ones already placed.
func placeLabels(tf *textFace, bounds image.Rectangle, labels []Label) []spot {
	spots := make([]spot, len(labels))
	px, _ := tf.padding()
	var placed []image.Rectangle
	for i, l := range labels {
		text := oneLine(l.Text)
		if text == "" {
			continue
		}
		text = fitText(tf, text, bounds.Dx()-2*px)
		box := bestSpot(tf, bounds, tf.boxSize(text), i, labels, placed)
		spots[i] = spot{box: box, text: text}
		placed = append(placed, box)
	}
	return spots
}

// bestSpot tries boxes of the given size around label i's anchor — above, below, beside and
// diagonal, at growing distances, each pushed inside bounds — and keeps the first of the cheapest:
// overlapping a placed box costs most, then hiding another label's anchor, then hiding its own.
func bestSpot(tf *textFace, bounds image.Rectangle, size image.Point, i int, labels []Label, placed []image.Rectangle) image.Rectangle {
	at := labels[i].At
	gap := max(4, tf.size*3/5)
	dot := max(3, tf.size/4)
	margin := max(2, tf.size/6)
	var best image.Rectangle
	bestCost := math.Inf(1)
	for ring := 0; ring < 8; ring++ {
		d := gap + ring*(size.Y+margin)
		for _, off := range candidateOffsets(size, d) {
			r := keepInside(image.Rectangle{Min: at.Add(off), Max: at.Add(off).Add(size)}, bounds)
			cost := 0.0
			for _, p := range placed {
				cost += 1e6 * float64(area(r.Inset(-margin).Intersect(p)))
			}
			for j, o := range labels {
				if j != i && o.Text != "" && r.Overlaps(image.Rectangle{Min: o.At, Max: o.At.Add(image.Pt(1, 1))}.Inset(-dot)) {
					cost += 1e4
				}
			}
			if at.In(r.Inset(-dot)) {
				cost += 1e3
			}
			if cost < bestCost {
				best, bestCost = r, cost
			}
		}
		if bestCost == 0 {
			break
		}
	}
	return best
}

// candidateOffsets are the top-left corners, relative to the anchor, of boxes at distance d from it
// in order of preference: above, below, right, left, then the four diagonals.
func candidateOffsets(size image.Point, d int) []image.Point {
	w, h := size.X, size.Y
	return []image.Point{
		{-w / 2, -d - h}, {-w / 2, d}, {d, -h / 2}, {-d - w, -h / 2},
		{d / 2, -d - h}, {-w - d/2, -d - h}, {d / 2, d}, {-w - d/2, d},
	}
}

// keepInside moves r, without resizing it, so that it lies inside bounds where it can.
func keepInside(r image.Rectangle, bounds image.Rectangle) image.Rectangle {
	dx := geom.Clamp(r.Min.X, bounds.Min.X, bounds.Max.X-r.Dx()) - r.Min.X
	dy := geom.Clamp(r.Min.Y, bounds.Min.Y, bounds.Max.Y-r.Dy()) - r.Min.Y
	return r.Add(image.Pt(dx, dy))
}

// area is r's pixel count (0 when empty).
func area(r image.Rectangle) int {
	if r.Empty() {
		return 0
	}
	return r.Dx() * r.Dy()
}

// boxColour is a label's box fill.
func boxColour(l Label) color.RGBA {
	if l.Color == (color.RGBA{}) {
		return defaultLabelColour
	}
	return color.RGBA{l.Color.R, l.Color.G, l.Color.B, 255}
}

// textColour is white on dark boxes and near-black on light ones.
func textColour(box color.RGBA) color.RGBA {
	if luminance(box) > 0.55 {
		return color.RGBA{15, 15, 20, 255}
	}
	return color.RGBA{255, 255, 255, 255}
}

// luminance is c's relative brightness in [0, 1] (Rec. 709 weights on the stored values).
func luminance(c color.RGBA) float64 {
	return (0.2126*float64(c.R) + 0.7152*float64(c.G) + 0.0722*float64(c.B)) / 255
}

// drawLeader draws the anchor's dot and, when the box does not cover the anchor, a line from the
// anchor to the nearest point of the box.
func drawLeader(img *image.RGBA, at image.Point, box image.Rectangle, c color.RGBA, size int) {
	ring := textColour(c)
	if !at.In(box) {
		end := image.Pt(geom.Clamp(at.X, box.Min.X, box.Max.X-1), geom.Clamp(at.Y, box.Min.Y, box.Max.Y-1))
		w := max(1.5, float64(size)/9)
		drawLine(img, at, end, w+2, ring, 0.7)
		drawLine(img, at, end, w, c, 1)
	}
	r := max(2.5, float64(size)/5)
	fillCircle(img, at, r+1.5, ring, 1)
	fillCircle(img, at, r, c, 1)
}

// DrawTitle draws a caption bar across the top of img with text on it, shortened with an ellipsis
// when it does not fit. The text size grows with the image.
func DrawTitle(img *image.RGBA, text string) {
	b := img.Bounds()
	text = oneLine(text)
	if b.Empty() || text == "" {
		return
	}
	tf := newFace(max(13, b.Dy()/36))
	if tf == nil {
		return
	}
	px, _ := tf.padding()
	text = fitText(tf, text, b.Dx()-2*px)
	size := tf.boxSize(text)
	bar := image.Rect(b.Min.X, b.Min.Y, b.Max.X, b.Min.Y+size.Y)
	fillRoundRect(img, bar, 0, defaultLabelColour, labelBoxAlpha)
	tf.drawText(img, bar.Min, text, color.RGBA{255, 255, 255, 255})
}

// fitText shortens s with a trailing ellipsis until it is at most width pixels wide.
func fitText(tf *textFace, s string, width int) string {
	if tf.width(s) <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && tf.width(string(r)+"…") > width {
		r = r[:len(r)-1]
	}
	return strings.TrimSpace(string(r)) + "…"
}

// drawOver blends c at coverage a (0…1) over the pixel (x, y) of img, if it is inside.
func drawOver(img *image.RGBA, x, y int, c color.RGBA, a float64) {
	if a <= 0 || !image.Pt(x, y).In(img.Bounds()) {
		return
	}
	i := img.PixOffset(x, y)
	p := img.Pix[i : i+4 : i+4]
	k := uint32(min(a, 1)*255 + 0.5)
	p[0] = uint8((uint32(c.R)*k + uint32(p[0])*(255-k) + 127) / 255)
	p[1] = uint8((uint32(c.G)*k + uint32(p[1])*(255-k) + 127) / 255)
	p[2] = uint8((uint32(c.B)*k + uint32(p[2])*(255-k) + 127) / 255)
	p[3] = uint8((255*k + uint32(p[3])*(255-k) + 127) / 255)
}

// fillRoundRect blends c at opacity alpha over r with corners rounded by radius, anti-aliased.
func fillRoundRect(img *image.RGBA, r image.Rectangle, radius int, c color.RGBA, alpha float64) {
	rad := float64(radius)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			drawOver(img, x, y, c, alpha*cornerCoverage(r, x, y, rad))
		}
	}
}

// strokeRoundRect blends a one-pixel outline of the rounded rectangle r.
func strokeRoundRect(img *image.RGBA, r image.Rectangle, radius int, c color.RGBA, alpha float64) {
	inner, rad := r.Inset(1), float64(radius)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cov := cornerCoverage(r, x, y, rad)
			if image.Pt(x, y).In(inner) {
				cov -= cornerCoverage(inner, x, y, rad-1)
			}
			drawOver(img, x, y, c, alpha*cov)
		}
	}
}

// cornerCoverage is how much of pixel (x, y) of r lies inside r's rounded corners.
func cornerCoverage(r image.Rectangle, x, y int, rad float64) float64 {
	if rad <= 0 {
		return 1
	}
	px, py := float64(x)+0.5, float64(y)+0.5
	cx := geom.Clamp(px, float64(r.Min.X)+rad, float64(r.Max.X)-rad)
	cy := geom.Clamp(py, float64(r.Min.Y)+rad, float64(r.Max.Y)-rad)
	if cx == px || cy == py {
		return 1 // along an edge, not in a corner
	}
	return geom.Clamp(rad-hypot(px-cx, py-cy)+0.5, 0, 1)
}

// fillCircle blends a disc of radius rad centred on pixel c's centre.
func fillCircle(img *image.RGBA, c image.Point, rad float64, col color.RGBA, alpha float64) {
	ext := int(rad) + 1
	for y := c.Y - ext; y <= c.Y+ext; y++ {
		for x := c.X - ext; x <= c.X+ext; x++ {
			d := hypot(float64(x-c.X), float64(y-c.Y))
			drawOver(img, x, y, col, alpha*geom.Clamp(rad-d+0.5, 0, 1))
		}
	}
}

// drawLine blends a segment of the given width between two pixel centres, with round ends.
func drawLine(img *image.RGBA, a, b image.Point, width float64, col color.RGBA, alpha float64) {
	ext := int(width/2) + 1
	box := image.Rectangle{Min: a, Max: b}.Canon().Inset(-ext).Intersect(img.Bounds())
	ax, ay := float64(a.X), float64(a.Y)
	dx, dy := float64(b.X-a.X), float64(b.Y-a.Y)
	l2 := dx*dx + dy*dy
	for y := box.Min.Y; y <= box.Max.Y; y++ {
		for x := box.Min.X; x <= box.Max.X; x++ {
			t := 0.0
			if l2 > 0 {
				t = geom.Clamp(((float64(x)-ax)*dx+(float64(y)-ay)*dy)/l2, 0, 1)
			}
			d := hypot(float64(x)-ax-t*dx, float64(y)-ay-t*dy)
			drawOver(img, x, y, col, alpha*geom.Clamp(width/2-d+0.5, 0, 1))
		}
	}
}

// hypot is the length of (x, y); math.Hypot's care for overflow is not needed for pixel offsets.
func hypot(x, y float64) float64 { return math.Sqrt(x*x + y*y) }
