package furniture

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/scene"
)

// Spec says what to build and where. Position is the centre of the footprint on the floor;
// Yaw turns it about Y (radians); at Yaw 0 the object's front faces +Z (a person sitting on it faces
// +Z). Size is width (x), height (y), depth (z) in metres; zero components take the kind's default.
type Spec struct {
	Kind, ID, Name, Variant string
	Position                mgl64.Vec3
	Yaw                     float64
	Size                    mgl64.Vec3
}

// kindDef describes one kind of procedural furniture: its variants (the first is the
// default, "" selects it), default size per variant, colour and builder.
type kindDef struct {
	name     string
	title    string // display name, such as "Sofa"
	variants []string
	size     func(variant string) mgl64.Vec3
	color    [3]float64
	build    func(b *builder, size mgl64.Vec3, variant string)
}

// MinScale and MaxScale bound a size relative to its kind's default: wide enough for real furniture (a 1.6 m or a 2.4 m
// sofa), narrow enough that every builder's fixed thicknesses still fit.
const (
	MinScale = 0.5
	MaxScale = 2.5
)

// kindsByName maps every kind's name to it; each family lives in a file of its own (seating.go, beds.go, …).
var kindsByName = indexKinds(seatingKinds, bedKinds, tableKinds, storageKinds, decorKinds)

// indexKinds indexes families of kinds by name.
func indexKinds(families ...[]kindDef) map[string]kindDef {
	m := map[string]kindDef{}
	for _, f := range families {
		for _, k := range f {
			m[k.name] = k
		}
	}
	return m
}

// Kinds returns the kinds New builds, sorted: "armchair", "bed", "chair", ….
func Kinds() []string {
	names := make([]string, 0, len(kindsByName))
	for n := range kindsByName {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Variants returns the variants of a kind, the default first, or nil for an unknown kind.
func Variants(kind string) []string {
	k, ok := kindsByName[kind]
	if !ok {
		return nil
	}
	return append([]string(nil), k.variants...)
}

// DefaultSize returns the default width, height and depth of a kind's variant ("" for the
// default variant) in metres.
func DefaultSize(kind, variant string) (mgl64.Vec3, error) {
	k, v, err := lookup(kind, variant)
	if err != nil {
		return mgl64.Vec3{}, err
	}
	return k.size(v), nil
}

// New builds one object: its parts (world space), support surfaces, candidate stand
// points and colour. Stand points are every place a person could stand to use the object (in front
// of each seat, beside a bed, …); a room keeps those that are free (see Layout.Build). Category is
// the kind; ID defaults to the kind and Name to the kind's display name.
func New(spec Spec) (*scene.Object, error) {
	k, variant, err := lookup(spec.Kind, spec.Variant)
	if err != nil {
		return nil, err
	}
	size, err := sizeOf(k, variant, spec.Size)
	if err != nil {
		return nil, err
	}
	if !geom.FiniteVec(spec.Position) || !geom.Finite(spec.Yaw) {
		return nil, fmt.Errorf("scene: furniture %q: position %v, yaw %v: want finite numbers", spec.ID, spec.Position, spec.Yaw)
	}
	b := &builder{}
	k.build(b, size, variant)
	x := mgl64.Translate3D(spec.Position.X(), spec.Position.Y(), spec.Position.Z()).Mul4(mgl64.HomogRotate3DY(spec.Yaw))
	o := b.object(x)
	o.ID, o.Category, o.Name, o.Color = spec.ID, k.name, spec.Name, k.color
	if o.ID == "" {
		o.ID = k.name
	}
	if o.Name == "" {
		o.Name = k.title
		if variant != k.variants[0] {
			o.Name += " (" + variant + ")"
		}
	}
	return o, nil
}

// lookup resolves a kind and variant name ("" = default variant).
func lookup(kind, variant string) (kindDef, string, error) {
	k, ok := kindsByName[kind]
	if !ok {
		return k, "", fmt.Errorf("scene: furniture kind %q unknown; known kinds: %s", kind, strings.Join(Kinds(), ", "))
	}
	if variant == "" {
		return k, k.variants[0], nil
	}
	for _, v := range k.variants {
		if v == variant {
			return k, v, nil
		}
	}
	return k, "", fmt.Errorf("scene: furniture kind %q has no variant %q; variants: %s", kind, variant, strings.Join(k.variants, ", "))
}

// sizeOf fills zero components of want with the default and checks the result against the
// kind's limits.
func sizeOf(k kindDef, variant string, want mgl64.Vec3) (mgl64.Vec3, error) {
	def := k.size(variant)
	size := def
	axes := [3]string{"width", "height", "depth"}
	for i := 0; i < 3; i++ {
		if want[i] == 0 {
			continue
		}
		lo, hi := def[i]*MinScale, def[i]*MaxScale
		if !(want[i] >= lo && want[i] <= hi) {
			return size, fmt.Errorf("scene: furniture %s: %s %g m out of range, want %.2f–%.2f m (0 for the default %.2f m)", k.name, axes[i], want[i], lo, hi, def[i])
		}
		size[i] = want[i]
	}
	return size, nil
}

// clay turns an sRGB colour given as 0–255 components into the linear RGB Object.Color holds.
func clay(r, g, b int) [3]float64 {
	lin := func(c int) float64 {
		s := float64(c) / 255
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return [3]float64{lin(r), lin(g), lin(b)}
}
