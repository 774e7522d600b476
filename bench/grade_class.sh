#!/usr/bin/env bash
# The cost of grading a class, end to end: a synthetic class of STUDENTS graded with a bundled assignment
# (cases/VARIANT/assignment.yaml, as a TA would), at -j1 and -j2, from an empty database each time. Prints per run
# the wall time, the whole CPU of the grade (getrusage of plyjudge and all it waited for), the students' CPU (the
# graded runs' CPU as the results database accounts it, per case), the CPU of the students' programs rerun by the
# explainer (its experiments and contrasts, as grade's last line prints it) and plyjudge's own CPU (the rest:
# staging, sandbox set-up, comparing, explaining, storing), then the best of the rounds and -j2/-j1.
# The class: 60 % correct (the reference as a drop-in program: `plyjudge solve VARIANT`), 25 % faulty (the reference
# with `--fault F`, F among the first five faults of `plyjudge faults VARIANT`), 15 % crashing (the reference's
# answer, then SIGSEGV). Several builds given are run alternately in each round (before, after, before, ...), so
# that they see the same machine; a shared machine adds noise, never removes it, so the best of the rounds is kept.
# Usage: bench/grade_class.sh [--rounds R] [--students N] [--variant V] PLYJUDGE... (default: 2 rounds, 40
# students, reversi, build/plyjudge). Extra grade options: GRADE_OPTIONS="--no-explain".
# A class of your own instead of the synthetic one: --class ASSIGNMENT SUBMISSIONS (graded as they are).
set -euo pipefail
rounds=2 students=40 variant=reversi own_assignment='' own_class=''
while [ $# -gt 0 ]; do
  case $1 in
    --rounds) rounds=$2; shift 2 ;;
    --students) students=$2; shift 2 ;;
    --variant) variant=$2; shift 2 ;;
    --class) own_assignment=$(realpath "$2"); own_class=$(realpath "$3"); shift 3 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) break ;;
  esac
done
# shellcheck source=bench/synthetic_class.sh
. "$(dirname "$0")/synthetic_class.sh"
bench_setup grade_class.sh "$@"

# measure PLYJUDGE SUBS JOBS: one grade from an empty database; prints "wall total students cases verdicts".
measure() {
  rm -f "$work"/r.db*
  # shellcheck disable=SC2086  # GRADE_OPTIONS holds several words
  python3 - "$work/r.db" "$1" grade "$assignment" "$2" -j "$3" -q --db "$work/r.db" ${GRADE_OPTIONS:-} <<'PY'
import resource, sqlite3, subprocess, sys, time
db, cmd = sys.argv[1], sys.argv[2:]
before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.monotonic()
done = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
wall, after = time.monotonic() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
if done.returncode != 0:
    sys.exit("grade failed (%d): %s" % (done.returncode, done.stderr[-2000:]))
total = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
con = sqlite3.connect(db)
students, cases = con.execute("SELECT COALESCE(SUM(cpu_seconds), 0), COUNT(*) FROM results").fetchone()
verdicts = ",".join("%s=%d" % v for v in con.execute("SELECT verdict, COUNT(*) FROM results GROUP BY verdict ORDER BY 1"))
# The students' programs rerun by the explainer, as grade prints them (0 from a build that does not print them).
reruns = 0.0
for line in done.stdout.splitlines():
    if line.startswith("the programs' CPU in this grade: "):
        reruns = float(line.split(", ")[-1].split(" s ")[0])
print("%.3f %.3f %.3f %d %s %.3f" % (wall, total, students, cases, verdicts, reruns))
PY
}

subs=()  # each build's class folder
for ((b = 0; b < ${#builds[@]}; b++)); do
  if [ -n "$own_class" ]; then subs+=("$own_class"); else write_class "${builds[$b]}" "$work/subs$b"; subs+=("$work/subs$b"); fi
done
printf '%-5s %-34s %3s %8s %8s %9s %8s %9s %7s %7s %11s  %s\n' round build -j wall total students reruns plyjudge share share+r "own/case" verdicts
declare -A best_wall best_own best_share best_share_r
for ((r = 1; r <= rounds; r++)); do
  for ((b = 0; b < ${#builds[@]}; b++)); do
    for j in 1 2; do
      read -r wall total stud cases verdicts reruns < <(measure "${builds[$b]}" "${subs[$b]}" "$j")
      own=$(echo "$total - $stud - $reruns" | bc -l)
      share=$(echo "100 * $own / $total" | bc -l)
      share_r=$(echo "100 * ($total - $stud) / $total" | bc -l)
      label=${builds[$b]#"${builds[$b]%/*/*/*}/"}  # the build's last three path parts: which build it is
      printf '%-5s %-34s %3s %7.2fs %7.2fs %8.2fs %7.2fs %8.2fs %6.1f%% %6.1f%% %9.1fms  %s\n' "$r" "$label" \
        "$j" "$wall" "$total" "$stud" "$reruns" "$own" "$share" "$share_r" "$(echo "1000 * $own / $cases" | bc -l)" "$verdicts"
      key=$b/$j
      if [ -z "${best_wall[$key]:-}" ] || [ "$(echo "$wall < ${best_wall[$key]}" | bc -l)" = 1 ]; then best_wall[$key]=$wall; fi
      if [ -z "${best_own[$key]:-}" ] || [ "$(echo "$own < ${best_own[$key]}" | bc -l)" = 1 ]; then
        best_own[$key]=$own best_share[$key]=$share best_share_r[$key]=$share_r
      fi
    done
  done
done
echo
if [ -n "$own_class" ]; then echo "best of $rounds round(s), the class $own_class graded with $assignment:"
else echo "best of $rounds round(s), $students students x $(grep -c '^  - ' "$root/cases/$variant/published/suite.yaml" 2>/dev/null || echo '?') cases per suite of $assignment:"
fi
for ((b = 0; b < ${#builds[@]}; b++)); do
  printf '%s: wall -j1 %.2fs, -j2 %.2fs, -j2/-j1 speed-up %.2f; plyjudge own CPU at -j1 %.2fs (%.1f%% of the total; %.1f%% with the reruns)\n' \
    "${builds[$b]}" "${best_wall[$b/1]}" "${best_wall[$b/2]}" "$(echo "${best_wall[$b/1]} / ${best_wall[$b/2]}" | bc -l)" "${best_own[$b/1]}" \
    "${best_share[$b/1]}" "${best_share_r[$b/1]}"
done
# Where plyjudge's own CPU goes (the last build, -j1): the explainer (--no-explain) and bubblewrap
# (PLYJUDGE_NO_BWRAP=1) taken away one after the other. BREAKDOWN=0 skips it.
if [ "${BREAKDOWN:-1}" = 1 ]; then
  last=$((${#builds[@]} - 1))
  echo
  printf '%-44s %9s %9s %9s %11s\n' "-j1, the last build" students reruns plyjudge "own/case"
  for variant_run in "as graded" "--no-explain" "--no-explain, no bubblewrap"; do
    opts=${GRADE_OPTIONS:-} no_bwrap=0
    case $variant_run in --no-explain*) opts="$opts --no-explain" ;; esac
    case $variant_run in *bubblewrap) no_bwrap=1 ;; esac
    read -r wall total stud cases verdicts reruns < <(GRADE_OPTIONS=$opts PLYJUDGE_NO_BWRAP=$no_bwrap measure "${builds[$last]}" "${subs[$last]}" 1)
    printf '%-44s %8.2fs %8.2fs %8.2fs %9.1fms\n' "$variant_run" "$stud" "$reruns" "$(echo "$total - $stud - $reruns" | bc -l)" \
      "$(echo "1000 * ($total - $stud - $reruns) / $cases" | bc -l)"
  done
fi
fs=$(findmnt -n -o FSTYPE -T "$work" 2>/dev/null | tail -1)  # the last of stacked mounts is the one seen
echo "($(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg); run folders on ${fs:-?}" \
  "under ${TMPDIR:-/tmp}; students: the graded runs' CPU; reruns: the students' programs"
echo " rerun by the explainer (grade's last line; 0 for a build that does not print it); plyjudge: the rest, its own;"
echo " share: plyjudge's own of the total; share+r: with the reruns counted as plyjudge's)"
