package unihsi

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/fileio"
	"interactagent/geom"
	"interactagent/motion"
	"interactagent/scene"
)

// Plan is one UniHSI scene plan: objects placed in a Z-up world and a task, the chain of contacts
// a person must make with them. Coordinates here are kept as the file gives them (Z up);
// Plan.Scene converts to this package's Y up. docs/unihsi.md describes the format and our reading
// of it.
type Plan struct {
	ID      string
	Objects []Object // sorted by key
	Task    Task
	// InitPos is where the person starts, (x, y) on the Z-up floor, when the plan says (ScanNet
	// plans do); nil otherwise.
	InitPos *[2]float64
	// SceneID names the ScanNet scan a plan is set in; empty for PartNet plans.
	SceneID string
}

// Object is one object of a plan, as the file gives it (Z up, metres).
type Object struct {
	Key     string // "000"
	Name    string // "chair", "bed", "reach", "stand_point", …
	ModelID string // the PartNet or ScanNet id of the mesh the plan was made for
	// Rotate lists Euler rotations applied in order, each (rx, ry, rz) radians composed as
	// Rx·Ry·Rz (Open3D's get_rotation_matrix_from_xyz) about the origin.
	Rotate [][3]float64
	// Scale is the size of the object: ShapeNet-normalised meshes have a unit bounding-box
	// diagonal, so it is the object's diagonal in metres.
	Scale float64
	// Transfer moves the object after it is set on the floor; nil when the plan gives none
	// (objects of ScanNet plans are part of the scan).
	Transfer    *[3]float64
	StandPoints [][3]float64 // where the pelvis stands (z = 0.86) before interacting
	PartIDs     map[string][]int
}

// Ref returns how contact pairs name the object: its name followed by its key, "chair000". It is
// also the object's id in Plan.Scene.
func (o Object) Ref() string { return o.Name + o.Key }

// Task is a plan's chain of contacts: Steps must be fulfilled in order, each by all of its
// pairs at once.
type Task struct {
	ID    string
	Steps []Step
}

// Step is one link of a chain of contacts: pairs that must all hold at the same moment. A step
// whose pairs are walking pairs (see ContactPair.Walk) asks the person to reach a stand point.
type Step []ContactPair

// ContactKind says whether a pair wants contact.
type ContactKind string

// The contact kinds of UniHSI plans.
const (
	ContactTouch ContactKind = "contact"     // the joint touches the part
	ContactAvoid ContactKind = "not contact" // the joint stays away from the part
	ContactNone  ContactKind = "none"        // a walking step: reach the object's stand point
)

// ContactPair is one (object, part, joint, contact, direction) entry of a step.
type ContactPair struct {
	Object    string      // the object's Ref, such as "chair000"
	Part      string      // a part name such as "seat_soft_surface15", "floor", or "none"
	Joint     string      // a UniHSI joint: pelvis, head, torso, left_hand, right_foot, … or "none"
	Contact   ContactKind //
	Direction string      // up, down, left, right, front, back or none
}

// Walk reports whether the pair is a walking step: go to the object's stand point.
func (c ContactPair) Walk() bool { return c.Part == "none" }

// DirectionVector returns the pair's direction in this package's Y-up world (zero for "none").
// UniHSI's directions are world axes of its Z-up frame: up +z, left +y, front +x.
func (c ContactPair) DirectionVector() mgl64.Vec3 {
	d := directions[c.Direction]
	return zupToYup(d)
}

// directions are UniHSI's contact directions in its Z-up world.
var directions = map[string][3]float64{
	"up": {0, 0, 1}, "down": {0, 0, -1}, "left": {0, 1, 0}, "right": {0, -1, 0},
	"front": {1, 0, 0}, "back": {-1, 0, 0}, "none": {0, 0, 0},
}

// joints are the joints UniHSI's contact pairs name.
var joints = map[string]bool{
	"pelvis": true, "left_hip": true, "left_knee": true, "left_foot": true, "right_hip": true,
	"right_knee": true, "right_foot": true, "torso": true, "head": true, "left_shoulder": true,
	"left_elbow": true, "left_hand": true, "right_shoulder": true, "right_elbow": true,
	"right_hand": true, "none": true,
}

// zupToYup maps a Z-up point to Y up by the rotation of −90° about X: (x, y, z) → (x, z, −y). A
// proper rotation, so nothing is mirrored.
func zupToYup(v [3]float64) mgl64.Vec3 { return mgl64.Vec3{v[0], v[2], -v[1]} }

// zupToYupMat is zupToYup as a matrix (columns are the images of the axes).
var zupToYupMat = mgl64.Mat3{1, 0, 0, 0, 0, -1, 0, 1, 0}

// MaxFileBytes bounds a plan file: 64 MiB, about 60 times UniHSI's largest released file
// (partnet_train_hard.json, 1.1 MB for 502 plans).
const MaxFileBytes = 64 << 20

// Read reads a UniHSI scene-plan file from r as Parse does, refusing more than MaxFileBytes.
func Read(r io.Reader) ([]*Plan, error) {
	data, err := fileio.ReadAll(r, "unihsi plans", MaxFileBytes)
	if err != nil {
		return nil, fmt.Errorf("scene: unihsi: %w", err)
	}
	return Parse(data)
}

// Parse reads a UniHSI scene-plan file: a JSON object mapping plan ids to plans, each with "obj"
// (objects by key) and "contact_pairs" (steps of [object, part, joint, contact, direction]
// entries). Plans come back sorted by id. Every contact pair must name an object of its plan and a
// known joint, contact kind and direction.
func Parse(data []byte) ([]*Plan, error) {
	var raw map[string]planJSON
	if err := fileio.DecodeJSON(data, &raw, false); err != nil {
		return nil, &scene.FormatError{Format: "unihsi", Msg: fmt.Sprintf("want a JSON object of plans: %v", err)}
	}
	ids := make([]string, 0, len(raw))
	for id := range raw {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	plans := make([]*Plan, 0, len(ids))
	for _, id := range ids {
		p, err := raw[id].plan(id)
		if err != nil {
			return nil, err
		}
		plans = append(plans, p)
	}
	if len(plans) == 0 {
		return nil, &scene.FormatError{Format: "unihsi", Msg: "the file holds no plans"}
	}
	return plans, nil
}

// planJSON is one plan as the file spells it.
type planJSON struct {
	Obj          map[string]objectJSON `json:"obj"`
	ContactPairs [][][]string          `json:"contact_pairs"`
	InitPos      []float64             `json:"init_pos"`
	SceneID      string                `json:"scene_id"`
}

type objectJSON struct {
	ID         json.RawMessage  `json:"id"`
	Name       string           `json:"name"`
	Rotate     [][]float64      `json:"rotate"`
	Scale      *float64         `json:"scale"`
	Transfer   []float64        `json:"transfer"`
	StandPoint [][]float64      `json:"stand_point"`
	PartID     map[string][]int `json:"part_id"`
}

func planError(id, format string, args ...any) error {
	return &scene.FormatError{Format: "unihsi", Msg: fmt.Sprintf("plan %q: ", id) + fmt.Sprintf(format, args...)}
}

// plan checks one plan and converts it.
func (pj planJSON) plan(id string) (*Plan, error) {
	p := &Plan{ID: id, SceneID: pj.SceneID, Task: Task{ID: id}}
	if pj.InitPos != nil {
		if len(pj.InitPos) != 2 || !geom.AllFinite(pj.InitPos) {
			return nil, planError(id, "init_pos %v, want 2 finite numbers", pj.InitPos)
		}
		p.InitPos = &[2]float64{pj.InitPos[0], pj.InitPos[1]}
	}
	if len(pj.Obj) == 0 {
		return nil, planError(id, "no objects (\"obj\")")
	}
	keys := make([]string, 0, len(pj.Obj))
	for k := range pj.Obj {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	refs := map[string]bool{}
	for _, k := range keys {
		o, err := pj.Obj[k].object(k, pj.SceneID == "")
		if err != nil {
			return nil, planError(id, "object %q: %v", k, err)
		}
		p.Objects = append(p.Objects, o)
		refs[o.Ref()] = true
	}
	for si, step := range pj.ContactPairs {
		var pairs []ContactPair
		for pi, raw := range step {
			c, err := contactPair(raw, refs)
			if err != nil {
				return nil, planError(id, "step %d, pair %d: %v", si+1, pi+1, err)
			}
			pairs = append(pairs, c)
		}
		if len(pairs) == 0 {
			return nil, planError(id, "step %d has no pairs", si+1)
		}
		p.Task.Steps = append(p.Task.Steps, pairs)
	}
	return p, nil
}

// object checks one plan object. A PartNet plan (placed, not set in a ScanNet scan) must place
// every object: scale, rotate and transfer are required there, since defaulting any of them would
// build furniture somewhere the plan did not say.
func (oj objectJSON) object(key string, placed bool) (Object, error) {
	o := Object{Key: key, Name: oj.Name, Scale: 1, PartIDs: oj.PartID, ModelID: strings.Trim(string(oj.ID), `"`)}
	if o.Name == "" {
		return o, fmt.Errorf("no name")
	}
	if placed {
		if err := oj.checkPlaced(); err != nil {
			return o, err
		}
	}
	if oj.Scale != nil {
		if o.Scale = *oj.Scale; !(o.Scale > 0) || !geom.Finite(o.Scale) {
			return o, fmt.Errorf("scale %v, want a positive number", o.Scale)
		}
	}
	for _, r := range oj.Rotate {
		v, err := vec3(r, "rotate")
		if err != nil {
			return o, err
		}
		o.Rotate = append(o.Rotate, v)
	}
	if oj.Transfer != nil {
		v, err := vec3(oj.Transfer, "transfer")
		if err != nil {
			return o, err
		}
		o.Transfer = &v
	}
	for _, sp := range oj.StandPoint {
		v, err := vec3(sp, "stand point")
		if err != nil {
			return o, err
		}
		o.StandPoints = append(o.StandPoints, v)
	}
	return o, nil
}

// checkPlaced reports the first of scale, rotate and transfer that the object lacks.
func (oj objectJSON) checkPlaced() error {
	missing := ""
	switch {
	case oj.Scale == nil:
		missing = "scale"
	case oj.Rotate == nil:
		missing = "rotate"
	case oj.Transfer == nil:
		missing = "transfer"
	default:
		return nil
	}
	return fmt.Errorf("no %q: a PartNet plan places every object with scale, rotate and transfer "+
		"(only ScanNet plans, which name a scene_id, leave them out)", missing)
}

// vec3 checks that xs holds exactly three finite numbers and returns them.
func vec3(xs []float64, what string) ([3]float64, error) {
	var a [3]float64
	if len(xs) != 3 || !geom.AllFinite(xs) {
		return a, fmt.Errorf("%s %v, want 3 finite numbers", what, xs)
	}
	copy(a[:], xs)
	return a, nil
}

// contactPair checks one [object, part, joint, contact, direction] entry.
func contactPair(raw []string, refs map[string]bool) (ContactPair, error) {
	if len(raw) != 5 {
		return ContactPair{}, fmt.Errorf("%d fields, want [object, part, joint, contact, direction]", len(raw))
	}
	c := ContactPair{Object: raw[0], Part: raw[1], Joint: raw[2], Contact: ContactKind(raw[3]), Direction: raw[4]}
	switch {
	case !refs[c.Object]:
		return c, fmt.Errorf("object %q is not in the plan", c.Object)
	case c.Part == "":
		return c, fmt.Errorf("empty part")
	case !joints[c.Joint]:
		return c, fmt.Errorf("joint %q unknown", c.Joint)
	case c.Contact != ContactTouch && c.Contact != ContactAvoid && c.Contact != ContactNone:
		return c, fmt.Errorf("contact %q, want contact, not contact or none", c.Contact)
	}
	if _, ok := directions[c.Direction]; !ok {
		return c, fmt.Errorf("direction %q, want up, down, left, right, front, back or none", c.Direction)
	}
	return c, nil
}

// Start returns where the person starts in Y-up coordinates: at InitPos when the plan gives one,
// else at the origin (UniHSI samples its humanoid's start); facing +X, UniHSI's front, toward the
// objects that its plans place at x > 0.
func (p *Plan) Start() motion.State {
	s := motion.State{Heading: math.Pi / 2}
	if p.InitPos != nil {
		s.Root = zupToYup([3]float64{p.InitPos[0], p.InitPos[1], 0})
	}
	return s
}
