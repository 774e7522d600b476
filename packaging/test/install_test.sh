#!/usr/bin/env bash
# `cmake --install BUILD --prefix P`: the layout, --version, and the installed plyjudge check run from an
# unrelated folder with the source and build trees hidden, then again after the prefix is moved elsewhere.
#   install_test.sh SOURCE_DIR BUILD_DIR
source "$(dirname "$0")/lib.sh"
source_dir=$1 build=$2

prefix=$scratch/prefix
cmake --install "$build" --prefix "$prefix" > "$scratch/install.log" || fail "cmake --install failed: $(cat "$scratch/install.log")"
for f in bin/plyjudge \
         share/plyjudge/cases/starcircle/published/suite.yaml share/plyjudge/cases/reversi/assignment.yaml \
         share/plyjudge/referee/examples/round-robin.yaml share/plyjudge/referee/test/players/scripted_player.py \
         share/plyjudge/reports/bundle/setup.sh share/plyjudge/reports/bundle/run_autograder \
         share/plyjudge/grader/similarity/dolos_bridge.mjs \
         share/doc/plyjudge/README.md share/doc/plyjudge/variants/starcircle.md \
         share/doc/plyjudge/integrations/README.md share/doc/plyjudge/integrations/github-actions/plyjudge-check.yml \
         share/man/man1/plyjudge.1.gz share/bash-completion/completions/plyjudge; do
  [ -e "$prefix/$f" ] || fail "not installed: P/$f"
done
[ -x "$prefix/share/plyjudge/reports/bundle/setup.sh" ] || fail "setup.sh is installed without its execute bit"
echo "installed: $(find "$prefix" -type f | wc -l) files under P/{bin,share/plyjudge,share/doc/plyjudge,share/man,share/bash-completion}"

version=$("$prefix/bin/plyjudge" --version)
[[ $version =~ ^plyjudge\ [0-9]+\.[0-9]+\.[0-9]+\ \(git\ [0-9a-z-]+\)$ ]] || fail "--version printed '$version'"
[ "$version" = "$("$build/plyjudge" --version)" ] || fail "installed and built --version differ"
echo "version: $version"

check_installed "$prefix/bin/plyjudge" "$source_dir" "$build"

# PLYJUDGE_CASES still overrides the installed cases.
set +e
out=$(cd "$scratch/unrelated-folder" && PLYJUDGE_CASES="$scratch/no-cases" "$prefix/bin/plyjudge" check starcircle main.py --generated 0 2>&1)
status=$?
set -e
[ "$status" -eq 2 ] || fail "check with PLYJUDGE_CASES=an empty folder exited with $status, not 2: $out"
expect_in "$out" "no published case for starcircle in $scratch/no-cases" "PLYJUDGE_CASES overrides"

# The prefix moved as a whole: the data is still found beside the binary.
mv "$prefix" "$scratch/moved"
out=$(cd "$scratch/unrelated-folder" && hidden "$source_dir" "$build" -- env -u PLYJUDGE_CASES PATH=/usr/bin:/bin \
      "$scratch/moved/bin/plyjudge" check starcircle main.py --generated 0 2>&1) || fail "check from the moved prefix: $out"
expect_in "$out" "13 of 13 cases passed" "the moved prefix finds its cases (published + selfcheck)"
echo "moved prefix: $(echo "$out" | grep "cases passed")"
