package gltf

import (
	"encoding/binary"
	"strings"
	"testing"
	"testing/fstest"

	"interactagent/scene"
)

// glbBytes assembles a GLB container from a JSON chunk and an optional BIN chunk, with correct
// lengths; tests then break what they test.
func glbBytes(json string, bin []byte) []byte {
	for len(json)%4 != 0 {
		json += " "
	}
	total := glbHeader + glbChunkHead + len(json)
	if bin != nil {
		total += glbChunkHead + len(bin)
	}
	out := binary.LittleEndian.AppendUint32(nil, glbMagic)
	out = binary.LittleEndian.AppendUint32(out, 2)
	out = binary.LittleEndian.AppendUint32(out, uint32(total))
	out = binary.LittleEndian.AppendUint32(out, uint32(len(json)))
	out = binary.LittleEndian.AppendUint32(out, glbChunkJSON)
	out = append(out, json...)
	if bin != nil {
		out = binary.LittleEndian.AppendUint32(out, uint32(len(bin)))
		out = binary.LittleEndian.AppendUint32(out, glbChunkBIN)
		out = append(out, bin...)
	}
	return out
}

// TestGLBLengthsAreChecked feeds GLB files whose lengths lie: each must be refused with a message
// that names the length at fault, never loaded and never reported as a JSON problem.
func TestGLBLengthsAreChecked(t *testing.T) {
	const asset = `{"asset":{"version":"2.0"}}`
	huge := `{"asset":{"version":"2.0"},"buffers":[{"byteLength":1000000000000}]}`
	withBuffer := `{"asset":{"version":"2.0"},"buffers":[{"byteLength":64}]}`
	cases := map[string]struct {
		data []byte
		want string
	}{
		"file length field too large": {set32(glbBytes(asset, nil), 8, 1<<30), "header says the file is 1073741824 bytes"},
		"file length field too small": {set32(glbBytes(asset, nil), 8, 20), "header says the file is 20 bytes"},
		"JSON chunk longer than file": {set32(glbBytes(asset, nil), 12, 1<<20), "chunk 0 at byte 12 says it holds 1048576 bytes"},
		"BIN chunk longer than file":  {set32(glbBytes(asset, make([]byte, 8)), 48, 1<<20), "chunk 1 at byte 48 says it holds 1048576 bytes"},
		"version 1":                   {set32(glbBytes(asset, nil), 4, 1), "version 1, want 2"},
		"truncated":                   {glbBytes(asset, nil)[:16], "shorter than a header"},
		"buffer of 10^12 bytes":       {glbBytes(huge, make([]byte, 4)), "declares 1000000000000 bytes, more than the limit"},
		"buffer longer than BIN":      {glbBytes(withBuffer, make([]byte, 8)), "buffer 0 declares 64 bytes but the BIN chunk holds 8"},
		"JSON syntax error":           {glbBytes("{\"asset\":\n{\"version\":\"2.0\"}}}", nil), "trailing data after the JSON value at byte 28 (line 2)"},
		"buffer without BIN":          {glbBytes(withBuffer, nil), "buffer 0 declares 64 bytes but the BIN chunk holds 0"},
	}
	for name, c := range cases {
		s, err := load(fstest.MapFS{"a.glb": {Data: c.data}}, "a.glb", scene.DefaultLimits())
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: scene %v, err %v; want an error containing %q", name, s, err, c.want)
		}
	}
	if _, err := load(fstest.MapFS{"a.glb": {Data: glbBytes(asset, nil)}}, "a.glb", scene.DefaultLimits()); err != nil {
		t.Fatalf("a well-formed empty GLB: %v", err)
	}
}

// set32 returns data with the little-endian uint32 at offset replaced by v.
func set32(data []byte, offset int, v uint32) []byte {
	binary.LittleEndian.PutUint32(data[offset:], v)
	return data
}
