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

// norm writes the zero Shard as 0/1, the form bench.json records.
func (s Shard) norm() Shard {
	if s.Count == 0 && s.Index == 0 {
		return Shard{Index: 0, Count: 1}
	}
	return s
}

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

// ShardFromEnv finds the shard a cluster's job array gives this process; shards is the --shards
// flag, the shard count (0 when not given). Kubernetes' Indexed Job sets JOB_COMPLETION_INDEX and
// needs shards. Slurm sets SLURM_ARRAY_TASK_ID, the shard's index, numbered from 0: with shards
// the count is shards, so that a retry of some of an array's indices (sbatch --array=3, whose
// SLURM_ARRAY_TASK_COUNT is 1) keeps each task's shard; without it the count is
// SLURM_ARRAY_TASK_COUNT, which only a whole array of two or more tasks numbered from 0 gives
// (SLURM_ARRAY_TASK_MIN 0, SLURM_ARRAY_TASK_MAX one less than the count): anything else may be
// part of an array and is refused. getenv is os.Getenv in use. ok is false when neither is set.
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
	if getenv("SLURM_ARRAY_TASK_ID") == "" {
		return Shard{}, false, nil
	}
	s, err = slurmShard(getenv, shards)
	return s, true, err
}

// slurmShard reads the shard of a Slurm array task (see ShardFromEnv).
func slurmShard(getenv func(string) string, shards int) (Shard, error) {
	id, count, low, high, err := slurmArray(getenv)
	if err != nil {
		return Shard{}, err
	}
	if shards > 0 {
		s := Shard{Index: id, Count: shards}
		if s.Check() != nil {
			return Shard{}, fmt.Errorf("bench: SLURM_ARRAY_TASK_ID=%d is no shard of --shards %d: want an array numbered from 0, each task's index its shard's (sbatch --array=0-%d)", id, shards, shards-1)
		}
		return s, nil
	}
	if low != 0 || count < 2 || high >= 0 && high != count-1 || id < 0 || id >= count {
		return Shard{}, fmt.Errorf("bench: Slurm array task %d of %d task(s) numbered %d to %d: that may be part of an array (a retry such as sbatch --array=%d), which does not say how many shards the bench has: want --shards N, the whole array's size (an array numbered from 0)",
			id, count, low, high, id)
	}
	return Shard{Index: id, Count: count}, nil
}

// slurmArray reads the array task's variables: its index, the array's task count, lowest and
// highest index (an unset count reads 0, an unset lowest index 0, an unset highest -1).
func slurmArray(getenv func(string) string) (id, count, low, high int, err error) {
	names := [...]string{"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_MAX"}
	v := [...]int{0, 0, 0, -1}
	for i, name := range names {
		text := getenv(name)
		if text == "" && i > 0 {
			continue
		}
		if v[i], err = strconv.Atoi(text); err != nil {
			return 0, 0, 0, 0, fmt.Errorf("bench: %s=%q: want a number", name, text)
		}
	}
	return v[0], v[1], v[2], v[3], nil
}
