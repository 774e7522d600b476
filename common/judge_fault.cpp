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

JudgeFault judgeFaultOfMessage(const std::string& message) {
    JudgeFault fault{JudgeComponent::Grader, message, ""};
    for (JudgeComponent c : {JudgeComponent::Sandbox, JudgeComponent::Interpreter, JudgeComponent::Disk,
                             JudgeComponent::Setting, JudgeComponent::Grader})
        if (message.find("(" + judgeComponentName(c) + ": ") != std::string::npos || message.starts_with(judgeComponentName(c) + ": "))
            fault.component = c;
    return fault;
}

std::string JudgeFault::text() const {
    return judgeComponentName(component) + ": " + what + (fix.empty() ? "" : " (fix: " + fix + ")");
}

}  // namespace plyjudge
