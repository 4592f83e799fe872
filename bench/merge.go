package bench

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"slices"
)

// Merge reads the results of several folders of one bench (its shards, or runs of parts of it)
// and writes them, with the manifest and the reports, into out: the report is the one a single
// unsharded run gives. The folders must hold the same bench (their bench.json); out may be one of
// them, or a new folder (which records shard 0/1: all the trials), or one that holds the same
// bench. A trial found in several folders is taken from the first that has it without an error;
// two results of one trial without an error that differ beyond their wall times are refused (the
// trial ran twice, such as by a shard run as another), naming the trial and both folders.
func Merge(dirs []string, out string) (*Report, error) {
	if len(dirs) == 0 {
		return nil, errors.New("bench: merge: no folders to merge: want DIR... (the shards' --out folders)")
	}
	m, err := sameManifests(dirs)
	if err != nil {
		return nil, err
	}
	if _, err := prepareFolder(out, m.withShard(Shard{}), true); err != nil {
		return nil, err
	}
	merged, err := mergeResults(dirs, m)
	if err != nil {
		return nil, err
	}
	for _, r := range merged {
		if err := writeResult(out, r); err != nil {
			return nil, err
		}
	}
	return WriteReport(out)
}

// mergeResults reads every folder's results, keeping for each trial the first without an error,
// and refuses a trial whose results without an error differ.
func mergeResults(dirs []string, m *Manifest) (map[Trial]*Result, error) {
	merged := map[Trial]*Result{}
	from := map[Trial]string{}
	for _, dir := range dirs {
		found, _, err := ReadResults(dir, m)
		if err != nil {
			return nil, err
		}
		for _, r := range found {
			old, ok := merged[r.Trial]
			switch {
			case !ok || old.Error != "" && r.Error == "":
				merged[r.Trial], from[r.Trial] = r, dir
			case old.Error == "" && r.Error == "":
				if err := sameResult(old, r); err != nil {
					return nil, fmt.Errorf("bench: merge: trial %s has different results in %s%s and %s%s (%v): it ran twice; keep one (delete the other folder's results/%s.json) and merge again",
						r.Trial.Name(), from[r.Trial], folderShard(from[r.Trial]), dir, folderShard(dir), err, r.Trial.Name())
				}
			}
		}
	}
	return merged, nil
}

// sameResult reports how two results of one trial differ beyond their wall times, naming the
// first field that does; nil when they do not.
func sameResult(a, b *Result) error {
	x, err := resultFields(*a)
	if err != nil {
		return err
	}
	y, err := resultFields(*b)
	if err != nil {
		return err
	}
	names := slices.Sorted(maps.Keys(x))
	for name := range y {
		if _, ok := x[name]; !ok {
			names = append(names, name)
		}
	}
	for _, name := range names {
		if !bytes.Equal(x[name], y[name]) {
			a, b := whereDiffer(x[name], y[name])
			return fmt.Errorf("their %s differ: %s against %s", name, a, b)
		}
	}
	return nil
}

// whereDiffer quotes a and b around their first difference.
func whereDiffer(a, b []byte) (string, string) {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(i-24, 0)
	quote := func(s []byte) string {
		end := min(i+24, len(s))
		text := string(s[from:end])
		if from > 0 {
			text = "…" + text
		}
		if end < len(s) {
			text += "…"
		}
		return text
	}
	return quote(a), quote(b)
}

// resultFields returns a result's JSON fields but its wall time.
func resultFields(r Result) (map[string]json.RawMessage, error) {
	r.Seconds = 0
	data, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("bench: result of %s: %w", r.Trial.Name(), err)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return nil, fmt.Errorf("bench: result of %s: %w", r.Trial.Name(), err)
	}
	return fields, nil
}

// folderShard names the shard a folder's bench.json records, for a message: " (shard 3/8)".
func folderShard(dir string) string {
	m, err := ReadManifest(dir)
	if err != nil {
		return ""
	}
	return m.shardNote()
}

// sameManifests reads every folder's manifest and checks they are one bench's.
func sameManifests(dirs []string) (*Manifest, error) {
	var first *Manifest
	for _, dir := range dirs {
		m, err := ReadManifest(dir)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("bench: merge: %s is not a bench folder: want the --out folder of a bench or a shard", dir)
		}
		if err != nil {
			return nil, err
		}
		if first == nil {
			first = m
			continue
		}
		if err := first.Same(m); err != nil {
			return nil, fmt.Errorf("bench: merge: %s and %s ran different benches (%v): want shards of one bench, run with the same flags", dirs[0], dir, err)
		}
	}
	return first, nil
}
