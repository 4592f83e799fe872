package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/eval"
	"interactagent/motion"
	"interactagent/scene"
	"interactagent/task"
	"interactagent/wiring"
)

// penetrationConfig is what `interactagent penetration` measures.
type penetrationConfig struct {
	scene, motion, start, body, smplx string
	fps                               float64
	json                              bool
}

// runPenetration prints the penetration statistics of a motion in a scene.
func runPenetration(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlags("penetration", "", stdout)
	var cfg penetrationConfig
	cfg.bind(fs.FlagSet)
	if err := fs.parseArgs(args, 0); err != nil {
		return err
	}
	if cfg.scene == "" || cfg.motion == "" {
		return usageError{"want --scene and --motion (see --help)"}
	}
	if _, err := eval.OpenBody(cfg.body, wiring.SMPLXPath(cfg.smplx)); err != nil {
		return usageError{"--body: " + err.Error()}
	}
	return cfg.run(stdout)
}

// bind binds penetration's flags to c's fields.
func (c *penetrationConfig) bind(fs *flag.FlagSet) {
	fs.StringVar(&c.scene, "scene", "", "built-in scene name, or a scene file (.glb, .gltf, .obj, layout or UniHSI plan .json)")
	fs.StringVar(&c.motion, "motion", "", "motion file: joints or HumanML3D features .npy, or clip .json")
	fs.StringVar(&c.start, "start", "", `place the clip so it starts at x,z,heading (metres, degrees), or "scene" for the scene's start`)
	fs.Float64Var(&c.fps, "fps", motion.HumanML3DFPS, "frame rate of a .npy file")
	fs.BoolVar(&c.json, "json", false, "print the statistics as JSON")
	fs.StringVar(&c.body, "body", eval.BodyHuman, "the body measured: human (the open MakeHuman body, its vertices weighted by surface share to SMPL-X's 10,475), proxy (the capsule mannequin) or smplx (your SMPL-X model, --smplx: every vertex, unweighted, as the paper)")
	fs.StringVar(&c.smplx, "smplx", "", "your SMPL-X (or SMPL-H, SMPL) model file .npz for --body smplx (default $"+wiring.SMPLXEnv+")")
}

// penetrationReport is the JSON the command prints: what was measured and the statistics.
type penetrationReport struct {
	Scene       string                `json:"scene"`
	Motion      string                `json:"motion"`
	Start       *penetrationStart     `json:"start,omitempty"`
	Penetration eval.PenetrationStats `json:"penetration"`
}

// penetrationStart is where --start placed the clip.
type penetrationStart struct {
	X          float64 `json:"x"`
	Z          float64 `json:"z"`
	HeadingDeg float64 `json:"heading_deg"`
}

// run measures and prints the report, as JSON with --json.
func (c penetrationConfig) run(stdout io.Writer) error {
	rep, err := c.measure()
	if err != nil {
		return err
	}
	if c.json {
		return writeJSON(stdout, rep)
	}
	printPenetration(stdout, rep)
	return nil
}

// measure loads the scene and the motion, places the motion as --start says and measures how deep
// it sinks into the scene.
func (c penetrationConfig) measure() (penetrationReport, error) {
	rep := penetrationReport{Scene: c.scene, Motion: c.motion}
	sp, err := parseStart(c.start)
	if err != nil {
		return rep, err
	}
	s, clip, err := c.load()
	if err != nil {
		return rep, err
	}
	if clip, rep.Start, err = placeClip(clip, sp, s); err != nil {
		return rep, err
	}
	body, err := eval.OpenBody(c.body, wiring.SMPLXPath(c.smplx))
	if err != nil {
		return rep, err
	}
	if rep.Penetration, err = eval.Penetration(eval.Prepare(s), clip, body); err != nil {
		return rep, fmt.Errorf("%s: %w", c.motion, err)
	}
	return rep, nil
}

// load opens the scene and reads the motion file.
func (c penetrationConfig) load() (*scene.Scene, *motion.Clip, error) {
	s, err := task.OpenScene(c.scene)
	if err != nil {
		return nil, nil, err
	}
	clip, _, err := motion.LoadMotion(c.motion, c.fps)
	return s, clip, err
}

// placeClip moves the clip to start where sp, resolved in s, says, and returns where that is; a
// clip with no start to move to, or no frames, stays as it is, placed nowhere (nil).
func placeClip(clip *motion.Clip, sp scene.StartSpec, s *scene.Scene) (*motion.Clip, *penetrationStart, error) {
	at, err := sp.Resolve(s)
	if err != nil || at == nil || clip.Len() == 0 {
		return clip, nil, err
	}
	start := &penetrationStart{X: at.Root.X(), Z: at.Root.Z(), HeadingDeg: mgl64.RadToDeg(at.Heading)}
	return clip.Relocate(*at), start, nil
}

// printPenetration writes the statistics for people.
func printPenetration(w io.Writer, r penetrationReport) {
	st := r.Penetration
	fmt.Fprintf(w, "penetration of %s in %s, on the %s body\n", r.Motion, r.Scene, st.Body)
	if r.Start != nil {
		fmt.Fprintf(w, "  placed at      (%.3f, %.3f) heading %.1f°\n", r.Start.X, r.Start.Z, r.Start.HeadingDeg)
	}
	fmt.Fprintf(w, "  frames         %d (%.2f s at %g fps)\n", st.Frames, float64(st.Frames)/st.FPS, st.FPS)
	fmt.Fprintf(w, "  pe_max         %.4f\n", st.Max)
	fmt.Fprintf(w, "  pe10%%          %.4f  (mean of the worst 10%% of frames)\n", st.Top10)
	fmt.Fprintf(w, "  pe_mean        %.4f\n", st.Mean)
	fmt.Fprintf(w, "  penetrating    %.1f%% of frames (a point deeper than %g cm)\n", 100*st.Penetrating, 100*eval.PenetratingDepth)
	printWorstFrame(w, st.Worst)
	if f := st.Fit; f != nil {
		fmt.Fprintf(w, "  fit error      mean %.1f mm, max %.1f mm (%s, frame %d): the model's joints against the clip's\n", f.MeanMM, f.MaxMM, f.WorstJoint, f.WorstFrame)
	}
	fmt.Fprintln(w, "per frame: Σ weight · max(0, −SDF) over body points, metres × SMPL-X vertices (on an SMPL-family model: each vertex once)")
	fmt.Fprintf(w, "measured on: %s\n", st.MeasuredOn)
}

// printWorstFrame writes the line of the frame that sinks deepest: when, which body part, how deep
// and into which object (and part); or that none does.
func printWorstFrame(w io.Writer, wf *eval.WorstFrame) {
	if wf == nil {
		fmt.Fprintln(w, "  worst frame    none: no body point is inside the scene")
		return
	}
	where := wf.Object
	if wf.ObjectPart != "" {
		where += "/" + wf.ObjectPart
	}
	fmt.Fprintf(w, "  worst frame    %d at %.2f s: %s %.1f cm inside %s\n", wf.Frame, wf.Time, wf.Part, 100*wf.Depth, where)
}
