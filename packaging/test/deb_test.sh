#!/usr/bin/env bash
# `cpack -G DEB`: the package's name, layout and control fields (Depends against what the binary links), then
# the package unpacked into a scratch root (dpkg -x) and used there, as each integration uses it:
#   - plyjudge check from an unrelated folder with the source and build trees hidden;
#   - the GitHub Actions workflow's steps (integrations/github-actions), apt-get stubbed by dpkg -x;
#   - a Gradescope bundle made with --deb: setup.sh (apt-get stubbed) and run_autograder in a root laid out
#     like /autograder.
#   deb_test.sh SOURCE_DIR BUILD_DIR VERSION
source "$(dirname "$0")/lib.sh"
source_dir=$1 build=$2 version=$3
need cpack dpkg-deb dpkg-shlibdeps dpkg curl zip unzip

# ---- the package ----
cpack -G DEB --config "$build/CPackConfig.cmake" -B "$scratch/pkg" > "$scratch/cpack.log" 2>&1 ||
  fail "cpack failed: $(cat "$scratch/cpack.log")"
deb=$scratch/pkg/plyjudge_${version}_$(dpkg --print-architecture).deb
[ -f "$deb" ] || fail "cpack did not write $(basename "$deb"): $(ls "$scratch/pkg")"
echo "package: $(basename "$deb"), $(stat -c %s "$deb") bytes"

contents=$(dpkg-deb -c "$deb")
for f in ./usr/bin/plyjudge ./usr/share/plyjudge/cases/starcircle/published/suite.yaml \
         ./usr/share/plyjudge/cases/reversi/assignment.yaml ./usr/share/plyjudge/referee/examples/world-cup.yaml \
         ./usr/share/plyjudge/reports/bundle/setup.sh ./usr/share/doc/plyjudge/README.md \
         ./usr/share/doc/plyjudge/integrations/github-actions/plyjudge-check.yml \
         ./usr/share/man/man1/plyjudge.1.gz ./usr/share/bash-completion/completions/plyjudge; do
  grep -q " $f\$" <<< "$contents" || fail "dpkg-deb -c: $f is not in the package"
done
echo "dpkg-deb -c: $(grep -c -v '/$' <<< "$contents") files, bin/, share/plyjudge/, share/doc/plyjudge/, man1, completion"

depends=$(dpkg-deb -f "$deb" Depends)
recommends=$(dpkg-deb -f "$deb" Recommends)
[ "$recommends" = "bubblewrap, python3" ] || fail "Recommends: '$recommends'"
# Every library the binary links comes from a package that Depends names.
for lib in $(ldd "$build/plyjudge" | awk '/=> \// {print $3}'); do
  real=$(realpath "$lib")
  owner=$( (dpkg -S "$lib" || dpkg -S "$real" || dpkg -S "${real#/usr}" || dpkg -S "/usr$lib") 2>/dev/null | sed -n 1p | cut -d: -f1)
  [ -n "$owner" ] || fail "no Debian package owns $lib"
  [[ ", $depends" == *", $owner "* || ", $depends," == *", $owner,"* ]] || fail "$lib comes from $owner, which Depends lacks: $depends"
done
for expected in libfmt libyaml-cpp libsqlite3 libboost-filesystem libboost-program-options; do
  expect_in "$depends" "$expected" "Depends"
done
echo "Depends: $depends"

# ---- unpacked into a scratch root ----
root=$scratch/root
dpkg -x "$deb" "$root"
installed=$root/usr/bin/plyjudge
version_line=$("$installed" --version)
expect_in "$version_line" "plyjudge $version (git " "--version of the packaged binary"
check_installed "$installed" "$source_dir" "$build"

# Stubs for the integrations' apt-get: it logs its arguments and, asked to install a plyjudge package, unpacks
# it into $STUB_ROOT (with $STUB_FAIL set it fails instead, like a package whose Depends the system lacks).
stubs=$scratch/stubs
mkdir -p "$stubs"
cat > "$stubs/apt-get" <<'SH'
#!/usr/bin/env bash
echo "apt-get $*" >> "$STUB_LOG"
if [ "$1" = install ]; then
  for a in "$@"; do
    case $a in
      ./*plyjudge*.deb) [ -z "${STUB_FAIL:-}" ] || exit 100; dpkg -x "$a" "$STUB_ROOT" ;;
    esac
  done
fi
exit 0
SH
chmod +x "$stubs/apt-get"

# ---- the GitHub Actions workflow, step by step as the runner would (`uses:` steps checked, not run) ----
pyyaml=""
for py in /usr/bin/python3 python3; do
  if "$py" -c 'import yaml' 2>/dev/null; then pyyaml=$py; break; fi
done
[ -n "$pyyaml" ] || skip "no python3 with PyYAML (Debian package python3-yaml) to read the workflow"

# run_workflow REPO: runs the steps in REPO; prints the runner's log; returns 1 when a step failed.
run_workflow() {
  local repo=$1 wf=$scratch/workflow-$(basename "$1") failed=0
  mkdir -p "$wf" "$wf/root"
  "$pyyaml" "$source_dir/integrations/test/workflow.py" steps "$source_dir/integrations/github-actions/plyjudge-check.yml" "$wf"
  local kind when what extra
  while read -r kind when what extra; do
    [ "$failed" -eq 0 ] || [ "$when" = always ] || continue
    if [ "$kind" = run ]; then
      # GitHub's `shell: bash`; the package's URL is this test's .deb (curl reads file:// URLs).
      if ! (cd "$repo" && . "$wf/env.sh" && PLYJUDGE_DEB="file://$deb" GITHUB_STEP_SUMMARY=$wf/summary.md \
            STUB_LOG=$wf/apt.log STUB_ROOT=$wf/root PATH="$stubs:$wf/root/usr/bin:/usr/bin:/bin" \
            bash --noprofile --norc -eo pipefail "$what"); then
        echo "step $(basename "$what") failed"
        failed=1
      fi
    elif [ "$what" = actions/upload-artifact@v4 ]; then
      [ -s "$repo/$extra" ] && echo "artifact: $extra" || { echo "artifact missing: $extra"; failed=1; }
    fi
  done < "$wf/steps"
  return $failed
}

good=$scratch/repo-good
student "$good" starcircle "$installed"
out=$(run_workflow "$good" 2>&1) || fail "the workflow failed on the reference solver:"$'\n'"$out"
expect_in "$(cat "$scratch/workflow-repo-good/apt.log")" "apt-get install -y ./plyjudge_${version}_amd64.deb" "the workflow installs the .deb"
summary=$(cat "$scratch/workflow-repo-good/summary.md")
expect_in "$summary" "## plyjudge check starcircle main.py" "job summary"
# Every case passed: the 5 published ones and the generated ones (10, less any equal to a bundled case).
[[ $summary =~ ([0-9]+)\ of\ ([0-9]+)\ cases\ passed ]] && [ "${BASH_REMATCH[1]}" = "${BASH_REMATCH[2]}" ] &&
  [ "${BASH_REMATCH[2]}" -ge 5 ] || fail "job summary: expected 'N of N cases passed' (N >= 5) in:"$'\n'"$summary"
expect_in "$out" "artifact: plyjudge-report.html" "HTML report artifact"
echo "workflow, reference solver: $(grep "cases passed" <<< "$summary")"

bad=$scratch/repo-bad
mkdir -p "$bad" && chmod 755 "$bad"
printf 'open("output.txt", "w").write("PASS\\n0\\n1\\n")\n' > "$bad/main.py"
if out=$(run_workflow "$bad" 2>&1); then fail "the workflow passed a wrong program:"$'\n'"$out"; fi
expect_in "$out" "step step02.sh failed" "the check step fails the job"
summary=$(cat "$scratch/workflow-repo-bad/summary.md")
[[ $summary =~ 0\ of\ ([0-9]+)\ cases\ passed ]] && [ "${BASH_REMATCH[1]}" -ge 5 ] ||
  fail "job summary of a failing program: expected '0 of N cases passed' in:"$'\n'"$summary"
expect_in "$out" "artifact: plyjudge-report.html" "the report is kept when the check fails"
echo "workflow, wrong program: the job fails; summary: $(grep "cases passed" <<< "$summary")"

# ---- a Gradescope bundle made by the packaged plyjudge with --deb ----
course=$scratch/course
mkdir -p "$course"
cp -R "$root/usr/share/plyjudge/cases/reversi/published" "$course/published"
cat > "$course/hw.yaml" <<'YAML'
variant: reversi
run: {command: "/usr/bin/python3 {program} -i {input}", file: main.py}
limits: {wall_seconds: 20, cpu_seconds: 10}
suites: [published]
YAML
set +e
out=$("$installed" gradescope-bundle "$course/hw.yaml" -o "$scratch/autograder.zip" 2>&1)
status=$?
set -e
[ "$status" -eq 2 ] || fail "an installed plyjudge without --deb: exit $status, not 2: $out"
expect_in "$out" "give --deb" "an installed plyjudge has no source tree to bundle"
"$installed" gradescope-bundle "$course/hw.yaml" -o "$scratch/autograder.zip" --deb "$deb" --time-budget 300 2>&1 ||
  fail "gradescope-bundle --deb failed"
ag=$scratch/autograder
mkdir -p "$ag/source"
unzip -q "$scratch/autograder.zip" -d "$ag/source"
for f in setup.sh run_autograder bundle.env plyjudge.deb assignment/hw.yaml assignment/published/case1/output.txt; do
  [ -e "$ag/source/$f" ] || fail "the bundle lacks $f"
done
[ ! -e "$ag/source/plyjudge" ] || fail "a --deb bundle carries no source tree"
cmp -s "$deb" "$ag/source/plyjudge.deb" || fail "the bundle's plyjudge.deb is not the package given"

gs_root=$scratch/gradescope-image
out=$(STUB_LOG=$scratch/gs-apt.log STUB_ROOT=$gs_root PATH="$stubs:$gs_root/usr/bin:/usr/bin:/bin" \
      bash "$ag/source/setup.sh" 2>&1) || fail "setup.sh failed: $out"
expect_in "$(cat "$scratch/gs-apt.log")" "apt-get install -y -qq ./plyjudge.deb" "setup.sh installs the bundled .deb"
expect_in "$out" "plyjudge $version" "setup.sh runs the installed plyjudge"
[ ! -e "$ag/source/build" ] || fail "setup.sh built from source although the package installed"

student "$ag/submission" reversi "$installed"
out=$(PLYJUDGE_AUTOGRADER_ROOT=$ag PATH="$gs_root/usr/bin:/usr/bin:/bin" bash "$ag/source/run_autograder" 2>&1) ||
  fail "run_autograder failed: $out"
expect_in "$out" "plyjudge grade exited with status 0" "run_autograder"
score=$(/usr/bin/python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print(r["score"], len(r["tests"]), sorted({t["status"] for t in r["tests"]}))' \
        "$ag/results/results.json")
[ "$score" = "5 5 ['passed']" ] || fail "results.json: $score"
echo "Gradescope bundle with --deb: setup.sh installed the package; results.json: score, tests, statuses = $score"

# A package that does not install (another distribution's) and no source tree: setup.sh says so and fails.
set +e
out=$(STUB_FAIL=1 STUB_LOG=$scratch/gs-apt2.log STUB_ROOT=$scratch/nowhere PATH="$stubs:/usr/bin:/bin" bash "$ag/source/setup.sh" 2>&1)
status=$?
set -e
[ "$status" -ne 0 ] || fail "setup.sh succeeded although nothing was installed: $out"
expect_in "$out" "plyjudge.deb does not install on" "setup.sh names the failed install"
expect_in "$out" "nothing to install" "setup.sh without a source tree to fall back on"
echo "setup.sh with an uninstallable package and no source: exit $status"
