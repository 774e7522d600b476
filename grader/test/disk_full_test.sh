#!/usr/bin/env bash
# The run folders' disk fills up during a grade: a correct program's cases are OK or judge errors (the grader's side),
# never a student's verdict, and the next grade, with room again, grades the judge errors and makes them OK.
# The run folders live on a small tmpfs in a private mount namespace (TMPDIR), filled from outside once the grade has
# stored a few results.
#   disk_full_test.sh SOURCE_DIR PLYJUDGE
source "$1/packaging/test/lib.sh"
source_dir=$1 plyjudge=$2
need python3 unshare
[ "$(id -u)" -eq 0 ] || skip "needs root for a private mount namespace with a small tmpfs"
unshare --mount true 2>/dev/null || skip "unshare --mount is refused here"

course=$scratch/course
mkdir -p "$course/submissions" "$course/runs"
chmod 755 "$course" "$course/runs"
student "$course/submissions/alice" starcircle "$plyjudge"
student "$course/submissions/bob" starcircle "$plyjudge"
assignment=$source_dir/cases/starcircle/assignment.yaml
db=$course/class.results.db

# rows DB: how many results are stored.
rows() { python3 -c 'import sqlite3,sys
try: print(sqlite3.connect(sys.argv[1]).execute("select count(*) from results").fetchone()[0])
except Exception: print(0)' "$1"; }

# verdicts JSON: "ok N, judge-error M, OTHER..." of every case in the --json results.
verdicts() { python3 -c 'import json,sys,collections
c = collections.Counter(r["verdict"] for s in json.load(open(sys.argv[1]))["students"] for r in s["results"])
print(" ".join("%s=%d" % kv for kv in sorted(c.items())))' "$1"; }

export -f rows
set +e
unshare --mount bash -c '
  set -u
  mount --make-rprivate / && mount -t tmpfs -o size=96m,mode=0755 plyjudge-runs "$1/runs" || exit 97
  TMPDIR=$1/runs "$2" grade "$3" "$1/submissions" --db "$4" -j 1 --json "$1/first.json" > "$1/first.out" 2>&1 &
  grade=$!
  # Once three results are stored, fill the runs'"'"' file system and keep it full while the grade goes on.
  while kill -0 $grade 2>/dev/null; do
    [ "$(rows "$4")" -ge 3 ] && break
    sleep 0.05
  done
  while kill -0 $grade 2>/dev/null; do
    dd if=/dev/zero of="$1/runs/filler.$$.$(date +%s%N)" bs=64k 2>/dev/null
    sleep 0.02
  done
  wait $grade
' bash "$course" "$plyjudge" "$assignment" "$db"
status=$?
set -e
[ "$status" -ne 97 ] || skip "cannot mount a tmpfs in a private mount namespace here"
first=$(verdicts "$course/first.json")
echo "first grade (disk filled after 3 results): exit $status, verdicts: $first"
grep -m3 -i "judge error (" "$course/first.out" || true
[[ $first == *judge-error=* ]] || fail "the disk never filled during the grade (nothing to test):"$'\n'"$(tail -20 "$course/first.out")"
[[ $(sed 's/judge-error=[0-9]*//; s/ok=[0-9]*//' <<< "$first") =~ ^[[:space:]]*$ ]] ||
  fail "a correct program got a student verdict while the disk was full: $first"$'\n'"$(grep -v ' OK ' "$course/first.out" | head -20)"
[ "$status" -eq 3 ] || fail "a grade with judge errors left must exit 3, not $status"
grep -q "disk" "$course/first.out" || fail "the judge errors do not name the disk:"$'\n'"$(head -40 "$course/first.out")"

# Room again: the same command grades the judge errors, and only them.
(cd "$course" && TMPDIR=$course/runs "$plyjudge" grade "$assignment" "$course/submissions" --db "$db" -j 2 \
   --json "$course/second.json" > "$course/second.out" 2>&1) || fail "the second grade failed:"$'\n'"$(tail -20 "$course/second.out")"
second=$(verdicts "$course/second.json")
echo "second grade (room again): $(grep -o '[0-9]* run(s) to do, [0-9]* already in' "$course/second.out"), verdicts: $second"
[[ $second != *judge-error* && $second == ok=* && $second != *" "* ]] || fail "after the disk was freed, not every case is OK: $second"
echo "PASS"
