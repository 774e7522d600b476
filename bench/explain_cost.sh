#!/bin/sh
# What explaining failures costs a class: the same class graded with explanations (experiments, reproduction, log
# shapes, contrast: grade's default) and with --no-explain (the baseline, measured in the same run), alternated
# ROUNDS times from an empty database each time. Prints both times and the difference per failed case and per
# student; the best of the rounds is kept for each (a shared machine adds noise, never removes it).
# The class: the squirrel programs written for the tests (grader/test/programs/faulty/squirrel: one catalogued
# fault or log shape each; grader/test/programs/experiments: a crash on CRLF, another crash, the answer printed
# to stdout, another input name) and the correct test solver, on squirrel's published and selfcheck suites.
# Usage: bench/explain_cost.sh [PLYJUDGE] [ROUNDS] (default: build/plyjudge, 2 rounds).
set -eu
plyjudge=$(realpath "${1:-build/plyjudge}")
rounds=${2:-2}
root=$(realpath "$(dirname "$0")/..")
work=$(mktemp -d "${TMPDIR:-/tmp}/plyjudge-explain-cost-XXXXXX")
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
programs=$root/grader/test/programs
for p in "$programs"/faulty/squirrel/[!_]*.py "$programs"/experiments/*.py "$programs"/faulty/squirrel/_squirrel.py; do
  name=$(basename "$p" .py)
  [ "$name" = _squirrel ] && name=correct
  case $name in python2*) continue ;; esac  # needs a Python 2 the run users can reach: not on every machine
  mkdir -p "$work/subs/$name"
  cp "$p" "$work/subs/$name/prog.py"
  cp "$programs/faulty/squirrel/_squirrel.py" "$work/subs/$name/_squirrel.py"
  # The test solver is a module: the correct student's program calls it.
  [ "$name" = correct ] && printf 'import os, sys\nsys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))\nimport _squirrel\n_squirrel.main()\n' > "$work/subs/$name/prog.py"
done
chmod -R a+rX "$work/subs"
cat > "$work/a.yaml" <<YAML
variant: squirrel
run: {file: prog.py, python: 3}
suites: [$root/cases/squirrel/published, $root/cases/squirrel/selfcheck]
YAML
students=$(ls "$work/subs" | wc -l)
best_with="" best_without="" failed=0
grade() {  # grade OPTIONS...: the seconds it took
  rm -f "$work"/r.db*
  start=$(date +%s.%N)
  "$plyjudge" grade "$work/a.yaml" "$work/subs" -q --db "$work/r.db" --json "$work/r.json" "$@" >/dev/null 2>"$work/err" ||
    { cat "$work/err" >&2; exit 1; }
  echo "$(date +%s.%N) - $start" | bc -l
}
min() { if [ -z "$1" ] || [ "$(echo "$2 < $1" | bc -l)" = 1 ]; then echo "$2"; else echo "$1"; fi; }
i=1
while [ "$i" -le "$rounds" ]; do
  best_without=$(min "$best_without" "$(grade --no-explain)")
  best_with=$(min "$best_with" "$(grade)")
  i=$((i + 1))
done
failed=$(python3 -c "import json; r=json.load(open('$work/r.json')); print(sum(1 for s in r['students'] for x in s['results'] if x['verdict'] not in ('ok', 'not-run')))")
explained=$(python3 -c "import json; r=json.load(open('$work/r.json')); print(sum(1 for s in r['students'] for x in s['results'] if x.get('explanation')))")
extra=$(echo "$best_with - $best_without" | bc -l)
printf '%-26s %10s\n' "" "seconds"
printf '%-26s %10.2f\n' "grade --no-explain" "$best_without" "grade (explaining)" "$best_with"
printf '%-26s %10.2f\n' "explaining, in all" "$extra"
printf '%-26s %10.3f   (%s failed cases, %s of them explained)\n' "per failed case" "$(echo "$extra / $failed" | bc -l)" "$failed" "$explained"
printf '%-26s %10.3f   (%s students)\n' "per student" "$(echo "$extra / $students" | bc -l)" "$students"
echo "(best of $rounds alternated rounds; $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg))"
