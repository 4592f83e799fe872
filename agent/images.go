package agent

import (
	"bytes"
	"image"
	"image/png"
	"sync"
	"time"

	"interactagent/mllm"
	"interactagent/motion"
)

// drawShots draws the labelled scene shots (or reads them back when resuming) and keeps them in
// the run folder as shots/NAME.png.
func (r *runner) drawShots() ([]mllm.Image, error) {
	if shots, ok := r.readShots(); ok {
		return shots, nil
	}
	shots := []mllm.Image{{Name: "top", Caption: "no picture: the renderer is off", PNG: blank()}}
	if r.env.Render != nil {
		start := time.Now()
		var err error
		shots, err = r.env.Render.Shots(r.env.Scene)
		r.trace.Costs.spent("render", time.Since(start))
		if err != nil {
			return nil, err
		}
	}
	r.trace.Costs.Renders += len(shots)
	for _, s := range shots {
		if err := r.keepImage("shots/"+s.Name+".png", s.PNG); err != nil {
			return nil, err
		}
	}
	// The index lists names and captions (not pixels), so that a resume reads the shots back in order.
	return shots, r.writeJSON("shots/index.json", shots)
}

// readShots reads the shots a run folder already holds.
func (r *runner) readShots() ([]mllm.Image, bool) {
	f := r.env.Folder
	if f == nil || !f.Resumed() {
		return nil, false
	}
	var shots []mllm.Image
	data, err := f.ReadFile("shots/index.json")
	if err != nil || jsonUnmarshal(data, &shots) != nil || len(shots) == 0 {
		return nil, false
	}
	for i := range shots {
		png, err := f.ReadFile("shots/" + shots[i].Name + ".png")
		if err != nil {
			return nil, false
		}
		shots[i].PNG = png
	}
	r.trace.Costs.Renders += len(shots)
	return shots, true
}

// ghost draws frames [from, to) of c as the image name (a path in the run folder), or reads it back
// when a resumed run drew it before.
func (r *runner) ghost(name string, c *motion.Clip, from, to int, caption string) (mllm.Image, error) {
	r.trace.Costs.Renders++
	if f := r.env.Folder; f != nil && f.Resumed() {
		if data, err := f.ReadFile(name); err == nil {
			return mllm.Image{Name: name, Caption: caption, PNG: data}, nil
		}
	}
	data := blank()
	if r.env.Render != nil {
		start := time.Now()
		var err error
		data, err = r.env.Render.Ghost(r.env.Scene, c, from, to)
		r.trace.Costs.spent("render", time.Since(start))
		if err != nil {
			return mllm.Image{}, err
		}
	}
	return mllm.Image{Name: name, Caption: caption, PNG: data}, r.keepImage(name, data)
}

// keepImage writes an image to the run folder, or keeps it in memory without one.
func (r *runner) keepImage(name string, data []byte) error {
	if r.env.Folder == nil {
		r.images[name] = data
		return nil
	}
	return r.env.Folder.WriteFile(name, data)
}

// loadImage returns an image drawn earlier in the run.
func (r *runner) loadImage(name, caption string) mllm.Image {
	data := r.images[name]
	if r.env.Folder != nil {
		data, _ = r.env.Folder.ReadFile(name)
	}
	return mllm.Image{Name: name, Caption: caption, PNG: data}
}

// blank is the stand-in picture sent when no renderer draws: an 8×8 grey PNG.
var blank = sync.OnceValue(func() []byte {
	img := image.NewGray(image.Rect(0, 0, 8, 8))
	for i := range img.Pix {
		img.Pix[i] = 0x80
	}
	var b bytes.Buffer
	png.Encode(&b, img)
	return b.Bytes()
})
