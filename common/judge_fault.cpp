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
                             JudgeComponent::Setting, JudgeComponent::Grader}) {
        const std::string prefix = judgeComponentName(c) + ": ";
        if (message.starts_with(prefix)) {  // a fault's own text(): "COMPONENT: WHAT (fix: FIX)"
            fault = {c, message.substr(prefix.size()), ""};
            const std::size_t fix = fault.what.rfind(" (fix: ");
            if (fix != std::string::npos && fault.what.ends_with(")")) {
                fault.fix = fault.what.substr(fix + 7, fault.what.size() - fix - 8);
                fault.what.resize(fix);
            }
            return fault;
        }
        if (message.find("(" + prefix) != std::string::npos) fault.component = c;  // "judge error (COMPONENT: ...)"
    }
    return fault;
}

std::string JudgeFault::text() const {
    return judgeComponentName(component) + ": " + what + (fix.empty() ? "" : " (fix: " + fix + ")");
}

}  // namespace plyjudge
