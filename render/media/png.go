package media

import (
	"bufio"
	"fmt"
	"image"
	"image/png"

	"interactagent/fileio"
)

// WritePNG encodes img as a PNG file at path, atomically: the image is written to a temporary file
// in the same folder and renamed over path only once it is complete, so path never holds a
// half-written image, even when encoding fails or the process dies.
func WritePNG(path string, img image.Image) error {
	if img == nil || img.Bounds().Empty() {
		return fmt.Errorf("media: write %s: empty image", path)
	}
	f, err := create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<16)
	enc := png.Encoder{CompressionLevel: png.DefaultCompression}
	if err := enc.Encode(bw, img); err != nil {
		f.Abort()
		return fmt.Errorf("media: write %s: %w", path, err)
	}
	if err := bw.Flush(); err != nil {
		f.Abort()
		return fmt.Errorf("media: write %s: %w", path, err)
	}
	return commit(f)
}

// create starts an atomic write of path; its errors name this package, as all of ours do.
func create(path string) (*fileio.File, error) {
	f, err := fileio.Create(path)
	if err != nil {
		return nil, fmt.Errorf("media: %w", err)
	}
	return f, nil
}

// commit moves f into place; its errors name this package.
func commit(f *fileio.File) error {
	if err := f.Commit(); err != nil {
		return fmt.Errorf("media: %w", err)
	}
	return nil
}
