#include "common/judge_fault.hpp"

namespace plyjudge {

std::string judgeComponentName(JudgeComponent c) {
    switch (c) {
        case JudgeComponent::Sandbox: return "sandbox";
        case JudgeComponent::Interpreter: return "interpreter";
        case JudgeComponent::Disk: return "disk";
        case JudgeComponent::Setting: return "setting";
        case JudgeComponent::Grader: return "grader";
    }
    return "grader";
}

std::string JudgeFault::text() const {
    return judgeComponentName(component) + ": " + what + (fix.empty() ? "" : " (fix: " + fix + ")");
}

}  // namespace plyjudge
