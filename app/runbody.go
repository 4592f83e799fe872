package app

import (
	"interactagent/render"
	"interactagent/wiring"
)

// runBody is the body a session's panes are drawn (and coloured by penetration) with: the one its
// run was drawn and measured with (run.json's settings, with the SMPL-X model file they name; the
// proxy for a run older than the choice), or the engine's when the session shows no run or its
// body cannot be opened here.
func runBody(ses Session) render.BodyKind {
	if ses.Run == nil {
		return render.BodyDefault
	}
	smplx := ""
	if s := ses.Run.Info.Settings; s != nil {
		smplx = s.SMPLX
	}
	k, err := wiring.BodyKind(ses.Run.Info.Body(), smplx)
	if err != nil {
		return render.BodyDefault
	}
	return k
}
