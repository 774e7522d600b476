// `plyjudge grade ASSIGNMENT.yaml SUBMISSIONS_DIR`: a whole class, in parallel, every result stored in
// SQLite as it is produced so that an interrupted run resumes with only what is missing.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <iostream>
#include <optional>
#include <set>
#include <thread>

#include "common/escaping.hpp"
#include "common/file_io.hpp"
#include "grader/config/yaml_support.hpp"
#include "grader/grade/class_grading.hpp"
#include "reports/report_formats.hpp"
#include "sandbox/sandbox.hpp"
#include "reports/terminal_report.hpp"
#include "reference/input_generator.hpp"
#include "common/data_dir.hpp"
#include "cli/contrast_setup.hpp"
#include "cli/command_line.hpp"
#include "cli/exit_codes.hpp"
#include "cli/program_argument.hpp"
#include "cli/report_output.hpp"

namespace plyjudge::cli {

using namespace plyjudge::grader;

namespace {

std::atomic<bool> interrupted{false};

// First Ctrl-C: start nothing new, let the running cases finish and be saved. SIGTERM (a scheduler's or a TA's
// kill) or a second Ctrl-C: stop at once, killing every run and compile step in progress (sandbox::cancelAllRuns;
// they would otherwise go on to their limits): what was saved is kept, the runs in progress are redone next time.
extern "C" void onInterrupt(int signal) {
    if (interrupted.exchange(true) || signal == SIGTERM) {
        sandbox::cancelAllRuns();
        static const char stopping[] = "\nstopping: the running cases are killed and will be run again next time\n";
        [[maybe_unused]] auto n = ::write(2, stopping, sizeof stopping - 1);
        return;
    }
    static const char message[] = "\ninterrupted: finishing the running cases (Ctrl-C again to stop at once)\n";
    [[maybe_unused]] auto n = ::write(2, message, sizeof message - 1);
}

// Installs onInterrupt for SIGINT and SIGTERM while grading; restores the previous handlers after.
class InterruptHandler {
public:
    InterruptHandler() {
        struct sigaction action {};
        action.sa_handler = onInterrupt;
        sigemptyset(&action.sa_mask);
        sigaction(SIGINT, &action, &oldInt_);
        sigaction(SIGTERM, &action, &oldTerm_);
    }
    ~InterruptHandler() {
        sigaction(SIGINT, &oldInt_, nullptr);
        sigaction(SIGTERM, &oldTerm_, nullptr);
    }
    InterruptHandler(const InterruptHandler&) = delete;
    InterruptHandler& operator=(const InterruptHandler&) = delete;

private:
    struct sigaction oldInt_ {}, oldTerm_ {};
};

// The progress of a grading run on standard error: a line per result (rewritten in place on a terminal), and
// once per student what runs the program. Names are printed terminalSafe: a student folder named with escape
// sequences or newlines cannot fake lines or drive the TA's terminal.
class Progress {
public:
    explicit Progress(std::size_t total) : total_(total), tty_(::isatty(2)) {}

    void operator()(const std::string& studentName, const CaseResult& r) {
        ++done_;
        const std::string student = terminalSafe(studentName);
        if (!r.interpreter.empty() && introduced_.insert(studentName).second) {
            std::cerr << (tty_ ? "\r\x1b[K" : "") << student << ": run with " << terminalSafe(r.interpreter) << "\n";
        }
        // A judge error says its cause at once: the TA may stop the grade and fix the grader's side.
        const std::string line = fmt::format("[{}/{}] {} {}/{}: {}", done_, total_, student, terminalSafe(r.suite),
                                             terminalSafe(r.name), r.judgeError() ? terminalSafe(r.message) : std::string(r.verdictText()));
        if (tty_) std::cerr << "\r" << line << "\x1b[K" << std::flush;
        else if (r.verdict != Verdict::Ok || done_ % 50 == 0 || done_ == total_) std::cerr << line << "\n";
    }
    void finish() const {
        if (tty_) std::cerr << "\n";
    }

private:
    std::size_t total_, done_ = 0;
    bool tty_;
    std::set<std::string> introduced_;
};

void declareGradeOptions(CommandLine& cl) {
    addJobsOption(cl, "runs in parallel");
    cl.options()("rerun", po::value<std::vector<std::string>>()->composing(),
                                     "forget the results of STUDENT and grade that student again (only); repeatable")(
        "rerun-judge-errors", "grade again every run stored as a judge error (only those, with --rerun's students if any; "
                              "a plain grade also retries them)")(
        "json", po::value<std::string>(), "write the results as JSON to this file")(
        "db", po::value<std::string>(), "the results database of this assignment run")(
        "report", po::value<std::string>(), "also write reports: json, gradescope, junit, csv, html (comma-separated)")(
        "report-output", po::value<std::string>(), "the report file, or folder for several (default: DB name + .reports/)")(
        "shard", po::value<std::string>(), "K/N: grade only the K-th of N balanced shards of the runs, into its own "
                                             "database (default ./ASSIGNMENT-SUBMISSIONS.shardK-of-N.results.db); "
                                             "combine them with plyjudge merge")(
        "quiet,q", "no progress on standard error");
    addForStudentsOption(cl);
    addContrastOption(cl);
    cl.hidden()("assignment", po::value<std::string>())("submissions", po::value<std::string>());
    cl.positional("assignment", 1);
    cl.positional("submissions", 1);
}

// What the options ask to grade, and where to keep it; throws UsageError.
ClassGradingRequest gradingRequestOf(const po::variables_map& vm) {
    if (!vm.count("assignment") || !vm.count("submissions")) throw UsageError("give ASSIGNMENT.yaml and SUBMISSIONS_DIR");
    ClassGradingRequest request;
    request.assignment = vm["assignment"].as<std::string>();
    request.submissions = vm["submissions"].as<std::string>();
    request.jobs = vm["jobs"].as<int>();
    if (request.jobs < 1) throw UsageError("--jobs must be >= 1");
    request.explain = explainOf(vm);
    request.canary.run = true;
    request.canary.reference = executablePath();
    if (!vm.count("quiet")) request.note = [](const std::string& line) { std::cerr << terminalSafe(line) << "\n"; };
    if (vm.count("shard")) {
        try {
            request.shard = parseShard(vm["shard"].as<std::string>());
        } catch (const std::invalid_argument& e) {
            throw UsageError(e.what());
        }
    }
    request.database = vm.count("db") ? std::filesystem::path(vm["db"].as<std::string>())
                                      : defaultDatabasePath(request.assignment, request.submissions, request.shard);
    if (vm.count("rerun")) request.rerun = vm["rerun"].as<std::vector<std::string>>();
    request.rerunJudgeErrors = vm.count("rerun-judge-errors") > 0;
    request.stop = &interrupted;
    if (auto options = contrastOptionsOf(vm, 1)) {
        request.contrastOptions = *options;
        request.contrastFor = [](std::string_view variant) -> std::optional<ContrastInputs> {
            const InputGenerator* generator = findInputGenerator(variant);
            if (!generator) return std::nullopt;
            return contrastInputsOf(*generator);
        };
    }
    return request;
}

// The assignment loaded and the database opened; a student or a folder that does not exist is a usage error.
ClassGrading openGrading(const ClassGradingRequest& request) {
    try {
        return ClassGrading(request);
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
}

// What is to do, what is stored already, and whether the runs are isolated.
void announceGrading(const ClassGrading& grading, const ClassGradingRequest& request) {
    std::cerr << fmt::format("grading {} student(s) x {} case(s){}: {} run(s) to do, {} already in {}\n",
                             grading.studentsToGrade(), grading.caseCount(),
                             request.shard ? fmt::format(", shard {} ({} runs)", request.shard->text(), grading.runsInScope()) : "",
                             grading.runsToDo(), grading.runsStored(), request.database.string());
    auto names = [](const std::vector<std::string>& students) {
        std::string text;
        for (const std::string& s : students) text += (text.empty() ? "" : ", ") + terminalSafe(s);
        return text;
    };
    if (!grading.staleRegraded().empty()) {
        std::cerr << fmt::format("settings changed since graded (the assignment's overrides, students.yaml or the Pythons installed): {}: graded again\n",
                                 names(grading.staleRegraded()));
    }
    if (!grading.staleLeft().empty()) {
        std::cerr << fmt::format("settings changed since graded, left as graded (not named by --rerun): {}\n",
                                 names(grading.staleLeft()));
    }
    if (grading.judgeErrorsToRedo() > 0) {
        std::cerr << fmt::format("{} judge error(s) stored: graded again\n", grading.judgeErrorsToRedo());
    }
    noteIfNotIsolated();
}

// The progress of explaining the students whose explanations are not stored yet, like grading's: a line rewritten
// in place on a terminal, else a line for the first, every tenth and the last.
ExplainProgress explainProgress(bool quiet) {
    if (quiet) return {};
    return [tty = ::isatty(2) != 0](const std::string& student, std::size_t index, std::size_t count) {
        const std::string line = fmt::format("explaining [{}/{}] {}", index + 1, count, terminalSafe(student));
        if (tty) std::cerr << "\r" << line << "\x1b[K" << (index + 1 == count ? "\n" : "") << std::flush;
        else if (index == 0 || (index + 1) % 10 == 0 || index + 1 == count) std::cerr << line << "\n";
    };
}

// What one `grade` ran: the runs finished and their programs' CPU.
struct GradedNow {
    std::size_t runs = 0;
    double cpuSeconds = 0;
};

// Runs what is left (with its progress unless quiet) until done or interrupted.
GradedNow gradeRemaining(ClassGrading& grading, bool quiet) {
    const InterruptHandler onInterrupt;
    Progress progress(grading.runsToDo());
    GradedNow now;
    grading.run([&](const std::string& student, const CaseResult& r) {
        ++now.runs;
        now.cpuSeconds += r.cpuSeconds;
        if (!quiet) progress(student, r);
    });
    if (!quiet) progress.finish();
    return now;
}

// The programs' CPU of this grade: its graded runs, and the other runs of the students' programs (the explainer's
// experiments and contrasts, Python trials), which the results do not hold. Prices the explainer for a TA and for
// bench/grade_class.sh.
void printProgramsCpu(const GradedNow& now) {
    if (now.runs == 0) return;
    const double reruns = std::max(0.0, sandbox::sandboxedCpuSeconds() - now.cpuSeconds);
    std::cout << fmt::format("the programs' CPU in this grade: {:.3f} s in {} graded run(s), {:.3f} s in reruns for explanations\n",
                             now.cpuSeconds, now.runs, reruns);
}

}  // namespace

int runGrade(const std::vector<std::string>& args) {
    CommandLine cl("grade", "grade ASSIGNMENT.yaml SUBMISSIONS_DIR [-j N] [--rerun STUDENT]... [--rerun-judge-errors] [--json PATH] "
                            "[--db PATH] [--shard K/N]",
                   "Grades every student of SUBMISSIONS_DIR (one folder per student) on the assignment's suites, in\n"
                   "parallel, each run sandboxed. Every result is saved in a SQLite database as it is produced\n"
                   "(default ./ASSIGNMENT-SUBMISSIONS.results.db): run the same command again after an interruption\n"
                   "and it does only what is missing. Judge errors are retried on the next run and never count.\n"
                   "A student whose own settings (an override in the assignment or students.yaml) changed since\n"
                   "grading is graded again, alone; any other change of the assignment but its title needs a new\n"
                   "database. A finished student's explanations are stored too: a rerun, a resume and report load them.\n"
                   "The database and the reports are private (0600, folders 0700). --for-students writes the\n"
                   "reports as students may read them: a hidden case shows its verdict and category only (or what\n"
                   "its suite's `show` allows).\n"
                   "Before the first run, a canary of plyjudge's own runs each language the class uses and the reference\n"
                   "the same way as the students' programs: when it fails, nobody is graded.\n"
                   "Exit status: 0 when everything ran (whatever the grades), 2 on bad configuration, 3 on a judge error\n"
                   "(the canary failed, or some case is not graded because the grader's side failed), 130 when interrupted (Ctrl-C lets the running cases finish; SIGTERM or a second Ctrl-C\n"
                   "stops them at once, and they are run again next time).");
    declareGradeOptions(cl);
    return runParsed(cl, args, [&](const po::variables_map* vm) -> int {
        const ClassGradingRequest request = gradingRequestOf(*vm);
        const bool quiet = vm->count("quiet") > 0;
        const std::vector<reports::Format> reportFormats = reportFormatsOf(*vm);
        try {
            ClassGrading grading = openGrading(request);
            const std::size_t total = grading.runsToDo();
            if (!quiet) announceGrading(grading, request);
            const GradedNow now = gradeRemaining(grading, quiet);
            const std::size_t done = now.runs;
            // The summary covers everything in the database, this run's results and the earlier ones.
            const RunResults results = grading.results(explainProgress(quiet));
            reports::printClassSummary(std::cout, results);
            printProgramsCpu(now);
            // Written also after an interruption: the reports then show what is graded so far.
            const int reportStatus = writeRequestedReports(results, *vm, reportFormats, request.database.string() + ".reports");
            if (interrupted) {
                std::cerr << fmt::format("interrupted after {} of {} run(s); run the same command to finish\n", done, total);
                return 130;
            }
            const int judgeErrors = results.judgeErrors();
            if (judgeErrors > 0) {
                std::cerr << fmt::format("{} case(s) not graded: judge errors (the grader's side failed; see each one's cause). "
                                         "They are graded again by the next run of the same command.\n", judgeErrors);
                return kExitJudgeError;
            }
            return reportStatus;
        } catch (const ConfigError& e) {
            cl.error(e.what());
            return kExitUsage;
        } catch (const storage::SqliteError& e) {
            cl.error(std::string("results database: ") + e.what());
            return kExitUsage;
        }
    });
}

}  // namespace plyjudge::cli
