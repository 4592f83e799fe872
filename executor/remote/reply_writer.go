package remote

import (
	"bufio"
	"encoding/json"
	"io"
	"strconv"

	"interactagent/motion"
)

// writeReply writes a clip as a Reply of joint positions, frame by frame: the reply is never held
// in memory whole, so a server's memory per request is the clip's, not its JSON text's.
func writeReply(w io.Writer, c *motion.Clip, model string) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	head, err := json.Marshal(struct {
		FPS      float64          `json:"fps"`
		Segments []motion.Segment `json:"segments,omitempty"`
		Model    string           `json:"model,omitempty"`
	}{c.FPS, c.Segments, model})
	if err != nil {
		return err
	}
	bw.Write(head[:len(head)-1]) // without the closing brace
	bw.WriteString(`,"joints":[`)
	var buf []byte
	for t, p := range c.Frames {
		buf = appendPose(buf[:0], p, t > 0)
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	bw.WriteString("]}\n")
	return bw.Flush()
}

// appendPose appends one frame as [[x,y,z],…], after a comma when comma is set.
func appendPose(b []byte, p motion.Pose, comma bool) []byte {
	if comma {
		b = append(b, ',')
	}
	b = append(b, '[')
	for j, v := range p {
		if j > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		for k := 0; k < 3; k++ {
			if k > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendFloat(b, v[k], 'g', -1, 64)
		}
		b = append(b, ']')
	}
	return append(b, ']')
}

// jsonEncode writes v as one line of JSON.
func jsonEncode(w io.Writer, v any) error { return json.NewEncoder(w).Encode(v) }
