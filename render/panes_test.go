package render

import (
	"image"
	"image/color"
	"testing"
)

func TestComposePanesPlacesEachPaneInItsCell(t *testing.T) {
	colours := []color.RGBA{{220, 40, 40, 255}, {40, 200, 40, 255}, {40, 40, 220, 255}, {230, 200, 40, 255}, {200, 40, 200, 255}}
	tests := []struct {
		name       string
		sizes      []image.Point
		cols       int
		want       image.Point
		cells      []image.Point // each pane's cell: column, row
		cellSize   image.Point
		emptyCells []image.Point
	}{
		{"four, automatic", []image.Point{{100, 60}, {100, 60}, {100, 60}, {100, 60}}, 0,
			image.Pt(2*100+4, 2*60+4), []image.Point{{0, 0}, {1, 0}, {0, 1}, {1, 1}}, image.Pt(100, 60), nil},
		{"three in a row", []image.Point{{80, 50}, {80, 50}, {80, 50}}, 3,
			image.Pt(3*80+2*4, 50), []image.Point{{0, 0}, {1, 0}, {2, 0}}, image.Pt(80, 50), nil},
		{"five, automatic", []image.Point{{50, 40}, {50, 40}, {50, 40}, {50, 40}, {50, 40}}, 0,
			image.Pt(3*50+2*4, 2*40+4), []image.Point{{0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1}}, image.Pt(50, 40), []image.Point{{2, 1}}},
		{"mixed sizes, one column", []image.Point{{120, 40}, {60, 80}}, 1,
			image.Pt(120, 2*80+4), []image.Point{{0, 0}, {0, 1}}, image.Pt(120, 80), nil},
		{"more columns than panes", []image.Point{{30, 30}, {30, 30}}, 7,
			image.Pt(2*30+4, 30), []image.Point{{0, 0}, {1, 0}}, image.Pt(30, 30), nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var panes []*image.RGBA
			var titles []string
			for k, s := range tc.sizes {
				panes = append(panes, filled(s.X, s.Y, colours[k]))
				titles = append(titles, "round")
			}
			out := ComposePanes(panes, titles, tc.cols)
			if got := out.Bounds().Size(); got != tc.want {
				t.Fatalf("output %v, want %v", got, tc.want)
			}
			for k, cell := range tc.cells {
				// the pane's centre, below its title bar, sits at its cell's centre
				corner := image.Pt(cell.X*(tc.cellSize.X+paneGutter), cell.Y*(tc.cellSize.Y+paneGutter))
				c := corner.Add(tc.cellSize.Div(2)).Add(image.Pt(0, tc.sizes[k].Y/4))
				if got := out.RGBAAt(c.X, c.Y); got != colours[k] {
					t.Errorf("pane %d: pixel %v is %v, want %v", k, c, got, colours[k])
				}
				// and the first pixel of its title bar is the bar, not the pane
				top := corner.Add(tc.cellSize.Sub(tc.sizes[k]).Div(2))
				if got := out.RGBAAt(top.X+1, top.Y+1); got == colours[k] {
					t.Errorf("pane %d: no title bar at %v", k, top)
				}
			}
			for _, cell := range tc.emptyCells {
				c := image.Pt(cell.X*(tc.cellSize.X+paneGutter), cell.Y*(tc.cellSize.Y+paneGutter)).Add(tc.cellSize.Div(2))
				if got := out.RGBAAt(c.X, c.Y); got != paneBackground {
					t.Errorf("empty cell %v: pixel %v, want the background", cell, got)
				}
			}
			for k, p := range panes {
				if p.RGBAAt(1, 1) != colours[k] {
					t.Errorf("pane %d was drawn on", k)
				}
			}
		})
	}
}

func TestComposePanesEdgeCases(t *testing.T) {
	if out := ComposePanes(nil, nil, 0); out == nil || !out.Bounds().Empty() {
		t.Errorf("no panes: %v, want an empty image", out)
	}
	red := color.RGBA{200, 0, 0, 255}
	out := ComposePanes([]*image.RGBA{nil, filled(10, 10, red)}, []string{"gone"}, 2)
	if out.Bounds().Size() != image.Pt(24, 10) {
		t.Fatalf("size %v, want 24×10", out.Bounds().Size())
	}
	if out.RGBAAt(5, 5) != paneBackground || out.RGBAAt(19, 5) != red {
		t.Errorf("nil pane should leave its cell empty: %v, %v", out.RGBAAt(5, 5), out.RGBAAt(19, 5))
	}
	// a pane with a non-zero origin (a sub-image) is copied from its own corner
	big := filled(50, 50, color.RGBA{0, 0, 0, 255})
	big.SetRGBA(20, 30, red)
	sub := big.SubImage(image.Rect(20, 30, 25, 35)).(*image.RGBA)
	if got := ComposePanes([]*image.RGBA{sub}, nil, 0).RGBAAt(0, 0); got != red {
		t.Errorf("sub-image pane corner %v, want red", got)
	}
}
