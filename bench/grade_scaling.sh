#!/bin/sh
# Bulk grading throughput against -j, with and without bubblewrap: a class of N students (each "submission" is the
# reference solver, run through the sandbox like any program) graded on the reversi published suite, from an empty
# database each time. Usage: bench/grade_scaling.sh [PLYJUDGE] [STUDENTS] [JOBS...] (default: 16 students, -j 1 2).
set -eu
plyjudge=$(realpath "${1:-build/plyjudge}")
students=${2:-16}
# (a failing `shift 2` would end a POSIX shell: shift only what is there)
if [ $# -ge 2 ]; then shift 2; else shift $#; fi
jobs=${*:-1 2}
root=$(realpath "$(dirname "$0")/..")
work=$(mktemp -d "${TMPDIR:-/tmp}/plyjudge-scaling-XXXXXX")
trap 'rm -rf "$work"' EXIT
i=1
while [ "$i" -le "$students" ]; do mkdir -p "$work/subs/student$i"; i=$((i + 1)); done
cat > "$work/a.yaml" <<YAML
variant: reversi
run: {command: "$plyjudge solve reversi"}
suites: [$root/cases/reversi/published]
YAML
runs=$((students * 5))
printf '%-10s %-6s %10s %10s %8s\n' "sandbox" "-j" "seconds" "runs/s" "speed-up"
for mode in bwrap no-bwrap; do
  base=""
  for j in $jobs; do
    rm -f "$work"/r.db*
    if [ "$mode" = no-bwrap ]; then no_bwrap=1; else no_bwrap=0; fi
    start=$(date +%s.%N)
    PLYJUDGE_NO_BWRAP=$no_bwrap "$plyjudge" grade "$work/a.yaml" "$work/subs" -j "$j" -q --db "$work/r.db" \
      > /dev/null 2> "$work/err" || { cat "$work/err" >&2; exit 1; }
    end=$(date +%s.%N)
    # The sandbox says so when the runs could not be isolated: then the "bwrap" row is not what it says.
    label=$mode
    if [ "$mode" = bwrap ] && grep -q "WITHOUT isolation" "$work/err"; then label="bwrap(n/a)"; fi
    secs=$(echo "$end - $start" | bc -l)
    [ -n "$base" ] || base=$secs
    printf '%-10s %-6s %10.2f %10.1f %8.2f\n' "$label" "$j" "$secs" "$(echo "$runs / $secs" | bc -l)" \
      "$(echo "$base / $secs" | bc -l)"
  done
done
echo "($students students x 5 cases = $runs sandboxed runs; $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg))"
