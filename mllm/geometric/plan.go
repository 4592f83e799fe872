package geometric

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/instruction"
	"interactagent/scene"
	"interactagent/scene/floor"
)

// step is one planned action and the pose the reasoner expects after it.
type step struct {
	move  move
	after pose
}

// planner turns goals into atomic actions over the walkable floor.
type planner struct {
	// floors are the walkable floors a goal is planned on, tried in order until one serves:
	// routes with room to spare for the executor's drift, then the body's clearance, then only
	// the torso's (a stand point in a gap narrower than hanging arms need). floor is the one in use.
	floors []*floor.Floor
	floor  *floor.Floor
	// scale multiplies walked distances and turned angles, from what reflection learned of the
	// executor (1 when nothing was learned).
	walkScale, turnScale float64
}

// plan plans the goals in order from p, returning the steps and the pose the body should end in.
func (pl *planner) plan(goals []goal, p pose) ([]step, error) {
	var out []step
	for _, g := range goals {
		steps, err := pl.goal(g, p)
		for _, f := range pl.floors[min(1, len(pl.floors)):] {
			if err == nil {
				break
			}
			pl.floor = f
			steps, err = pl.goal(g, p)
		}
		if len(pl.floors) > 0 {
			pl.floor = pl.floors[0]
		}
		if err != nil {
			return nil, fmt.Errorf("geometric: %s %s: %w", g.kind, objectName(g.object), err)
		}
		out = append(out, steps...)
		if len(steps) > 0 {
			p = steps[len(steps)-1].after
		}
	}
	out = mergeTurns(out)
	if len(out) == 0 {
		return nil, fmt.Errorf("geometric: nothing to do: the body already is where the instruction wants it")
	}
	return out, nil
}

// mergeTurns joins turns that follow each other (facing an object at the end of one goal, then
// turning onto the next goal's route) into one turn, and drops one that comes to nothing.
func mergeTurns(steps []step) []step {
	var out []step
	for _, st := range steps {
		n := len(out)
		if st.move.kind == mTurn && n > 0 && out[n-1].move.kind == mTurn {
			sum := geom.WrapAngle(mgl64.DegToRad(out[n-1].move.amount + st.move.amount))
			out[n-1] = step{move: move{kind: mTurn, amount: math.Round(mgl64.RadToDeg(sum)/5) * 5}, after: st.after}
			if math.Abs(out[n-1].move.amount) < minTurn {
				out = out[:n-1]
			}
			continue
		}
		out = append(out, st)
	}
	return out
}

// objectName returns an object's id, or "" for none.
func objectName(o *scene.Object) string {
	if o == nil {
		return ""
	}
	return o.ID
}

// seq collects steps, tracking the pose.
type seq struct {
	pl    *planner
	p     pose
	steps []step
}

// add appends a move with the pose it leads to.
func (s *seq) add(m move) {
	s.p = s.p.after(m)
	s.steps = append(s.steps, step{m, s.p})
}

// goal plans one goal from p.
func (pl *planner) goal(g goal, p pose) ([]step, error) {
	s := &seq{pl: pl, p: p}
	if g.kind == instruction.Touch && p.posture == sitting && p.on == g.object {
		s.seatedTouch(g)
		return s.steps, nil
	}
	if p.posture != standing {
		s.add(move{kind: mStand})
	}
	s.escape()
	var err error
	switch g.kind {
	case instruction.WalkTo:
		err = s.walkTo(g.object)
	case instruction.SitOn:
		err = s.sitOn(g.object)
	case instruction.LieOn:
		err = s.lieOn(g.object)
	case instruction.Touch:
		err = s.touch(g.object, g.hand, g.part)
	}
	return s.steps, err
}

// faceTo turns to a heading (turns smaller than minTurn are left out). The pose follows the turn
// as worded (whole degrees), so that the next leg starts from where the words leave the body.
func (s *seq) faceTo(h float64) {
	if d := turnTo(s.p.heading, h); math.Abs(d) >= minTurn {
		asked, from := math.Round(d*s.pl.turnScale), s.p.heading
		s.add(move{kind: mTurn, amount: asked})
		s.p.heading = geom.WrapAngle(from + mgl64.DegToRad(asked/s.pl.turnScale)) // what the scaled words should do
		s.steps[len(s.steps)-1].after = s.p
	}
}

// walk walks forward d metres in pieces the executor can make; the pose follows the walks as
// worded (rounded).
func (s *seq) walk(d float64) {
	for d >= minWalk {
		piece := min(d, maxWalk)
		asked, from := round1(piece*s.pl.walkScale), s.p.feet
		s.add(move{kind: mForward, amount: asked})
		s.p.feet = from.Add(forward(s.p.heading).Mul(asked / s.pl.walkScale))
		s.steps[len(s.steps)-1].after = s.p
		d -= piece
	}
}

// round1 rounds metres to the decimetre, or to the centimetre below a metre.
func round1(v float64) float64 {
	if v < 1 {
		return math.Round(v*100) / 100
	}
	return math.Round(v*10) / 10
}

// route walks a shortest free path to target: a turn and a walk per segment. A body whose feet are
// in blocked floor (standing up from a chair at a desk leaves them under it) first steps out to
// the nearest free floor.
func (s *seq) route(target mgl64.Vec3) error {
	s.escape()
	path, err := s.pl.floor.Path(s.p.feet, target)
	if err != nil {
		return err
	}
	for _, q := range path[1:] { // from the feet, even when the path starts snapped out of a blocked cell
		d := flat(q).Sub(s.p.feet)
		if horizontal(d) < minWalk {
			continue
		}
		s.faceTo(headingOf(d))
		s.walk(horizontal(d)) // along the heading as worded: the next leg makes up the difference
	}
	return nil
}

// maxEscape is the farthest a body steps out of blocked floor before a route.
const maxEscape = 1.2

// escape steps out to the nearest free floor when the feet stand in blocked floor: backward (the
// way a person leaves a desk) and sideways, without turning.
func (s *seq) escape() {
	if s.pl.floor.Free(s.p.feet) {
		return
	}
	q, ok := s.pl.floor.NearestFree(s.p.feet)
	if !ok || horizontal(q.Sub(s.p.feet)) > maxEscape {
		return
	}
	v := q.Sub(s.p.feet)
	if back := -v.Dot(forward(s.p.heading)); back >= minWalk {
		s.add(move{kind: mBackward, amount: round1(back)})
	} else if back <= -minWalk {
		s.add(move{kind: mForward, amount: round1(-back)})
	}
	if lat := v.Dot(leftOf(s.p.heading)); math.Abs(lat) >= minWalk {
		kind := mSideLeft
		if lat < 0 {
			kind = mSideRight
		}
		s.add(move{kind: kind, amount: round1(math.Abs(lat))})
	}
	s.p.feet = q
	if n := len(s.steps); n > 0 {
		s.steps[n-1].after = s.p
	}
}

// walkTo walks to the object's nearest reachable stand point and faces the object: along the
// free floor to where it comes nearest the stand point, then, when the stand point itself lies in
// the arms' clearance yet leaves the torso room (a stand point close to a sofa), onto it.
func (s *seq) walkTo(o *scene.Object) error {
	sp, q, err := s.pl.standPlace(o, s.p.feet)
	if err != nil {
		return err
	}
	if err := s.route(q); err != nil {
		return err
	}
	if d := flat(sp).Sub(s.p.feet); horizontal(d) >= minWalk && s.pl.clearWay(s.p.feet, sp) {
		s.faceTo(headingOf(d))
		s.walk(horizontal(d))
	}
	s.faceTo(headingOf(center(o).Sub(s.p.feet)))
	return nil
}

// clearWay reports whether the straight way from a to b keeps the torso's clearance everywhere
// (or the floor's own, when it squeezes through with less).
func (pl *planner) clearWay(a, b mgl64.Vec3) bool {
	d := flat(b).Sub(flat(a))
	n := int(math.Ceil(horizontal(d)/0.05)) + 1
	least := math.Min(torsoClearance, pl.floor.Options().Clearance)
	for i := 0; i <= n; i++ {
		if pl.floor.Clearance(flat(a).Add(d.Mul(float64(i)/float64(n)))) < least {
			return false
		}
	}
	return true
}

// torsoClearance is how far from every obstacle a root may stand when the arms may brush it:
// the torso's half depth and a margin, less than floor.BodyClearance, which keeps hanging arms
// clear whichever way the body faces.
const torsoClearance = 0.22

// standPoint returns the free floor nearest the object's stand point that is nearest to reach
// from p.
func (pl *planner) standPoint(o *scene.Object, p mgl64.Vec3) (mgl64.Vec3, error) {
	_, q, err := pl.standPlace(o, p)
	return q, err
}

// standPlace returns the object's stand point that is nearest to reach from p (or a point beside
// an object without stand points) and the free floor nearest it.
func (pl *planner) standPlace(o *scene.Object, p mgl64.Vec3) (sp, q mgl64.Vec3, err error) {
	bestLen := math.Inf(1)
	points := o.StandPoints
	if len(points) == 0 {
		points = []mgl64.Vec3{pl.beside(o, p)}
	}
	for _, cand := range points {
		free, ok := pl.floor.NearestFree(cand)
		if !ok || horizontal(free.Sub(cand)) > floor.Snap {
			continue
		}
		if path, err := pl.floor.Path(p, free); err == nil && pathLength(path) < bestLen {
			sp, q, bestLen = cand, free, pathLength(path)
		}
	}
	if math.IsInf(bestLen, 1) {
		return sp, q, fmt.Errorf("no free place to stand by %s can be reached", o.ID)
	}
	return sp, q, nil
}

// beside returns a point by the object on the side facing p, for objects without stand points.
func (pl *planner) beside(o *scene.Object, p mgl64.Vec3) mgl64.Vec3 {
	c := center(o)
	d := flat(p).Sub(c)
	if horizontal(d) < 1e-6 {
		d = mgl64.Vec3{0, 0, 1}
	}
	size := o.Bounds().Size()
	return c.Add(d.Normalize().Mul(math.Hypot(size.X(), size.Z())/2 + floor.BodyClearance + 0.05))
}

// pathLength returns a polyline's length.
func pathLength(path []mgl64.Vec3) float64 {
	n := 0.0
	for i := 1; i < len(path); i++ {
		n += horizontal(path[i].Sub(path[i-1]))
	}
	return n
}

// backInto approaches a target pose backwards: route to the free floor ahead of it or, when
// that is blocked (a chair at a desk faces the desk), to the object's stand point nearest the
// target; then face the target's heading, sidestep across and walk backward (or forward) onto it.
func (s *seq) backInto(o *scene.Object, target mgl64.Vec3, h float64) error {
	approach, err := s.pl.approach(o, target, h, s.p.feet)
	if err != nil {
		return err
	}
	if err := s.route(approach); err != nil {
		return err
	}
	s.faceTo(h)
	v := target.Sub(s.p.feet)
	if lat := v.Dot(leftOf(h)); math.Abs(lat) >= minWalk {
		kind := mSideLeft
		if lat < 0 {
			kind = mSideRight
		}
		s.add(move{kind: kind, amount: round1(math.Abs(lat))})
	}
	if back := -v.Dot(forward(h)); back >= minWalk {
		s.add(move{kind: mBackward, amount: round1(back)})
	} else if back <= -minWalk {
		s.add(move{kind: mForward, amount: round1(-back)})
	}
	s.p.feet = target
	if n := len(s.steps); n > 0 {
		s.steps[n-1].after = s.p
	}
	return nil
}

// approachGap is how far ahead of a seat's or bed's target the body turns round before backing
// onto it.
const approachGap = 0.45

// approach returns where to turn round before backing onto target: the free floor ahead of it,
// else the reachable stand point of o nearest the target.
func (pl *planner) approach(o *scene.Object, target mgl64.Vec3, h float64, from mgl64.Vec3) (mgl64.Vec3, error) {
	ahead := target.Add(forward(h).Mul(approachGap))
	if pl.floor.Free(ahead) && pl.reachable(ahead, from) {
		return ahead, nil
	}
	best, bestD := mgl64.Vec3{}, math.Inf(1)
	for _, sp := range o.StandPoints {
		q, ok := pl.floor.NearestFree(sp)
		if !ok || horizontal(q.Sub(sp)) > floor.Snap || !pl.reachable(q, from) {
			continue
		}
		if d := horizontal(q.Sub(target)); d < bestD {
			best, bestD = q, d
		}
	}
	if math.IsInf(bestD, 1) {
		return pl.standPoint(o, from)
	}
	return best, nil
}

// sitOn sits on the object's seat whose front is easiest to reach.
func (s *seq) sitOn(o *scene.Object) error {
	surf, ok := bestSurface(o, s.p.feet, func(su scene.Surface) bool { return su.Sit })
	if !ok {
		return fmt.Errorf("%s has nothing to sit on", o.ID)
	}
	axis := flat(surf.Axis).Normalize()
	back := seatBack(surf.Height())
	pelvis := flat(surf.Center).Add(axis.Mul(surf.Extent[0] - seatInset(back, surf.Extent[0])))
	target, h := pelvis.Add(axis.Mul(back)), headingOf(axis)
	if surf.LieDown { // a bed is too deep to sit in its middle: sit on an edge, feet on the floor
		target, h = s.pl.edgeSeat(surf, s.p.feet)
	}
	if err := s.backInto(o, target, h); err != nil {
		return err
	}
	s.add(move{kind: mSit, amount: surf.Height()})
	s.seatedOn(o)
	return nil
}

// seatedOn records what the body now sits or lies on.
func (s *seq) seatedOn(o *scene.Object) {
	s.p.on = o
	s.steps[len(s.steps)-1].after = s.p
}

// seatedTouch reaches, without getting up, to the side of the hand for a part of what the body
// sits on (a hand on the seat beside it, on the armrest): the executor keeps a seated body seated
// when it reaches.
func (s *seq) seatedTouch(g goal) {
	h := s.p.surface + 0.08
	if b, ok := partBounds(g.object, g.part); ok && g.part != scene.PartSeat {
		h = b.Hi.Y() + 0.03
	}
	hands := []string{g.hand}
	if g.hand == "both" {
		hands = []string{"left", "right"}
	}
	for _, hand := range hands {
		s.add(move{kind: mReach, amount: h, hand: hand, side: true})
	}
}

// partBounds returns the box around the object's parts of a kind.
func partBounds(o *scene.Object, kind scene.PartKind) (geom.Box, bool) {
	b := geom.EmptyBox()
	for _, p := range o.Parts {
		if p.Kind == kind {
			b = b.Union(p.Mesh.Bounds())
		}
	}
	return b, kind != "" && !b.Empty()
}

// lieOn lies on the object's lying surface, head towards its head end where a side allows it.
func (s *seq) lieOn(o *scene.Object) error {
	surf, ok := bestSurface(o, s.p.feet, func(su scene.Surface) bool { return su.LieDown })
	if !ok {
		surf, ok = benchOf(o)
	}
	if !ok {
		return fmt.Errorf("%s has nothing to lie on", o.ID)
	}
	target, h := s.pl.lieApproach(surf, s.p.feet)
	if err := s.backInto(o, target, h); err != nil {
		return err
	}
	s.add(move{kind: mLie, amount: surf.Height()})
	s.seatedOn(o)
	return nil
}

// seatInset returns how far inside a seat's front edge the pelvis should end when it ends back
// behind the feet: in the middle of the seat (at most half its depth, 2·half), unless the feet
// would then stand under the seat (a high seat, where the body perches), keeping them 0.12 m in
// front of the edge and the pelvis at least 5 cm on the seat.
func seatInset(back, half float64) float64 {
	return geom.Clamp(back-0.12, 0.05, half)
}

// edgeInset is how far inside a bed's edge the pelvis of a body sitting on it ends at most.
const edgeInset = 0.2

// edgeSeat returns where to stand, and facing which way, to sit on the edge of a surface one
// lies on: the middle of a long side (a little towards the foot, clear of the pillows) or of the
// foot end, whichever the body reaches by the shortest way.
func (pl *planner) edgeSeat(surf scene.Surface, from mgl64.Vec3) (mgl64.Vec3, float64) {
	axis := flat(surf.Axis).Normalize() // head to foot
	across := mgl64.Vec3{axis.Z(), 0, -axis.X()}
	c := flat(surf.Center)
	edges := []struct {
		out  mgl64.Vec3 // facing away from the surface
		edge mgl64.Vec3 // the middle of the edge
	}{
		{across, c.Add(across.Mul(surf.Extent[1])).Add(axis.Mul(0.15))},
		{across.Mul(-1), c.Sub(across.Mul(surf.Extent[1])).Add(axis.Mul(0.15))},
		{axis, c.Add(axis.Mul(surf.Extent[0]))},
	}
	best, bestH, bestD := mgl64.Vec3{}, 0.0, math.Inf(1)
	for i, e := range edges {
		back := seatBack(surf.Height())
		feet := e.edge.Add(e.out.Mul(back - seatInset(back, edgeInset)))
		d := pl.routeLength(feet.Add(e.out.Mul(approachGap)), from)
		if i == 0 || d < bestD {
			best, bestH, bestD = feet, headingOf(e.out), d
		}
	}
	return best, bestH
}

// routeLength returns the length of the way from from to a free cell near p; +Inf when there is
// none.
func (pl *planner) routeLength(p, from mgl64.Vec3) float64 {
	q, ok := pl.floor.NearestFree(p)
	if !ok || horizontal(q.Sub(p)) > floor.Snap {
		return math.Inf(1)
	}
	path, err := pl.floor.Path(from, q)
	if err != nil {
		return math.Inf(1)
	}
	return pathLength(path)
}

// benchOf returns the surface the seats of a sofa too short to be made for lying make together
// (a two-seater): a person lies on it curled, head at the left arm as on longer sofas.
func benchOf(o *scene.Object) (scene.Surface, bool) {
	var seats []scene.Surface
	for _, su := range o.Surfaces {
		if su.Sit {
			seats = append(seats, su)
		}
	}
	if len(seats) < 2 {
		return scene.Surface{}, false
	}
	front := flat(seats[0].Axis).Normalize()
	left := leftOf(headingOf(front))
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, su := range seats {
		at := flat(su.Center).Dot(left)
		lo, hi = math.Min(lo, at-su.Extent[1]), math.Max(hi, at+su.Extent[1])
	}
	c := seats[0].Center
	c = c.Add(left.Mul((lo+hi)/2 - flat(c).Dot(left)))
	return scene.Surface{Part: seats[0].Part, Center: c, Extent: [2]float64{(hi - lo) / 2, seats[0].Extent[0]},
		Axis: left.Mul(-1), Normal: seats[0].Normal, LieDown: true}, true
}

// lieAlong returns where along a lying surface of half length half (from its centre towards the
// foot) the pelvis should end: the body centred between head and feet, but on a long bed the head
// 0.3 m inside the head end, where the pillows are.
func lieAlong(half float64) float64 {
	return math.Min((lieHead-lieFeet)/2, -half+0.3+lieHead)
}

// lieApproach returns where to stand, and facing which way, to lie down along the surface: on the
// side whose left (where the head goes) points to the head end, unless only the other side can be
// reached.
func (pl *planner) lieApproach(surf scene.Surface, from mgl64.Vec3) (mgl64.Vec3, float64) {
	axis := flat(surf.Axis).Normalize() // head to foot
	across := mgl64.Vec3{axis.Z(), 0, -axis.X()}
	c := flat(surf.Center)
	var best mgl64.Vec3
	bestH, bestScore := 0.0, math.Inf(-1)
	for _, sgn := range []float64{1, -1} {
		f := across.Mul(sgn) // facing away from the surface on this side
		h := headingOf(f)
		back := lieBack(surf.Height())
		pelvis := c.Add(f.Mul(surf.Extent[1] - seatInset(back, surf.Extent[1]))).Add(axis.Mul(lieAlong(surf.Extent[0])))
		feet := pelvis.Add(f.Mul(back)).Sub(leftOf(h).Mul(lieLeft))
		score := -leftOf(h).Dot(axis) // the head end is at −axis
		if !pl.reachable(feet.Add(f.Mul(0.45)), from) {
			score -= 10
		}
		if score > bestScore {
			best, bestH, bestScore = feet, h, score
		}
	}
	return best, bestH
}

// reachable reports whether a free cell near p can be walked to from from.
func (pl *planner) reachable(p, from mgl64.Vec3) bool {
	q, ok := pl.floor.NearestFree(p)
	if !ok || horizontal(q.Sub(p)) > floor.Snap {
		return false
	}
	_, err := pl.floor.Path(from, q)
	return err == nil
}

// bestSurface returns the object's surface that fits, nearest to p.
func bestSurface(o *scene.Object, p mgl64.Vec3, fits func(scene.Surface) bool) (scene.Surface, bool) {
	var best scene.Surface
	found, bestD := false, math.Inf(1)
	for _, su := range o.Surfaces {
		if !fits(su) {
			continue
		}
		if d := horizontal(flat(su.Center).Sub(p)); d < bestD {
			best, bestD, found = su, d, true
		}
	}
	return best, found
}

// touch walks to the object, faces its nearest edge, steps close enough that the wrist lands at
// the edge (the fingers reach a little past it, onto a top or against a side, without pushing
// into it), turns so that the reaching hand (which is off to the side) lines up, and reaches.
func (s *seq) touch(o *scene.Object, hand string, part scene.PartKind) error {
	if err := s.walkTo(o); err != nil {
		return err
	}
	b := o.Bounds()
	if pb, ok := partBounds(o, part); ok {
		b = pb
	}
	near := closestOnBox(b, s.p.feet)
	s.faceTo(headingOf(near.Sub(s.p.feet)))
	reach := math.Hypot(reachForward, reachSide)
	if gap := horizontal(near.Sub(s.p.feet)) - reach; gap >= minWalk {
		s.walk(gap)
	}
	offset := math.Atan2(reachSide, reachForward) // the right hand is to the right: turn left
	switch hand {
	case "left":
		s.faceTo(geom.WrapAngle(s.p.heading - offset))
	case "right":
		s.faceTo(geom.WrapAngle(s.p.heading + offset))
	}
	s.add(move{kind: mReach, amount: reachHeight(b), hand: hand})
	return nil
}

// closestOnBox returns the point of the box's footprint nearest p, on the floor.
func closestOnBox(b geom.Box, p mgl64.Vec3) mgl64.Vec3 {
	return mgl64.Vec3{geom.Clamp(p.X(), b.Lo.X(), b.Hi.X()), 0, geom.Clamp(p.Z(), b.Lo.Z(), b.Hi.Z())}
}

// reachHeight is where a hand touches an object: its top when a standing hand reaches it, a
// shelf's height on tall furniture.
func reachHeight(b geom.Box) float64 {
	top := b.Hi.Y()
	if top > 1.5 {
		return 1.2
	}
	return math.Max(top+0.03, 0.35)
}
