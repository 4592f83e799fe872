package instruction

import (
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
)

// apart is how much farther, or further to one side, an object must be than the others of its
// kind for "the closest chair" or "the chair on the left" to tell it from them at a glance.
const apart = 0.5

// Names names every object the text may speak of: "the chair" when it is the only one of its
// category, else told apart as the built-in reasoner reads it, seen from the start: "the closest
// chair", "the second-closest chair", "the farthest chair" (its distance), "the chair on the left"
// (its side), and "the chair labelled chair001" (the label the scene's shots carry) when neither is
// clear by apart.
func Names(s *scene.Scene) map[string]string {
	byCat := map[string][]*scene.Object{}
	names := map[string]string{}
	for _, o := range s.Objects {
		switch {
		case o.IsWall() || o.IsFloor():
		case len(o.Parts) == 0: // not shown, so not counted among its kind
			names[o.ID] = "the " + categoryNoun(o.Category) + " labelled " + o.ID
		default:
			byCat[o.Category] = append(byCat[o.Category], o)
		}
	}
	for cat, os := range byCat {
		noun := categoryNoun(cat)
		for _, o := range os {
			names[o.ID] = "the " + tellApart(o, os, s.Start.Root, s.Start.Local, noun)
		}
	}
	return names
}

// categoryNoun is how a person calls an object of a category: its words; a UniHSI "reach" object
// is a reach target.
func categoryNoun(cat string) string {
	if cat == "reach" {
		return "reach target"
	}
	noun := strings.Join(strings.FieldsFunc(cat, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }), " ")
	if noun == "" {
		return "object"
	}
	return noun
}

// tellApart names o among the objects of its kind (os, o among them), seen from start with local
// turning world points into the start's frame (+X to its left).
func tellApart(o *scene.Object, os []*scene.Object, start mgl64.Vec3, local func(mgl64.Vec3) mgl64.Vec3, noun string) string {
	if len(os) < 2 {
		return noun
	}
	dist := func(q *scene.Object) float64 { c := footprint(q); return math.Hypot(c.X()-start.X(), c.Z()-start.Z()) }
	ranked := append([]*scene.Object(nil), os...)
	sort.SliceStable(ranked, func(i, j int) bool {
		if di, dj := dist(ranked[i]), dist(ranked[j]); di != dj {
			return di < dj
		}
		return ranked[i].ID < ranked[j].ID
	})
	rank := slices.Index(ranked, o)
	if clearOf(o, os, dist) {
		switch {
		case rank == 0:
			return "closest " + noun
		case rank == len(ranked)-1:
			return "farthest " + noun
		case rank < len(ordinalWords):
			return ordinalWords[rank] + "-closest " + noun
		}
	}
	left := func(q *scene.Object) float64 { return local(footprint(q)).X() }
	right := func(q *scene.Object) float64 { return -left(q) }
	if clearOf(o, os, left) {
		switch {
		case isMost(o, os, left):
			return noun + " on the left"
		case isMost(o, os, right):
			return noun + " on the right"
		}
	}
	return noun + " labelled " + o.ID
}

// ordinalWords are the ordinals the built-in reasoner counts with, from the second.
var ordinalWords = []string{"", "second", "third", "fourth", "fifth", "sixth"}

// clearOf reports whether key(o) is at least apart from every other object's.
func clearOf(o *scene.Object, os []*scene.Object, key func(*scene.Object) float64) bool {
	for _, q := range os {
		if q != o && math.Abs(key(q)-key(o)) < apart {
			return false
		}
	}
	return true
}

// isMost reports whether o has the largest key.
func isMost(o *scene.Object, os []*scene.Object, key func(*scene.Object) float64) bool {
	for _, q := range os {
		if q != o && key(q) > key(o) {
			return false
		}
	}
	return true
}

// footprint is the centre of an object's footprint on the floor.
func footprint(o *scene.Object) mgl64.Vec3 {
	c := o.Bounds().Center()
	return mgl64.Vec3{c.X(), 0, c.Z()}
}
