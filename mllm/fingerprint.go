package mllm

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"hash"
	"math"
	"sync"

	"interactagent/motion"
	"interactagent/scene"
)

// fingerprints computes the stable keys of requests: every text, every image's hash, and hashes
// of the geometry (scene and clips), so that two requests with the same key would be shown the same
// thing by any backend. Scene hashes are memoised per scene (scenes are not changed once built).
type fingerprints struct {
	mu     sync.Mutex
	scenes map[*scene.Scene]string
}

// key returns the hex SHA-256 of the request view v with the backend's name and role; false when
// the view cannot be encoded (a NaN somewhere), and then the request is not cached.
func (fp *fingerprints) key(backend string, role Role, v any) (string, bool) {
	data, err := json.Marshal(struct {
		Backend string
		Role    Role
		Request any
	}{backend, role, v})
	if err != nil {
		return "", false
	}
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:]), true
}

// contextView is Context with the geometry as hashes.
type contextView struct {
	Task, Description string
	Scene             string
	Start             motion.State
	Lessons           string `json:",omitempty"` // omitted when empty, so keys of runs before it stay valid
}

func (fp *fingerprints) context(c Context) contextView {
	return contextView{c.Task, c.Description, fp.scene(c.Scene), c.Start, c.Lessons}
}

// imageView is an image as a key sees it.
type imageView struct{ Name, Caption, Hash string }

func imageViews(ims ...Image) []imageView {
	var out []imageView
	for _, im := range ims {
		out = append(out, imageView{im.Name, im.Caption, im.Hash()})
	}
	return out
}

// scene hashes a scene's objects: ids, categories, parts and every vertex and triangle.
func (fp *fingerprints) scene(s *scene.Scene) string {
	if s == nil {
		return ""
	}
	fp.mu.Lock()
	defer fp.mu.Unlock()
	if h, ok := fp.scenes[s]; ok {
		return h
	}
	h := sha256.New()
	h.Write([]byte(s.Name))
	for _, o := range s.Objects {
		h.Write([]byte(o.ID + "\x00" + o.Category + "\x00"))
		for _, p := range o.Parts {
			h.Write([]byte(p.Name + "\x00"))
			writeMesh(h, p.Mesh)
		}
	}
	sum := hex.EncodeToString(h.Sum(nil))
	if fp.scenes == nil {
		fp.scenes = map[*scene.Scene]string{}
	}
	fp.scenes[s] = sum
	return sum
}

// writeMesh feeds a mesh's numbers to h.
func writeMesh(h hash.Hash, m *scene.Mesh) {
	if m == nil {
		return
	}
	var b [8]byte
	for _, v := range m.Vertices {
		for _, x := range v {
			binary.LittleEndian.PutUint64(b[:], math.Float64bits(x))
			h.Write(b[:])
		}
	}
	for _, t := range m.Triangles {
		for _, i := range t {
			binary.LittleEndian.PutUint32(b[:4], uint32(i))
			h.Write(b[:4])
		}
	}
}

// clipHash hashes a clip's rate, frames and segments ("" for none).
func clipHash(c *motion.Clip) string {
	if c == nil {
		return ""
	}
	h := sha256.New()
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], math.Float64bits(c.FPS))
	h.Write(b[:])
	for _, p := range c.Frames {
		for _, v := range p {
			for _, x := range v {
				binary.LittleEndian.PutUint64(b[:], math.Float64bits(x))
				h.Write(b[:])
			}
		}
	}
	segs, _ := json.Marshal(c.Segments)
	h.Write(segs)
	return hex.EncodeToString(h.Sum(nil))
}
