package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"interactagent/scene"
	"interactagent/scene/gltf"
	"interactagent/task"
)

// runScene runs a scene subcommand; so far "export".
func runScene(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) == 0 || isHelp(args[0]) {
		sceneUsage(stdout)
		if len(args) == 0 {
			return usageError{"want a subcommand (see --help)"}
		}
		return flag.ErrHelp
	}
	switch args[0] {
	case "export":
		return runSceneExport(ctx, args[1:], stdout)
	default:
		return usageError{fmt.Sprintf("unknown subcommand %q (see --help)", args[0])}
	}
}

// sceneUsage writes scene's usage: its subcommands.
func sceneUsage(w io.Writer) {
	fmt.Fprintln(w, "usage: interactagent scene SUBCOMMAND [flags] [args]\n\nsubcommands:\n"+
		"  export NAME|FILE OUT.glb   write a built-in scene or a scene file (.gltf, .glb, .obj, layout or\n"+
		"                             UniHSI plan .json, FILE.json#PLAN) as a GLB that loads back to the same scene")
}

// runSceneExport writes a scene as GLB: object ids as node names, categories and parts in extras.
func runSceneExport(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlags("scene export", "NAME|FILE OUT.glb", stdout)
	if err := fs.parseArgs(args, 2); err != nil {
		return err
	}
	src, out := fs.Arg(0), fs.Arg(1)
	if !strings.EqualFold(filepath.Ext(out), ".glb") {
		return usageError{fmt.Sprintf("output %s: want a .glb file name", out)}
	}
	s, err := exportableScene(src)
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := gltf.SaveGLB(out, s); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s → %s: %d objects, %d triangles\n", src, out, len(s.Objects), s.TriangleCount())
	return nil
}

// exportableScene opens the scene src names, refusing one without triangles: there would be
// nothing to export.
func exportableScene(src string) (*scene.Scene, error) {
	s, err := task.OpenScene(src)
	if err != nil {
		return nil, err
	}
	if s.TriangleCount() == 0 {
		return nil, fmt.Errorf("%s has no triangles: nothing to export", src)
	}
	return s, nil
}
