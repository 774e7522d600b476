#include "grader/results/verdict.hpp"

#include <array>
#include <utility>

namespace plyjudge::grader {

namespace {
constexpr std::array<std::pair<std::string_view, std::string_view>, 10> kNames = {{
    {"OK", "ok"},
    {"wrong answer", "wrong-answer"},
    {"time limit", "time-limit"},
    {"memory limit", "memory-limit"},
    {"output limit", "output-limit"},
    {"runtime error", "runtime-error"},
    {"missing output", "missing-output"},
    {"compile error", "compile-error"},
    {"no program", "no-program"},
    {"not run", "not-run"},
}};
}  // namespace

std::string_view verdictName(Verdict v) { return kNames[static_cast<std::size_t>(v)].first; }
std::string_view verdictCode(Verdict v) { return kNames[static_cast<std::size_t>(v)].second; }

std::optional<Verdict> verdictFromCode(std::string_view code) {
    for (std::size_t i = 0; i < kNames.size(); ++i) {
        if (kNames[i].second == code) return static_cast<Verdict>(i);
    }
    return std::nullopt;
}

}  // namespace plyjudge::grader
