package obj

import (
	"io/fs"
	"path"
	"strconv"
	"strings"

	"interactagent/fileio"
)

// maxMTLBytes bounds a material library; they are small text files.
const maxMTLBytes = 16 << 20

// readMTLs returns the diffuse colours of the materials in the libraries an OBJ file names
// (relative to its folder), by material name; a later library's material wins.
func readMTLs(fsys fs.FS, name string, libs []string) map[string][3]float64 {
	colors := map[string][3]float64{}
	for _, lib := range libs {
		readMTL(fsys, path.Join(path.Dir(name), lib), colors)
	}
	return colors
}

// readMTL adds the diffuse colours (Kd) of the materials in the library at name to colors.
// Materials only colour objects, so a library that is missing or malformed is skipped.
func readMTL(fsys fs.FS, name string, colors map[string][3]float64) {
	if !fs.ValidPath(name) {
		return
	}
	data, err := fileio.ReadFile(fsys, name, maxMTLBytes)
	if err != nil {
		return
	}
	parseMTL(string(data), colors)
}

// parseMTL adds the Kd colour of each material (newmtl) in a library's text to colors, skipping
// colours that are not three numbers in [0, 1].
func parseMTL(text string, colors map[string][3]float64) {
	current := ""
	for _, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) >= 2 && f[0] == "newmtl":
			current = strings.Join(f[1:], " ")
		case len(f) == 4 && f[0] == "Kd" && current != "":
			if c, ok := parseKd(f[1:]); ok {
				colors[current] = c
			}
		}
	}
}

// parseKd reads the three numbers of a Kd statement as a colour, which must lie in [0, 1].
func parseKd(f []string) ([3]float64, bool) {
	var c [3]float64
	ok := true
	for k := range c {
		x, err := strconv.ParseFloat(f[k], 64)
		ok = ok && err == nil && x >= 0 && x <= 1
		c[k] = x
	}
	return c, ok
}
