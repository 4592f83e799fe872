package task

import (
	"fmt"
	"os"
	"path"
	"strings"
	"unicode"
)

// Ref names a file, one plan of a UniHSI plan file, or one room of a TRUMANS folder: "room.glb",
// "plans.json" (every plan, or its only one), "plans.json#0003" (the plan with id 0003),
// "TRUMANS#scene_042" (the room scene_042 of the folder TRUMANS; the folder alone: its only
// room). A built-in name ("bedroom", "builtin") is a Ref whose File is that name. Suites, scene references of tasks and run folders, and the
// command line's arguments all write references this way; ParseRef is their one reader.
type Ref struct {
	File string // a path, or a built-in name
	ID   string // a plan's id within File; "" for the whole file
}

// ParseRef reads a reference by one rule. Only a .json name (any case) or an existing folder's
// name takes an id: the text after its last '#'. Any other '#' is part of a name ("tri#1.obj"),
// and so is a '#' followed by a path separator ("runs/a.json#2/plan.json" is a path through a folder named "a.json#2"). An id may not
// be empty ("plans.json#") nor hold a control character; such a reference is refused, saying so.
func ParseRef(s string) (Ref, error) {
	i := strings.LastIndexByte(s, '#')
	if i < 0 || !(strings.EqualFold(path.Ext(s[:i]), ".json") || isFolder(s[:i])) || strings.ContainsAny(s[i+1:], `/\`) {
		return Ref{File: s}, nil
	}
	r := Ref{File: s[:i], ID: s[i+1:]}
	switch {
	case r.ID == "":
		return Ref{}, fmt.Errorf("task: reference %q: no id after '#', want FILE.json#ID, FOLDER#SCENE, FILE.json or FOLDER", s)
	case strings.IndexFunc(r.ID, unicode.IsControl) >= 0:
		return Ref{}, fmt.Errorf("task: reference %q: the id %q holds a control character, want printable text", s, r.ID)
	}
	return r, nil
}

// isFolder reports whether name is an existing folder (a TRUMANS folder's rooms are its ids).
func isFolder(name string) bool {
	st, err := os.Stat(name)
	return name != "" && err == nil && st.IsDir()
}

// String writes the reference as ParseRef reads it: "plans.json#0003", or the file alone.
func (r Ref) String() string {
	if r.ID == "" {
		return r.File
	}
	return r.File + "#" + r.ID
}
