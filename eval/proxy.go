package eval

import (
	"interactagent/motion"
	"interactagent/scene/distance"
)

// proxyBody is the capsule body proxy of package motion (REFERENCE.md §5): about one surface
// sample per cm² of its 20 capsules, each weighted by the SMPL-X vertices of its part.
type proxyBody struct{}

// Proxy returns the capsule body proxy, the body every run before issue 22 was measured on.
func Proxy() Body { return proxyBody{} }

// Name implements Body: BodyProxy.
func (proxyBody) Name() string { return BodyProxy }

// Description implements Body: PenetrationProxy.
func (proxyBody) Description() string { return PenetrationProxy }

// frames implements Body.
func (proxyBody) frames(prep *PreparedScene, clip *motion.Clip) ([]frameResult, *FitError, error) {
	return eachFrame(prep, clip.Len(), func(t int, sc *frameScratch) frameResult {
		return penetrationFrame(prep, clip.Frames[t], sc)
	}), nil, nil
}

// penetrationFrame measures one pose on the proxy: the probe culls capsules that certainly stay
// outside every solid and above the floor, and surface points, the expensive part, are computed
// only for the capsules left.
func penetrationFrame(prep *PreparedScene, pose motion.Pose, sc *frameScratch) frameResult {
	out := frameResult{solid: distance.FloorSolid}
	sc.place = prep.Body.Place(pose)
	sc.caps = sc.place.Capsules(sc.caps)
	sc.geoms = sc.geoms[:0]
	for _, c := range sc.caps {
		sc.geoms = append(sc.geoms, c.Capsule)
	}
	if !sc.probe.Frame(sc.geoms) {
		return out
	}
	for i, c := range sc.caps {
		if !sc.probe.Reaches(i) {
			continue
		}
		sc.pos = sc.place.Positions(i, sc.pos)
		depth, who := sc.probe.Depths(i, sc.pos)
		out.add(prep.Body.PointWeight(i), nil, c.Part, depth, who)
	}
	return out
}
