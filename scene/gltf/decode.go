package gltf

import (
	"bytes"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"strings"

	"github.com/qmuntal/gltf"

	"interactagent/fileio"
	"interactagent/scene"
)

// Decoding a glTF or GLB file into qmuntal/gltf's document, refusing what this package will not
// read (see Load) before the document is trusted.

// decode decodes the document in data, reading its buffers from name's folder in fsys.
func decode(fsys fs.FS, name string, data []byte, lim scene.Limits) (*gltf.Document, error) {
	sub, err := folder(fsys, name)
	if err != nil {
		return nil, err
	}
	if isGLB(data) {
		if err := checkGLB(data, name, lim); err != nil {
			return nil, err
		}
	}
	bfs := &bufferFS{fsys: sub, budget: lim.FileBytes - int64(len(data))}
	doc := new(gltf.Document)
	err = gltf.NewDecoderFS(bytes.NewReader(data), bfs).Decode(doc)
	if err := checkDecoded(doc, name, bfs.err, err); err != nil {
		return nil, err
	}
	if err := checkBuffers(doc, name, lim); err != nil {
		return nil, err
	}
	return doc, nil
}

// folder returns the folder of fsys that holds name, where its buffers are read from.
func folder(fsys fs.FS, name string) (fs.FS, error) {
	dir := path.Dir(name)
	if dir == "." {
		return fsys, nil
	}
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("scene: gltf %s: %w", name, err)
	}
	return sub, nil
}

// checkDecoded says why a document cannot be read, in this package's words where it can: an
// extension it cannot honour, a buffer outside the folder, a buffer that could not be read
// (bufErr), else the decoder's error (decodeErr). The JSON part is decoded before the buffers, so
// these checks see the document even when reading a buffer failed.
func checkDecoded(doc *gltf.Document, name string, bufErr, decodeErr error) error {
	if err := checkExtensions(doc, name); err != nil {
		return err
	}
	if err := checkURIs(doc, name); err != nil {
		return err
	}
	if bufErr != nil {
		return fmt.Errorf("scene: gltf %s: buffer: %w", name, bufErr)
	}
	if decodeErr != nil {
		return formatError(name, "%v", decodeErr)
	}
	return nil
}

// formatError returns a *scene.FormatError about the glTF file name.
func formatError(name, format string, args ...any) error {
	return &scene.FormatError{Format: "gltf", Path: name, Msg: fmt.Sprintf(format, args...)}
}

// ignorableExtensions may be required by a file without changing its geometry.
var ignorableExtensions = map[string]bool{
	"KHR_texture_transform": true, "KHR_lights_punctual": true, "KHR_mesh_quantization": true,
	"KHR_texture_webp": true, "EXT_texture_webp": true, "EXT_texture_avif": true,
	"KHR_materials_unlit": true, "KHR_materials_variants": true, "KHR_materials_sheen": true,
	"KHR_materials_specular": true, "KHR_materials_clearcoat": true, "KHR_materials_transmission": true,
	"KHR_materials_volume": true, "KHR_materials_ior": true, "KHR_materials_emissive_strength": true,
	"KHR_materials_iridescence": true, "KHR_materials_anisotropy": true, "KHR_materials_dispersion": true,
	"KHR_materials_pbrSpecularGlossiness": true,
}

// unsupportedExtensions are extensions a reader must understand to see the geometry, with why.
var unsupportedExtensions = map[string]string{
	"KHR_draco_mesh_compression": "Draco-compressed meshes (KHR_draco_mesh_compression); re-export without compression",
	"EXT_meshopt_compression":    "meshopt-compressed buffers (EXT_meshopt_compression); re-export without compression",
	"KHR_meshopt_compression":    "meshopt-compressed buffers (KHR_meshopt_compression); re-export without compression",
	"KHR_texture_basisu":         "KTX2/Basis Universal textures (KHR_texture_basisu)",
}

// checkExtensions refuses a document that requires an extension this package cannot honour.
func checkExtensions(doc *gltf.Document, name string) error {
	for _, e := range doc.ExtensionsRequired {
		if why, ok := unsupportedExtensions[e]; ok {
			return &scene.UnsupportedError{Format: "gltf", Path: name, Feature: why}
		}
		if !ignorableExtensions[e] {
			return &scene.UnsupportedError{Format: "gltf", Path: name, Feature: "required extension " + e}
		}
	}
	return nil
}

// checkURIs refuses buffers outside the file's folder: URLs with a scheme (other than
// embedded data), absolute paths and paths through "..".
func checkURIs(doc *gltf.Document, name string) error {
	for i, b := range doc.Buffers {
		if b == nil || b.URI == "" || b.IsEmbeddedResource() {
			continue
		}
		if !inFolder(b.URI) {
			return formatError(name, "buffer %d URI %q is outside the file's folder; only files beside it (or below) are read", i, b.URI)
		}
	}
	return nil
}

// inFolder reports whether a buffer URI names a file in the glTF file's folder or below it: no
// scheme, not absolute, no "..".
func inFolder(uri string) bool {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "" {
		return false
	}
	p := strings.TrimPrefix(strings.ReplaceAll(u.Path, `\`, "/"), "./")
	return fs.ValidPath(p)
}

// bufferFS serves a glTF's external buffers from its folder, within a byte budget shared by all
// of them; the first failure is kept so that the loader reports it rather than the decoder's
// rewording.
type bufferFS struct {
	fsys   fs.FS
	budget int64
	err    error
}

// Open opens a file of the folder; the decoder reads through ReadFile.
func (b *bufferFS) Open(name string) (fs.File, error) { return b.fsys.Open(name) }

// ReadFile reads a whole buffer file, refusing it when it passes the remaining budget.
func (b *bufferFS) ReadFile(name string) ([]byte, error) {
	data, err := fileio.ReadFile(b.fsys, name, b.budget)
	if err != nil {
		if b.err == nil {
			b.err = err
		}
		return nil, err
	}
	b.budget -= int64(len(data))
	return data, nil
}
