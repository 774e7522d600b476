# shellcheck shell=bash
# Sourced by bench/grade_class.sh and bench/rerun_cost.sh: the synthetic class they grade.
# write_class PLYJUDGE FOLDER writes $students students for $variant into FOLDER, each named in FOLDER/students.yaml
# with a command running the build's own binary (a command the TA wrote, so the sandbox shows that file to the
# run): 60 % correct (`plyjudge solve VARIANT`), 25 % faulty (`--fault F`, F among the first five faults of
# `plyjudge faults VARIANT`), 15 % crashing (the reference's answer, then SIGSEGV).
# The sourcing script sets $variant and $students; the crash script's $1, $@ and $$ are its own.
# shellcheck disable=SC2154,SC2016
# bench_setup NAME [PLYJUDGE...]: what both scripts start with: root (the source tree), builds (each checked; default
# the tree's build/plyjudge), assignment ($own_assignment, else the variant's bundled one) and work (a scratch folder
# removed at exit, 0755 for the runs' users).
bench_setup() {
  local name=$1 b
  shift
  root=$(realpath "$(dirname "$0")/..")
  [ $# -gt 0 ] || set -- "$root/build/plyjudge"
  builds=()
  for b in "$@"; do
    [ -x "$b" ] || { echo "$name: no plyjudge at '$b'" >&2; exit 2; }
    builds+=("$(realpath "$b")")
  done
  assignment=${own_assignment:-$root/cases/$variant/assignment.yaml}
  [ -f "$assignment" ] || { echo "$name: no assignment $assignment" >&2; exit 2; }
  work=$(mktemp -d "${TMPDIR:-/tmp}/plyjudge-${name%.sh}-XXXXXX")
  trap 'rm -rf "$work"' EXIT
  chmod 755 "$work"
}

write_class() {  # write_class PLYJUDGE FOLDER
  local p=$1 subs=$2 i name faults
  mapfile -t faults < <("$p" faults "$variant" | awk 'NF == 1 && $1 ~ /^[a-z][a-z0-9-]*$/ {print $1}' | head -5)
  [ ${#faults[@]} -gt 0 ] || { echo "$(basename "$0"): $p lists no fault of $variant" >&2; exit 2; }
  mkdir -p "$subs"
  : > "$subs/students.yaml"
  for ((i = 1; i <= students; i++)); do
    name=$(printf 's%02d' "$i")
    mkdir -p "$subs/$name"
    echo "a synthetic student" > "$subs/$name/README.txt"
    case $((i % 20)) in
      1|5|9|13|17) echo "$name: {command: \"$p solve $variant --fault ${faults[$((i % ${#faults[@]}))]}\"}" ;;
      3|11|19) printf 'p=$1; shift; "$p" solve %s "$@"; kill -SEGV $$\n' "$variant" > "$subs/$name/crash.sh"
               echo "$name: {command: \"sh {dir}/crash.sh $p\"}" ;;
      *) echo "$name: {command: \"$p solve $variant\"}" ;;
    esac >> "$subs/students.yaml"
  done
  chmod -R a+rX "$subs"
}
