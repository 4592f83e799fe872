package geometric

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// move is one atomic action as the reasoner writes and reads it: what kind, and its amount
// (metres for walks, degrees for turns, positive left; surface or hand height for sit, lie and
// reach).
type move struct {
	kind   moveKind
	amount float64
	hand   string // reach: right, left, both
	side   bool   // reach: to the hand's side rather than forward (a seated body's reach)
}

// moveKind is what an atomic action does.
type moveKind int

const (
	mForward moveKind = iota
	mBackward
	mSideLeft
	mSideRight
	mTurn
	mSit
	mLie
	mStand
	mReach
	mOther
)

// phrasing is how a plan's actions are worded. The executor's errors are drawn from a hash of the
// text, so a redo or a new round that words the same amount differently gets a fresh draw, as a
// learned executor responds differently to a rephrasing; Hedge varies with the round.
type phrasing struct{ Hedge string }

// phrasings are the wordings rounds take in turn.
var phrasings = []phrasing{{"about "}, {"approximately "}, {"roughly "}, {""}, {"around "}}

// phrasingFor returns the wording of round r (0-based).
func phrasingFor(r int) phrasing {
	return phrasings[((r%len(phrasings))+len(phrasings))%len(phrasings)]
}

// text writes a move as an executor sentence.
func (p phrasing) text(m move) string {
	switch m.kind {
	case mForward:
		return fmt.Sprintf("A person walks forward %s%s meters", p.Hedge, metres(m.amount))
	case mBackward:
		return fmt.Sprintf("A person walks backward %s%s meters", p.Hedge, metres(m.amount))
	case mSideLeft, mSideRight:
		return fmt.Sprintf("A person sidesteps %s %s%s meters", side(m.kind == mSideLeft), p.Hedge, metres(m.amount))
	case mTurn:
		return fmt.Sprintf("A person turns %s by %s%d degrees", side(m.amount > 0), p.Hedge, int(math.Round(math.Abs(m.amount))))
	case mSit:
		return fmt.Sprintf("A person sits down on a %s meter high seat", metres(m.amount))
	case mLie:
		return fmt.Sprintf("A person lies down on its back on a %s meter high bed", metres(m.amount))
	case mStand:
		return "A person stands up"
	case mReach:
		dir := "forward"
		if m.side {
			dir = side(m.hand == "left")
		}
		hands := "the " + m.hand + " hand"
		if m.hand == "both" {
			hands = "both hands"
		}
		return fmt.Sprintf("A person reaches %s with %s at %s meters high", dir, hands, metres(m.amount))
	}
	return "A person waits for 1 second"
}

// side names a direction.
func side(left bool) string {
	if left {
		return "left"
	}
	return "right"
}

// metres formats a length to the centimetre without trailing zeros.
func metres(v float64) string { return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64) }

// The patterns readMove understands: the reasoner's own wording and the paper's.
var (
	numberRE = `(-?\d+(?:\.\d+)?)`
	moveREs  = []struct {
		re   *regexp.Regexp
		kind moveKind
	}{
		{regexp.MustCompile(`(?i)\bwalks?\s+backwards?\b.*?` + numberRE + `\s*(?:m\b|meters?|metres?)`), mBackward},
		{regexp.MustCompile(`(?i)\bside-?steps?\s+left\b.*?` + numberRE), mSideLeft},
		{regexp.MustCompile(`(?i)\bside-?steps?\s+right\b.*?` + numberRE), mSideRight},
		{regexp.MustCompile(`(?i)\b(?:walks?|moves?|steps?|goes)\b.*?` + numberRE + `\s*(?:m\b|meters?|metres?)`), mForward},
		{regexp.MustCompile(`(?i)\bturns?\s+left\b.*?` + numberRE), mTurn},
		{regexp.MustCompile(`(?i)\bturns?\s+right\b.*?` + numberRE), mTurn},
		{regexp.MustCompile(`(?i)\bsits?\b.*?` + numberRE), mSit},
		{regexp.MustCompile(`(?i)\b(?:lies|lie|lays)\b.*?` + numberRE), mLie},
		{regexp.MustCompile(`(?i)\breach(?:es)?\b.*?` + numberRE), mReach},
	}
)

// readMove reads an action sentence into a move; unknown sentences read as mOther. Defaults follow
// the executor's language: a sit without height at 0.45 m, a lie at 0.55 m, "turns around" 180°.
func readMove(text string) move {
	lc := strings.ToLower(text)
	for _, p := range moveREs {
		if m := p.re.FindStringSubmatch(lc); m != nil {
			v, _ := strconv.ParseFloat(m[1], 64)
			mv := move{kind: p.kind, amount: math.Abs(v)}
			if p.kind == mTurn && strings.Contains(m[0], "right") {
				mv.amount = -mv.amount
			}
			if p.kind == mReach {
				mv.hand = handOf(lc)
			}
			return mv
		}
	}
	return defaultMove(lc)
}

// defaultMove reads sentences without a number.
func defaultMove(lc string) move {
	switch {
	case strings.Contains(lc, "stand"), strings.Contains(lc, "get up"), strings.Contains(lc, "gets up"):
		return move{kind: mStand}
	case strings.Contains(lc, "turns around"), strings.Contains(lc, "turn around"):
		return move{kind: mTurn, amount: 180}
	case strings.Contains(lc, "sit"):
		return move{kind: mSit, amount: 0.45}
	case strings.Contains(lc, "lie"), strings.Contains(lc, "lies"):
		return move{kind: mLie, amount: 0.55}
	}
	return move{kind: mOther}
}
