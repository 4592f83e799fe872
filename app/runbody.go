package app

import "interactagent/render"

// runBody is the body a session's panes are drawn (and coloured by penetration) with: the one its
// run was drawn and measured with (run.json's settings; the proxy for a run older than the
// choice), or the engine's when the session shows no run.
func runBody(ses Session) render.BodyKind {
	if ses.Run == nil {
		return render.BodyDefault
	}
	k, err := render.ParseBody(ses.Run.Info.Body())
	if err != nil {
		return render.BodyDefault
	}
	return k
}
