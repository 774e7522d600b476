// The Python-2-only names and imports a program's source uses, for a file both Pythons compile whose trial runs
// decided nothing (python_trial.hpp): xrange(...), d.has_key(...), import Queue parse under Python 3 and fail only
// when run. A short, exact list; comments and string literals are left out of the scan, and a name the file binds
// itself (`xrange = range`, a compatibility shim) does not count.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace plyjudge::grader {

// The constructs `source` uses, as named in the list ("xrange", "has_key", "import Queue", ...), in the list's
// order, each once; empty when it uses none.
std::vector<std::string> python2OnlyConstructs(std::string_view source);

// `source` with its comments removed and every string literal emptied (its quotes and line breaks kept), so that a
// scan sees code only.
std::string codeOnly(std::string_view source);

}  // namespace plyjudge::grader
