#include "grader/grade/canary.hpp"

#include <chrono>
#include <set>

#include <fmt/format.h>

#include "common/file_io.hpp"
#include "common/temp_dir.hpp"
#include "common/command_template.hpp"
#include "grader/run/program_file.hpp"

namespace plyjudge::grader {

namespace {

// One canary: a program of ours, as a student's would be given to the grader.
struct Canary {
    std::string name;      // "python3", "g++", "reference"
    ProgramSource source;
};

// Python 2 and 3 alike: reads its input, then copies the expected files (beside it in answer/) into place.
constexpr const char* kPythonCanary = R"(import os, shutil
here = os.path.dirname(os.path.abspath(__file__))
open('input.txt').read()
for name in os.listdir(os.path.join(here, 'answer')):
    shutil.copyfile(os.path.join(here, 'answer', name), name)
)";

// C and C++ alike (g++ and gcc compile it): copies the expected files (in answer/) into place.
std::string nativeCanary(const std::vector<std::string>& files) {
    std::string names;
    for (const std::string& f : files) names += "\"" + f + "\", ";
    return "#include <stdio.h>\nint main(void) {\n  const char* names[] = {" + names +
           "0};\n  for (int i = 0; names[i]; ++i) {\n    char from[512];\n"
           "    snprintf(from, sizeof from, \"answer/%s\", names[i]);\n"
           "    FILE* in = fopen(from, \"rb\"); FILE* out = fopen(names[i], \"wb\");\n"
           "    if (!in || !out) return 1;\n    char buf[65536]; size_t n;\n"
           "    while ((n = fread(buf, 1, sizeof buf, in)) > 0) fwrite(buf, 1, n, out);\n"
           "    fclose(in); if (fclose(out) != 0) return 1;\n  }\n  return 0;\n}\n";
}

constexpr const char* kJavaCanary = R"(import java.nio.file.*;
public class Canary {
    public static void main(String[] args) throws Exception {
        try (DirectoryStream<Path> answers = Files.newDirectoryStream(Paths.get("answer"))) {
            for (Path p : answers) Files.copy(p, Paths.get(p.getFileName().toString()), StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
)";

// The canary's folder: its program and the case's expected files in answer/.
std::filesystem::path writeCanary(const std::filesystem::path& dir, const std::string& file, const std::string& text,
                                  const CaseSpec& spec) {
    std::filesystem::create_directories(dir / "answer");
    for (const std::string& f : spec.files) std::filesystem::copy_file(spec.expectedDir / f, dir / "answer" / f);
    writeFileAtomically(dir / file, text);
    return dir / file;
}

// The languages and interpreters the job's submissions will use.
std::vector<Canary> canariesOf(const GradingJob& job, const CaseSpec& spec, const std::filesystem::path& root) {
    std::set<std::string> seen;
    std::vector<Canary> out;
    auto add = [&](const std::string& name, const std::string& file, const std::string& text, const Submission& sub,
                   PythonChoice python) {
        if (!seen.insert(name).second) return;
        ProgramSource source;
        source.file = writeCanary(root / name, file, text, spec);
        source.python = python;
        source.interpreters = sub.source.interpreters;
        out.push_back({name, std::move(source)});
    };
    for (const Submission& sub : job.submissions) {
        if (!sub.notFound.empty() || sub.source.commandTemplate || !sub.source.file) continue;
        switch (languageOf(*sub.source.file)) {
            case Language::Python:
                if (sub.source.python != PythonChoice::Python2) add("python3", "canary.py", kPythonCanary, sub, PythonChoice::Python3);
                // Python 2 is tried only where the grader can run it (a Python 2 program gets a judge error otherwise).
                if (sub.source.python == PythonChoice::Python2 || !sub.source.interpreters.problemWith("python2"))
                    add("python2", "canary.py", kPythonCanary, sub, PythonChoice::Python2);
                break;
            case Language::Cpp: add("g++", "canary.cpp", nativeCanary(spec.files), sub, PythonChoice::Auto); break;
            case Language::C: add("gcc", "canary.c", nativeCanary(spec.files), sub, PythonChoice::Auto); break;
            case Language::Java: add("java", "Canary.java", kJavaCanary, sub, PythonChoice::Auto); break;
            case Language::Unknown: break;
        }
    }
    return out;
}

// The reference as a drop-in program: `plyjudge solve VARIANT --dialect K=V...`, invoked as a student's program is.
Canary referenceCanary(const GradingJob& job, const std::filesystem::path& reference) {
    std::string command = shellQuoted(reference.string(), ShellQuoting::Unquoted) + " solve " + job.context.variantName;
    for (const auto& [key, value] : job.context.dialect.settings()) command += " --dialect " + key + "=" + value;
    ProgramSource source;
    source.commandTemplate = command;
    return {"reference", std::move(source)};
}

std::string trimmedEnd(std::string text) {
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) text.pop_back();
    return text;
}

// Runs one canary; nullopt when it passed.
std::optional<JudgeFault> runOne(const Canary& canary, const GradingJob& job, const CaseSpec& spec,
                                 const std::filesystem::path& build, std::string& referenceNote) {
    const PrepareResult prepared = prepareProgram(canary.source, build, BuildSettings(job.context.limits, job.context.hiddenPaths));
    const JudgeComponent component = canary.name == "reference" ? JudgeComponent::Grader : JudgeComponent::Interpreter;
    if (!prepared.program)
        return JudgeFault{component, fmt::format("the {} canary could not be built or started: {}", canary.name, prepared.message),
                          "fix the " + canary.name + " installation (or run.interpreters) so that it can run a program"};
    RunContext context = job.context;
    context.explain = false;
    const CaseResult r = runCase(context, *prepared.program, spec);
    if (r.passed()) return std::nullopt;
    if (r.judgeFault) return r.judgeFault;
    if (canary.name == "reference") {
        referenceNote = fmt::format("the reference's output on {}/{} is not the expected one ({}): the suite may be made "
                                    "by hand or with another dialect", spec.suite, spec.name, r.verdictText());
        return std::nullopt;
    }
    return JudgeFault{component,
                      fmt::format("the {} canary ({}) failed on case {}/{}: {}: {}{}", canary.name,
                                  prepared.program->interpreter, spec.suite, spec.name, r.verdictText(), r.message,
                                  r.stderrHead.empty() ? "" : "; its error output: " + trimmedEnd(r.stderrHead)),
                      "a program of plyjudge's own that copies the expected files failed: every student's would too; "
                      "fix the " + canary.name + " installation (or run.interpreters), then grade again"};
}

}  // namespace

std::string CanaryReport::line() const {
    if (failure) return "canary failed in " + fmt::format("{:.2f}", seconds) + " s: " + failure->text();
    std::string names;
    for (const std::string& p : passed) names += (names.empty() ? "" : ", ") + p;
    return fmt::format("canary: {} passed in {:.2f} s{}", names.empty() ? "nothing to run" : names, seconds,
                       referenceNote.empty() ? "" : "; note: " + referenceNote);
}

CanaryReport runCanary(const GradingJob& job, const CanaryOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    CanaryReport report;
    if (job.cases.empty()) return report;
    const CaseSpec& spec = job.cases[job.shownCases.empty() ? 0 : job.shownCases.front()];
    try {
        const std::filesystem::path root = job.context.workRoot / ("canary-" + unguessableName());
        std::vector<Canary> canaries = canariesOf(job, spec, root / "src");
        if (options.reference) canaries.push_back(referenceCanary(job, *options.reference));
        for (const Canary& canary : canaries) {
            report.failure = runOne(canary, job, spec, root / "build" / canary.name, report.referenceNote);
            if (report.failure) break;
            if (canary.name != "reference" || report.referenceNote.empty()) report.passed.push_back(canary.name);
        }
        std::error_code ec;
        std::filesystem::remove_all(root, ec);
    } catch (const std::exception& e) {
        report.failure = JudgeFault{JudgeComponent::Grader, std::string("the canary could not be set up: ") + e.what(),
                                    "check the grader's scratch folder (TMPDIR): it must be writable with room to spare"};
    }
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return report;
}

}  // namespace plyjudge::grader
