#!/usr/bin/env bash
# The Slurm recipe of docs/bench-cluster.md end to end, on a one-node cluster on the loopback:
# starts munged, slurmctld and slurmd (as root, every file under WORK), submits scripts/bench.sbatch
# as the doc does, as an array of 3 tasks (BENCH_SHARDS=3) with an afterok merge, makes tasks 1 and 2 fail, cancels the merge that
# can no longer run, retries index 1 with `scontrol requeue` and index 2 with `sbatch --array=2`,
# and merges again after them: WORK/bench/merged is the merged bench.
# usage: slurm-e2e.sh BIN_DIR SUITE WORK [SLURMCTLD_PORT SLURMD_PORT]
#   BIN_DIR holds the interactagent binary; SUITE is a suite file (--suite).
# Every wait is bounded; on exit (or SIGTERM) the daemons are stopped, and on failure their logs
# and the jobs' are printed. (cmd/interactagent TestSlurmArray runs it and compares the merge
# with a single-machine bench.)
set -euo pipefail
bin=$(cd "$1" && pwd) suite=$2 work=$3 ctld_port=${4:-16817} d_port=${5:-16818}
repo=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$work"
work=$(cd "$work" && pwd)
host=$(hostname -s)
mkdir -p "$work/munge" "$work/ctld" "$work/slurmd"
chmod 755 "$work/munge"

cat >"$work/slurm.conf" <<EOF
ClusterName=iae2e
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$d_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
# A requeued job waits cred_expire seconds (120 by default), then the scheduler's next pass.
AuthInfo=socket=$work/munge/munge.socket,cred_expire=5
CredType=cred/munge
StateSaveLocation=$work/ctld
SlurmdSpoolDir=$work/slurmd
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
SchedulerParameters=sched_interval=1
MpiDefault=none
SwitchType=switch/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
ReturnToService=2
MailProg=/bin/true
# The node has what the batch script asks (4 CPUs and 8G a task), whatever this machine has.
SlurmdParameters=config_overrides
NodeName=$host NodeAddr=127.0.0.1 CPUs=12 RealMemory=16384 State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$work/slurm.conf

# wait_for SECONDS WHAT COMMAND...: runs COMMAND every half second until it succeeds.
wait_for() {
  local end=$((SECONDS + $1)) what=$2
  shift 2
  until "$@"; do
    if [ "$SECONDS" -ge "$end" ]; then
      echo "slurm-e2e: gave up waiting for $what" >&2
      return 1
    fi
    sleep 0.5
  done
}

pids=() # munged, slurmctld, slurmd: stopped in the reverse order
stop() {
  rc=$?
  trap - EXIT TERM INT
  if [ ${#pids[@]} -ge 2 ]; then # slurmctld runs: end the jobs first, so that no step is left behind
    scancel --user="$(id -un)" 2>/dev/null || true
    wait_for 20 "the jobs to end" sh -c '[ -z "$(squeue -h 2>/dev/null)" ]' || true
  fi
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
    kill "${pids[i]}" 2>/dev/null || continue
    for _ in $(seq 20); do kill -0 "${pids[i]}" 2>/dev/null || break; sleep 0.5; done
    kill -9 "${pids[i]}" 2>/dev/null || true
    wait "${pids[i]}" 2>/dev/null || true
  done
  echo "==> [${SECONDS}s] daemons stopped"
  if [ "$rc" -ne 0 ]; then
    for f in "$work"/munged.log "$work"/slurmctld.log "$work"/slurmd.log "$work"/logs/*; do
      [ -f "$f" ] && { echo "==> $f"; tail -n 40 "$f"; }
    done
  fi
  exit "$rc"
}
trap stop EXIT
trap 'exit 143' TERM INT

echo "==> [${SECONDS}s] munged, slurmctld and slurmd on $host (127.0.0.1:$ctld_port, :$d_port)"
mungekey --create --keyfile="$work/munge/munge.key"
munged --foreground --force --key-file="$work/munge/munge.key" --socket="$work/munge/munge.socket" \
  --pid-file="$work/munge/munged.pid" --log-file="$work/munged.log" --seed-file="$work/munge/seed" >"$work/munged.out" 2>&1 &
pids+=($!)
wait_for 10 "munged" test -S "$work/munge/munge.socket"
slurmctld -D -i -f "$SLURM_CONF" >"$work/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" >"$work/slurmd.out" 2>&1 &
pids+=($!)
wait_for 30 "the node to be idle" sh -c 'sinfo -h -o %t 2>/dev/null | grep -qx idle'

# state JOB: the job's (or array task's) state, such as COMPLETED or FAILED.
state() { scontrol -o show job "$1" | grep -o 'JobState=[A-Z_]*' | cut -d= -f2; }
# gone JOB...: none of the jobs is pending or running any more.
gone() { [ -z "$(squeue -h -j "$(IFS=,; echo "$*")" 2>/dev/null)" ]; }

cd "$work"
cp "$repo/scripts/bench.sbatch" bench.sbatch
export PATH=$bin:$PATH BENCH_OUT=$work/bench BENCH_SHARDS=3
flags="--suite $suite --modes naive,online --seeds 1"

echo "==> [${SECONDS}s] the array (tasks 1 and 2 fail: their folders cannot be made) and an afterok merge"
mkdir -p logs
mkdir -p "$BENCH_OUT"
touch "$BENCH_OUT/shard-1" "$BENCH_OUT/shard-2"
jid=$(sbatch --parsable --array=0-2 bench.sbatch $flags)
merge='interactagent bench merge "$BENCH_OUT"/shard-* --out "$BENCH_OUT/merged"'
mid=$(sbatch --parsable --dependency=afterok:$jid --output=logs/ia-merge-%j.out --wrap "$merge")
wait_for 60 "the array $jid" gone "$jid"
for i in 0 1 2; do echo "task ${jid}_$i: $(state "${jid}_$i")"; done
[ "$(state "${jid}_0")" = COMPLETED ] && [ "$(state "${jid}_1")" = FAILED ] && [ "$(state "${jid}_2")" = FAILED ]
wait_for 30 "the merge $mid to wait for ever" sh -c "squeue -h -j $mid -o %r | grep -qx DependencyNeverSatisfied"
echo "merge $mid: pending (DependencyNeverSatisfied)"

echo "==> [${SECONDS}s] retry: cancel the merge, requeue task 1, resubmit index 2, merge after both"
rm "$BENCH_OUT/shard-1" "$BENCH_OUT/shard-2"
scancel $mid
scontrol requeue ${jid}_1
rid=$(sbatch --parsable --array=2 bench.sbatch $flags)
mid=$(sbatch --parsable --dependency=afterok:${jid}_1:$rid --output=logs/ia-merge-%j.out --wrap "$merge")
wait_for 90 "the retries and the merge" gone "${jid}_1" "$rid" "$mid"
echo "task ${jid}_1: $(state "${jid}_1"); task ${rid}_2: $(state "$rid"); merge $mid: $(state "$mid")"
[ "$(state "${jid}_1")" = COMPLETED ] && [ "$(state "$rid")" = COMPLETED ] && [ "$(state "$mid")" = COMPLETED ]
cat "logs/ia-merge-$mid.out"
