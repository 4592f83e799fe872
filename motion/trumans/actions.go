package trumans

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"interactagent/fileio"
	"interactagent/motion"
)

// Annotation is one line of an action file: frames [Start, End) of its segment (counted from the
// segment's first frame) and what the person does there.
type Annotation struct {
	Start int    `json:"start"`
	End   int    `json:"end"`
	Text  string `json:"text"`
}

// Limits on an action file.
const (
	MaxActionFileBytes = 1 << 20
	MaxAnnotations     = 10_000
)

// ParseActions reads an action file: text, a line "START END TEXT" per action (blank lines and
// lines starting with '#' skipped), or JSON, an array of {"start", "end", "text"} or an object
// {"actions": [...]} (told by its first character, '[' or '{'). Frames are integers, 0 ≤ start <
// end; the text is non-empty UTF-8 of at most motion.MaxActionBytes. name is the file's name, for
// errors, which are *motion.FormatError saying the line or entry.
func ParseActions(data []byte, name string) ([]Annotation, error) {
	if len(data) > MaxActionFileBytes {
		return nil, &motion.UnsupportedError{Path: name, Msg: fmt.Sprintf("%d bytes, want at most %d", len(data), MaxActionFileBytes)}
	}
	if t := bytes.TrimSpace(data); len(t) > 0 && (t[0] == '[' || t[0] == '{') {
		return parseJSONActions(t, name)
	}
	return parseTextActions(data, name)
}

func parseTextActions(data []byte, name string) ([]Annotation, error) {
	var out []Annotation
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		a, err := parseLine(line)
		if err == nil {
			err = a.check()
		}
		if err != nil {
			return nil, &motion.FormatError{Path: name, Pos: fmt.Sprintf("line %d", i+1), Msg: err.Error()}
		}
		if len(out) == MaxAnnotations {
			return nil, &motion.UnsupportedError{Path: name, Msg: fmt.Sprintf("more than %d actions", MaxAnnotations)}
		}
		out = append(out, a)
	}
	return out, nil
}

// parseLine reads "START END TEXT".
func parseLine(line string) (Annotation, error) {
	f := strings.Fields(line)
	if len(f) < 3 {
		return Annotation{}, fmt.Errorf("%q, want START END TEXT", clip(line))
	}
	start, err1 := strconv.Atoi(f[0])
	end, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil {
		return Annotation{}, fmt.Errorf("%q, want START END TEXT with two whole frame numbers", clip(line))
	}
	return Annotation{Start: start, End: end, Text: strings.Join(f[2:], " ")}, nil
}

func parseJSONActions(data []byte, name string) ([]Annotation, error) {
	var list []Annotation
	if data[0] == '{' {
		var doc struct {
			Actions []Annotation `json:"actions"`
		}
		if err := fileio.DecodeJSON(data, &doc, true); err != nil {
			return nil, &motion.FormatError{Path: name, Msg: fmt.Sprintf("%v; want {\"actions\": [{\"start\", \"end\", \"text\"}, …]}", err)}
		}
		list = doc.Actions
	} else if err := fileio.DecodeJSON(data, &list, true); err != nil {
		return nil, &motion.FormatError{Path: name, Msg: fmt.Sprintf("%v; want [{\"start\", \"end\", \"text\"}, …]", err)}
	}
	if len(list) > MaxAnnotations {
		return nil, &motion.UnsupportedError{Path: name, Msg: fmt.Sprintf("%d actions, want at most %d", len(list), MaxAnnotations)}
	}
	for i := range list {
		list[i].Text = strings.Join(strings.Fields(list[i].Text), " ")
		if err := list[i].check(); err != nil {
			return nil, &motion.FormatError{Path: name, Pos: fmt.Sprintf("actions[%d]", i), Msg: err.Error()}
		}
	}
	return list, nil
}

// check refuses frames out of order and an empty, over-long or non-UTF-8 text.
func (a Annotation) check() error {
	switch {
	case a.Start < 0 || a.End <= a.Start:
		return fmt.Errorf("frames %d to %d, want 0 ≤ start < end", a.Start, a.End)
	case a.Text == "" || !utf8.ValidString(a.Text):
		return fmt.Errorf("no text, want what the person does (UTF-8)")
	case len(a.Text) > motion.MaxActionBytes:
		return fmt.Errorf("a text of %d bytes, want at most %d", len(a.Text), motion.MaxActionBytes)
	}
	return nil
}

// FormatActions writes annotations as ParseActions reads them, one "START END TEXT" line each.
func FormatActions(as []Annotation) []byte {
	var b bytes.Buffer
	for _, a := range as {
		fmt.Fprintf(&b, "%d %d %s\n", a.Start, a.End, a.Text)
	}
	return b.Bytes()
}

// MarshalActions writes annotations in the JSON form ParseActions reads.
func MarshalActions(as []Annotation) ([]byte, error) {
	if as == nil {
		as = []Annotation{}
	}
	return json.Marshal(as)
}

// Action is one annotated action of the recording: frames [Start, End) of the arrays, in a take
// and its scene, and the annotation's text. File and Line say where it was annotated.
type Action struct {
	Take  string
	Scene string
	Start int
	End   int
	Text  string
	File  string // Actions/SEG.txt or .json
	Line  int    // the annotation's place in its file: a line (text) or entry (JSON), from 1
}

// Frames returns the action's length in frames.
func (a Action) Frames() int { return a.End - a.Start }

// Actions reads the Actions/ folder: SEG.txt or SEG.json for segment SEG, annotations counted from
// the segment's first frame; files of other kinds are skipped. It returns every action, in frame
// order. An action file of a segment the recording lacks, or an annotation past its segment's end,
// is an error naming the file and line.
func (r *Recording) Actions() ([]Action, error) {
	takes, err := r.Takes()
	if err != nil {
		return nil, err
	}
	byName := make(map[string]Take, len(takes))
	for _, t := range takes {
		byName[t.Name] = t
	}
	dir := filepath.Join(r.Dir, ActionsDir)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("trumans: the action annotations: %w", err)
	}
	var out []Action
	for _, e := range entries {
		ext := filepath.Ext(e.Name())
		if e.IsDir() || ext != ".txt" && ext != ".json" {
			continue
		}
		as, err := readActionFile(filepath.Join(dir, e.Name()), strings.TrimSuffix(e.Name(), ext), byName)
		if err != nil {
			return nil, err
		}
		out = append(out, as...)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	return out, nil
}

// readActionFile reads one action file of take name and places its actions in the arrays.
func readActionFile(path, name string, takes map[string]Take) ([]Action, error) {
	t, ok := takes[name]
	if !ok {
		return nil, fmt.Errorf("trumans: %s annotates segment %q, which %s does not have", path, name, SegNameFile)
	}
	data, err := fileio.ReadFile(os.DirFS(filepath.Dir(path)), filepath.Base(path), MaxActionFileBytes)
	if err != nil {
		return nil, fmt.Errorf("trumans: %w", err)
	}
	as, err := ParseActions(data, path)
	if err != nil {
		return nil, err
	}
	out := make([]Action, len(as))
	for i, a := range as {
		if a.End > t.End-t.Start {
			return nil, &motion.FormatError{Path: path, Pos: fmt.Sprintf("action %d", i+1), Msg: fmt.Sprintf("frames [%d, %d), but segment %s has %d frames: want end ≤ %d", a.Start, a.End, name, t.End-t.Start, t.End-t.Start)}
		}
		out[i] = Action{Take: name, Scene: t.Scene, Start: t.Start + a.Start, End: t.Start + a.End, Text: a.Text, File: path, Line: i + 1}
	}
	return out, nil
}

// SceneActions returns the actions captured in one scene, in frame order; a scene the recording
// does not contain is an error naming those it does.
func (r *Recording) SceneActions(scene string) ([]Action, error) {
	if _, err := r.SceneIndex(scene); err != nil {
		return nil, err
	}
	all, err := r.Actions()
	if err != nil {
		return nil, err
	}
	var out []Action
	for _, a := range all {
		if a.Scene == scene {
			out = append(out, a)
		}
	}
	return out, nil
}

// Segment returns action number action (0-based, in frame order) of those captured in scene.
func (r *Recording) Segment(scene string, action int) (Action, error) {
	as, err := r.SceneActions(scene)
	if err != nil {
		return Action{}, err
	}
	if action < 0 || action >= len(as) {
		return Action{}, fmt.Errorf("trumans: %s: scene %s has %d annotated actions, action %d is out of range: want 0 to %d", filepath.Join(r.Dir, ActionsDir), scene, len(as), action, len(as)-1)
	}
	return as[action], nil
}
