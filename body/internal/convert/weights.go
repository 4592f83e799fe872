package main

import (
	"fmt"
	"math"
	"slices"

	"interactagent/body"
	"interactagent/motion"
)

// boneWeights is the layout of an MPFB2 weights file: per bone, [vertex, weight] pairs.
type boneWeights struct {
	Weights map[string][][2]float64 `json:"weights"`
}

// mergeWeights sums each vertex's bone weights per joint of ours (boneJoint), for the n vertices
// [0, n) of the mesh; pairs naming other vertices (helper geometry) are skipped.
func mergeWeights(file string, wf *boneWeights, n int) ([][motion.NumJoints]float64, error) {
	sums := make([][motion.NumJoints]float64, n)
	for _, bone := range sortedKeys(wf.Weights) {
		j, ok := boneJoint[bone]
		if !ok {
			return nil, fmt.Errorf("convert: %s weights bone %q, want only the CMU-MB rig's bones", file, bone)
		}
		for i, pair := range wf.Weights[bone] {
			v, w := pair[0], pair[1]
			if v != math.Trunc(v) || v < 0 || !(w >= 0 && w <= 1) {
				return nil, fmt.Errorf("convert: %s bone %q pair %d is %v, want [vertex index, weight in [0, 1]]", file, bone, i, pair)
			}
			if v < float64(n) {
				sums[int(v)][j] += w
			}
		}
	}
	return sums, nil
}

// topInfluences keeps a vertex's body.MaxInfluences largest joint weights (ties to the lower joint)
// and scales them to sum to 1; unused slots get joint 0 with weight 0. A vertex with no weight at
// all is an error.
func topInfluences(sum [motion.NumJoints]float64) (inf [body.MaxInfluences]uint8, w [body.MaxInfluences]float32, err error) {
	order := make([]int, motion.NumJoints)
	for j := range order {
		order[j] = j
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmpDesc(sum[a], sum[b]) })
	total := 0.0
	for _, j := range order[:body.MaxInfluences] {
		total += sum[j]
	}
	if !(total > 0) {
		return inf, w, fmt.Errorf("has no skinning weight, want at least one bone")
	}
	for k, j := range order[:body.MaxInfluences] {
		if sum[j] > 0 {
			inf[k], w[k] = uint8(j), float32(sum[j]/total)
		}
	}
	return inf, w, nil
}

// cmpDesc orders larger values first.
func cmpDesc(a, b float64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}
