package gltf

import (
	"encoding/binary"

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
	if err := checkGLBHeader(data, name); err != nil {
		return err
	}
	chunks, err := glbChunks(data, name)
	if err != nil {
		return err
	}
	return checkGLBBuffers(chunks, name, lim)
}

// glbError returns a *scene.FormatError about the GLB container of the file name.
func glbError(name, format string, args ...any) error {
	return formatError(name, "GLB "+format, args...)
}

// checkGLBHeader checks the 12-byte header: version 2, and the length of the whole file.
func checkGLBHeader(data []byte, name string) error {
	if len(data) < glbHeader+glbChunkHead {
		return glbError(name, "file is %d bytes, shorter than a header and one chunk (20 bytes)", len(data))
	}
	if v := binary.LittleEndian.Uint32(data[4:]); v != 2 {
		return glbError(name, "version %d, want 2", v)
	}
	if n := binary.LittleEndian.Uint32(data[8:]); int64(n) != int64(len(data)) {
		return glbError(name, "header says the file is %d bytes; it is %d", n, len(data))
	}
	return nil
}

// glbChunks returns the data of the container's chunks, in order, checking each (glbChunk).
func glbChunks(data []byte, name string) ([][]byte, error) {
	var chunks [][]byte
	for i, at := 0, glbHeader; at < len(data); i++ {
		c, err := glbChunk(data, at, i, name)
		if err != nil {
			return nil, err
		}
		chunks = append(chunks, c)
		at += glbChunkHead + len(c)
	}
	return chunks, nil
}

// glbChunk returns the data of chunk i, which starts at byte at, after checking that its length
// fits in the file and that the first two are JSON and BIN, as the specification orders them.
func glbChunk(data []byte, at, i int, name string) ([]byte, error) {
	if len(data)-at < glbChunkHead {
		return nil, glbError(name, "chunk %d at byte %d: %d bytes left, want an 8-byte chunk header", i, at, len(data)-at)
	}
	n, kind := binary.LittleEndian.Uint32(data[at:]), binary.LittleEndian.Uint32(data[at+4:])
	if int64(n) > int64(len(data)-at-glbChunkHead) {
		return nil, glbError(name, "chunk %d at byte %d says it holds %d bytes; %d are left", i, at, n, len(data)-at-glbChunkHead)
	}
	if i == 0 && kind != glbChunkJSON {
		return nil, glbError(name, "first chunk has type 0x%08X, want JSON", kind)
	}
	if i == 1 && kind != glbChunkBIN {
		return nil, glbError(name, "second chunk has type 0x%08X, want BIN", kind)
	}
	return data[at+glbChunkHead : at+glbChunkHead+int(n)], nil
}

// glbBuffer is a buffer as the JSON chunk declares it, read before the decoder trusts it.
type glbBuffer struct {
	URI        string `json:"uri"`
	ByteLength int64  `json:"byteLength"`
}

// checkGLBBuffers reads the buffer lengths the JSON chunk declares and checks them before the
// decoder trusts them: none over the limits, and the first, when it has no URI, within the BIN
// chunk.
func checkGLBBuffers(chunks [][]byte, name string, lim scene.Limits) error {
	var doc struct {
		Buffers []glbBuffer `json:"buffers"`
	}
	if err := fileio.DecodeJSON(chunks[0], &doc, false); err != nil {
		return glbError(name, "JSON chunk: %v", err)
	}
	var bin int64 = -1
	if len(chunks) > 1 {
		bin = int64(len(chunks[1]))
	}
	for i, b := range doc.Buffers {
		if err := checkGLBBuffer(i, b, bin, name, lim); err != nil {
			return err
		}
	}
	return nil
}

// checkGLBBuffer checks buffer i's declared length: within the limits, and for the first buffer
// without a URI (the BIN chunk's), within the bin bytes the chunk holds (-1 for no BIN chunk).
func checkGLBBuffer(i int, b glbBuffer, bin int64, name string, lim scene.Limits) error {
	switch {
	case b.ByteLength > lim.FileBytes:
		return formatError(name, "buffer %d declares %d bytes, more than the limit of %d", i, b.ByteLength, lim.FileBytes)
	case i == 0 && b.URI == "" && b.ByteLength > bin:
		return formatError(name, "buffer 0 declares %d bytes but the BIN chunk holds %d", b.ByteLength, max(bin, 0))
	}
	return nil
}

// checkBuffers refuses buffers that declare more bytes than they hold, or more than the limits
// allow: accessors are checked against the bytes there are, never against a declared length.
func checkBuffers(doc *gltf.Document, name string, lim scene.Limits) error {
	for i, b := range doc.Buffers {
		switch {
		case b == nil:
		case int64(b.ByteLength) > lim.FileBytes:
			return formatError(name, "buffer %d declares %d bytes, more than the limit of %d", i, b.ByteLength, lim.FileBytes)
		case len(b.Data) < b.ByteLength:
			return formatError(name, "buffer %d declares %d bytes but holds %d", i, b.ByteLength, len(b.Data))
		}
	}
	return nil
}
