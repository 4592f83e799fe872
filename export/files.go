package export

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"

	"github.com/qmuntal/gltf"

	"interactagent/fileio"
	"interactagent/motion"
	"interactagent/motion/anim"
	gltfscene "interactagent/scene/gltf"
)

// gltfFile writes every take as an animation of one skinned body, in the scene when asked.
func gltfFile(req Request, src *source, binary bool) (Result, error) {
	doc := gltf.NewDocument()
	doc.Asset.Generator = "interactagent"
	if req.WithScene {
		sc, err := src.scene("--with-scene")
		if err != nil {
			return Result{}, err
		}
		if doc, err = gltfscene.Document(sc); err != nil {
			return Result{}, fmt.Errorf("export: %w", err)
		}
	}
	if err := anim.AddBody(doc, src.takes); err != nil {
		return Result{}, fmt.Errorf("export: %w", err)
	}
	err := writeAll([]string{req.Out}, func(_ int, w io.Writer) error { return anim.Encode(w, doc, binary) })
	if err != nil {
		return Result{}, err
	}
	return Result{Files: []string{req.Out}, Notes: []string{fmt.Sprintf("%d animation(s): %s", len(src.takes), takeNames(src.takes))}}, nil
}

// motionFiles writes one file per take in a per-round format: the output itself for one take,
// NAME-round-N.EXT beside it for several.
func motionFiles(req Request, fi FormatInfo, src *source) (Result, error) {
	paths := []string{req.Out}
	if len(src.takes) > 1 {
		paths = paths[:0]
		base := strings.TrimSuffix(req.Out, filepath.Ext(req.Out))
		for _, tk := range src.takes {
			paths = append(paths, base+"-"+strings.ReplaceAll(tk.Name, " ", "-")+filepath.Ext(req.Out))
		}
	}
	res := Result{Files: paths}
	write := func(i int, w io.Writer) error {
		c := src.takes[i].Clip
		switch fi.Format {
		case BVH:
			return anim.WriteBVH(w, c)
		case NPY:
			return motion.WriteNPY(w, motion.JointsArray(c), motion.Float32)
		case JSON:
			return motion.WriteClipJSON(w, c)
		}
		note, err := writeH3D(w, c)
		res.Notes = append(res.Notes, src.takes[i].Name+": "+note)
		return err
	}
	if err := writeAll(paths, write); err != nil {
		return Result{}, err
	}
	return res, nil
}

// writeH3D writes HumanML3D features, resampling to their 20 fps first, and says where the motion
// started, which the features (relative, like all HumanML3D motion) do not keep.
func writeH3D(w io.Writer, c *motion.Clip) (string, error) {
	if c.FPS != motion.HumanML3DFPS {
		r, err := c.Resample(motion.HumanML3DFPS)
		if err != nil {
			return "", err
		}
		c = r
	}
	start, err := motion.WriteHumanML3DNPY(w, c)
	note := fmt.Sprintf("HumanML3D features at 20 fps start at the origin facing +Z; the motion started at x %.3f, z %.3f, heading %.1f°",
		start.Root.X(), start.Root.Z(), start.Heading*180/math.Pi)
	return note, err
}

// writeAll writes every path through fill, all or nothing: each is written to a temporary file
// first, and only when every one is complete are they moved into place.
func writeAll(paths []string, fill func(i int, w io.Writer) error) error {
	files := make([]*fileio.File, 0, len(paths))
	abort := func() {
		for _, f := range files {
			f.Abort()
		}
	}
	for i, p := range paths {
		f, err := fileio.Create(p)
		if err != nil {
			abort()
			return fmt.Errorf("export: %w", err)
		}
		files = append(files, f)
		bw := bufio.NewWriter(f)
		if err = fill(i, bw); err == nil {
			err = bw.Flush()
		}
		if err != nil {
			abort()
			return fmt.Errorf("export: %s: %w", p, err)
		}
	}
	for i, f := range files {
		if err := f.Commit(); err != nil {
			for _, g := range files[i+1:] {
				g.Abort()
			}
			return fmt.Errorf("export: %w", err)
		}
	}
	return nil
}

// takeNames lists the takes' names for notes.
func takeNames(takes []anim.Take) string {
	names := make([]string, len(takes))
	for i, tk := range takes {
		names[i] = tk.Name
	}
	return strings.Join(names, ", ")
}
