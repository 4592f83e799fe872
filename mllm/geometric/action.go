package geometric

import (
	"math"

	"interactagent/action"
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

// text writes a move as an executor sentence (action.Format).
func (p phrasing) text(m move) string { return action.Format(m.action(), p.Hedge) }

// action is the move as the action language types it.
func (m move) action() action.Action {
	switch m.kind {
	case mForward, mBackward, mSideLeft, mSideRight:
		return action.Action{Kind: action.Walk, Dir: walkDirs[m.kind], Distance: m.amount}
	case mTurn:
		return action.Action{Kind: action.Turn, Angle: m.amount * math.Pi / 180}
	case mSit:
		return action.Action{Kind: action.Sit, Height: m.amount, HasHeight: true}
	case mLie:
		return action.Action{Kind: action.LieDown, Side: action.OnBack, Height: m.amount, HasHeight: true}
	case mStand:
		return action.Action{Kind: action.StandUp}
	case mReach:
		a := action.Action{Kind: action.Reach, Hand: hands[m.hand], Height: m.amount, HasHeight: true}
		if m.side && m.hand == "left" {
			a.Dir = action.DirLeft
		} else if m.side {
			a.Dir = action.DirRight
		}
		return a
	}
	return action.Action{Kind: action.Wait, Seconds: 1}
}

// walkDirs are the directions of the walking moves.
var walkDirs = map[moveKind]action.Direction{mForward: action.DirForward, mBackward: action.DirBackward,
	mSideLeft: action.DirLeft, mSideRight: action.DirRight}

// hands maps a move's hand to the language's; handNames is the reverse.
var (
	hands     = map[string]action.Hand{"right": action.HandRight, "left": action.HandLeft, "both": action.HandBoth}
	handNames = map[action.Hand]string{action.HandRight: "right", action.HandLeft: "left", action.HandBoth: "both"}
)

// readMove reads an action sentence into a move, as the executor reads it (action.Parse): its
// first action, when it is one of the moves the reasoner plans with, else mOther. A walk of any
// direction reads as the walk its direction says; a sit or lie without a height at the executor's
// default heights (0.45 m, 0.55 m); a reach's side is not read back.
func readMove(text string) move {
	a := action.Parse(text)[0]
	switch a.Kind {
	case action.Walk:
		for k, d := range walkDirs {
			if d == a.Dir {
				return move{kind: k, amount: a.Distance}
			}
		}
	case action.Turn:
		return move{kind: mTurn, amount: a.Degrees()}
	case action.Sit:
		return move{kind: mSit, amount: heightOr(a, 0.45)}
	case action.LieDown:
		return move{kind: mLie, amount: heightOr(a, 0.55)}
	case action.StandUp:
		return move{kind: mStand}
	case action.Reach:
		return move{kind: mReach, amount: a.Height, hand: handNames[a.Hand]}
	}
	return move{kind: mOther}
}

// heightOr returns the action's surface height, or def when the text gave none.
func heightOr(a action.Action, def float64) float64 {
	if a.HasHeight {
		return a.Height
	}
	return def
}
