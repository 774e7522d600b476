#!/usr/bin/env python3
"""Every catalogued fault of a variant, carried by a program, through the real `plyjudge check` with its default
options (only --seed is fixed, so that the generated cases are the same on every run): the check must exit 1 and
explain the fault exactly.

The program carrying one mistake is the reference itself with that one switch: `plyjudge solve VARIANT --fault
NAME` given as check's --command (reference/<variant>/faults.cpp says what each switch does). The hand-written
programs of programs/faulty/ carry a mistake written out in Python, for a few faults (or a log shape, e.g.
inner-nodes-on-return.py: grader/explain/log_shape.hpp), named by their file name.

  fault_programs_test.py PLYJUDGE VARIANT [SOURCE_DIR]"""
import json, os, subprocess, sys, tempfile

plyjudge, variant = sys.argv[1], sys.argv[2]
source = sys.argv[3] if len(sys.argv) > 3 else None


def faults_of(variant):
    out = subprocess.run([plyjudge, "faults", variant], capture_output=True, text=True, check=True).stdout
    return [line.strip() for line in out.splitlines()[1:] if line.startswith("  ") and not line.startswith("      ")]


def check(command, fault, scratch):
    report = os.path.join(scratch, "results.json")
    run = subprocess.run([plyjudge, "check", variant, "--command", command, "--seed", "12345", "--json", report],
                         cwd=scratch, capture_output=True, text=True)
    problems = []
    if run.returncode != 1:
        problems.append(f"check exited {run.returncode}, not 1")
    student = json.load(open(report))["students"][0] if os.path.exists(report) else {}
    main = student.get("main_explanation")
    if not main or main["fault"] != fault or not main["exact"]:
        problems.append(f"main explanation {main}")
    for r in student.get("results", []):
        if r["verdict"] == "wrong-answer":
            e = r.get("explanation")
            if not e or not e["exact"] or (e["fault"] != fault and fault not in e["also_exact"]):
                problems.append(f"{r['suite']}/{r['case']}: explanation {e}")
    if "explained: " + fault not in run.stdout:
        problems.append("no terminal line 'explained: " + fault + "'")
    if problems:
        return problems + ["output:", run.stdout[-3000:], run.stderr[-1000:]]
    failed = sum(1 for r in student["results"] if r["verdict"] != "ok")
    print(f"{variant} {fault}: exit 1, {failed} of {len(student['results'])} cases failed, explained exactly")
    return []


failures = []
faults = faults_of(variant)
with tempfile.TemporaryDirectory() as scratch:
    os.chmod(scratch, 0o755)
    for fault in faults:
        failures += [f"{fault}: {p}" for p in check(f"{plyjudge} solve {variant} --fault {fault}", fault, scratch)]
    programs = os.path.join(source, "grader", "test", "programs", "faulty", variant) if source else None
    if programs and os.path.isdir(programs):
        for name in sorted(n for n in os.listdir(programs) if not n.startswith("_")):
            fault = os.path.splitext(name)[0]
            program = os.path.join(programs, name)
            failures += [f"{name}: {p}" for p in check(f"python3 {program}", fault, scratch)]
print(f"{variant}: {len(faults)} faults checked")
if failures:
    print("\n".join(failures))
    sys.exit(1)
