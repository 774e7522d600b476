#!/usr/bin/env bash
# grade-array.sbatch end to end through a fake sbatch that runs array tasks as local processes: a class
# graded as 4 shards then merged gives the same results as one unsharded run.
#   slurm_test.sh PLYJUDGE SOURCE_DIR
set -euo pipefail
plyjudge=$1 source=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
scratch=$(mktemp -d "${TMPDIR:-/tmp}/plyjudge-slurm.XXXXXX")
chmod 755 "$scratch"
trap 'rm -rf "$scratch"' EXIT

bash -n "$source/scripts/slurm/grade-array.sbatch" || fail "grade-array.sbatch does not parse"

# The class (test_class.sh), its suite hidden.
. "$(dirname "$0")/test_class.sh"
write_assignment "$scratch" "$source"
sed -i 's/^visibility: .*/visibility: hidden/' "$scratch/suite/suite.yaml"
write_class "$scratch/subs" ""
chmod -R a+rX "$scratch"

"$plyjudge" grade "$scratch/a.yaml" "$scratch/subs" --db "$scratch/whole.db" -j 2 --quiet > /dev/null ||
  fail "the unsharded run failed"

export FAKE_SLURM_STATE=$scratch/slurm PATH="$scratch/bin:$PATH" PLYJUDGE="$plyjudge" PLYJUDGE_JOBS=1
mkdir -p "$scratch/bin"
cp "$(dirname "$0")/fake-sbatch" "$scratch/bin/sbatch"
out=$(bash "$source/scripts/slurm/grade-array.sbatch" "$scratch/a.yaml" "$scratch/subs" "$scratch/out" 4) ||
  fail "submitting failed: $out"
echo "$out"
[[ $out == submitted:* ]] || fail "unexpected output: $out"
for k in 1 2 3 4; do [ -f "$scratch/out/shard-$k.db" ] || fail "shard $k wrote no database ($(cat "$scratch/out/shard-$k.log"))"; done
[ -f "$scratch/out/results.db" ] || fail "the merge job did not run: $(cat "$scratch/out/merge.log" 2>/dev/null)"
grep -q "shards 1/4, 2/4, 3/4, 4/4" "$scratch/out/merge.log" || fail "merge log: $(cat "$scratch/out/merge.log")"

# The same gradebook and the same verdicts, diagnoses and messages as the unsharded run.
for db in whole out/results; do
  "$plyjudge" report "$scratch/$db.db" --format csv,json -o "$scratch/report-${db//\//-}" --assignment "$scratch/a.yaml" 2> /dev/null ||
    fail "report of $db failed"
done
cmp "$scratch/report-whole/gradebook.csv" "$scratch/report-out-results/gradebook.csv" || fail "the gradebooks differ"
python3 - "$scratch/report-whole/report.json" "$scratch/report-out-results/report.json" <<'PY' || fail "the results differ"
import json, sys
def digest(path):
    run = json.load(open(path))
    return [(s["student"], r["suite"], r["case"], r["verdict"], r["points"], r["diagnosis"], r["message"])
            for s in run["students"] for r in s["results"]]
a, b = digest(sys.argv[1]), digest(sys.argv[2])
assert len(a) == 25, len(a)
assert a == b, [x for x in zip(a, b) if x[0] != x[1]][:3]
assert sum(1 for x in a if x[3] == "ok") == 15, a
print("merged shards = unsharded run: %d results, %d ok" % (len(a), sum(1 for x in a if x[3] == "ok")))
PY
echo "PASS"
