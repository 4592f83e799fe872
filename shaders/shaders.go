// Package shaders holds the GLSL sources of the renderer, one file per stage, embedded in the
// binary. Most stages come in named pairs, NAME.vert and NAME.frag; a vertex stage may also be
// shaded by another program's fragment stage (skin.vert by body.frag), read with Stage.
package shaders

import (
	"embed"
	"fmt"
	"sort"
	"strings"
)

//go:embed *.vert *.frag
var files embed.FS

// Pair returns the vertex and fragment sources of the program called name (NAME.vert and
// NAME.frag).
func Pair(name string) (vert, frag string, err error) {
	v, err := files.ReadFile(name + ".vert")
	if err != nil {
		return "", "", fmt.Errorf("shaders: no vertex stage %s.vert", name)
	}
	f, err := files.ReadFile(name + ".frag")
	if err != nil {
		return "", "", fmt.Errorf("shaders: no fragment stage %s.frag", name)
	}
	return string(v), string(f), nil
}

// Stage returns the source of one stage by its file name, such as "skin.vert".
func Stage(file string) (string, error) {
	b, err := files.ReadFile(file)
	if err != nil {
		return "", fmt.Errorf("shaders: no stage %s", file)
	}
	return string(b), nil
}

// Names returns the names of the programs that have both stages, sorted.
func Names() []string {
	entries, _ := files.ReadDir(".")
	stages := map[string]int{}
	for _, e := range entries {
		if base, ok := strings.CutSuffix(e.Name(), ".vert"); ok {
			stages[base]++
		}
		if base, ok := strings.CutSuffix(e.Name(), ".frag"); ok {
			stages[base]++
		}
	}
	var out []string
	for n, c := range stages {
		if c == 2 {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}
