package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"
)

// paneGutter is the width in pixels of the lines between panes, and paneBackground their colour
// (and that of cells a smaller pane leaves empty): dark, so that light renders stand apart.
const paneGutter = 4

var paneBackground = color.RGBA{20, 22, 26, 255}

// ComposePanes lays panes out in a grid of cols columns (cols ≤ 0 picks a near-square grid, about
// √n columns), with a thin gutter between them and titles[k], when present and not empty, as a
// caption bar on pane k. Every cell is as large as the largest pane; each pane keeps its size and is
// centred in its cell, filled in reading order. A nil pane leaves its cell empty. The panes are not
// modified. With no panes the result is an empty (0×0) image.
func ComposePanes(panes []*image.RGBA, titles []string, cols int) *image.RGBA {
	n := len(panes)
	if n == 0 {
		return image.NewRGBA(image.Rectangle{})
	}
	cols = gridColumns(n, cols)
	rows := (n + cols - 1) / cols
	cell := largestPane(panes)
	out := image.NewRGBA(image.Rect(0, 0, cols*cell.X+(cols-1)*paneGutter, rows*cell.Y+(rows-1)*paneGutter))
	draw.Draw(out, out.Bounds(), image.NewUniform(paneBackground), image.Point{}, draw.Src)
	for k, p := range panes {
		if p == nil {
			continue
		}
		r := paneRect(p.Bounds().Size(), cell, k, cols)
		draw.Draw(out, r, p, p.Bounds().Min, draw.Src)
		if k < len(titles) && titles[k] != "" {
			DrawTitle(out.SubImage(r).(*image.RGBA), titles[k])
		}
	}
	return out
}

// gridColumns is the number of columns for n panes: cols when positive (at most n), else ⌈√n⌉.
func gridColumns(n, cols int) int {
	if cols <= 0 {
		cols = int(math.Ceil(math.Sqrt(float64(n))))
	}
	return max(1, min(cols, n))
}

// largestPane is the cell size: the widest and the tallest of the panes (at least 1×1).
func largestPane(panes []*image.RGBA) image.Point {
	cell := image.Pt(1, 1)
	for _, p := range panes {
		if p != nil {
			s := p.Bounds().Size()
			cell = image.Pt(max(cell.X, s.X), max(cell.Y, s.Y))
		}
	}
	return cell
}

// paneRect is where ComposePanes puts pane k of the given size, with cells of size cell and cols
// columns (positive).
func paneRect(size, cell image.Point, k, cols int) image.Rectangle {
	col, row := k%cols, k/cols
	corner := image.Pt(col*(cell.X+paneGutter), row*(cell.Y+paneGutter))
	centre := corner.Add(cell.Sub(size).Div(2))
	return image.Rectangle{Min: centre, Max: centre.Add(size)}
}
