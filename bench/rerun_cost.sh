#!/usr/bin/env bash
# What grading a class again costs against grading it: per round and build, a first grade from an empty database,
# then, on the same database, a rerun of the finished grade (the same command again: nothing left to grade), a
# resume (the last student's results and stored explanations removed first, as when a grade was cut short before
# that student finished) and `plyjudge report --format json`. Prints each one's wall time and whole CPU (getrusage of
# plyjudge and all it waited for), the rerun's share of the first grade's wall time, and whether the rerun's JSON is
# the first grade's byte for byte. The goal (rerun <= 0.25 of the first grade) holds when every round's ratio does.
# Usage: bench/rerun_cost.sh [--rounds R] [--students N] [--variant V] [-j J] [--class ASSIGNMENT SUBMISSIONS]
#        [PLYJUDGE...] (default: 2 rounds, the synthetic class of bench/synthetic_class.sh with 40 students,
#        reversi, -j 2, build/plyjudge). Several builds are run alternately within each round.
set -euo pipefail
rounds=2 students=40 variant=reversi jobs=2 own_assignment='' own_class=''
while [ $# -gt 0 ]; do
  case $1 in
    --rounds) rounds=$2; shift 2 ;;
    --students) students=$2; shift 2 ;;
    --variant) variant=$2; shift 2 ;;
    -j) jobs=$2; shift 2 ;;
    --class) own_assignment=$(realpath "$2"); own_class=$(realpath "$3"); shift 3 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) break ;;
  esac
done
# shellcheck source=bench/synthetic_class.sh
. "$(dirname "$0")/synthetic_class.sh"
bench_setup rerun_cost.sh "$@"

# timed COMMAND...: runs it (its output kept in $work/out), prints "wall cpu"; stops the script if it fails
# (grade's exit 2 for a judge error included).
timed() {
  python3 - "$work/out" "$@" <<'PY'
import resource, subprocess, sys, time
out, cmd = sys.argv[1], sys.argv[2:]
before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.monotonic()
with open(out, "w") as f:
    done = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT)
wall, after = time.monotonic() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
if done.returncode != 0:
    sys.exit("failed (%d): %s\n%s" % (done.returncode, " ".join(cmd), open(out).read()[-2000:]))
print("%.3f %.3f" % (wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)))
PY
}

# forget_last DB: removes the last student's rows and stored explanations (a grade cut short before it finished).
forget_last() {
  python3 - "$1" <<'PY'
import sqlite3, sys
con = sqlite3.connect(sys.argv[1])
(last,) = con.execute("SELECT max(student) FROM results").fetchone()
for table in ("results", "student_explanations", "case_explanations"):
    if con.execute("SELECT count(*) FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]:
        con.execute("DELETE FROM %s WHERE student = ?" % table, (last,))
con.commit()
PY
}

subs=()
for ((b = 0; b < ${#builds[@]}; b++)); do
  if [ -n "$own_class" ]; then subs+=("$own_class"); else write_class "${builds[$b]}" "$work/subs$b"; subs+=("$work/subs$b"); fi
done
printf '%-5s %-34s %15s %15s %15s %15s %7s %s\n' round build "first wall/cpu" "rerun wall/cpu" "resume wall/cpu" \
  "report wall/cpu" rerun/1 "rerun's JSON"
declare -A worst
for ((r = 1; r <= rounds; r++)); do
  for ((b = 0; b < ${#builds[@]}; b++)); do
    p=${builds[$b]} db=$work/r.db
    rm -f "$db" "$db"-*
    grade=("$p" grade "$assignment" "${subs[$b]}" -j "$jobs" -q --db "$db")
    read -r first_wall first_cpu < <(timed "${grade[@]}" --json "$work/first.json")
    read -r rerun_wall rerun_cpu < <(timed "${grade[@]}" --json "$work/rerun.json")
    same=identical; cmp -s "$work/first.json" "$work/rerun.json" || same=DIFFERS
    forget_last "$db"
    read -r resume_wall resume_cpu < <(timed "${grade[@]}")
    read -r report_wall report_cpu < <(timed "$p" report "$db" --format json -o "$work/report.json" --assignment "$assignment")
    ratio=$(echo "$rerun_wall / $first_wall" | bc -l)
    label=${p#"${p%/*/*/*}/"}  # the build's last three path parts: which build it is
    printf '%-5s %-34s %7.2fs/%5.2fs %7.2fs/%5.2fs %7.2fs/%5.2fs %7.2fs/%5.2fs %7.3f %s\n' "$r" "$label" "$first_wall" \
      "$first_cpu" "$rerun_wall" "$rerun_cpu" "$resume_wall" "$resume_cpu" "$report_wall" "$report_cpu" "$ratio" "$same"
    if [ -z "${worst[$b]:-}" ] || [ "$(echo "$ratio > ${worst[$b]}" | bc -l)" = 1 ]; then worst[$b]=$ratio; fi
  done
done
echo
if [ -n "$own_class" ]; then echo "the class $own_class graded with $assignment at -j $jobs, $rounds round(s):"
else echo "$students synthetic students graded with $assignment at -j $jobs, $rounds round(s):"
fi
for ((b = 0; b < ${#builds[@]}; b++)); do
  printf '%s: the rerun of the finished grade at most %.3f of the first grade'"'"'s wall time (goal: <= 0.25)\n' "${builds[$b]}" "${worst[$b]}"
done
echo "($(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg); run folders under ${TMPDIR:-/tmp})"
