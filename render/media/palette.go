package media

import (
	"image"
	"image/color"
	"math"
)

// colourBin is one occupied 6-bit-per-channel cell of a histogram: its centre and pixel count.
type colourBin struct {
	c [3]uint8
	n int
}

// medianCut returns at most k colours representing img: the histogram's occupied cells are split
// into boxes, each time cutting the box with the most weighted spread at its pixel median along its
// longest side, and each box gives its pixel-weighted mean colour.
func medianCut(img *image.RGBA, k int) []color.RGBA {
	boxes := [][]colourBin{histogram(img)}
	for len(boxes) < k {
		i, axis := widestBox(boxes)
		if i < 0 {
			break // every box is a single cell: the image has no more colours
		}
		lo, hi := splitBox(boxes[i], axis)
		boxes[i] = lo
		boxes = append(boxes, hi)
	}
	out := make([]color.RGBA, 0, len(boxes))
	for _, b := range boxes {
		out = append(out, meanColour(b))
	}
	return out
}

// histogram counts img's pixels per 6-bit-per-channel cell.
func histogram(img *image.RGBA) []colourBin {
	counts := make([]int32, 1<<18)
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := img.Pix[img.PixOffset(b.Min.X, y):img.PixOffset(b.Max.X, y)]
		for x := 0; x+3 < len(row); x += 4 {
			counts[int(row[x]>>2)<<12|int(row[x+1]>>2)<<6|int(row[x+2]>>2)]++
		}
	}
	var bins []colourBin
	for key, n := range counts {
		if n > 0 {
			c := cellCentre(key)
			bins = append(bins, colourBin{c: [3]uint8{c.R, c.G, c.B}, n: int(n)})
		}
	}
	return bins
}

// widestBox picks the box to cut next — the largest (longest side × pixels), favouring both
// well-populated and widely spread boxes — and the axis of its longest side; -1 when none can be cut.
func widestBox(boxes [][]colourBin) (int, int) {
	best, bestAxis, bestScore := -1, 0, 0.0
	for i, b := range boxes {
		if len(b) < 2 {
			continue
		}
		axis, span, n := 0, 0, 0
		for a := 0; a < 3; a++ {
			lo, hi := uint8(255), uint8(0)
			for _, bin := range b {
				lo, hi = min(lo, bin.c[a]), max(hi, bin.c[a])
			}
			if int(hi-lo) > span {
				axis, span = a, int(hi-lo)
			}
		}
		for _, bin := range b {
			n += bin.n
		}
		if score := float64(span) * math.Sqrt(float64(n)); span > 0 && score > bestScore {
			best, bestAxis, bestScore = i, axis, score
		}
	}
	return best, bestAxis
}

// splitBox sorts b along axis and cuts it where half its pixels lie on each side, leaving neither
// side empty.
func splitBox(b []colourBin, axis int) ([]colourBin, []colourBin) {
	sortBins(b, axis)
	total := 0
	for _, bin := range b {
		total += bin.n
	}
	seen, cut := 0, 1
	for i, bin := range b[:len(b)-1] {
		seen += bin.n
		if 2*seen >= total {
			cut = i + 1
			break
		}
	}
	return b[:cut:cut], b[cut:]
}

// sortBins orders bins by one channel (insertion sort by counting: channels have 64 values).
func sortBins(b []colourBin, axis int) {
	var buckets [64][]colourBin
	for _, bin := range b {
		buckets[bin.c[axis]>>2] = append(buckets[bin.c[axis]>>2], bin)
	}
	i := 0
	for _, bk := range buckets {
		i += copy(b[i:], bk)
	}
}

// meanColour is the pixel-weighted mean of a box's cells.
func meanColour(b []colourBin) color.RGBA {
	var s [3]int
	n := 0
	for _, bin := range b {
		for a := 0; a < 3; a++ {
			s[a] += int(bin.c[a]) * bin.n
		}
		n += bin.n
	}
	return color.RGBA{uint8((s[0] + n/2) / n), uint8((s[1] + n/2) / n), uint8((s[2] + n/2) / n), 255}
}
