#!/usr/bin/env bash
# grade-array.sbatch under the real scheduler: a one-node Slurm cluster (scripts/slurm/local-cluster) grades a class
# as an array of 3 shards plus a merge job (--dependency=afterok); the merged database equals one unsharded run,
# row for row. Then a shard killed with scancel mid-way is resubmitted alone and resumes: the results it had kept are
# not graded again. Exits 77 (ctest: skipped) with the reason where the cluster cannot start on this machine; with
# PLYJUDGE_REQUIRE_SLURM=1 that is a failure instead.
#   slurm_cluster_test.sh PLYJUDGE SOURCE_DIR
set -euo pipefail
plyjudge=$1 source=$2
cluster=$source/scripts/slurm/local-cluster
fail() {
  echo "FAIL: $*" >&2
  [ ! -f "${state:-}/jobcomp.txt" ] || { echo "completion records:" >&2; cut -c1-400 "$state/jobcomp.txt" >&2; }
  exit 1
}
skip() {
  [ "${PLYJUDGE_REQUIRE_SLURM:-0}" = 1 ] && fail "PLYJUDGE_REQUIRE_SLURM=1 but: $*"
  echo "SKIPPED: $*"; exit 77
}
scratch=$(mktemp -d "${TMPDIR:-/tmp}/plyjudge-slurm-cluster.XXXXXX")
chmod 755 "$scratch"
state=$scratch/cluster
# The cluster is stopped on every way out (its daemons and jobs must not outlive the test), also when the test is
# killed with its process group (ctest's timeout, Ctrl-C): the stop then ignores those signals.
cleanup() { trap '' TERM INT HUP; "$cluster" stop "$state" > /dev/null 2>&1 || true; rm -rf "$scratch"; }
trap cleanup EXIT
trap 'exit 143' TERM; trap 'exit 130' INT; trap 'exit 129' HUP

# The class (test_class.sh); its slow copy sleeps a second per run, so that a shard can be cancelled half-way.
. "$(dirname "$0")/test_class.sh"
write_assignment "$scratch" "$source"
write_class "$scratch/subs" ""
write_class "$scratch/slow" "sleep 1; "
chmod -R a+rX "$scratch"

start_output=$("$cluster" start "$state" 2>&1) || {
  status=$?
  echo "$start_output"
  [ $status -eq 3 ] && skip "${start_output##*cannot start: }"
  skip "the one-node cluster did not start here (see above)"
}
echo "$start_output"
export SLURM_CONF=$state/slurm.conf PLYJUDGE=$plyjudge

"$plyjudge" grade "$scratch/a.yaml" "$scratch/subs" --db "$scratch/whole.db" -j 2 --quiet > /dev/null ||
  fail "the unsharded run failed"

# The results table without what differs between two runs of the same thing (times, memory).
rows() {
  python3 - "$1" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
cols = [r[1] for r in db.execute("PRAGMA table_info(results)")
        if r[1] not in ("wall_seconds", "cpu_seconds", "peak_memory", "finished_at")]
for row in db.execute("SELECT %s FROM results ORDER BY student, suite, case_name" % ", ".join(cols)):
    print(repr(row))
PY
}
count_rows() { python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT count(*) FROM results").fetchone()[0])' "$1" 2> /dev/null || echo 0; }
rows "$scratch/whole.db" > "$scratch/whole.rows"
[ "$(wc -l < "$scratch/whole.rows")" -eq 25 ] || fail "the unsharded run has $(wc -l < "$scratch/whole.rows") results, not 25"

# job_state ID: the JobState of the completion record of job ID (empty while it has none).
job_state() { sed -n "s/^JobId=$1 .*JobState=\([A-Z_]*\).*/\1/p" "$state/jobcomp.txt" 2> /dev/null | tail -1; }
wait_gone() {  # wait_gone JOB SECONDS: until the job (every task of an array) is neither pending nor running
  local i
  for ((i = 0; i < $2 * 2; i++)); do
    [ -z "$(squeue -h -j "$1" 2> /dev/null)" ] && return 0
    sleep 0.5
  done
  squeue >&2; fail "job $1 still queued after $2 s"
}
submit() {  # submit OUT [N [SHARDS]]: prints "ARRAY MERGE"
  local out
  out=$(bash "$source/scripts/slurm/grade-array.sbatch" "$scratch/a.yaml" "$@") || fail "submitting failed: $out"
  echo "$out" >&2
  [[ $out =~ shards\ job\ ([0-9]+).*merge\ job\ ([0-9]+) ]] || fail "unexpected output: $out"
  echo "${BASH_REMATCH[1]} ${BASH_REMATCH[2]}"
}

# 1. Three shards and their merge, each shard on one CPU so that two run at once.
export SBATCH_OPTIONS="--cpus-per-task=1" PLYJUDGE_JOBS=1 PLYJUDGE_SCRATCH=$scratch/node-scratch
mkdir -p "$PLYJUDGE_SCRATCH"
read -r array merge < <(submit "$scratch/subs" "$scratch/out" 3)
wait_gone "$array" 120
wait_gone "$merge" 60
for k in 1 2 3; do
  grep -q "ArrayJobId=$array ArrayTaskId=$k .*" "$state/jobcomp.txt" || fail "no completion record of task $k"
done
grep "ArrayJobId=$array " "$state/jobcomp.txt" | grep -v "JobState=COMPLETED" && fail "a shard did not complete"
[ "$(job_state "$merge")" = COMPLETED ] || fail "merge job $merge: '$(job_state "$merge")' ($(cat "$scratch/out/merge.log"))"
grep -q "shards 1/3, 2/3, 3/3" "$scratch/out/merge.log" || fail "merge log: $(cat "$scratch/out/merge.log")"
# Each shard staged and ran under the node-local scratch, in a folder of its own that is gone once it ended.
for k in 1 2 3; do
  grep -q "^shard $k/3 .*scratch $PLYJUDGE_SCRATCH/plyjudge-job-" "$scratch/out/shard-$k.log" || fail "shard $k: $(head -3 "$scratch/out/shard-$k.log")"
done
[ -z "$(ls -A "$PLYJUDGE_SCRATCH")" ] || fail "scratch left behind: $(ls "$PLYJUDGE_SCRATCH")"
rows "$scratch/out/results.db" > "$scratch/merged.rows"
diff "$scratch/whole.rows" "$scratch/merged.rows" > /dev/null || fail "merged != unsharded: $(diff "$scratch/whole.rows" "$scratch/merged.rows" | head -5)"
echo "3 shards + merge under Slurm = unsharded run: $(wc -l < "$scratch/merged.rows") results, row for row"

# 2. Shard 2 of the slow class (runs 9-16 of 25: 8 results) cancelled once it has kept one; the merge then never runs.
read -r array merge < <(submit "$scratch/slow" "$scratch/out2" 3)
for ((i = 0; i < 240; i++)); do
  [ "$(count_rows "$scratch/out2/shard-2.db")" -ge 1 ] && break
  sleep 0.25
done
task=$(squeue -h -j "$array" -o '%i %A' | awk -v t="${array}_2" '$1 == t {print $2}')
[ -n "$task" ] || fail "shard 2 is not running (it had kept $(count_rows "$scratch/out2/shard-2.db") results)"
# (an array task is cancelled by ARRAY_K: Slurm 22.05 refuses its own job id, "invalid JobId")
scancel "${array}_2"
wait_gone "${array}_2" 30
kept=$(count_rows "$scratch/out2/shard-2.db")
[ "$kept" -ge 1 ] && [ "$kept" -lt 8 ] || fail "shard 2 kept $kept of its 8 results when cancelled (expected some, not all)"
python3 -c 'import sqlite3, sys; [print(*r) for r in sqlite3.connect(sys.argv[1]).execute("SELECT student, suite, case_name, finished_at FROM results ORDER BY 1, 2, 3")]' \
  "$scratch/out2/shard-2.db" | sort > "$scratch/kept.before"
wait_gone "$array" 120
[ "$(job_state "$task")" = CANCELLED ] || fail "the cancelled shard's record says '$(job_state "$task")'"
# The merge has not run, and will not: its reason turns from Dependency to DependencyNeverSatisfied at the
# scheduler's next pass over it.
for ((i = 0; i < 40; i++)); do
  read -r merge_state reason < <(squeue -h -j "$merge" -o '%T %r')
  [ "$merge_state" = PENDING ] || fail "the merge job after a cancelled shard is '$merge_state'"
  [ "$reason" = DependencyNeverSatisfied ] && break
  sleep 0.5
done
scancel "$merge"
echo "shard 2 cancelled (job $task) after $kept of its 8 results; the merge job waited for: $reason"

# 3. Shard 2 resubmitted alone resumes: the results it had are kept as they were, the rest are graded, and a new
# merge of the three gives the unsharded run again.
read -r array merge < <(submit "$scratch/slow" "$scratch/out2" 3 2)
wait_gone "$array" 120
wait_gone "$merge" 60
[ "$(job_state "$merge")" = COMPLETED ] || fail "the second merge: '$(job_state "$merge")' ($(cat "$scratch/out2/merge.log"))"
python3 -c 'import sqlite3, sys; [print(*r) for r in sqlite3.connect(sys.argv[1]).execute("SELECT student, suite, case_name, finished_at FROM results ORDER BY 1, 2, 3")]' \
  "$scratch/out2/shard-2.db" | sort > "$scratch/kept.after"
[ "$(wc -l < "$scratch/kept.after")" -eq 8 ] || fail "the resumed shard has $(wc -l < "$scratch/kept.after") of 8 results"
missing=$(comm -23 "$scratch/kept.before" "$scratch/kept.after")
[ -z "$missing" ] || fail "results the cancelled shard had kept were graded again: $missing"
rows "$scratch/out2/results.db" > "$scratch/merged2.rows"
diff "$scratch/whole.rows" "$scratch/merged2.rows" > /dev/null || fail "after the resume, merged != unsharded: $(diff "$scratch/whole.rows" "$scratch/merged2.rows" | cut -c1-300 | head -6)"
echo "shard 2 resubmitted alone: kept its $kept results, graded the other $((8 - kept)); merged = unsharded again"
echo "completion records (jobcomp/filetxt):"
sed 's/ ReservationName=.*ArrayJobId=/ ... ArrayJobId=/; s/ ReservationName=.*DerivedExitCode=/ ... DerivedExitCode=/' "$state/jobcomp.txt"
echo "PASS"
