# Shared by the packaging tests (sourced): temporary folders, assertions, and running the installed plyjudge
# with the source and build trees hidden, so that only what was installed can be found.
set -euo pipefail

# ctest: exit status 77 is "skipped" (SKIP_RETURN_CODE in CMakeLists.txt).
skip() { echo "SKIPPED: $*"; exit 77; }
fail() { echo "FAIL: $*" >&2; exit 1; }
need() { for tool in "$@"; do command -v "$tool" >/dev/null || skip "$tool is not installed (scripts/test installs it)"; done; }

# expect_in TEXT NEEDLE WHAT: TEXT contains NEEDLE.
expect_in() { [[ $1 == *"$2"* ]] || fail "$3: expected '$2' in:"$'\n'"$1"; }

# A scratch folder, removed at exit. 0755: the grader's sandbox runs programs as a user of their own.
# PLYJUDGE_PACKAGING_SCRATCH: a test's second half (run inside a mount namespace) keeps the first half's, which
# removes it once the namespace and its mounts are gone.
if [ -n "${PLYJUDGE_PACKAGING_SCRATCH:-}" ]; then
  scratch=$PLYJUDGE_PACKAGING_SCRATCH
else
  scratch=$(mktemp -d "${TMPDIR:-/tmp}/plyjudge-packaging.XXXXXX")
  chmod 755 "$scratch"
  trap 'rm -rf "$scratch"' EXIT
fi

# hidden DIR... -- COMMAND...: runs COMMAND with each DIR replaced by an empty folder (a tmpfs in a private
# mount namespace: unshare as root, else bubblewrap). Skips the test when neither can.
hidden() {
  local dirs=()
  while [ "$1" != "--" ]; do dirs+=("$(realpath "$1")"); shift; done
  shift
  if [ "$(id -u)" -eq 0 ] && unshare --mount true 2>/dev/null; then
    HIDE="${dirs[*]}" unshare --mount sh -c 'for d in $HIDE; do [ -d "$d" ] || continue; mount -t tmpfs none "$d" || exit 97; done; exec "$@"' sh "$@"
  elif bwrap --dev-bind / / true 2>/dev/null; then
    local args=()
    for d in "${dirs[@]}"; do args+=(--tmpfs "$d"); done
    bwrap --dev-bind / / "${args[@]}" "$@"
  else
    skip "cannot hide the build tree here (needs root for unshare --mount, or a working bubblewrap)"
  fi
}

# student DIR VARIANT PLYJUDGE: DIR/main.py, a student's program that is the reference solver of VARIANT (a
# copy of PLYJUDGE carried in DIR/tools: the sandboxed run need not see where plyjudge is installed).
student() {
  mkdir -p "$1/tools"
  cp "$3" "$1/tools/plyjudge"
  cat > "$1/main.py" <<PY
import os, sys
here = os.path.dirname(os.path.abspath(__file__))
os.execv(os.path.join(here, 'tools', 'plyjudge'), ['plyjudge', 'solve', '$2'] + sys.argv[1:])
PY
  chmod -R a+rX "$1"
}

# check_installed PLYJUDGE SOURCE BUILD: the installed `plyjudge check starcircle main.py` run from an unrelated
# folder with the source and build trees hidden finds the bundled cases, passes them and writes its report.
check_installed() {
  local plyjudge=$1 source=$2 build=$3 out status
  local away=$scratch/unrelated-folder
  student "$away" starcircle "$plyjudge"
  set +e
  out=$(cd "$away" && hidden "$source" "$build" -- env -u PLYJUDGE_CASES PATH=/usr/bin:/bin sh -c \
    'test ! -e "$1/CMakeLists.txt" || { echo "the source tree is not hidden"; exit 98; }
     exec "$2" check starcircle main.py --generated 2 --report html --report-output report.html' sh "$source" "$plyjudge" 2>&1)
  status=$?
  set -e
  [ "$status" -ne 77 ] || exit 77
  [ "$status" -eq 0 ] || fail "installed plyjudge check exited with $status:"$'\n'"$out"
  expect_in "$out" "published/example5" "the bundled starcircle cases are found"
  expect_in "$out" "15 of 15 cases passed" "5 published + 8 selfcheck + 2 generated cases pass"
  [ -s "$away/report.html" ] || fail "no HTML report written"
  echo "installed check from an unrelated folder, build tree hidden: $(echo "$out" | grep "cases passed")"
}
