#!/bin/sh
# Bulk grading throughput against -j: a class of N students (each "submission" is the reference solver,
# run through the sandbox like any program) graded on the reversi published suite, from an empty database
# each time. Usage: bench/grade_scaling.sh [PLYJUDGE] [STUDENTS] [JOBS...]
set -eu
plyjudge=$(realpath "${1:-build/plyjudge}")
students=${2:-16}
shift 2 2>/dev/null || shift $#
jobs=${*:-1 2 4}
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
printf '%-6s %10s %10s %8s\n' "-j" "seconds" "runs/s" "speed-up"
base=""
for j in $jobs; do
  rm -f "$work"/r.db*
  start=$(date +%s.%N)
  "$plyjudge" grade "$work/a.yaml" "$work/subs" -j "$j" -q --db "$work/r.db" > /dev/null
  end=$(date +%s.%N)
  secs=$(echo "$end - $start" | bc -l)
  [ -n "$base" ] || base=$secs
  printf '%-6s %10.2f %10.1f %8.2f\n' "$j" "$secs" "$(echo "$runs / $secs" | bc -l)" "$(echo "$base / $secs" | bc -l)"
done
echo "($students students x 5 cases = $runs sandboxed runs; $(nproc) cores)"
