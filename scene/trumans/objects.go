package trumans

import (
	"fmt"
	"io/fs"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
	"interactagent/scene/obj"
)

// ObjectSpec is one interactable object of a room: its name (whose words give its category
// unless Category says it), its mesh file (OBJ, object space, Y up, metres) and its pose.
type ObjectSpec struct {
	Name     string `json:"name"`
	Category string `json:"category,omitempty"`
	Mesh     string `json:"mesh"`
	Pose     Pose   `json:"pose"`
}

// labelledObject loads one object's mesh, places it by its pose and labels it: id from its name
// (unique in used), category, support surfaces and stand points.
func labelledObject(fsys fs.FS, spec ObjectSpec, used map[string]bool) (*scene.Object, error) {
	if err := spec.Pose.check(spec.Name); err != nil {
		return nil, err
	}
	sc, err := obj.Load(fsys, spec.Mesh)
	if err != nil {
		return nil, fmt.Errorf("scene: trumans object %s: mesh %s: %w", spec.Name, spec.Mesh, err)
	}
	x := spec.Pose.Matrix()
	o := &scene.Object{ID: scene.UniqueName(used, objectID(spec.Name)), Name: spec.Name,
		Category: spec.Category, Transform: x, Color: scene.DefaultColor()}
	if o.Category == "" {
		o.Category = Category(spec.Name)
	}
	names := map[string]bool{}
	for _, so := range sc.Objects {
		for _, p := range so.Parts {
			o.Parts = append(o.Parts, scene.Part{Name: scene.UniqueName(names, p.Name), Kind: p.Kind, Mesh: p.Mesh.Transformed(x)})
		}
	}
	if len(o.Parts) == 0 {
		return nil, &scene.FormatError{Format: "trumans object", Path: spec.Mesh, Msg: "no faces, want the object's mesh"}
	}
	addSurfaces(o, mgl64.TransformNormal(mgl64.Vec3{0, 0, 1}, x))
	return o, nil
}

// objectID returns an object's id from its name: lower case, spaces and dashes as underscores.
func objectID(name string) string {
	return strings.NewReplacer(" ", "_", "-", "_").Replace(strings.ToLower(name))
}

// Category returns an object's category from the words of its name, as TRUMANS names its
// objects ("chair_03", "Sofa1", "bed"): scene.GuessCategory's words, "object" when none matches.
func Category(name string) string {
	return scene.GuessCategory(name)
}
