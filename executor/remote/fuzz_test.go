package remote

import (
	"bytes"
	"errors"
	"testing"
)

// FuzzReply feeds arbitrary bytes to the client's reply decoder: it must never panic, and whatever
// it accepts must be a valid clip with one segment per action.
func FuzzReply(f *testing.F) {
	f.Add([]byte(`{"fps": 20, "joints": [[[0,0.9,0],[0.1,0.8,0],[-0.1,0.8,0],[0,1,0],[0.1,0.4,0],[-0.1,0.4,0],[0,1.1,0],[0.1,0.1,0],[-0.1,0.1,0],[0,1.2,0],[0.1,0,0.1],[-0.1,0,0.1],[0,1.4,0],[0.1,1.3,0],[-0.1,1.3,0],[0,1.5,0],[0.2,1.3,0],[-0.2,1.3,0],[0.2,1.0,0],[-0.2,1.0,0],[0.2,0.8,0],[-0.2,0.8,0]]], "segments": [{"action": "a", "start": 0, "end": 1}]}`))
	f.Add([]byte(`{"fps": 20, "features": [[0,0,0,0.9]]}`))
	f.Add([]byte(`{"fps": 20, "joints": [], "features": []}`))
	f.Add([]byte(`{"fps": -1}`))
	f.Add([]byte(`[1,2,3]`))
	c := &Client{endpoint: "http://fuzz"}
	f.Fuzz(func(t *testing.T, data []byte) {
		clip, err := c.decode(bytes.NewReader(data), []string{"A person walks."})
		if err != nil {
			var re *ReplyError
			if !errors.As(err, &re) {
				t.Fatalf("error %v is not a ReplyError", err)
			}
			return
		}
		if err := clip.Validate(); err != nil || len(clip.Segments) != 1 {
			t.Fatalf("accepted an invalid clip (%v) with %d segments", err, len(clip.Segments))
		}
	})
}
