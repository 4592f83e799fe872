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
		if err := addBone(sums, j, wf.Weights[bone]); err != nil {
			return nil, fmt.Errorf("convert: %s bone %q %w", file, bone, err)
		}
	}
	return sums, nil
}

// addBone adds one bone's [vertex, weight] pairs to joint j's sums.
func addBone(sums [][motion.NumJoints]float64, j motion.Joint, pairs [][2]float64) error {
	for i, pair := range pairs {
		v, w := pair[0], pair[1]
		if v != math.Trunc(v) || v < 0 || !(w >= 0 && w <= 1) {
			return fmt.Errorf("pair %d is %v, want [vertex index, weight in [0, 1]]", i, pair)
		}
		if v < float64(len(sums)) {
			sums[int(v)][j] += w
		}
	}
	return nil
}

// topInfluences keeps a vertex's body.MaxInfluences largest joint weights (ties to the lower joint)
// and scales them to sum to 1; unused slots get joint 0 with weight 0. A vertex with no weight at
// all is an error.
func topInfluences(sum [motion.NumJoints]float64) (inf [body.MaxInfluences]uint8, w [body.MaxInfluences]float32, err error) {
	order := byWeight(sum)
	total := 0.0
	for _, j := range order[:body.MaxInfluences] {
		total += sum[j]
	}
	if !(total > 0) {
		return inf, w, fmt.Errorf("has no skinning weight, want at least one bone")
	}
	inf, w = normalised(sum, order[:body.MaxInfluences], total)
	return inf, w, nil
}

// normalised returns the joints in top with their weights divided by total; zero weights leave
// their slot at joint 0.
func normalised(sum [motion.NumJoints]float64, top []int, total float64) (inf [body.MaxInfluences]uint8, w [body.MaxInfluences]float32) {
	for k, j := range top {
		if sum[j] > 0 {
			inf[k], w[k] = uint8(j), float32(sum[j]/total)
		}
	}
	return inf, w
}

// byWeight returns the joints from the largest weight to the smallest, ties to the lower joint.
func byWeight(sum [motion.NumJoints]float64) []int {
	order := make([]int, motion.NumJoints)
	for j := range order {
		order[j] = j
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmpDesc(sum[a], sum[b]) })
	return order
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
