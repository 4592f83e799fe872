package eval

import "interactagent/task"

// Rule is a success criterion: how near a joint must be to a part to touch it, how far to avoid
// it, how near a stand point a walking step must end, and how well the contact's direction must
// agree (the cosine between the contact's direction and the pair's).
type Rule struct {
	Name       string  `json:"name"`
	Contact    float64 `json:"contact_m"`     // contact when the distance is below this
	NotContact float64 `json:"not_contact_m"` // no contact when the distance is at least this
	Walk       float64 `json:"walk_m"`        // a walking step ends within this of a stand point
	Cosine     float64 `json:"cosine"`        // the direction's cosine must reach this
	// StrictCosine makes the cosine's bound exclusive (> rather than ≥), as the paper states it.
	StrictCosine bool `json:"strict_cosine,omitempty"`
}

// Strict is the paper's rule: contact within 0.1 m with a direction cosine above 0.8, no contact
// beyond 0.1 m. The paper gives no bound for walking steps; we take 0.2 m, a stride's fraction,
// stricter than the released 0.316 m as the rest of the rule is.
func Strict() Rule {
	return Rule{Name: "strict", Contact: 0.1, NotContact: 0.1, Walk: 0.2, Cosine: 0.8, StrictCosine: true}
}

// Released is UniHSI's released PartNet evaluation: contact within 0.316 m, no contact from
// 0.224 m, walking steps within 0.316 m of a stand point, a direction cosine of at least 0.5.
func Released() Rule {
	return Rule{Name: "released", Contact: 0.316, NotContact: 0.224, Walk: 0.316, Cosine: 0.5}
}

// ReleasedScanNet is UniHSI's released evaluation for ScanNet scenes: 0.447 m and 0.316 m.
func ReleasedScanNet() Rule {
	return Rule{Name: "released", Contact: 0.447, NotContact: 0.316, Walk: 0.447, Cosine: 0.5}
}

// RulesFor returns the two rules a task is judged by, side by side: the paper's strict one and
// the released one of its kind of scene.
func RulesFor(t task.Task) []Rule {
	if t.Released == "scannet" {
		return []Rule{Strict(), ReleasedScanNet()}
	}
	return []Rule{Strict(), Released()}
}

// cosineOK reports whether a cosine meets the rule.
func (r Rule) cosineOK(c float64) bool {
	if r.StrictCosine {
		return c > r.Cosine
	}
	return c >= r.Cosine
}
