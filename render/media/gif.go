package media

import (
	"bufio"
	"compress/lzw"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
	"math"

	"interactagent/fileio"
)

// gifWriter streams an animated GIF to a temporary file frame by frame, so memory stays at a few
// frames whatever the length. The palette is made once, by median cut of the first frame (renders of
// one scene keep their colours), plus a few pure colours so that something appearing later still
// finds a close match. Each frame after the first stores only the rectangle that changed.
type gifWriter struct {
	path    string
	tmp     *fileio.File
	bw      *bufio.Writer
	w, h    int
	fps     float64
	frames  int
	elapsed int // centiseconds of delay written so far
	pal     color.Palette
	bits    int     // palette index width: 2…8
	lut     []int16 // 6-bit-per-channel colour key → palette index; -1 = not looked up yet
	cur     []uint8 // this frame's palette indices, row-major w×h
	prev    []uint8 // the previous frame's
	lzw     *lzw.Writer
	err     error
	closed  bool
}

// fixedColours join every palette: black, white, the primaries and secondaries.
var fixedColours = []color.RGBA{
	{0, 0, 0, 255}, {255, 255, 255, 255}, {255, 0, 0, 255}, {0, 255, 0, 255},
	{0, 0, 255, 255}, {255, 255, 0, 255}, {0, 255, 255, 255}, {255, 0, 255, 255},
}

// newGIFWriter creates the temporary file; nothing is written until the first frame.
func newGIFWriter(path string, w, h int, fps float64) (*gifWriter, error) {
	tmp, err := create(path)
	if err != nil {
		return nil, err
	}
	return &gifWriter{path: path, tmp: tmp, bw: bufio.NewWriterSize(tmp, 1<<16), w: w, h: h, fps: fps,
		cur: make([]uint8, w*h), prev: make([]uint8, w*h)}, nil
}

// WriteFrame quantises img to the palette and appends it.
func (g *gifWriter) WriteFrame(img *image.RGBA) error {
	if g.err != nil {
		return g.err
	}
	if g.closed {
		return fmt.Errorf("media: write %s: video already closed", g.path)
	}
	if err := checkFrame(g.path, img, g.w, g.h, g.frames); err != nil {
		return err
	}
	if g.frames == 0 {
		g.setPalette(medianCut(img, 256-len(fixedColours)))
		if err := g.writeHeader(); err != nil {
			return g.fail(err)
		}
	}
	g.quantize(img)
	if err := g.writeFrame(); err != nil {
		return g.fail(err)
	}
	g.cur, g.prev = g.prev, g.cur
	g.frames++
	return nil
}

// Close ends the GIF and moves it into place.
func (g *gifWriter) Close() error {
	if g.err != nil {
		return g.err
	}
	if g.closed {
		return nil
	}
	if g.frames == 0 {
		return g.fail(errors.New("no frames written"))
	}
	g.closed = true
	if err := g.bw.WriteByte(0x3b); err != nil { // trailer
		return g.fail(err)
	}
	if err := g.bw.Flush(); err != nil {
		return g.fail(err)
	}
	if err := commit(g.tmp); err != nil {
		g.err = err
		return err
	}
	return nil
}

// Abort removes the temporary file.
func (g *gifWriter) Abort() {
	if g.err == nil && !g.closed {
		g.fail(errors.New("aborted"))
	}
}

// fail removes the temporary file and records the error for later calls.
func (g *gifWriter) fail(cause error) error {
	if g.err == nil {
		g.tmp.Abort()
		g.err = fmt.Errorf("media: write %s: %w", g.path, cause)
	}
	return g.err
}

// setPalette fixes the palette and sizes the colour lookup table.
func (g *gifWriter) setPalette(cut []color.RGBA) {
	for _, c := range append(fixedColours, cut...) {
		g.pal = append(g.pal, c)
	}
	g.bits = 2
	for 1<<g.bits < len(g.pal) {
		g.bits++
	}
	g.lut = make([]int16, 1<<18)
	for i := range g.lut {
		g.lut[i] = -1
	}
}

// quantize maps img's pixels to palette indices in g.cur. Each 6-bit-per-channel colour cell is
// matched to its nearest palette colour once, on first sight, by its centre, so a pixel's index
// never depends on which pixels came before it.
func (g *gifWriter) quantize(img *image.RGBA) {
	b := img.Bounds()
	for y := 0; y < g.h; y++ {
		src := img.Pix[img.PixOffset(b.Min.X, b.Min.Y+y):]
		dst := g.cur[y*g.w : (y+1)*g.w]
		for x := range dst {
			p := src[4*x : 4*x+3 : 4*x+3]
			key := int(p[0]>>2)<<12 | int(p[1]>>2)<<6 | int(p[2]>>2)
			idx := g.lut[key]
			if idx < 0 {
				idx = int16(nearest(g.pal, cellCentre(key)))
				g.lut[key] = idx
			}
			dst[x] = uint8(idx)
		}
	}
}

// cellCentre is the colour in the middle of a 6-bit-per-channel cell.
func cellCentre(key int) color.RGBA {
	return color.RGBA{uint8(key>>12)<<2 | 2, uint8(key>>6&63)<<2 | 2, uint8(key&63)<<2 | 2, 255}
}

// nearest returns the index of pal's colour closest to c in squared RGB distance.
func nearest(pal color.Palette, c color.RGBA) int {
	best, bestD := 0, math.MaxInt
	for i, pc := range pal {
		q := pc.(color.RGBA)
		dr, dg, db := int(c.R)-int(q.R), int(c.G)-int(q.G), int(c.B)-int(q.B)
		if d := dr*dr + dg*dg + db*db; d < bestD {
			best, bestD = i, d
		}
	}
	return best
}

// writeHeader writes the signature, screen size, global palette and the loop-forever extension.
func (g *gifWriter) writeHeader() error {
	var hdr []byte
	hdr = append(hdr, "GIF89a"...)
	hdr = binary.LittleEndian.AppendUint16(hdr, uint16(g.w))
	hdr = binary.LittleEndian.AppendUint16(hdr, uint16(g.h))
	// global colour table present, 8-bit colour resolution, table of 2^bits entries
	hdr = append(hdr, 0x80|0x70|byte(g.bits-1), 0, 0)
	for i := 0; i < 1<<g.bits; i++ {
		c := color.RGBA{}
		if i < len(g.pal) {
			c = g.pal[i].(color.RGBA)
		}
		hdr = append(hdr, c.R, c.G, c.B)
	}
	hdr = append(hdr, 0x21, 0xff, 0x0b)
	hdr = append(hdr, "NETSCAPE2.0"...)
	hdr = append(hdr, 0x03, 0x01, 0x00, 0x00, 0x00) // loop count 0 = forever
	_, err := g.bw.Write(hdr)
	return err
}

// nextDelay returns the next frame's delay in centiseconds, keeping the running total on the
// clock (30 fps gives 3, 3, 4, 3, 3, 4 …). Browsers play delays under 2 cs slowly, so faster
// videos are held at 2 cs (50 fps) and play slower than asked.
func (g *gifWriter) nextDelay() int {
	target := int(math.Round(float64(g.frames+1) * 100 / g.fps))
	d := max(2, target-g.elapsed)
	g.elapsed += d
	return d
}

// writeFrame writes the part of g.cur that differs from g.prev as one image block.
func (g *gifWriter) writeFrame() error {
	r := image.Rect(0, 0, g.w, g.h)
	if g.frames > 0 {
		r = changedRect(g.cur, g.prev, g.w, g.h)
	}
	var blk []byte
	// graphic control: leave the frame in place for the next one to draw over; no transparency
	blk = append(blk, 0x21, 0xf9, 0x04, 1<<2)
	blk = binary.LittleEndian.AppendUint16(blk, uint16(g.nextDelay()))
	blk = append(blk, 0, 0, 0x2c)
	for _, v := range []int{r.Min.X, r.Min.Y, r.Dx(), r.Dy()} {
		blk = binary.LittleEndian.AppendUint16(blk, uint16(v))
	}
	blk = append(blk, 0, byte(g.bits))
	if _, err := g.bw.Write(blk); err != nil {
		return err
	}
	return g.writePixels(r)
}

// writePixels LZW-compresses the indices inside r into GIF data sub-blocks.
func (g *gifWriter) writePixels(r image.Rectangle) error {
	sb := &subBlocks{w: g.bw}
	if g.lzw == nil {
		g.lzw = lzw.NewWriter(sb, lzw.LSB, g.bits).(*lzw.Writer)
	} else {
		g.lzw.Reset(sb, lzw.LSB, g.bits) // keeps the code table's memory
	}
	lw := g.lzw
	for y := r.Min.Y; y < r.Max.Y; y++ {
		if _, err := lw.Write(g.cur[y*g.w+r.Min.X : y*g.w+r.Max.X]); err != nil {
			return err
		}
	}
	if err := lw.Close(); err != nil {
		return err
	}
	return sb.close()
}

// changedRect is the bounding box of the pixels where a and b differ; a 1×1 corner when none do,
// since every frame needs an image block to carry its delay.
func changedRect(a, b []uint8, w, h int) image.Rectangle {
	r := image.Rectangle{Min: image.Pt(w, h)}
	for y := 0; y < h; y++ {
		ra, rb := a[y*w:(y+1)*w], b[y*w:(y+1)*w]
		x0 := 0
		for x0 < w && ra[x0] == rb[x0] {
			x0++
		}
		if x0 == w {
			continue
		}
		x1 := w
		for ra[x1-1] == rb[x1-1] {
			x1--
		}
		r.Min.X, r.Max.X = min(r.Min.X, x0), max(r.Max.X, x1)
		r.Min.Y, r.Max.Y = min(r.Min.Y, y), y+1
	}
	if r.Empty() {
		return image.Rect(0, 0, 1, 1)
	}
	return r
}

// subBlocks cuts a byte stream into GIF data sub-blocks: a length byte then up to 255 bytes, ended
// by an empty block.
type subBlocks struct {
	w   io.Writer
	buf [256]byte
	n   int
}

// Write buffers p, emitting every full block.
func (s *subBlocks) Write(p []byte) (int, error) {
	total := len(p)
	for len(p) > 0 {
		k := copy(s.buf[1+s.n:], p)
		s.n += k
		p = p[k:]
		if s.n == 255 {
			if err := s.flush(); err != nil {
				return 0, err
			}
		}
	}
	return total, nil
}

// flush emits the buffered bytes as one block.
func (s *subBlocks) flush() error {
	if s.n == 0 {
		return nil
	}
	s.buf[0] = byte(s.n)
	_, err := s.w.Write(s.buf[:1+s.n])
	s.n = 0
	return err
}

// close emits the last partial block and the terminator.
func (s *subBlocks) close() error {
	if err := s.flush(); err != nil {
		return err
	}
	_, err := s.w.Write([]byte{0})
	return err
}
