"""Reads a GitHub Actions workflow for the tests (needs PyYAML: Debian's python3-yaml, which yamllint brings).

    workflow.py commands WORKFLOW README...   every plyjudge command the workflow runs is one of the READMEs'
    workflow.py steps WORKFLOW OUTDIR         writes the steps as scripts, to run them here like the runner

A command is a line of a `run:` block, backslash continuations joined, cut before its first pipe or
redirection, with the workflow's env values put in for "$NAME"; "plyjudge commands" are those that run
plyjudge or install its package. A README line matches with or without a leading `sudo `.
"""
import re
import sys

import yaml


def load(path):
    with open(path, encoding="utf-8") as f:
        workflow = yaml.safe_load(f)
    # YAML 1.1 reads the key `on` as True.
    if True in workflow:
        workflow["on"] = workflow.pop(True)
    return workflow


def steps_of(workflow):
    (job,) = workflow["jobs"].values()
    return job["steps"]


def logical_lines(text):
    return re.sub(r"\\\n\s*", " ", text).splitlines()


def commands(workflow):
    env = {k: str(v) for k, v in (workflow.get("env") or {}).items()}
    found = []
    for step in steps_of(workflow):
        for line in logical_lines(step.get("run", "")):
            line = re.split(r"\s(?:\||2?>)", line)[0].strip()
            for name, value in env.items():
                line = line.replace(f'"${name}"', value).replace(f"${name}", value)
            line = " ".join(line.split())
            if re.match(r"^(plyjudge\s|apt-get install .*\bplyjudge)", line):
                found.append(line)
    return found


def readme_commands(paths):
    lines = set()
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = " ".join(line.split("#")[0].split())
                lines.add(line.removeprefix("sudo "))
    return lines


def main():
    mode, workflow_path = sys.argv[1], sys.argv[2]
    workflow = load(workflow_path)
    if mode == "commands":
        documented = readme_commands(sys.argv[3:])
        cmds = commands(workflow)
        if not cmds:
            sys.exit("no plyjudge command found in the workflow")
        missing = [c for c in cmds if c not in documented]
        for c in cmds:
            print(("documented: " if c not in missing else "NOT in the README: ") + c)
        sys.exit(1 if missing else 0)
    if mode == "steps":
        out = sys.argv[3]
        with open(f"{out}/env.sh", "w", encoding="utf-8") as f:
            for k, v in (workflow.get("env") or {}).items():
                f.write(f"export {k}='{v}'\n")
        with open(f"{out}/steps", "w", encoding="utf-8") as index:
            for i, step in enumerate(steps_of(workflow)):
                always = "always" if "always()" in str(step.get("if", "")) else "on-success"
                if "run" in step:
                    script = f"{out}/step{i:02d}.sh"
                    with open(script, "w", encoding="utf-8") as f:
                        f.write(step["run"])
                    index.write(f"run {always} {script} {step.get('shell', 'bash')}\n")
                else:
                    path = (step.get("with") or {}).get("path", "-")
                    index.write(f"uses {always} {step['uses']} {path}\n")
        return
    sys.exit(f"unknown mode {mode}")


if __name__ == "__main__":
    main()
