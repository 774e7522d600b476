#include "grader/grade/missing_file_hint.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "grader/explain/requested_files.hpp"
#include "grader/run/run_adjustments.hpp"
#include "reference/variant.hpp"

namespace plyjudge::grader {

std::string missingFileHint(const std::string& name) {
    const bool plainName = !name.empty() && name.size() <= 120 && staysInside(name) &&
                           name.find_first_of(":{}[],\"'#&*!|>%@`\n\r\t") == std::string::npos;
    if (!plainName) {
        return fmt::format("your program opened {}, which does not exist; the input is input.txt in the folder the program "
                           "runs in: open it by a relative name, or pass its name as the variant does", name);
    }
    // A name with blanks is quoted for the shell (`--setup 'Sample inputs/1/input.txt=input.txt'`): pasted as printed.
    const bool blanks = name.find(' ') != std::string::npos;
    return fmt::format("your program opened {0}, which does not exist; the input is input.txt — add setup: {{{0}: input.txt}} "
                       "to plyjudge.yaml beside your program, or pass --setup {1}{0}=input.txt{1}", name, blanks ? "'" : "");
}

std::optional<std::string> missingInputHint(const CaseResult& result, const Variant& variant) {
    if (result.verdict != Verdict::RuntimeError || result.judgeError()) return std::nullopt;
    const std::vector<std::string> names = missingFilesNamed(result.stderrHead);
    if (names.empty() || names.front() == "input.txt") return std::nullopt;
    if (std::find(variant.outputFiles.begin(), variant.outputFiles.end(), names.front()) != variant.outputFiles.end()) return std::nullopt;
    return missingFileHint(names.front());
}

}  // namespace plyjudge::grader
