package export

import (
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"

	"github.com/qmuntal/gltf"

	"interactagent/motion"
	"interactagent/motion/anim"
	gltfscene "interactagent/scene/gltf"
)

// gltfFile writes every take as an animation of one skinned body (Request.Body), in the scene when
// asked.
func gltfFile(req Request, src *source, binary bool) (Result, error) {
	model, err := bodyModel(req.Body)
	if err != nil {
		return Result{}, err
	}
	doc, err := gltfDocument(req, src)
	if err != nil {
		return Result{}, err
	}
	if err := anim.AddBody(doc, src.takes, model); err != nil {
		return Result{}, fmt.Errorf("export: %w", err)
	}
	err = writeAll([]string{req.Out}, func(_ int, w io.Writer) error { return anim.Encode(w, doc, binary) })
	if err != nil {
		return Result{}, err
	}
	notes := []string{fmt.Sprintf("%d animation(s): %s", len(src.takes), takeNames(src.takes)), bodyNote(model)}
	return Result{Files: []string{req.Out}, Notes: notes}, nil
}

// gltfDocument starts the glTF document the body is added to: the scene's (WithScene), or an
// empty one.
func gltfDocument(req Request, src *source) (*gltf.Document, error) {
	if !req.WithScene {
		doc := gltf.NewDocument()
		doc.Asset.Generator = "interactagent"
		return doc, nil
	}
	sc, err := src.scene("--with-scene")
	if err != nil {
		return nil, err
	}
	doc, err := gltfscene.Document(sc)
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	return doc, nil
}

// motionFiles writes one file per take in a per-round format (takePaths).
func motionFiles(req Request, fi FormatInfo, src *source) (Result, error) {
	res := Result{Files: takePaths(req.Out, src.takes)}
	err := writeAll(res.Files, func(i int, w io.Writer) error {
		note, err := writeTake(w, fi.Format, src.takes[i])
		if note != "" {
			res.Notes = append(res.Notes, src.takes[i].Name+": "+note)
		}
		return err
	})
	if err != nil {
		return Result{}, err
	}
	return res, nil
}

// takePaths names the files of a per-round format: the output itself for one take,
// NAME-round-N.EXT beside it for several.
func takePaths(out string, takes []anim.Take) []string {
	if len(takes) <= 1 {
		return []string{out}
	}
	var paths []string
	base, ext := strings.TrimSuffix(out, filepath.Ext(out)), filepath.Ext(out)
	for _, tk := range takes {
		paths = append(paths, base+"-"+strings.ReplaceAll(tk.Name, " ", "-")+ext)
	}
	return paths
}

// writeTake writes one take in a per-round format, with a note for a person where the format
// loses something (H3D).
func writeTake(w io.Writer, f Format, tk anim.Take) (note string, err error) {
	switch f {
	case BVH:
		return "", anim.WriteBVH(w, tk.Clip)
	case NPY:
		return "", motion.WriteNPY(w, motion.JointsArray(tk.Clip), motion.Float32)
	case JSON:
		return "", motion.WriteClipJSON(w, tk.Clip)
	}
	return writeH3D(w, tk.Clip)
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

// takeNames lists the takes' names for notes.
func takeNames(takes []anim.Take) string {
	names := make([]string, len(takes))
	for i, tk := range takes {
		names[i] = tk.Name
	}
	return strings.Join(names, ", ")
}
