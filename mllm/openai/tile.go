package openai

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"strings"

	"golang.org/x/image/draw"
)

// gutter is the width in pixels of the dark lines between tiles, so that a model sees where one
// view ends and the next begins.
const gutter = 2

// tiled puts views into one image, a grid read left to right and top to bottom, whose longest
// side fits maxSide like any image sent. The views' captions are not drawn: the request's text
// lists them in tile order (see tileNote), which every model reads more reliably than small
// lettering inside a picture.
func tiled(vs []view, maxSide int) ([]view, error) {
	cols := int(math.Ceil(math.Sqrt(float64(len(vs)))))
	rows := (len(vs) + cols - 1) / cols
	cell := (maxSide - gutter*(max(cols, rows)-1)) / max(cols, rows)
	canvas := image.NewRGBA(image.Rect(0, 0, cols*cell+(cols-1)*gutter, rows*cell+(rows-1)*gutter))
	draw.Draw(canvas, canvas.Bounds(), image.NewUniform(color.RGBA{40, 40, 40, 255}), image.Point{}, draw.Src)
	for i, v := range vs {
		img, err := png.Decode(bytes.NewReader(v.png))
		if err != nil {
			return nil, fmt.Errorf("image %q: not a PNG: %v", v.name, err)
		}
		at := image.Pt((i%cols)*(cell+gutter), (i/cols)*(cell+gutter))
		place(canvas, image.Rectangle{Min: at, Max: at.Add(image.Pt(cell, cell))}, img)
	}
	data, err := encode(canvas)
	if err != nil {
		return nil, err
	}
	return []view{{caption: tileNote(vs, cols), png: data, holds: len(vs)}}, nil
}

// place draws img scaled to fit inside cell, centred on white.
func place(dst *image.RGBA, cell image.Rectangle, img image.Image) {
	draw.Draw(dst, cell, image.White, image.Point{}, draw.Src)
	b := img.Bounds()
	w, h := fitSize(b.Dx(), b.Dy(), cell.Dx())
	if b.Dx() < cell.Dx() && b.Dy() < cell.Dy() {
		w, h = b.Dx(), b.Dy() // small views are centred as they are, not enlarged
	}
	off := cell.Min.Add(image.Pt((cell.Dx()-w)/2, (cell.Dy()-h)/2))
	draw.CatmullRom.Scale(dst, image.Rectangle{Min: off, Max: off.Add(image.Pt(w, h))}, img, b, draw.Src, nil)
}

// tileNote says how the tiled image is laid out and what each tile shows, in tile order.
func tileNote(vs []view, cols int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "This one image holds %d views in a grid of %d columns, read left to right, top to bottom:", len(vs), cols)
	for i, v := range vs {
		fmt.Fprintf(&b, "\n  tile %d (row %d, column %d): %s", i+1, i/cols+1, i%cols+1, describe(v.name, v.caption))
	}
	return b.String()
}

// describe names a view: its caption, or its name when it has none.
func describe(name, caption string) string {
	switch {
	case caption == "":
		return name
	case name == "":
		return caption
	}
	return name + " — " + caption
}
