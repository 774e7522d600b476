#!/usr/bin/env bash
# The .deb installed for real: `dpkg -i` into /usr, /etc and /var inside a throwaway mount namespace (overlays whose
# upper folders are on a tmpfs in this test's scratch folder, so the host is untouched), then /usr/bin/plyjudge used
# from a course folder under /srv (a tmpfs there, outside /tmp), as root and as an unprivileged user (nobody):
#   check of a correct program (every case passes), grade of a small class (the expected scores, exit 0),
#   similarity (the copied pair ranked), referee (a game with a scripted player installed under /usr/share/plyjudge)
#   and a Gradescope bundle's run_autograder (results.json with the full score).
# Before the fix in sandbox/bubblewrap.cpp every run of the installed package failed ("bwrap: Can't mkdir
# /usr/share/plyjudge/cases: Read-only file system"); the other packaging tests unpack the .deb elsewhere (dpkg -x),
# where that cannot happen. Needs root (a mount namespace, overlayfs), dpkg and bubblewrap; skips with the reason.
#   dpkg_install_test.sh SOURCE_DIR BUILD_DIR VERSION
source "$(dirname "$0")/lib.sh"
build=$2 version=$3  # SOURCE_DIR ($1): not needed, the package is built from BUILD_DIR

if [ "${PLYJUDGE_PACKAGING_INSIDE:-}" != 1 ]; then
  need cpack dpkg dpkg-deb dpkg-shlibdeps unshare setpriv bwrap unzip zip
  [ -x /usr/bin/python3 ] || skip "no /usr/bin/python3 (Debian package python3) to run the students' programs"
  [ "$(id -u)" -eq 0 ] || skip "installing with dpkg -i into a private mount namespace needs root"
  unshare --mount --propagation private true 2>/dev/null || skip "no private mount namespace here (unshare --mount failed)"
  # The host's state of the package, compared at the end: nothing of the test may leak out of the namespace.
  host_before=$(dpkg-query -W -f='${Status} ${Version}' plyjudge 2>&1 || true; ls -l /usr/bin/plyjudge 2>&1 || true)
  cpack -G DEB --config "$build/CPackConfig.cmake" -B "$scratch/pkg" > "$scratch/cpack.log" 2>&1 ||
    fail "cpack failed: $(cat "$scratch/cpack.log")"
  deb=$scratch/pkg/plyjudge_${version}_$(dpkg --print-architecture).deb
  [ -f "$deb" ] || fail "cpack did not write $(basename "$deb"): $(ls "$scratch/pkg")"
  echo "package: $(basename "$deb"), $(stat -c %s "$deb") bytes"
  set +e
  PLYJUDGE_PACKAGING_INSIDE=1 PLYJUDGE_PACKAGING_SCRATCH=$scratch PLYJUDGE_DEB=$deb \
    unshare --mount --propagation private bash "$0" "$@"
  status=$?
  set -e
  host_after=$(dpkg-query -W -f='${Status} ${Version}' plyjudge 2>&1 || true; ls -l /usr/bin/plyjudge 2>&1 || true)
  [ "$host_before" = "$host_after" ] || fail "the host's plyjudge changed: before '$host_before', after '$host_after'"
  exit $status
fi

# ---- inside the namespace: the scratch folder is the first half's (lib.sh) ----
deb=$PLYJUDGE_DEB
# The upper layers on a tmpfs of this namespace: overlayfs refuses an upper folder on overlayfs (a container's /tmp),
# and what dpkg writes vanishes with the namespace.
mkdir -p "$scratch/overlay"
mount -t tmpfs -o mode=0755 tmpfs "$scratch/overlay" || skip "cannot mount a tmpfs in a private mount namespace here"
for dir in /usr /etc /var; do
  layer=$scratch/overlay$dir
  mkdir -p "$layer/upper" "$layer/work"
  mount -t overlay overlay -o "lowerdir=$dir,upperdir=$layer/upper,workdir=$layer/work" "$dir" 2>"$scratch/mount.log" ||
    skip "no overlayfs over $dir here: $(cat "$scratch/mount.log")"
done
[ -r /var/lib/dpkg/status ] || skip "/var/lib/dpkg is on a file system of its own, which an overlay over /var does not show"
# The courses: under /srv (a tmpfs over it, the host's /srv untouched), else under /var/lib (in the overlay).
if [ -d /srv ]; then mount -t tmpfs -o mode=0755 tmpfs /srv; courses=/srv; else courses=/var/lib/plyjudge-package-test; fi

out=$(DEBIAN_FRONTEND=noninteractive dpkg -i "$deb" 2>&1) || fail "dpkg -i failed:"$'\n'"$out"
[ "$(dpkg-query -W -f='${Status}' plyjudge)" = "install ok installed" ] || fail "dpkg does not list plyjudge as installed"
[ -x /usr/libexec/plyjudge/plyjudge-run-as ] || fail "the credential switch is not at /usr/libexec/plyjudge/plyjudge-run-as"
expect_in "$(/usr/bin/plyjudge --version)" "plyjudge $version (git " "--version of the installed binary"
if command -v man >/dev/null; then
  expect_in "$(man -w plyjudge 2>&1)" "/usr/share/man/man1/plyjudge.1.gz" "man -w plyjudge"
fi
echo "dpkg -i: installed $(dpkg-query -W -f='${Package} ${Version}' plyjudge), courses under $courses"
data=/usr/share/plyjudge
# Dolos as scripts/setup-dolos installs it for the user running the test (root), if it is there.
runner_dolos=${PLYJUDGE_DOLOS:-${HOME:-/root}/.local/share/plyjudge/dolos}
[ -f "$runner_dolos/node_modules/@dodona/dolos-lib/package.json" ] && [ -x /usr/bin/node ] || runner_dolos=""
published_and_selfcheck=$(find "$data/cases/starcircle/published" "$data/cases/starcircle/selfcheck" -name input.txt | wc -l)

# as USER COMMAND...: COMMAND as root or, for nobody, with setpriv (no supplementary groups); the installed
# plyjudge first in PATH, the TA's defaults for the rest (runs under /tmp, HOME in the course folder).
as() {
  local user=$1; shift
  local env=(env -u TMPDIR -u PLYJUDGE_CASES -u PLYJUDGE_BIN PATH=/usr/bin:/bin HOME="$home")
  if [ "$user" = root ]; then "${env[@]}" "$@"
  else setpriv --reuid=nobody --regid=nogroup --clear-groups "${env[@]}" "$@"; fi
}

# wrapper DIR ARGS...: DIR/main.py runs `plyjudge solve starcircle ARGS` through a copy of the installed binary in
# DIR/tools (lib.sh's student): the runs never see /usr/share/plyjudge or /usr/bin/plyjudge, which they must not.
wrapper() {
  local dir=$1; shift
  student "$dir" starcircle /usr/bin/plyjudge
  [ $# -eq 0 ] || sed -i "s|\['plyjudge', 'solve', 'starcircle'\]|['plyjudge', 'solve', 'starcircle', $(printf "'%s', " "$@")]|" "$dir/main.py"
}

# points JSON STUDENT: STUDENT's "points max_points" in grade's JSON.
points() {
  /usr/bin/python3 -c 'import json, sys
s = {x["student"]: x for x in json.load(open(sys.argv[1]))["students"]}[sys.argv[2]]
print(s["points"], s["max_points"])' "$1" "$2"
}

# run USER DIR COMMAND...: COMMAND as USER (as above) in DIR; what it printed in $out, its exit status in $status.
run() {
  local user=$1 dir=$2
  shift 2
  set +e
  out=$(cd "$dir" && as "$user" "$@" 2>&1)
  status=$?
  set -e
  [ "$status" -eq 0 ] || fail "$user: $* (in $dir) exited with $status:"$'\n'"$out"
}

# make_course USER: the course of USER (its files USER's): a correct program to check; a class (correct, faulty,
# broken and its copy) for a copy of the installed example assignment, whose suites are then the installed ones;
# the course's own copy of the suites for Gradescope, and the package for the bundle.
make_course() {
  mkdir -p "$course/hw" "$home" "$gs"
  wrapper "$course/hw"
  wrapper "$subs/correct"
  wrapper "$subs/faulty" --fault root-as-min
  mkdir -p "$subs/broken" "$subs/broken-copy"
  printf 'open("output.txt", "w").write("PASS\\n0\\n1\\n")\n' | tee "$subs/broken/main.py" > "$subs/broken-copy/main.py"
  cp "$data/cases/starcircle/assignment.yaml" "$course/example.yaml"
  cp -R "$data/cases/starcircle/published" "$data/cases/starcircle/selfcheck" "$gs/"
  printf 'variant: starcircle\nrun: {file: main.py}\nsuites: [published, selfcheck]\nscoring: {points_per_case: 2}\n' > "$gs/hw.yaml"
  cp "$deb" "$course/plyjudge.deb"
  chmod -R a+rX "$course"
  [ "$1" = root ] || chown -R nobody:nogroup "$course"
}

# check_correct USER: check of the correct program from its folder passes every published, selfcheck and generated case.
check_correct() {
  run "$1" "$course/hw" plyjudge check starcircle main.py --generated 2
  [[ $out =~ ([0-9]+)\ of\ ([0-9]+)\ cases\ passed ]] && [ "${BASH_REMATCH[1]}" = "${BASH_REMATCH[2]}" ] &&
    [ "${BASH_REMATCH[2]}" -ge "$published_and_selfcheck" ] ||
    fail "$1: check: expected every case (at least $published_and_selfcheck) passed in:"$'\n'"$out"
  local isolation="under bubblewrap"
  [[ $out != *"WITHOUT isolation"* ]] || isolation="WITHOUT isolation: $(grep -o "WITHOUT isolation ([^)]*)" <<< "$out")"
  echo "$1: check starcircle main.py: $(grep "cases passed" <<< "$out"), runs $isolation"
}

# grade_class USER: grade exits 0; correct gets every point, faulty some, broken none.
grade_class() {
  run "$1" "$course" plyjudge grade example.yaml submissions --json grade.json --contrast-cases 0
  local correct max faulty broken _
  read -r correct max < <(points "$course/grade.json" correct)
  read -r faulty _ < <(points "$course/grade.json" faulty)
  read -r broken _ < <(points "$course/grade.json" broken)
  [ "$max" -gt 0 ] && [ "$correct" = "$max" ] || fail "$1: grade: correct has $correct of $max:"$'\n'"$out"
  [ "$faulty" -gt 0 ] && [ "$faulty" -lt "$max" ] || fail "$1: grade: faulty has $faulty of $max:"$'\n'"$out"
  [ "$broken" = 0 ] || fail "$1: grade: broken has $broken of $max:"$'\n'"$out"
  echo "$1: grade example.yaml (exit 0): correct $correct/$max, faulty (root-as-min) $faulty/$max, broken $broken/$max"
}

# compare_class USER: similarity ranks the copied pair first; as root its code half too where root has Dolos
# (scripts/setup-dolos): Node runs the bridge installed in the hidden data folder, named on purpose.
compare_class() {
  local dolos=() first second code
  [ "$1" != root ] || [ -z "$runner_dolos" ] || dolos=(env PLYJUDGE_DOLOS="$runner_dolos")
  run "$1" "$course" "${dolos[@]}" plyjudge similarity example.yaml submissions --json pairs.json
  read -r first second code < <(/usr/bin/python3 -c 'import json, sys; p = json.load(open(sys.argv[1]))["pairs"]
print(*sorted(p[0]["students"]), sum(x["code"] is not None for x in p))' "$course/pairs.json") ||
    fail "$1: similarity: no pair in pairs.json:"$'\n'"$out"
  [ "$first $second" = "broken broken-copy" ] || fail "$1: similarity ranks '$first $second' first, not the copied pair"
  if [ ${#dolos[@]} -gt 0 ]; then
    [ "$code" -gt 0 ] && [[ $out != *"code not compared"* ]] || fail "$1: similarity: Dolos compared no code:"$'\n'"$out"
    code="Dolos compared the code of $code pair(s)"
  elif [ "$1" = root ]; then code="behaviour only (no Dolos for root here)"
  else code="behaviour only (Dolos, if any, is root's)"
  fi
  echo "$1: similarity: first pair $first $second; $code"
}

# referee_game USER: the reference player beats the scripted player installed in the hidden data folder.
referee_game() {
  run "$1" "$course" plyjudge referee ref='plyjudge play ref --time-limit 1' \
    bot="/usr/bin/python3 $data/referee/test/players/scripted_player.py bot H8" \
    --first bot --protocol fast --time-limit 5 --quiet --dir "$course/game"
  expect_in "$out" "END: ref WINS!" "$1: referee"
  echo "$1: referee: $(grep "^END" <<< "$out"), $(wc -l < "$course/game/history_file") moves"
}

# gradescope USER: a bundle of the course's own suites; its run_autograder grades the correct program with the
# installed plyjudge and writes the full score (setup.sh's apt-get install is deb_test's: the package is installed).
gradescope() {
  run "$1" "$course" plyjudge gradescope-bundle "$gs/hw.yaml" -o autograder.zip --deb plyjudge.deb
  run "$1" "$course" sh -c 'mkdir -p "$1/source" && unzip -q autograder.zip -d "$1/source" && cp -R "$2" "$1/submission"' \
    sh "$ag" "$subs/correct"
  run "$1" "$course" env PLYJUDGE_AUTOGRADER_ROOT="$ag" bash "$ag/source/run_autograder"
  expect_in "$out" "plyjudge grade exited with status 0" "$1: run_autograder"
  local score cases
  score=$(/usr/bin/python3 -c 'import json, sys; r = json.load(open(sys.argv[1]))
print(r["score"], sum(t["max_score"] for t in r["tests"]), len(r["tests"]), *sorted({t["status"] for t in r["tests"]}))' \
          "$ag/results/results.json")
  cases=$(find "$gs/published" "$gs/selfcheck" -name input.txt | wc -l)
  [ "$score" = "$((2 * cases)) $((2 * cases)) $cases passed" ] ||
    fail "$1: results.json: score, max, tests, statuses = $score (expected $((2 * cases)) of $((2 * cases)), $cases passed)"
  echo "$1: run_autograder: results.json score, max, tests, statuses = $score"
}

for user in root nobody; do
  course=$courses/course-$user
  home=$course/home subs=$course/submissions gs=$course/gradescope ag=$course/autograder
  make_course $user
  check_correct $user
  grade_class $user
  compare_class $user
  referee_game $user
  gradescope $user
done
