package smplxtest

import (
	"math"
	"sort"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body"
	"interactagent/motion"
)

// weightUnit is the quantum of the stand-in's weights: each is a multiple of 2⁻¹⁶, exact in
// float32, and every row sums to exactly 1 in any order of addition.
const weightUnit = 1.0 / 65536

// spreadEvery makes every spreadEvery-th vertex of the open body follow two more body joints, so
// that some vertices have more than four merged influences, as real models do.
const spreadEvery = 97

// weights returns the skinning weights of the open body's vertices (one row of len(sk.joints) per
// vertex): its four influences, with part of the wrists' weight moved to the fingers (SMPL: the
// hand joints) and part of the head's to the jaw and eyes, so that a reader must merge them back.
func (sk *skeleton) weights(h *body.Model, vertices []int) [][]float64 {
	out := make([][]float64, len(vertices))
	for i, v := range vertices {
		row := make([]float64, len(sk.joints))
		for k := range body.MaxInfluences {
			row[h.Influence[v][k]] += float64(h.Weight[v][k])
		}
		p := h.Rest[v]
		for side := range sk.hands {
			sk.moveToFinger(row, p, &sk.hands[side])
		}
		sk.moveToFace(row, p)
		if v%spreadEvery == 0 {
			spread(row, p, h)
		}
		out[i] = quantize(row)
	}
	return out
}

// moveToFinger moves part of the wrist's weight of a vertex past the palm to its nearest finger
// joint: more the farther along the hand it lies, none on the first tenth.
func (sk *skeleton) moveToFinger(row []float64, p mgl64.Vec3, hd *hand) {
	t := p.Sub(hd.origin).Dot(hd.axis) / hd.length
	if row[hd.wrist] == 0 || t <= 0.1 {
		return
	}
	best := sk.nearest(p, hd.first, hd.first+hd.count)
	move(row, hd.wrist, best, math.Min(0.85, (t-0.1)/0.4))
}

// moveToFace moves part of the head's weight of the vertices around an eye to that eye, and of
// those in front of and below the head joint, within 7 cm of the jaw, to the jaw (SMPL-X only).
func (sk *skeleton) moveToFace(row []float64, p mgl64.Vec3) {
	if sk.jaw < 0 || row[headJoint] == 0 {
		return
	}
	for _, e := range sk.eyes {
		if p.Sub(sk.joints[e]).Len() < 0.025 {
			move(row, headJoint, e, 0.8)
			return
		}
	}
	hd := sk.joints[headJoint]
	if p.Z() > hd.Z()+0.02 && p.Y() < hd.Y()+0.02 && p.Sub(sk.joints[sk.jaw]).Len() < 0.07 {
		move(row, headJoint, sk.jaw, 0.6)
	}
}

// nearest returns the joint in [from, to) nearest to p.
func (sk *skeleton) nearest(p mgl64.Vec3, from, to int) int {
	best, bestD := from, math.Inf(1)
	for j := from; j < to; j++ {
		if d := p.Sub(sk.joints[j]).Len(); d < bestD {
			best, bestD = j, d
		}
	}
	return best
}

// move moves fraction f of row[from] to row[to].
func move(row []float64, from, to int, f float64) {
	m := f * row[from]
	row[from] -= m
	row[to] += m
}

// spread gives an eighth of the vertex's largest weight, in halves, to the two body joints nearest
// to it that do not influence it yet.
func spread(row []float64, p mgl64.Vec3, h *body.Model) {
	big := 0
	for j := range motion.NumJoints {
		if row[j] > row[big] {
			big = j
		}
	}
	near := make([]int, 0, motion.NumJoints)
	for j := range motion.NumJoints {
		if row[j] == 0 {
			near = append(near, j)
		}
	}
	sort.SliceStable(near, func(a, b int) bool {
		return p.Sub(h.Joints[near[a]]).Len() < p.Sub(h.Joints[near[b]]).Len()
	})
	give := row[big] / 8
	for _, j := range near[:min(2, len(near))] {
		move(row, big, j, give/2/row[big])
	}
}

// quantize rounds a row to multiples of weightUnit that sum to exactly 1, the rounding error going to
// its largest weight.
func quantize(row []float64) []float64 {
	sum := 0.0
	for _, w := range row {
		sum += w
	}
	total, big := 0.0, 0
	for j, w := range row {
		row[j] = math.Round(w/sum/weightUnit) * weightUnit
		total += row[j]
		if row[j] > row[big] {
			big = j
		}
	}
	row[big] += 1 - total
	return row
}
