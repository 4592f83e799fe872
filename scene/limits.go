package scene

// Limits bounds what a loader accepts, so that a hostile or broken file cannot exhaust memory.
type Limits struct {
	FileBytes int64 // the file and every buffer it references, together
	Triangles int   // triangles in the whole scene
}

// DefaultLimits returns the limits the loaders apply unless told otherwise: 512 MiB of files and 5
// million triangles, far above any room the project uses (about 300k triangles).
func DefaultLimits() Limits { return Limits{FileBytes: 512 << 20, Triangles: 5_000_000} }
