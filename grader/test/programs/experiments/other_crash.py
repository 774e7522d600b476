# A squirrel program that crashes for a reason that has nothing to do with its input's form (a missing module):
# no experiment may claim to explain it. Run as: other_crash.py -i INPUTFILE
import no_such_module_for_plyjudge_tests  # noqa: F401
