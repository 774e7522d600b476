#!/usr/bin/env bash
# The student workflow passes yamllint (strict: warnings fail too) and every plyjudge command it runs is
# written in the READMEs (the top-level Install section, integrations/README.md).
#   workflow_lint_test.sh SOURCE_DIR
set -euo pipefail
src=$1
workflow=$src/integrations/github-actions/plyjudge-check.yml
command -v yamllint >/dev/null || { echo "SKIPPED: yamllint is not installed (scripts/test installs it)"; exit 77; }
yamllint --strict "$workflow"
echo "yamllint --strict: no problem in $(basename "$workflow")"
# The python3 that has PyYAML (yamllint's own, Debian's python3-yaml), not a version manager's.
for py in /usr/bin/python3 python3; do
  if "$py" -c 'import yaml' 2>/dev/null; then
    exec "$py" "$src/integrations/test/workflow.py" commands "$workflow" "$src/README.md" "$src/integrations/README.md"
  fi
done
echo "SKIPPED: no python3 with PyYAML (Debian package python3-yaml)"
exit 77
