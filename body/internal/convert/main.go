// Command convert turns MakeHuman's CC0 base mesh, the MPFB2 CMU-MB rig and its weights into the
// body asset the binary embeds. Run from the repository root:
//
//	go run ./body/internal/convert [-src ../shared/testdata/body/makehuman] [-out assets/body]
//
// It writes OUT/makehuman.iabody (the format of package body) and OUT/LICENSE.md (the source's CC0
// text), each replaced atomically; the same source files give the same bytes. docs/body.md says
// what it keeps and why.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"interactagent/body"
	"interactagent/fileio"
)

// assetName is the converted file's name in the output folder.
const assetName = "makehuman.iabody"

func main() {
	src := flag.String("src", "../shared/testdata/body/makehuman", "folder of the MakeHuman source files")
	out := flag.String("out", "assets/body", "folder to write the asset and its licence into")
	flag.Parse()
	if err := run(*src, *out, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// run converts the files in src and writes the asset and the licence into out.
func run(src, out string, log io.Writer) error {
	fsys := os.DirFS(src)
	asset, m, err := convertAsset(fsys)
	if err != nil {
		return err
	}
	licence, err := fileio.ReadFile(fsys, licenceFile, 1<<20)
	if err != nil {
		return fmt.Errorf("convert: %w", err)
	}
	if err := writeFile(filepath.Join(out, assetName), asset); err != nil {
		return err
	}
	if err := writeFile(filepath.Join(out, licenceFile), licence); err != nil {
		return err
	}
	fmt.Fprintf(log, "convert: %s: %d vertices, %d triangles, %d bytes\n", filepath.Join(out, assetName), len(m.Rest), len(m.Faces), len(asset))
	return nil
}

// convertAsset converts the files in fsys into the asset's bytes.
func convertAsset(fsys fs.FS) ([]byte, *body.Model, error) {
	m, err := Convert(fsys)
	if err != nil {
		return nil, nil, err
	}
	var buf bytes.Buffer
	if err := body.Encode(&buf, m); err != nil {
		return nil, nil, err
	}
	return buf.Bytes(), m, nil
}

// writeFile replaces path with data atomically.
func writeFile(path string, data []byte) error {
	return fileio.WriteAtomic(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}
