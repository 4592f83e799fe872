package bench

import (
	"errors"
	"fmt"
	"io/fs"
)

// Merge reads the results of several folders of one bench (its shards, or runs of parts of it)
// and writes them, with the manifest and the reports, into out: the report is the one a single
// unsharded run gives. The folders must hold the same bench (their bench.json); out may be one of
// them, or a new folder, or one that holds the same bench. A trial found in several folders is
// taken from the first that has it without an error.
func Merge(dirs []string, out string) (*Report, error) {
	if len(dirs) == 0 {
		return nil, errors.New("bench: merge: no folders to merge: want DIR... (the shards' --out folders)")
	}
	m, err := sameManifests(dirs)
	if err != nil {
		return nil, err
	}
	if err := prepareFolder(out, m, true); err != nil {
		return nil, err
	}
	merged := map[Trial]*Result{}
	for _, dir := range dirs {
		found, _, err := ReadResults(dir, m)
		if err != nil {
			return nil, err
		}
		for _, r := range found {
			if old, ok := merged[r.Trial]; !ok || old.Error != "" && r.Error == "" {
				merged[r.Trial] = r
			}
		}
	}
	for _, r := range merged {
		if err := writeResult(out, r); err != nil {
			return nil, err
		}
	}
	return WriteReport(out)
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
