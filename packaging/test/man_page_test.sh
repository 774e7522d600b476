#!/usr/bin/env bash
# The man page made from the --help texts (packaging/make_docs.py) renders with `man -l` and documents every
# command `plyjudge --help` lists, each with its usage line, and every option of `plyjudge check --help`.
#   man_page_test.sh BUILD_DIR
source "$(dirname "$0")/lib.sh"
build=$1
need man
page=$build/plyjudge.1.gz
[ -s "$page" ] || fail "no man page at $page (built by the plyjudge_docs target)"
text=$(MANWIDTH=200 man -l "$page" 2>"$scratch/man.err" | col -b) || fail "man -l failed: $(cat "$scratch/man.err")"
[ ! -s "$scratch/man.err" ] || fail "man -l warned: $(cat "$scratch/man.err")"
for section in NAME SYNOPSIS DESCRIPTION COMMANDS VARIANTS "EXIT STATUS" ENVIRONMENT FILES VERSION; do
  grep -q "^$section\$" <<< "$text" || fail "the man page has no $section section"
done
commands=$("$build/plyjudge" --help | sed -n '/^commands:/,/^$/p' | awk 'NF > 1 {print $1}')
n=0
for c in $commands; do
  usage=$("$build/plyjudge" "$c" --help | sed -n '1s/^usage: //p')  # sed reads it all: no SIGPIPE under pipefail
  grep -qF -- "$usage" <<< "$text" || fail "the man page lacks the usage of $c: $usage"
  n=$((n + 1))
done
[ "$n" -ge 10 ] || fail "only $n commands in plyjudge --help"
for option in $("$build/plyjudge" check --help | grep -oE '^  (-[a-z] \[ )?--[a-z-]+' | grep -oE -- '--[a-z-]+'); do
  grep -qF -- "$option" <<< "$text" || fail "the man page lacks check's option $option"
done
expect_in "$text" "$("$build/plyjudge" --version)" "the VERSION section"
echo "man -l: $(wc -l <<< "$text") lines; all $n commands with their usage; every option of check"
