package gltf

import (
	"encoding/json"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/scene"
)

// The extras WriteGLB writes where glTF has no place for a scene's meaning (categories, parts,
// surfaces, stand points, the start pose), and Load reads back.

// glbSceneExtras are the scene-level extras WriteGLB writes.
type glbSceneExtras struct {
	Name  string    `json:"name,omitempty"`
	Start *glbStart `json:"start,omitempty"`
}

// glbStart is the scene's start pose in its extras.
type glbStart struct {
	Root    mgl64.Vec3 `json:"root"`
	Heading float64    `json:"heading"`
}

// glbObjectExtras are the node extras WriteGLB writes and Load reads.
type glbObjectExtras struct {
	Category    string           `json:"category,omitempty"`
	Name        *string          `json:"name,omitempty"`
	Color       *[3]float64      `json:"color,omitempty"` // also for objects without geometry
	Proxy       bool             `json:"proxy,omitempty"`
	Transform   *[16]float64     `json:"transform,omitempty"` // column-major, like glTF matrices
	Parts       []glbPartExtras  `json:"parts,omitempty"`
	Surfaces    []glbSurfaceJSON `json:"surfaces,omitempty"`
	StandPoints []mgl64.Vec3     `json:"stand_points,omitempty"`
}

// glbPartExtras names one primitive's part and its kind, in the order of the mesh's primitives.
type glbPartExtras struct {
	Name string `json:"name"`
	Kind string `json:"kind"`
}

// glbSurfaceJSON is a scene.Surface in the extras.
type glbSurfaceJSON struct {
	Part    string     `json:"part"`
	Center  mgl64.Vec3 `json:"center"`
	Extent  [2]float64 `json:"extent"`
	Axis    mgl64.Vec3 `json:"axis"`
	Normal  mgl64.Vec3 `json:"normal"`
	Sit     bool       `json:"sit,omitempty"`
	LieDown bool       `json:"lie_down,omitempty"`
}

// glbExtras returns the extras of an object's node, without its parts (glbWriteParts lists
// those as it writes them).
func glbExtras(o *scene.Object) *glbObjectExtras {
	name, color := o.Name, o.Color
	t := [16]float64(o.Transform)
	ex := &glbObjectExtras{Category: o.Category, Name: &name, Proxy: o.Proxy, Color: &color, Transform: &t, StandPoints: o.StandPoints}
	for _, sf := range o.Surfaces {
		ex.Surfaces = append(ex.Surfaces, glbSurface(sf))
	}
	return ex
}

// glbSurface is a surface as the extras hold it.
func glbSurface(s scene.Surface) glbSurfaceJSON {
	return glbSurfaceJSON{Part: s.Part, Center: s.Center, Extent: s.Extent, Axis: s.Axis, Normal: s.Normal, Sit: s.Sit, LieDown: s.LieDown}
}

// surface is the scene.Surface the extras hold.
func (s glbSurfaceJSON) surface() scene.Surface {
	return scene.Surface{Part: s.Part, Center: s.Center, Extent: s.Extent, Axis: s.Axis, Normal: s.Normal, Sit: s.Sit, LieDown: s.LieDown}
}

// decodeExtras re-reads free-form extras (decoded by the glTF package into maps) into v.
func decodeExtras(x any, v any) bool {
	if x == nil {
		return false
	}
	data, err := json.Marshal(x)
	return err == nil && json.Unmarshal(data, v) == nil
}

// objectExtras returns a node's object extras, or nil when it has none of ours. Extras of
// other tools that do not fit are ignored: they are application data, not errors.
func objectExtras(x any) *glbObjectExtras {
	var ex glbObjectExtras
	if !decodeExtras(x, &ex) {
		return nil
	}
	if ex.Category == "" && len(ex.Parts) == 0 && len(ex.Surfaces) == 0 && len(ex.StandPoints) == 0 {
		return nil
	}
	return &ex
}

// apply copies the extras' fields onto o.
func (ex *glbObjectExtras) apply(o *scene.Object) {
	if ex.Category != "" {
		o.Category = ex.Category
	}
	if ex.Name != nil {
		o.Name = *ex.Name
	}
	if ex.Color != nil {
		o.Color = *ex.Color
	}
	o.Proxy = ex.Proxy
	if ex.Transform != nil && geom.AllFinite(ex.Transform[:]) {
		o.Transform = mgl64.Mat4(*ex.Transform)
	}
	for _, s := range ex.Surfaces {
		o.Surfaces = append(o.Surfaces, s.surface())
	}
	o.StandPoints = append(o.StandPoints, ex.StandPoints...)
}

// sceneExtras copies the scene name and start pose from scene extras onto s.
func sceneExtras(s *scene.Scene, x any) {
	var ex glbSceneExtras
	if !decodeExtras(x, &ex) {
		return
	}
	if ex.Name != "" {
		s.Name = ex.Name
	}
	if ex.Start != nil {
		s.Start.Root, s.Start.Heading = ex.Start.Root, ex.Start.Heading
	}
}
