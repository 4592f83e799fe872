package geometric

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
	"interactagent/scene"
)

// resolver finds the object an instruction's words refer to, as a person reading a picture of the
// room would: by its kind ("the sofa", "the coffee table"), its id ("chair_2"), an ordinal counted
// from the start ("the second chair": the second nearest), a side seen from the start ("the bed on
// the left"), a size ("the big table"), or another object it stands by ("the chair by the desk").
type resolver struct {
	start   motion.State
	objects []*scene.Object // what can be referred to: not walls, not the floor
}

// newResolver lists the scene's objects that can be referred to.
func newResolver(s *scene.Scene, start motion.State) *resolver {
	r := &resolver{start: start}
	for _, o := range s.Objects {
		if !o.IsWall() && !o.IsFloor() && len(o.Parts) > 0 {
			r.objects = append(r.objects, o)
		}
	}
	return r
}

// aliases maps words a person uses to the words of our categories.
var aliases = map[string]string{
	"couch": "sofa", "settee": "sofa", "bookcase": "bookshelf", "shelves": "bookshelf", "shelf": "bookshelf",
	"television": "tv", "telly": "tv", "stool": "ottoman", "footstool": "ottoman", "pouf": "ottoman",
	"closet": "wardrobe", "dresser": "cabinet", "sideboard": "cabinet", "cupboard": "cabinet",
	"bedside": "nightstand", "flowerpot": "plant", "tables": "table", "chairs": "chair", "sofas": "sofa",
	"beds": "bed", "armchairs": "armchair", "desks": "desk", "lamps": "lamp", "plants": "plant",
}

// relation splits "the chair by the desk" into the target and the object it is near.
var relation = regexp.MustCompile(`\b(?:by|near|next to|beside|close to|closest to|nearest to|nearest|in front of|opposite|facing)\s+(?:the\s+)?`)

// wordPattern and idNumber cut text into words and an id's trailing number off.
var (
	wordPattern = regexp.MustCompile(`[a-z0-9_]+`)
	idNumber    = regexp.MustCompile(`_\d+$`)
)

// words returns the lower-case words of s with aliases applied.
func words(s string) []string {
	var out []string
	for _, w := range wordPattern.FindAllString(strings.ToLower(s), -1) {
		if a, ok := aliases[w]; ok {
			w = a
		}
		out = append(out, w)
	}
	return out
}

// nameWords returns the words that name an object: its category's and its id's without the
// number ("cafe_table_1" → cafe, table).
func nameWords(o *scene.Object) []string {
	seen := map[string]bool{}
	var out []string
	for _, part := range []string{o.Category, idNumber.ReplaceAllString(o.ID, "")} {
		for _, w := range strings.Split(part, "_") {
			if w != "" && !seen[w] {
				seen[w] = true
				out = append(out, w)
			}
		}
	}
	return out
}

// headWord returns the word an object is chiefly called: its category's last word.
func headWord(o *scene.Object) string {
	ws := strings.Split(o.Category, "_")
	return ws[len(ws)-1]
}

// resolve finds the object the clause lc refers to; prev are the goals before it. note says how a
// choice among several was made.
func (r *resolver) resolve(lc string, prev []goal) (*scene.Object, string, error) {
	if o := r.byID(lc); o != nil {
		return o, "", nil
	}
	target, ref := lc, ""
	if loc := relation.FindStringIndex(lc); loc != nil {
		target, ref = lc[:loc[0]], lc[loc[1]:]
	}
	cands := r.byName(words(target))
	if len(cands) == 0 {
		if o := pronoun(target, prev); o != nil {
			return o, "", nil
		}
		if o, ok := r.floorBy(target, ref, prev); ok {
			return o, "the floor named is by " + o.ID, nil
		}
		if o := lastObject(prev); o != nil && partOf(target) != "" {
			return o, "the part named belongs to " + o.ID + ", the object of the step before", nil
		}
		return nil, "", r.unknown(target)
	}
	return r.choose(cands, target, ref, prev)
}

// floorBy resolves "the floor by the bed" (the floor of a chain of contacts is the floor at an
// object) to the object named after it, and a bare "the floor" to the object of the step before.
func (r *resolver) floorBy(target, ref string, prev []goal) (*scene.Object, bool) {
	if !slices.Contains(words(target), "floor") {
		return nil, false
	}
	if ref != "" {
		o, _, err := r.resolve(ref, prev)
		return o, err == nil
	}
	o := lastObject(prev)
	return o, o != nil
}

// byID returns the object whose id the clause names ("sofa_1").
func (r *resolver) byID(lc string) *scene.Object {
	ws := words(lc)
	for _, o := range r.objects {
		for _, w := range ws {
			if w == strings.ToLower(o.ID) {
				return o
			}
		}
	}
	return nil
}

// byName returns the objects the words name: those whose head word comes first in the words
// (in "the chair at the desk" the chair is meant, not the desk), keeping among them those that
// match most of their name words ("coffee table" prefers coffee_table to dining_table). When no head
// word is there, a head word containing a word ("chair" in "armchair") counts.
func (r *resolver) byName(ws []string) []*scene.Object {
	for _, exact := range []bool{true, false} {
		first, best := len(ws), []*scene.Object(nil)
		bestScore := 0
		for _, o := range r.objects {
			at := headAt(o, ws, exact)
			if at < 0 || at > first {
				continue
			}
			s := nameScore(o, ws)
			if at < first || s > bestScore {
				first, best, bestScore = at, nil, s
			}
			if s == bestScore {
				best = append(best, o)
			}
		}
		if len(best) > 0 {
			return best
		}
	}
	return nil
}

// headAt returns the index of the first word naming the object's head word (exactly, or, when not
// exact, as part of it: "chair" in "armchair"); -1 when none does.
func headAt(o *scene.Object, ws []string, exact bool) int {
	h := headWord(o)
	for i, w := range ws {
		if w == h || !exact && len(w) >= 4 && strings.Contains(h, w) {
			return i
		}
	}
	return -1
}

// nameScore counts the object's name words among ws.
func nameScore(o *scene.Object, ws []string) int {
	n := 0
	for _, nw := range nameWords(o) {
		for _, w := range ws {
			if w == nw {
				n++
				break
			}
		}
	}
	return n
}

// lastObject returns the object of the latest goal that has one.
func lastObject(prev []goal) *scene.Object {
	for i := len(prev) - 1; i >= 0; i-- {
		if prev[i].object != nil {
			return prev[i].object
		}
	}
	return nil
}

// pronoun resolves "it" and "there" to the previous goal's object.
func pronoun(target string, prev []goal) *scene.Object {
	ws := words(target)
	for _, w := range ws {
		if (w == "it" || w == "its" || w == "there" || w == "that") && len(prev) > 0 {
			for i := len(prev) - 1; i >= 0; i-- {
				if prev[i].object != nil {
					return prev[i].object
				}
			}
		}
	}
	return nil
}

// unknown says which words named nothing and what there is.
func (r *resolver) unknown(target string) error {
	kinds := map[string]bool{}
	for _, o := range r.objects {
		kinds[strings.ReplaceAll(o.Category, "_", " ")] = true
	}
	var list []string
	for k := range kinds {
		list = append(list, k)
	}
	sort.Strings(list)
	return fmt.Errorf("no object in the scene fits %q; the scene has: %s", strings.TrimSpace(target), strings.Join(list, ", "))
}

// choose picks among candidates by the target's modifiers and the reference object.
func (r *resolver) choose(cands []*scene.Object, target, ref string, prev []goal) (*scene.Object, string, error) {
	if len(cands) == 1 && ref == "" {
		return cands[0], "", nil
	}
	from := r.from(prev)
	if ref != "" {
		refObj, _, err := r.resolve(ref, prev)
		if err != nil {
			return nil, "", fmt.Errorf("%q: %w", ref, err)
		}
		o := nearestTo(cands, center(refObj), refObj)
		return o, fmt.Sprintf("%s is the %s nearest to %s", o.ID, headWord(o), refObj.ID), nil
	}
	if o, how, ok := r.modified(cands, words(target), prev); ok {
		return o, how, nil
	}
	o := nearestTo(cands, from, nil)
	return o, fmt.Sprintf("%d objects fit %q; took %s, the nearest", len(cands), strings.TrimSpace(target), o.ID), nil
}

// from is where the person is when the clause begins: at the previous goal's object, else at the
// start.
func (r *resolver) from(prev []goal) mgl64.Vec3 {
	for i := len(prev) - 1; i >= 0; i-- {
		if prev[i].object != nil {
			return center(prev[i].object)
		}
	}
	return r.start.Root
}

// ordinals are the ordinal words and their 0-based index (-1: the last).
var ordinals = map[string]int{"first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3,
	"fifth": 4, "5th": 4, "sixth": 5, "6th": 5, "last": -1}

// modified applies the first modifier among the words: an ordinal, a side, nearness, size, "other".
func (r *resolver) modified(cands []*scene.Object, ws []string, prev []goal) (*scene.Object, string, bool) {
	byDist := sortedBy(cands, func(o *scene.Object) float64 { return horizontal(center(o).Sub(r.start.Root)) })
	for _, w := range ws {
		if i, ok := ordinals[w]; ok {
			if i < 0 {
				i = len(byDist) - 1
			}
			if i < len(byDist) {
				return byDist[i], fmt.Sprintf("the %s %s counting from the nearest to the start is %s", w, headWord(byDist[i]), byDist[i].ID), true
			}
		}
		if o, how, ok := r.sided(cands, w); ok {
			return o, how, true
		}
		if o, how, ok := r.sized(cands, w, prev); ok {
			return o, how, true
		}
	}
	return nil, "", false
}

// sided picks by a side seen from the start: left, right, near, far.
func (r *resolver) sided(cands []*scene.Object, w string) (*scene.Object, string, bool) {
	left := func(o *scene.Object) float64 { return r.start.Local(center(o)).X() }
	dist := func(o *scene.Object) float64 { return horizontal(center(o).Sub(r.start.Root)) }
	var key func(*scene.Object) float64
	switch w {
	case "left", "leftmost":
		key = func(o *scene.Object) float64 { return -left(o) }
	case "right", "rightmost":
		key = left
	case "nearest", "closest", "near":
		key = dist
	case "farthest", "furthest", "far":
		key = func(o *scene.Object) float64 { return -dist(o) }
	default:
		return nil, "", false
	}
	o := sortedBy(cands, key)[0]
	return o, fmt.Sprintf("%s is the %s %s seen from the start", o.ID, w, headWord(o)), true
}

// sized picks by size ("big", "small") or as not the previous object ("other").
func (r *resolver) sized(cands []*scene.Object, w string, prev []goal) (*scene.Object, string, bool) {
	area := func(o *scene.Object) float64 { s := o.Bounds().Size(); return s.X() * s.Z() }
	switch w {
	case "big", "bigger", "biggest", "large", "larger", "largest":
		o := sortedBy(cands, func(o *scene.Object) float64 { return -area(o) })[0]
		return o, o.ID + " is the largest", true
	case "small", "smaller", "smallest", "little":
		o := sortedBy(cands, area)[0]
		return o, o.ID + " is the smallest", true
	case "other", "another":
		for _, o := range sortedBy(cands, func(o *scene.Object) float64 { return horizontal(center(o).Sub(r.from(prev))) }) {
			if len(prev) == 0 || prev[len(prev)-1].object != o {
				return o, o.ID + " is the other one", true
			}
		}
	}
	return nil, "", false
}

// sortedBy returns the objects sorted by key, ascending, ties by id.
func sortedBy(os []*scene.Object, key func(*scene.Object) float64) []*scene.Object {
	out := append([]*scene.Object(nil), os...)
	sort.SliceStable(out, func(i, j int) bool {
		ki, kj := key(out[i]), key(out[j])
		if ki != kj {
			return ki < kj
		}
		return out[i].ID < out[j].ID
	})
	return out
}

// nearestTo returns the candidate nearest to p (other than skip).
func nearestTo(cands []*scene.Object, p mgl64.Vec3, skip *scene.Object) *scene.Object {
	var rest []*scene.Object
	for _, o := range cands {
		if o != skip {
			rest = append(rest, o)
		}
	}
	if len(rest) == 0 {
		rest = cands
	}
	return sortedBy(rest, func(o *scene.Object) float64 { return horizontal(center(o).Sub(p)) })[0]
}

// center returns the centre of an object's footprint on the floor.
func center(o *scene.Object) mgl64.Vec3 {
	c := o.Bounds().Center()
	return mgl64.Vec3{c.X(), 0, c.Z()}
}

// horizontal returns the length of v on the floor plane.
func horizontal(v mgl64.Vec3) float64 { return math.Hypot(v.X(), v.Z()) }

// mentionsObject reports whether the clause names an object by its id or its head word.
func mentionsObject(lc string, r *resolver) bool {
	if r.byID(lc) != nil {
		return true
	}
	ws := words(lc)
	for _, o := range r.objects {
		if headAt(o, ws, true) >= 0 {
			return true
		}
	}
	return false
}
