package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/eval"
	"interactagent/motion"
	"interactagent/task"
)

// penetrationConfig is what `interactagent penetration` measures.
type penetrationConfig struct {
	scene, motion, start string
	fps                  float64
	json                 bool
}

// runPenetration prints the penetration statistics of a motion in a scene.
func runPenetration(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlags("penetration", "", stdout)
	var cfg penetrationConfig
	fs.StringVar(&cfg.scene, "scene", "", "built-in scene name, or a scene file (.glb, .gltf, .obj, layout or UniHSI plan .json)")
	fs.StringVar(&cfg.motion, "motion", "", "motion file: joints or HumanML3D features .npy, or clip .json")
	fs.StringVar(&cfg.start, "start", "", `place the clip so it starts at x,z,heading (metres, degrees), or "scene" for the scene's start`)
	fs.Float64Var(&cfg.fps, "fps", motion.HumanML3DFPS, "frame rate of a .npy file")
	fs.BoolVar(&cfg.json, "json", false, "print the statistics as JSON")
	if err := fs.parse(args); err != nil {
		return err
	}
	if err := fs.need(0); err != nil {
		return err
	}
	if cfg.scene == "" || cfg.motion == "" {
		return usageError{"want --scene and --motion (see --help)"}
	}
	return cfg.run(stdout)
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

func (c penetrationConfig) run(stdout io.Writer) error {
	sp, err := parseStart(c.start)
	if err != nil {
		return err
	}
	s, err := task.OpenScene(c.scene)
	if err != nil {
		return err
	}
	clip, _, err := motion.LoadMotion(c.motion, c.fps)
	if err != nil {
		return err
	}
	rep := penetrationReport{Scene: c.scene, Motion: c.motion}
	at, err := sp.Resolve(s)
	if err != nil {
		return err
	}
	if at != nil && clip.Len() > 0 {
		clip = clip.Relocate(*at)
		rep.Start = &penetrationStart{X: at.Root.X(), Z: at.Root.Z(), HeadingDeg: mgl64.RadToDeg(at.Heading)}
	}
	st, err := eval.Penetration(eval.Prepare(s), clip)
	if err != nil {
		return fmt.Errorf("%s: %w", c.motion, err)
	}
	rep.Penetration = st
	if c.json {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	printPenetration(stdout, rep)
	return nil
}

// printPenetration writes the statistics for people.
func printPenetration(w io.Writer, r penetrationReport) {
	st := r.Penetration
	fmt.Fprintf(w, "penetration of %s in %s\n", r.Motion, r.Scene)
	if r.Start != nil {
		fmt.Fprintf(w, "  placed at      (%.3f, %.3f) heading %.1f°\n", r.Start.X, r.Start.Z, r.Start.HeadingDeg)
	}
	fmt.Fprintf(w, "  frames         %d (%.2f s at %g fps)\n", st.Frames, float64(st.Frames)/st.FPS, st.FPS)
	fmt.Fprintf(w, "  pe_max         %.4f\n", st.Max)
	fmt.Fprintf(w, "  pe10%%          %.4f  (mean of the worst 10%% of frames)\n", st.Top10)
	fmt.Fprintf(w, "  pe_mean        %.4f\n", st.Mean)
	fmt.Fprintf(w, "  penetrating    %.1f%% of frames (a point deeper than %g cm)\n", 100*st.Penetrating, 100*eval.PenetratingDepth)
	if wf := st.Worst; wf != nil {
		where := wf.Object
		if wf.ObjectPart != "" {
			where += "/" + wf.ObjectPart
		}
		fmt.Fprintf(w, "  worst frame    %d at %.2f s: %s %.1f cm inside %s\n", wf.Frame, wf.Time, wf.Part, 100*wf.Depth, where)
	} else {
		fmt.Fprintln(w, "  worst frame    none: no body point is inside the scene")
	}
	fmt.Fprintln(w, "per frame: Σ weight · max(0, −SDF) over body points, metres × SMPL-X vertices")
	fmt.Fprintf(w, "body: %s\n", st.Proxy)
}
