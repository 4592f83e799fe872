package scene

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// FormatError reports a file that is not a well-formed instance of its format: what was wrong and
// where (Line is 1-based; 0 when the format has no lines).
type FormatError struct {
	Format string // "gltf", "obj", "unihsi"
	Path   string
	Line   int
	Msg    string
}

func (e *FormatError) Error() string {
	where := e.Path
	if e.Line > 0 {
		where = fmt.Sprintf("%s:%d", e.Path, e.Line)
	}
	if where == "" {
		return fmt.Sprintf("scene: %s: %s", e.Format, e.Msg)
	}
	return fmt.Sprintf("scene: %s %s: %s", e.Format, where, e.Msg)
}

// UnsupportedError reports a well-formed file that needs a feature this package does not read,
// such as a Draco-compressed glTF.
type UnsupportedError struct {
	Format  string
	Path    string
	Feature string
}

func (e *UnsupportedError) Error() string {
	return fmt.Sprintf("scene: %s %s: unsupported: %s", e.Format, e.Path, e.Feature)
}

// Limits bounds what a loader accepts, so that a hostile or broken file cannot exhaust memory.
type Limits struct {
	FileBytes int64 // the file and every buffer it references, together
	Triangles int   // triangles in the whole scene
}

// DefaultLimits are the limits Load and the other loaders apply: 512 MiB of files and 5 million
// triangles, far above any room the project uses (about 300k triangles).
var DefaultLimits = Limits{FileBytes: 512 << 20, Triangles: 5_000_000}

// Load reads a scene file by its extension: .gltf/.glb (glTF 2.0), .obj (Wavefront) or .json, which
// is either a scene layout (docs/scene-layout.md; it has a "room") or a file of UniHSI scene
// plans. A plan file holds many plans: name one with a "#ID" suffix
// ("partnet_train_hard.json#0003"); without it the file must hold exactly one plan.
func Load(p string) (*Scene, error) {
	file, frag := loaderSplitFragment(p)
	dir, base := filepath.Split(file)
	if dir == "" {
		dir = "."
	}
	name := base
	if frag != "" {
		name += "#" + frag
	}
	return LoadFS(os.DirFS(dir), name)
}

// LoadFS is Load for a file inside fsys. name follows io/fs rules: a slash-separated path with no
// "..", so a file can never reach outside fsys, nor can the files it references.
func LoadFS(fsys fs.FS, name string) (*Scene, error) {
	file, frag := loaderSplitFragment(name)
	if !fs.ValidPath(file) || file == "." {
		return nil, fmt.Errorf("scene: load %q: not a valid path inside the folder (no .., no leading /)", name)
	}
	switch ext := strings.ToLower(path.Ext(file)); ext {
	case ".gltf", ".glb":
		return loadGLTF(fsys, file, DefaultLimits)
	case ".obj":
		return loadOBJ(fsys, file, DefaultLimits)
	case ".json":
		return loadJSONScene(fsys, file, frag)
	default:
		return nil, fmt.Errorf("scene: load %s: unknown extension %q, want .gltf, .glb, .obj or .json", file, ext)
	}
}

// loaderSplitFragment splits "file.json#id" into the file and the id; only .json names take an id, so
// other files may have '#' in their names.
func loaderSplitFragment(name string) (file, frag string) {
	i := strings.LastIndexByte(name, '#')
	if i < 0 || !strings.EqualFold(path.Ext(name[:i]), ".json") || strings.ContainsAny(name[i+1:], `/\`) {
		return name, ""
	}
	return name[:i], name[i+1:]
}

// loadJSONScene loads a layout, or one plan of a UniHSI plan file, as a scene.
func loadJSONScene(fsys fs.FS, name, id string) (*Scene, error) {
	data, err := loaderReadFile(fsys, name, DefaultLimits.FileBytes)
	if err != nil {
		return nil, fmt.Errorf("scene: load: %w", err)
	}
	var top map[string]json.RawMessage
	if json.Unmarshal(data, &top) == nil && top["room"] != nil {
		if id != "" {
			return nil, fmt.Errorf("scene: load %s: a layout file has no plans to choose with #%s", name, id)
		}
		l, err := ParseLayout(data)
		if err != nil {
			return nil, fmt.Errorf("%w (in %s)", err, name)
		}
		return l.Build()
	}
	plans, err := LoadUniHSI(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%w (in %s)", err, name)
	}
	if id == "" {
		if len(plans) != 1 {
			return nil, fmt.Errorf("scene: load %s: the file holds %d plans; name one as %s#ID (first: %s)",
				name, len(plans), name, plans[0].ID)
		}
		return plans[0].Scene()
	}
	for _, p := range plans {
		if p.ID == id {
			return p.Scene()
		}
	}
	return nil, fmt.Errorf("scene: load %s: no plan %q among its %d plans", name, id, len(plans))
}

// loaderReadFile reads a whole file, refusing one larger than max bytes before reading it. Its
// errors name the file but not the package: callers say what they were loading.
func loaderReadFile(fsys fs.FS, name string, max int64) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Size() > max {
		return nil, fmt.Errorf("%s is %d bytes, more than the limit of %d: %w", name, st.Size(), max, ErrTooLarge)
	}
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%s is more than the limit of %d bytes: %w", name, max, ErrTooLarge)
	}
	return data, nil
}

// loaderSceneName returns a file's base name without its extension, the default name of a scene.
func loaderSceneName(name string) string {
	base := path.Base(name)
	return strings.TrimSuffix(base, path.Ext(base))
}

// loaderUniqueName returns id, or id with the smallest suffix "_N" (N ≥ 2) not yet in used, and records it.
func loaderUniqueName(used map[string]bool, id string) string {
	out := id
	for n := 2; used[out]; n++ {
		out = fmt.Sprintf("%s_%d", id, n)
	}
	used[out] = true
	return out
}

// ErrTooLarge is wrapped by the loaders' errors when a file passes its Limits.
var ErrTooLarge = errors.New("over the size limit")

// loaderCategoryWords maps words found in object names to categories, most specific first.
var loaderCategoryWords = []struct{ word, category string }{
	{"armchair", "armchair"}, {"office_chair", "office_chair"}, {"chair", "chair"}, {"stool", "chair"},
	{"sofa", "sofa"}, {"couch", "sofa"}, {"nightstand", "nightstand"}, {"bed", "bed"},
	{"coffee_table", "coffee_table"}, {"table", "table"}, {"desk", "desk"}, {"bookshelf", "bookshelf"},
	{"shelf", "bookshelf"}, {"wardrobe", "wardrobe"}, {"cabinet", "cabinet"}, {"lamp", "lamp"},
	{"plant", "plant"}, {"toilet", "toilet"}, {"door", "door"}, {"wall", "wall"},
}

// loaderGuessCategory names an object's category from words in its name ("SheenChair_fabric" → "chair");
// "object" when no word matches.
func loaderGuessCategory(name string) string {
	n := strings.ToLower(strings.ReplaceAll(name, " ", "_"))
	for _, w := range loaderCategoryWords {
		if strings.Contains(n, w.word) {
			return w.category
		}
	}
	return "object"
}

// loaderPartWords maps words found in part names to part kinds, most specific first.
var loaderPartWords = []struct {
	word string
	kind PartKind
}{
	{"seat", PartSeat}, {"armrest", PartArmrest}, {"arm_", PartArmrest}, {"back", PartBack},
	{"mattress", PartMattress}, {"blanket", PartMattress}, {"pillow", PartPillow},
	{"tabletop", PartTabletop}, {"table_top", PartTabletop}, {"leg", PartLeg}, {"frame", PartFrame},
	{"door", PartDoor}, {"wall", PartWall},
}

// loaderGuessPartKind names a part's kind from words in its name ("seat_soft_surface15" → seat);
// PartBody when no word matches.
func loaderGuessPartKind(name string) PartKind {
	n := strings.ToLower(strings.ReplaceAll(name, " ", "_"))
	for _, w := range loaderPartWords {
		if strings.Contains(n, w.word) {
			return w.kind
		}
	}
	return PartBody
}
