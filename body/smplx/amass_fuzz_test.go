package smplx

import (
	"bytes"
	"reflect"
	"testing"
)

// FuzzReadAMASS: no input panics DecodeAMASS or makes it allocate past its caps, and whatever it
// reads, EncodeAMASS writes and DecodeAMASS reads back the same. The seeds (testdata/fuzz) are
// files numpy wrote (testdata/amass), files EncodeAMASS wrote, and broken ones.
func FuzzReadAMASS(f *testing.F) {
	f.Add(seqEncode(f, seqSample(SMPLX, 2, 1)))
	f.Fuzz(func(t *testing.T, data []byte) {
		q, err := DecodeAMASS(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := EncodeAMASS(&buf, q); err != nil {
			t.Fatalf("read %+v but cannot write it: %v", q, err)
		}
		back, err := DecodeAMASS(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
		if err != nil {
			t.Fatalf("cannot read what was written: %v", err)
		}
		if !reflect.DeepEqual(back, q) {
			t.Fatalf("read back %+v, want %+v", back, q)
		}
	})
}
