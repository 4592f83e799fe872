package gltf

import (
	"encoding/binary"
	"fmt"

	"github.com/qmuntal/gltf"

	"interactagent/fileio"
	"interactagent/scene"
)

// GLB container constants (glTF 2.0 specification, "Binary glTF Layout").
const (
	glbMagic     = 0x46546C67 // "glTF"
	glbChunkJSON = 0x4E4F534A // "JSON"
	glbChunkBIN  = 0x004E4942 // "BIN\0"
	glbHeader    = 12
	glbChunkHead = 8
)

// isGLB reports whether data starts with the GLB magic.
func isGLB(data []byte) bool {
	return len(data) >= 4 && binary.LittleEndian.Uint32(data) == glbMagic
}

// checkGLB checks a GLB container's header and chunk lengths against the bytes there are, so that
// a wrong length is reported as what it is (and not as a JSON problem of the decoder's), and so
// that no length is trusted before it is checked.
func checkGLB(data []byte, name string, lim scene.Limits) error {
	fail := func(format string, args ...any) error {
		return &scene.FormatError{Format: "gltf", Path: name, Msg: "GLB " + fmt.Sprintf(format, args...)}
	}
	if len(data) < glbHeader+glbChunkHead {
		return fail("file is %d bytes, shorter than a header and one chunk (20 bytes)", len(data))
	}
	if v := binary.LittleEndian.Uint32(data[4:]); v != 2 {
		return fail("version %d, want 2", v)
	}
	if n := binary.LittleEndian.Uint32(data[8:]); int64(n) != int64(len(data)) {
		return fail("header says the file is %d bytes; it is %d", n, len(data))
	}
	var chunks [][]byte
	at := glbHeader
	for i := 0; at < len(data); i++ {
		if len(data)-at < glbChunkHead {
			return fail("chunk %d at byte %d: %d bytes left, want an 8-byte chunk header", i, at, len(data)-at)
		}
		n, kind := binary.LittleEndian.Uint32(data[at:]), binary.LittleEndian.Uint32(data[at+4:])
		if int64(n) > int64(len(data)-at-glbChunkHead) {
			return fail("chunk %d at byte %d says it holds %d bytes; %d are left", i, at, n, len(data)-at-glbChunkHead)
		}
		if i == 0 && kind != glbChunkJSON {
			return fail("first chunk has type 0x%08X, want JSON", kind)
		}
		if i == 1 && kind != glbChunkBIN {
			return fail("second chunk has type 0x%08X, want BIN", kind)
		}
		chunks = append(chunks, data[at+glbChunkHead:at+glbChunkHead+int(n)])
		at += glbChunkHead + int(n)
	}
	return checkGLBBuffers(chunks, name, lim)
}

// checkGLBBuffers reads the buffer lengths the JSON chunk declares and checks them before the
// decoder trusts them: none over the limits, and the first, when it has no URI, within the BIN
// chunk.
func checkGLBBuffers(chunks [][]byte, name string, lim scene.Limits) error {
	var doc struct {
		Buffers []struct {
			URI        string `json:"uri"`
			ByteLength int64  `json:"byteLength"`
		} `json:"buffers"`
	}
	if err := fileio.DecodeJSON(chunks[0], &doc, false); err != nil {
		return &scene.FormatError{Format: "gltf", Path: name, Msg: "GLB JSON chunk: " + err.Error()}
	}
	var bin int64 = -1
	if len(chunks) > 1 {
		bin = int64(len(chunks[1]))
	}
	for i, b := range doc.Buffers {
		switch {
		case b.ByteLength > lim.FileBytes:
			return &scene.FormatError{Format: "gltf", Path: name, Msg: fmt.Sprintf(
				"buffer %d declares %d bytes, more than the limit of %d", i, b.ByteLength, lim.FileBytes)}
		case i == 0 && b.URI == "" && b.ByteLength > bin:
			return &scene.FormatError{Format: "gltf", Path: name, Msg: fmt.Sprintf(
				"buffer 0 declares %d bytes but the BIN chunk holds %d", b.ByteLength, max(bin, 0))}
		}
	}
	return nil
}

// checkBuffers refuses buffers that declare more bytes than they hold, or more than the limits
// allow: accessors are checked against the bytes there are, never against a declared length.
func checkBuffers(doc *gltf.Document, name string, lim scene.Limits) error {
	for i, b := range doc.Buffers {
		if b == nil {
			continue
		}
		if int64(b.ByteLength) > lim.FileBytes {
			return &scene.FormatError{Format: "gltf", Path: name, Msg: fmt.Sprintf(
				"buffer %d declares %d bytes, more than the limit of %d", i, b.ByteLength, lim.FileBytes)}
		}
		if len(b.Data) < b.ByteLength {
			return &scene.FormatError{Format: "gltf", Path: name, Msg: fmt.Sprintf(
				"buffer %d declares %d bytes but holds %d", i, b.ByteLength, len(b.Data))}
		}
	}
	return nil
}
