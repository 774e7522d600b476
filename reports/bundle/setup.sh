#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder image. With plyjudge.deb in the bundle
# (gradescope-bundle --deb) it installs that package with apt-get, which brings its libraries from the
# image's own archive: no compiler, no build, and no librapidcheck-dev (missing from some Ubuntu images).
# Without a package, or when it cannot be installed (built for another distribution than the image's), it
# builds the bundled source tree with its scripts/setup, if there is one.
set -euo pipefail
cd "$(dirname "$0")"
export DEBIAN_FRONTEND=noninteractive
if [ -f plyjudge.deb ]; then
  apt-get update -qq
  if apt-get install -y -qq ./plyjudge.deb; then
    plyjudge --version
    exit 0
  fi
  os=$( (. /etc/os-release && echo "$PRETTY_NAME") 2>/dev/null || echo "this system")
  echo "setup.sh: plyjudge.deb does not install on $os (build it on the image's distribution: scripts/package)" >&2
fi
if [ -f plyjudge/scripts/setup ]; then
  PLYJUDGE_BUILD_DIR=build plyjudge/scripts/setup --no-example
  test -x plyjudge/build/plyjudge
  exit 0
fi
echo "setup.sh: nothing to install: the bundle has neither an installable plyjudge.deb nor a source tree" >&2
exit 1
