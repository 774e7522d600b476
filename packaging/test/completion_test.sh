#!/usr/bin/env bash
# The bash completion made from the --help texts completes commands, variants, options and literal words,
# and leaves option values and other arguments to file-name completion.
#   completion_test.sh BUILD_DIR
source "$(dirname "$0")/lib.sh"
build=$1
script=$build/plyjudge.bash
[ -s "$script" ] || fail "no completion script at $script (built by the plyjudge_docs target)"

# complete WORDS...: what TAB offers after the words (the last one is being typed), one line, sorted.
complete_words() {
  bash --norc --noprofile -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _plyjudge
                              [ ${#COMPREPLY[@]} -eq 0 ] || printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " "' sh "$script" "$@"
}
expect() {  # expect "OFFERED" WORDS...
  local want=$1; shift
  local got
  got=$(complete_words "$@")
  [ "$got" = "$want" ] || fail "${*}<TAB>: offered '$got', expected '$want'"
  echo "${*}<TAB> -> ${got:-(file names)}"
}
expect "check " plyjudge ch
expect "gen grade gradescope-bundle " plyjudge g
expect "--version " plyjudge --v
expect "gomoku4341 gomoku561 reversi squirrel starcircle " plyjudge check ""
expect "squirrel starcircle " plyjudge solve s
expect "--generated " plyjudge check starcircle --gen
expect "" plyjudge check starcircle ""                       # PROGRAM: file names
expect "" plyjudge solve reversi -i ""                       # an option's value: file names
expect "" plyjudge check --seed 3 reversi ""                 # --seed's value is not the VARIANT
expect "fill " plyjudge cases f
expect "fill init " plyjudge cases ""
expect "" plyjudge cases fill ""                             # SUITE_DIR...: file names
expect "--deb " plyjudge gradescope-bundle a.yaml --d
expect "replay report " plyjudge help rep
