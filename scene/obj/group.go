package obj

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
)

// group is an object being read: its parts and the first material its faces used.
type group struct {
	name     string
	parts    []*groupPart
	material string
}

// groupPart is a part being read; remap maps file vertex indices to the part's own vertices.
type groupPart struct {
	name  string
	mesh  *scene.Mesh
	remap map[int32]int32
}

// object returns the object faces go to, starting one named after the file if none has begun.
func (p *parser) object() *group {
	if len(p.objs) == 0 {
		p.objs = append(p.objs, &group{name: scene.NameFromFile(p.name)})
	}
	return p.objs[len(p.objs)-1]
}

// part returns the part faces go to, starting one named "body" if the object has none.
func (p *parser) part() *groupPart {
	o := p.object()
	if len(o.parts) == 0 {
		o.parts = append(o.parts, &groupPart{})
	}
	pt := o.parts[len(o.parts)-1]
	if pt.mesh == nil {
		pt.mesh, pt.remap = &scene.Mesh{}, map[int32]int32{}
	}
	return pt
}

// addPolygon adds a polygon, given by indices of verts (the file's vertices), to the part as a
// fan of triangles from its first corner.
func (pt *groupPart) addPolygon(corners []int32, verts []mgl64.Vec3) {
	local := make([]int32, len(corners))
	for i, v := range corners {
		local[i] = pt.localVertex(v, verts)
	}
	for i := 1; i+1 < len(local); i++ {
		pt.mesh.Triangles = append(pt.mesh.Triangles, [3]int32{local[0], local[i], local[i+1]})
	}
}

// localVertex returns the part's own index of file vertex v, adding the vertex to the part's
// mesh the first time the part uses it.
func (pt *groupPart) localVertex(v int32, verts []mgl64.Vec3) int32 {
	k, ok := pt.remap[v]
	if !ok {
		k = int32(len(pt.mesh.Vertices))
		pt.remap[v] = k
		pt.mesh.Vertices = append(pt.mesh.Vertices, verts[v])
	}
	return k
}

// scene turns the objects read into a scene; objects and parts without faces are dropped.
func (p *parser) scene(colors map[string][3]float64) *scene.Scene {
	s := &scene.Scene{Name: scene.NameFromFile(p.name)}
	ids := map[string]bool{}
	for i, o := range p.objs {
		obj := p.objectOf(o, i, ids)
		if c, ok := colors[o.material]; ok {
			obj.Color = c
		}
		if len(obj.Parts) > 0 {
			s.Objects = append(s.Objects, obj)
		}
	}
	return s
}

// objectOf builds the Object of one OBJ object.
func (p *parser) objectOf(o *group, i int, ids map[string]bool) *scene.Object {
	id := o.name
	if id == "" {
		id = fmt.Sprintf("object_%d", i+1)
	}
	obj := &scene.Object{ID: scene.UniqueName(ids, id), Name: o.name, Category: scene.GuessCategory(o.name),
		Transform: mgl64.Ident4(), Color: scene.DefaultColor()}
	obj.Parts = partsOf(o)
	return obj
}

// partsOf returns an object's parts that have faces, named uniquely within it ("body" for a
// part without a name), their kinds guessed from the names.
func partsOf(o *group) []scene.Part {
	var parts []scene.Part
	names := map[string]bool{}
	for _, pt := range o.parts {
		if pt.mesh == nil || len(pt.mesh.Triangles) == 0 {
			continue
		}
		name := pt.name
		if name == "" {
			name = string(scene.PartBody)
		}
		parts = append(parts, scene.Part{Name: scene.UniqueName(names, name), Kind: scene.GuessPartKind(name), Mesh: pt.mesh})
	}
	return parts
}
