package bench

import (
	"fmt"
	"strconv"
	"strings"
)

// Shard is one part of a bench split over machines: of the trials in their fixed order, shard
// Index of Count takes every Count-th trial from Index (Index from 0). The zero Shard, like 0/1,
// takes every trial.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// String writes the shard as "i/n".
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, max(s.Count, 1)) }

// Check reports a shard no split has.
func (s Shard) Check() error {
	if s.Count == 0 && s.Index == 0 {
		return nil
	}
	if s.Count < 1 || s.Index < 0 || s.Index >= s.Count {
		return fmt.Errorf("bench: shard %d/%d: want i/n with n ≥ 1 and 0 ≤ i < n (shards count from 0)", s.Index, s.Count)
	}
	return nil
}

// Take returns the trials of the shard.
func (s Shard) Take(all []Trial) []Trial {
	n := max(s.Count, 1)
	var out []Trial
	for i := s.Index; i < len(all); i += n {
		out = append(out, all[i])
	}
	return out
}

// ParseShard reads "i/n".
func ParseShard(text string) (Shard, error) {
	a, b, ok := strings.Cut(text, "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("bench: shard %q: want i/n, such as 0/4 (shards count from 0)", text)
	}
	s := Shard{Index: i, Count: n}
	return s, s.Check()
}

// ShardFromEnv finds the shard a cluster's job array gives this process: Kubernetes' Indexed Job
// sets JOB_COMPLETION_INDEX (the count comes from shards, the --shards flag); Slurm sets
// SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT (and SLURM_ARRAY_TASK_MIN, subtracted so that
// arrays numbered from 1 work too). getenv is os.Getenv in use. ok is false when neither is set.
func ShardFromEnv(getenv func(string) string, shards int) (s Shard, ok bool, err error) {
	if v := getenv("JOB_COMPLETION_INDEX"); v != "" {
		i, err := strconv.Atoi(v)
		if err != nil {
			return Shard{}, true, fmt.Errorf("bench: JOB_COMPLETION_INDEX=%q: want a number", v)
		}
		if shards < 1 {
			return Shard{}, true, fmt.Errorf("bench: JOB_COMPLETION_INDEX is set but not the shard count: want --shards N (the Job's completions)")
		}
		s = Shard{Index: i, Count: shards}
		return s, true, s.Check()
	}
	id, count := getenv("SLURM_ARRAY_TASK_ID"), getenv("SLURM_ARRAY_TASK_COUNT")
	if id == "" {
		return Shard{}, false, nil
	}
	i, err1 := strconv.Atoi(id)
	n, err2 := strconv.Atoi(count)
	low, err3 := strconv.Atoi(defaultString(getenv("SLURM_ARRAY_TASK_MIN"), "0"))
	if err1 != nil || err2 != nil || err3 != nil {
		return Shard{}, true, fmt.Errorf("bench: SLURM_ARRAY_TASK_ID=%q, SLURM_ARRAY_TASK_COUNT=%q: want numbers", id, count)
	}
	s = Shard{Index: i - low, Count: n}
	return s, true, s.Check()
}

// defaultString returns s, or def when s is empty.
func defaultString(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
