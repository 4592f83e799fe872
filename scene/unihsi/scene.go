package unihsi

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
	"interactagent/scene/furniture"
)

// Building a UniHSI plan's room from proxy furniture; docs/unihsi.md explains the choices.

// Scene builds the plan's room: one proxy object per plan object, id = its Ref, marked Proxy,
// since the PartNet/ScanNet meshes the plan was made for are not ours to ship. Objects with a
// transfer become procedural furniture of the named kind (an unknown kind becomes a box), sized
// so that the diagonal of its box is the plan's scale and placed by the plan's rotate and
// transfer; objects a plan leaves in a scan (no transfer) have no geometry and keep only their
// stand points. Parts that the task's contact pairs name ("seat_soft_surface15", "mattress18")
// are parts of the proxy (see docs/unihsi.md for the aliasing rules).
func (p *Plan) Scene() (*scene.Scene, error) {
	s, _, err := p.SceneAliases()
	return s, err
}

// SceneAliases is Scene that also reports how each part name the task uses was given proxy
// geometry, object by object in the plan's order, names in order of first use: reports on proxy
// scenes must say which goals stand on guessed geometry.
func (p *Plan) SceneAliases() (*scene.Scene, []PartAlias, error) {
	s := &scene.Scene{Name: "unihsi_" + p.ID, Start: p.Start()}
	named := p.partsNamed()
	var aliases []PartAlias
	for _, po := range p.Objects {
		o, as, err := po.proxy(named[po.Ref()])
		if err != nil {
			return nil, nil, fmt.Errorf("scene: unihsi plan %q object %s: %w", p.ID, po.Ref(), err)
		}
		s.Objects = append(s.Objects, o)
		aliases = append(aliases, as...)
	}
	return s, aliases, nil
}

// PartAlias says how Scene gave one part name of a plan proxy geometry (docs/unihsi.md, "Part
// names").
type PartAlias struct {
	Object string         // the object's Ref
	Part   string         // the plan's part name
	Kind   scene.PartKind // the kind its words say (scene.GuessPartKind)
	Took   AliasSource    // what geometry it took
	From   string         // for TookCopy: the earlier name whose part it copies
}

// AliasSource says what geometry a plan's part name took.
type AliasSource string

// The sources of a part name's geometry.
const (
	TookKind  AliasSource = "kind"  // the proxy's parts of the kind its words say, merged into one
	TookCopy  AliasSource = "copy"  // a copy of the part of an earlier name of the same kind
	TookBody  AliasSource = "body"  // the proxy's plain body part: it has no part of that kind
	TookWhole AliasSource = "whole" // a copy of the whole object: no part of that kind, no body
	TookOwn   AliasSource = "own"   // the proxy already has a part of that name
	TookNone  AliasSource = "none"  // nothing: the object has no geometry (left in a ScanNet scan)
)

// partsNamed returns, per object Ref, the part names its contact pairs use, in order of first
// use; "none", "floor" and joint names (UniHSI's joint-to-joint pairs) are not parts.
func (p *Plan) partsNamed() map[string][]string {
	out := map[string][]string{}
	seen := map[[2]string]bool{}
	for _, step := range p.Task.Steps {
		for _, c := range step {
			if c.Part == "none" || c.Part == "floor" || joints[c.Part] || seen[[2]string{c.Object, c.Part}] {
				continue
			}
			seen[[2]string{c.Object, c.Part}] = true
			out[c.Object] = append(out[c.Object], c.Part)
		}
	}
	return out
}

// kinds maps plan object names to furniture kinds where the name is not itself a kind.
var kinds = map[string]string{"couch": "sofa", "table": "dining_table"}

// proxy builds the stand-in object of one plan object and says how its part names were aliased.
func (po Object) proxy(partNames []string) (*scene.Object, []PartAlias, error) {
	var o *scene.Object
	var aliases []PartAlias
	if po.Transfer == nil {
		o = &scene.Object{Category: po.Name, Transform: mgl64.Ident4(), Color: scene.DefaultColor()}
		for _, n := range partNames {
			aliases = append(aliases, PartAlias{Part: n, Kind: scene.GuessPartKind(n), Took: TookNone})
		}
	} else {
		pos, yaw, err := po.placement()
		if err != nil {
			return nil, nil, err
		}
		if o, err = po.piece(pos, yaw, partNames); err != nil {
			return nil, nil, err
		}
		aliases = aliasParts(o, partNames)
	}
	for i := range aliases {
		aliases[i].Object = po.Ref()
	}
	o.ID, o.Proxy = po.Ref(), true
	o.Name = fmt.Sprintf("%s %s (proxy)", po.Name, po.Key)
	if po.ModelID != "" {
		o.Name = fmt.Sprintf("%s %s (proxy for model %s)", po.Name, po.Key, po.ModelID)
	}
	o.StandPoints = nil
	for _, sp := range po.StandPoints {
		w := zupToYup(sp)
		w[1] = 0 // the plan gives the pelvis (z = 0.86); ours are floor points
		if !hasPoint(o.StandPoints, w) {
			o.StandPoints = append(o.StandPoints, w)
		}
	}
	return o, aliases, nil
}

func hasPoint(ps []mgl64.Vec3, p mgl64.Vec3) bool {
	for _, q := range ps {
		if q.ApproxEqualThreshold(p, 1e-9) {
			return true
		}
	}
	return false
}

// placement returns where the object's footprint centre goes (Y up; its height is the transfer's
// z, usually 0) and its yaw. UniHSI turns the Y-up model by the rotations, scales it about its
// centre, sets it on the floor and moves it by transfer; a ShapeNet model's front faces −Z, ours
// +Z, so the proxy is first turned half a turn. Rotations that tilt the model are refused.
func (po Object) placement() (mgl64.Vec3, float64, error) {
	m := mgl64.Ident3()
	for _, r := range po.Rotate {
		m = mgl64.Rotate3DX(r[0]).Mul3(mgl64.Rotate3DY(r[1])).Mul3(mgl64.Rotate3DZ(r[2])).Mul3(m)
	}
	total := zupToYupMat.Mul3(m).Mul3(mgl64.Rotate3DY(math.Pi))
	up, front := total.Mul3x1(mgl64.Vec3{0, 1, 0}), total.Mul3x1(mgl64.Vec3{0, 0, 1})
	if up.Y() < 1-1e-6 {
		return mgl64.Vec3{}, 0, fmt.Errorf("rotate %v tilts the object (its up becomes %v); only turns about the vertical are supported", po.Rotate, up)
	}
	yaw := math.Atan2(front.X(), front.Z())
	return zupToYup(*po.Transfer), yaw, nil
}

// piece builds the proxy furniture (or a box for an unknown kind) at pos and yaw.
func (po Object) piece(pos mgl64.Vec3, yaw float64, partNames []string) (*scene.Object, error) {
	kind := po.Name
	if k, ok := kinds[kind]; ok {
		kind = k
	}
	if furniture.Variants(kind) == nil {
		return boxProxy(po.Name, pos, yaw, po.Scale), nil
	}
	variant := ""
	if kind == "chair" && namesKind(partNames, scene.PartArmrest) {
		variant = "armrests"
	}
	def, err := furniture.DefaultSize(kind, variant)
	if err != nil {
		return nil, err
	}
	f := math.Max(furniture.MinScale, math.Min(furniture.MaxScale, po.Scale/def.Len()))
	return furniture.New(furniture.Spec{Kind: kind, Variant: variant, Position: pos, Yaw: yaw, Size: def.Mul(f)})
}

// namesKind reports whether any name guesses to kind.
func namesKind(names []string, kind scene.PartKind) bool {
	for _, n := range names {
		if scene.GuessPartKind(n) == kind {
			return true
		}
	}
	return false
}

// boxProxy is the proxy of an object of unknown kind: a cube whose diagonal is scale, one part
// "body", standing on its base at pos.
func boxProxy(category string, pos mgl64.Vec3, yaw, scale float64) *scene.Object {
	h := scale / math.Sqrt(3) / 2
	x := mgl64.Translate3D(pos[0], pos[1], pos[2]).Mul4(mgl64.HomogRotate3DY(yaw))
	box := furniture.BoxMesh(mgl64.Vec3{-h, 0, -h}, mgl64.Vec3{h, 2 * h, h}).Transformed(x)
	return &scene.Object{Category: category, Transform: x, Color: scene.DefaultColor(),
		Parts: []scene.Part{{Name: string(scene.PartBody), Kind: scene.PartBody, Mesh: box}}}
}

// aliasParts gives the proxy parts the names the plan's contact pairs use and says how. A name is
// matched to our parts by the kind its words say (guessPartKind): the first name of a kind takes
// all our parts of that kind, merged into one part (armrest_left and armrest_right become
// "armrest_hard_surface49"); a later name of the same kind gets a copy of that part. A name whose
// kind we lack takes an unclaimed "body" part, else a copy of the whole object.
func aliasParts(o *scene.Object, names []string) []PartAlias {
	claimed := map[scene.PartKind]string{}
	planNames := map[string]bool{}
	var out []PartAlias
	for _, name := range names {
		kind := scene.GuessPartKind(name)
		a := PartAlias{Part: name, Kind: kind}
		switch _, ok := o.Part(name); {
		case ok:
			a.Took = TookOwn
		case claimed[kind] != "":
			p, _ := o.Part(claimed[kind])
			o.Parts = append(o.Parts, scene.Part{Name: name, Kind: kind, Mesh: copyMesh(p.Mesh)})
			a.Took, a.From = TookCopy, claimed[kind]
		case kind != scene.PartBody && mergeParts(o, kind, name, planNames):
			a.Took = TookKind
		case mergeParts(o, scene.PartBody, name, planNames):
			a.Took = TookBody
		default:
			o.Parts = append(o.Parts, scene.Part{Name: name, Kind: kind, Mesh: o.Mesh()})
			a.Took = TookWhole
		}
		if a.Took != TookOwn {
			planNames[name] = true
			if claimed[kind] == "" {
				claimed[kind] = name
			}
		}
		out = append(out, a)
	}
	return out
}

// mergeParts replaces every part of the given kind (except those already named after the plan)
// by one part called name, in the place of the first, and points surfaces on them at it; false
// when there is no such part.
func mergeParts(o *scene.Object, kind scene.PartKind, name string, planNames map[string]bool) bool {
	var kept []scene.Part
	merged := -1
	old := map[string]bool{}
	for _, p := range o.Parts {
		if p.Kind != kind || planNames[p.Name] {
			kept = append(kept, p)
			continue
		}
		old[p.Name] = true
		if merged < 0 {
			merged = len(kept)
			kept = append(kept, scene.Part{Name: name, Kind: p.Kind, Mesh: copyMesh(p.Mesh)})
			continue
		}
		kept[merged].Mesh.Append(p.Mesh)
	}
	if merged < 0 {
		return false
	}
	o.Parts = kept
	for i := range o.Surfaces {
		if old[o.Surfaces[i].Part] {
			o.Surfaces[i].Part = name
		}
	}
	return true
}

func copyMesh(m *scene.Mesh) *scene.Mesh {
	out := &scene.Mesh{}
	out.Append(m)
	return out
}
