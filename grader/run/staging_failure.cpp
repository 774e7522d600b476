#include "grader/run/staging_failure.hpp"

#include <cerrno>
#include <stdexcept>
#include <system_error>

namespace plyjudge::grader {

namespace {

// The host's resources, not anything a submission holds.
bool hostFailure(const std::error_code& ec) {
    if (ec.category() != std::generic_category() && ec.category() != std::system_category()) return false;
    switch (ec.value()) {
        case ENOSPC: case EDQUOT: case EROFS: case EMFILE: case ENFILE: case ENOMEM: case EIO: return true;
        default: return false;
    }
}

}  // namespace

StagingFailure stagingFailure(const std::exception& e) {
    const auto* system = dynamic_cast<const std::system_error*>(&e);
    const std::string what = std::string("cannot stage the submission: ") + e.what();
    if (system && hostFailure(system->code())) return {Verdict::NoProgram, what, JudgeFault{JudgeComponent::Disk, what, ""}};
    // The limits (std::runtime_error) and what the copy could not read or make (std::filesystem_error).
    if (dynamic_cast<const std::runtime_error*>(&e)) return {Verdict::NoProgram, std::string("submission refused: ") + e.what(), {}};
    return {Verdict::NoProgram, what, JudgeFault{JudgeComponent::Grader, what, ""}};
}

}  // namespace plyjudge::grader
