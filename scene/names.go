package scene

import (
	"fmt"
	"path"
	"strings"
)

// The categories the project gives special meaning to: walls may be cut away when drawing, and a
// floor object is drawn by the renderer itself.
const (
	CategoryWall  = "wall"
	CategoryFloor = "floor"
)

// IsWall reports whether the object is a wall (its category, in any case, is "wall").
func (o *Object) IsWall() bool { return strings.EqualFold(o.Category, CategoryWall) }

// IsFloor reports whether the object is the room's floor (its category, in any case, is "floor").
func (o *Object) IsFloor() bool { return strings.EqualFold(o.Category, CategoryFloor) }

// DefaultColor returns an object's colour when its file gives none: a light clay grey.
func DefaultColor() [3]float64 { return [3]float64{0.8, 0.8, 0.8} }

// NameFromFile returns a file's base name without its extension, the default name of a scene.
func NameFromFile(name string) string {
	base := path.Base(name)
	return strings.TrimSuffix(base, path.Ext(base))
}

// UniqueName returns id, or id with the smallest suffix "_N" (N ≥ 2) not yet in used, and records
// it in used.
func UniqueName(used map[string]bool, id string) string {
	out := id
	for n := 2; used[out]; n++ {
		out = fmt.Sprintf("%s_%d", id, n)
	}
	used[out] = true
	return out
}

// categoryWords maps words found in object names to categories, most specific first.
var categoryWords = []struct{ word, category string }{
	{"armchair", "armchair"}, {"office_chair", "office_chair"}, {"chair", "chair"}, {"stool", "chair"},
	{"sofa", "sofa"}, {"couch", "sofa"}, {"nightstand", "nightstand"}, {"bed", "bed"},
	{"coffee_table", "coffee_table"}, {"table", "table"}, {"desk", "desk"}, {"bookshelf", "bookshelf"},
	{"shelf", "bookshelf"}, {"wardrobe", "wardrobe"}, {"cabinet", "cabinet"}, {"lamp", "lamp"},
	{"plant", "plant"}, {"toilet", "toilet"}, {"door", "door"}, {"wall", CategoryWall},
}

// GuessCategory names an object's category from words in its name ("SheenChair_fabric" →
// "chair"); "object" when no word matches.
func GuessCategory(name string) string {
	n := strings.ToLower(strings.ReplaceAll(name, " ", "_"))
	for _, w := range categoryWords {
		if strings.Contains(n, w.word) {
			return w.category
		}
	}
	return "object"
}

// partWords maps words found in part names to part kinds, most specific first. Besides our own
// part names they cover PartNet's leaf names (seat_soft_surface, arm_sofa_style,
// back_frame_vertical_bar, drawer_container, …): a pad or cushion is a seat unless another word
// says back or arm; bars, rails and other structure are frame; containers and drawers are the
// object's body.
var partWords = []struct {
	word string
	kind PartKind
}{
	{"seat", PartSeat}, {"armrest", PartArmrest}, {"arm_", PartArmrest}, {"headrest", PartBack},
	{"head_rest", PartBack}, {"headboard", PartFrame}, {"footboard", PartFrame}, {"back", PartBack},
	{"mattress", PartMattress}, {"blanket", PartMattress}, {"quilt", PartMattress}, {"duvet", PartMattress},
	{"pillow", PartPillow}, {"cushion", PartSeat}, {"pad", PartSeat},
	{"tabletop", PartTabletop}, {"table_top", PartTabletop}, {"leg", PartLeg}, {"wheel", PartLeg},
	{"caster", PartLeg}, {"frame", PartFrame}, {"bar", PartFrame}, {"rail", PartFrame},
	{"beam", PartFrame}, {"stretcher", PartFrame}, {"support", PartFrame}, {"base", PartFrame},
	{"post", PartFrame}, {"door", PartDoor}, {"wall", PartWall}, {"container", PartBody},
	{"drawer", PartBody}, {"body", PartBody},
}

// GuessPartKind names a part's kind from words in its name ("seat_soft_surface15" → seat);
// PartBody when no word matches.
func GuessPartKind(name string) PartKind {
	k, _ := PartKindWord(name)
	return k
}

// PartKindWord is GuessPartKind that also returns the word that decided the kind; the word is ""
// when none matched and the kind is PartBody for want of a better one.
func PartKindWord(name string) (PartKind, string) {
	n := strings.ToLower(strings.ReplaceAll(name, " ", "_"))
	for _, w := range partWords {
		if strings.Contains(n, w.word) {
			return w.kind, w.word
		}
	}
	return PartBody, ""
}
