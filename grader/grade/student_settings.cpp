#include "grader/grade/student_settings.hpp"

#include <iostream>

#include "grader/results/fingerprint.hpp"

namespace plyjudge::grader {

StudentOverrides effectiveOverrides(const Assignment& assignment, const std::filesystem::path& submissions,
                                    const std::function<void(const std::string&)>& warn) {
    StudentOverrides overrides = assignment.overrides;
    std::string warning;
    for (auto& [student, o] : loadStudentsFile(submissions / "students.yaml", warning)) overrides[student] = o;
    if (warning.empty()) return overrides;
    if (warn) {
        warn(warning);
    } else {
        std::cerr << "plyjudge: warning: " << warning << "\n";
    }
    return overrides;
}

std::string studentSettingsDigest(const StudentOverride* override, const Interpreters& tools) {
    const StudentOverride none;
    const StudentOverride& o = override ? *override : none;
    Fingerprint f;
    f.add("command").add(o.command ? "=" + *o.command : "-");
    f.add("file").add(o.file ? "=" + *o.file : "-");
    f.add("python").add(o.python ? std::to_string(static_cast<int>(*o.python)) : "-");
    f.add("setup").add(std::to_string(o.adjustments.setup.size()));
    for (const auto& [from, to] : o.adjustments.setup) f.add(from).add(to);
    f.add("collect").add(std::to_string(o.adjustments.collect.size()));
    for (const auto& [name, path] : o.adjustments.collect) f.add(name).add(path);
    for (const char* python : {"python2", "python3"}) f.add(python).add(tools.problemWith(python) ? "-" : tools.commandFor(python));
    return f.hex();
}

}  // namespace plyjudge::grader
