# The course both Slurm tests grade (sourced): reversi's published cases as the one suite, and a class of five whose
# run.sh runs the reference; ben drops a line of its output, dan exits 3. Uses $plyjudge.
write_assignment() {  # write_assignment SCRATCH SOURCE_DIR
  cp -r "$2/cases/reversi/published" "$1/suite"
  cat > "$1/a.yaml" <<YAML
variant: reversi
run: {command: "sh {dir}/run.sh"}
limits: {wall_seconds: 20, cpu_seconds: 10, memory_mb: 512}
suites: [suite]
YAML
}

write_class() {  # write_class FOLDER PREFIX (a command run before the reference, e.g. "sleep 1; ")
  local s tail
  for s in ann ben cat dan eve; do
    mkdir -p "$1/$s"
    case $s in ben) tail='&& sed -i 3d output.txt' ;; dan) tail='&& exit 3' ;; *) tail='' ;; esac
    cp "$plyjudge" "$1/$s/plyjudge"  # under bubblewrap the run sees its own folder, not the build tree
    printf '%s"$(dirname "$0")/plyjudge" solve reversi "$@" %s\n' "$2" "$tail" > "$1/$s/run.sh"
  done
}
