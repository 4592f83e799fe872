// Package bench runs task suites over modes and seeds and reports what they give: a worker pool
// over trials (task × mode × seed), each trial an agent run folder judged by eval under both rules
// of its task, every round's motion judged so that success can be read against the reflection
// round. Trials can be split into shards (every n-th trial from i) and the shards' folders merged;
// a bench killed part way resumes, skipping finished trials and resuming unfinished run folders.
//
// A bench folder holds:
//
//	bench.json           the manifest: suite, modes, seeds, agent config, backends (never a key)
//	trials/TRIAL/        each trial's agent run folder (agent.Folder)
//	results/TRIAL.json   each finished trial's Result, written atomically
//	report.md            the paper's Table 1 layout per mode, costs, counts, backends
//	results.csv          one row per trial; results.json the same with the suite's unrunnable tasks
//	*.png                plots: success by mode and complexity, success against the round,
//	                     penetration per mode, VQUs per task and mode
//
// Reports depend only on the manifest and the results, sorted by trial: never on the worker
// count, the shard split or the order trials finished in (wall times excepted). docs/bench.md
// describes the suite format, the outputs and the metrics.
package bench
