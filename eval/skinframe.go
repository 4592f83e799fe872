package eval

import (
	"slices"
	"sync"

	"interactagent/body"
	"interactagent/motion"
	"interactagent/scene/distance"
)

// frames implements Body: the mesh is fitted to the clip once (body.NewFitter), then each frame's
// chunk capsules are culled and the chunks kept are skinned and measured.
func (s *Skin) frames(prep *PreparedScene, clip *motion.Clip) ([]frameResult, *FitError, error) {
	fit, err := body.NewFitter(s.model, clip)
	if err != nil {
		return nil, nil, err
	}
	var once sync.Once
	var firstErr error
	res := eachFrame(prep, clip.Len(), func(t int, sc *frameScratch) frameResult {
		sk, err := fit.Frame(clip.Frames[t])
		if err != nil { // NewFitter checked every frame: not expected
			once.Do(func() { firstErr = err })
			return frameResult{solid: distance.FloorSolid}
		}
		return s.frame(&sk, sc)
	})
	return res, nil, firstErr
}

// frame measures one skinned pose: the probe culls the bones whose capsules certainly stay
// outside every solid and above the floor, a second probe the chunks of the bones left, and the
// vertices of the chunks left are gathered, skinned together and measured.
func (s *Skin) frame(sk *body.Skinning, sc *frameScratch) frameResult {
	out := frameResult{solid: distance.FloorSolid}
	b := &sc.bones
	b.set(sk)
	if !s.cullBones(b, sc) || !s.cullChunks(b, sc) {
		return out
	}
	s.gather(sc)
	if len(sc.keep) > 0 {
		sc.pos = slices.Grow(sc.pos[:0], len(sc.mesh.Rest))[:len(sc.mesh.Rest)]
		sc.mesh.Skin(sk, sc.pos)
		s.measure(sc, &out)
	}
	return out
}

// cullBones culls the bones' capsules with sc.probe; false when none may reach into the scene.
func (s *Skin) cullBones(b *bones, sc *frameScratch) bool {
	sc.geoms = sc.geoms[:0]
	for i := range s.bones {
		sc.geoms = append(sc.geoms, chunkCapsule(&s.bones[i], b))
	}
	return sc.probe.Frame(sc.geoms)
}

// cullChunks lists in sc.fine the chunks of the bones sc.probe keeps and culls their capsules
// with sc.chunkProbe; false when none may reach into the scene.
func (s *Skin) cullChunks(b *bones, sc *frameScratch) bool {
	sc.fine, sc.geoms = sc.fine[:0], sc.geoms[:0]
	for i := range s.bones {
		if !sc.probe.Reaches(i) {
			continue
		}
		for c := s.bones[i].first; c < s.bones[i].last; c++ {
			sc.fine = append(sc.fine, c)
			sc.geoms = append(sc.geoms, chunkCapsule(&s.chunks[c], b))
		}
	}
	return sc.chunkProbe.Frame(sc.geoms)
}

// gather lists in sc.keep the entries of sc.fine whose chunks the chunk probe keeps and copies
// their vertices, influences and weights into sc.mesh, one chunk after another, so that one
// Model.Skin call skins them all.
func (s *Skin) gather(sc *frameScratch) {
	sc.keep = sc.keep[:0]
	m := &sc.mesh
	m.Rest, m.Influence, m.Weight = m.Rest[:0], m.Influence[:0], m.Weight[:0]
	for k, i := range sc.fine {
		if !sc.chunkProbe.Reaches(k) {
			continue
		}
		c := &s.chunks[i]
		sc.keep = append(sc.keep, k)
		m.Rest = append(m.Rest, s.sorted.Rest[c.start:c.end]...)
		m.Influence = append(m.Influence, s.sorted.Influence[c.start:c.end]...)
		m.Weight = append(m.Weight, s.sorted.Weight[c.start:c.end]...)
	}
}

// measure adds the depths of the kept chunks' skinned vertices (sc.pos, in sc.keep's order) into
// the frame's sum.
func (s *Skin) measure(sc *frameScratch, out *frameResult) {
	at := 0
	for _, k := range sc.keep {
		c := &s.chunks[sc.fine[k]]
		n := c.end - c.start
		depth, who := sc.chunkProbe.Depths(k, sc.pos[at:at+n])
		out.add(1, s.weight[c.start:c.end], c.part, depth, who)
		at += n
	}
}
