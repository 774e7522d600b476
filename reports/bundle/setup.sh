#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder image: it installs plyjudge's Debian/
# Ubuntu packages and builds plyjudge (scripts/setup of the bundled source tree does both).
set -euo pipefail
cd "$(dirname "$0")"
PLYJUDGE_BUILD_DIR=build plyjudge/scripts/setup --no-example
test -x plyjudge/build/plyjudge
