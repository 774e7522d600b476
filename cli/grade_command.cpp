// `plyjudge grade ASSIGNMENT.yaml SUBMISSIONS_DIR`: a whole class, in parallel, every result stored in
// SQLite as it is produced so that an interrupted run resumes with only what is missing.
#include <fmt/format.h>
#include <unistd.h>

#include <csignal>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <thread>

#include "grader/assignment/assignment.hpp"
#include "grader/config/yaml_support.hpp"
#include "grader/grade/grading_run.hpp"
#include "grader/report/results_report.hpp"
#include "grader/store/results_store.hpp"
#include "reports/grader_reports.hpp"
#include "cli/command_line.hpp"
#include "cli/exit_codes.hpp"

namespace plyjudge::cli {

using namespace plyjudge::grader;

namespace {

std::atomic<bool> interrupted{false};

// First Ctrl-C: start nothing new, let the running cases finish and be saved. Second: leave at once
// (what was saved is kept; the runs in progress are redone next time).
extern "C" void onInterrupt(int) {
    if (interrupted.exchange(true)) ::_exit(130);
    static const char message[] = "\ninterrupted: finishing the running cases (Ctrl-C again to stop at once)\n";
    [[maybe_unused]] auto n = ::write(2, message, sizeof message - 1);
}

std::vector<std::string> studentsIn(const std::filesystem::path& dir) {
    std::vector<std::string> students;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
        const std::string name = e.path().filename().string();
        if (e.is_directory() && !name.starts_with(".")) students.push_back(name);
    }
    std::sort(students.begin(), students.end());
    return students;
}

std::string readWhole(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

int runGrade(const std::vector<std::string>& args) {
    CommandLine cl("grade", "grade ASSIGNMENT.yaml SUBMISSIONS_DIR [-j N] [--rerun STUDENT] [--json PATH] [--db PATH]",
                   "Grades every student of SUBMISSIONS_DIR (one folder per student) on the assignment's suites, in\n"
                   "parallel, each run sandboxed. Every result is saved in a SQLite database as it is produced\n"
                   "(default ./ASSIGNMENT-SUBMISSIONS.results.db): run the same command again after an interruption\n"
                   "and it does only what is missing. Judge errors are retried on the next run and never count.\n"
                   "Exit status: 0 when everything ran (whatever the grades), 2 on bad configuration or a judge\n"
                   "error, 130 when interrupted.");
    cl.options()("jobs,j", po::value<int>()->default_value(static_cast<int>(std::max(1u, std::thread::hardware_concurrency()))),
                 "runs in parallel")("rerun", po::value<std::vector<std::string>>()->composing(),
                                     "forget the results of STUDENT and grade that student again (only); repeatable")(
        "json", po::value<std::string>(), "write the results as JSON to this file")(
        "db", po::value<std::string>(), "the results database of this assignment run")(
        "report", po::value<std::string>(), "also write reports: json, gradescope, junit, csv, html (comma-separated)")(
        "report-output", po::value<std::string>(), "the report file, or folder for several (default: DB name + .reports/)")(
        "quiet,q", "no progress on standard error");
    cl.hidden()("assignment", po::value<std::string>())("submissions", po::value<std::string>());
    cl.positional("assignment", 1);
    cl.positional("submissions", 1);

    return withUsageErrors(cl, [&]() -> int {
        const auto vm = cl.parse(args);
        if (!vm) return kExitOk;
        if (!vm->count("assignment") || !vm->count("submissions")) throw UsageError("give ASSIGNMENT.yaml and SUBMISSIONS_DIR");
        const std::filesystem::path assignmentPath = (*vm)["assignment"].as<std::string>();
        const std::filesystem::path submissionsDir = (*vm)["submissions"].as<std::string>();
        const int jobs = (*vm)["jobs"].as<int>();
        if (jobs < 1) throw UsageError("--jobs must be >= 1");
        if (!std::filesystem::is_directory(submissionsDir)) throw UsageError("not a folder: " + submissionsDir.string());
        const std::filesystem::path dbPath =
            vm->count("db") ? std::filesystem::path((*vm)["db"].as<std::string>())
                            : std::filesystem::path(assignmentPath.stem().string() + "-" +
                                                    std::filesystem::absolute(submissionsDir).lexically_normal().filename().string() +
                                                    ".results.db");
        const bool quiet = vm->count("quiet") > 0;
        std::vector<reports::Format> reportFormats;
        if (vm->count("report")) {
            try {
                reportFormats = reports::parseFormats((*vm)["report"].as<std::string>());
            } catch (const std::invalid_argument& e) {
                throw UsageError(e.what());
            }
        }
        try {
            const Assignment assignment = Assignment::load(assignmentPath);
            std::vector<std::string> students = studentsIn(submissionsDir);
            ResultsStore store(dbPath, readWhole(assignmentPath));

            std::vector<std::string> rerun;
            if (vm->count("rerun")) rerun = (*vm)["rerun"].as<std::vector<std::string>>();
            for (const std::string& s : rerun) {
                if (std::find(students.begin(), students.end(), s) == students.end()) {
                    throw UsageError("no student folder " + s + " in " + submissionsDir.string());
                }
                store.forget(s);
            }
            const std::vector<std::string> toGrade = rerun.empty() ? students : rerun;

            ScratchDir scratch("plyjudge-grade");
            GradingJob job;
            job.context.variantName = assignment.variantName;
            job.context.convention = assignment.variant->convention;
            job.context.limits = assignment.limits;
            job.jobs = jobs;
            job.context.workRoot = scratch.path();
            job.stop = &interrupted;
            // Under bubblewrap a program sees neither the other submissions nor expected outputs nor other
            // builds (its own folder and build are re-exposed read-only).
            std::filesystem::create_directories(scratch.path() / "build");
            job.context.hiddenPaths = {std::filesystem::absolute(submissionsDir), scratch.path() / "build"};
            for (const CaseSuite& suite : assignment.suites) job.context.hiddenPaths.push_back(std::filesystem::absolute(suite.dir));
            std::map<std::pair<std::string, std::string>, std::size_t> caseOrder;
            for (const CaseSuite& suite : assignment.suites) {
                for (const SuiteCase& c : suite.cases) {
                    if (!caseOrder.emplace(std::pair(suite.name, c.name), job.cases.size()).second) {
                        throw ConfigError(assignmentPath.string(), 0, "two suites named " + suite.name + " hold a case " + c.name);
                    }
                    job.cases.push_back({suite.name, c.name, c.input(), c.dir, assignment.filesToMatch(c), assignment.pointsOf(suite, c)});
                }
            }
            for (const std::string& student : toGrade) {
                Submission s;
                s.student = student;
                s.source.commandTemplate = assignment.run.command;
                s.source.python = assignment.run.python;
                s.source.dir = submissionsDir / student;
                const bool needsFile = !assignment.run.command || assignment.run.command->find("{program}") != std::string::npos;
                std::string why;
                if (auto file = findProgramFile(submissionsDir / student, assignment.run.file, why)) {
                    s.source.file = *file;
                } else if (needsFile) {
                    s.notFound = why;
                }
                job.submissions.push_back(std::move(s));
            }
            job.alreadyDone = store.done();
            std::size_t total = 0;
            for (const auto& s : job.submissions) {
                for (const auto& c : job.cases) total += !job.alreadyDone.count({s.student, c.suite, c.name});
            }
            if (!quiet) {
                std::cerr << fmt::format("grading {} student(s) x {} case(s): {} run(s) to do, {} already in {}\n",
                                         toGrade.size(), job.cases.size(), total,
                                         toGrade.size() * job.cases.size() - total, dbPath.string());
                if (!sandbox::isolationSupport().available) {
                    std::cerr << "note: runs are not isolated with bubblewrap here (" << sandbox::isolationSupport().reason << ")\n";
                }
            }

            struct sigaction action {};
            action.sa_handler = onInterrupt;
            sigemptyset(&action.sa_mask);
            struct sigaction oldInt {}, oldTerm {};
            sigaction(SIGINT, &action, &oldInt);
            sigaction(SIGTERM, &action, &oldTerm);
            const bool tty = ::isatty(2);
            std::size_t done = 0, judgeErrors = 0;
            runGrading(job, [&](const std::string& student, const CaseResult& r) {
                store.save(student, r);
                ++done;
                judgeErrors += r.verdict == Verdict::JudgeError;
                if (quiet) return;
                if (tty) {
                    std::cerr << fmt::format("\r[{}/{}] {} {}/{}: {}\x1b[K", done, total, student, r.suite, r.name, verdictName(r.verdict))
                              << std::flush;
                } else if (r.verdict != Verdict::Ok || done % 50 == 0 || done == total) {
                    std::cerr << fmt::format("[{}/{}] {} {}/{}: {}\n", done, total, student, r.suite, r.name, verdictName(r.verdict));
                }
            });
            sigaction(SIGINT, &oldInt, nullptr);
            sigaction(SIGTERM, &oldTerm, nullptr);
            if (!quiet && tty) std::cerr << "\n";

            // The summary covers everything in the database, this run's results and the earlier ones.
            std::vector<std::pair<std::string, CaseResult>> rows;
            for (StoredResult& s : store.all()) rows.emplace_back(std::move(s.student), std::move(s.result));
            std::stable_sort(rows.begin(), rows.end(), [&](const auto& a, const auto& b) {
                if (a.first != b.first) return a.first < b.first;
                auto ia = caseOrder.find({a.second.suite, a.second.name}), ib = caseOrder.find({b.second.suite, b.second.name});
                const std::size_t x = ia == caseOrder.end() ? SIZE_MAX : ia->second, y = ib == caseOrder.end() ? SIZE_MAX : ib->second;
                return x < y;
            });
            const auto byStudent = groupByStudent(rows);
            printClassSummary(std::cout, byStudent);
            if (vm->count("json")) writeJsonResults((*vm)["json"].as<std::string>(), assignment.variantName, assignmentPath.string(), byStudent);
            int reportStatus = 0;
            if (!reportFormats.empty()) {
                // Written also after an interruption: the reports then show what is graded so far.
                std::filesystem::path out = vm->count("report-output") ? std::filesystem::path((*vm)["report-output"].as<std::string>())
                                                                        : std::filesystem::path(dbPath.string() + ".reports");
                if (!vm->count("report-output")) std::filesystem::create_directories(out);
                std::vector<reports::CaseSource> sources;
                for (const CaseSuite& suite : assignment.suites) {
                    for (const SuiteCase& c : suite.cases) {
                        sources.push_back({suite.name, c.name, assignment.pointsOf(suite, c),
                                           c.visibility == Visibility::Published ? reports::Visibility::Published : reports::Visibility::Hidden,
                                           c.input(), c.dir});
                    }
                }
                reportStatus = reports::writeGradingReports(reportFormats, out, assignmentPath.stem().string(), assignment.variantName,
                                                            sources, students, rows, std::cerr);
            }
            if (interrupted) {
                std::cerr << fmt::format("interrupted after {} of {} run(s); run the same command to finish\n", done, total);
                return 130;
            }
            std::size_t storedJudgeErrors = 0;
            for (const auto& s : byStudent) storedJudgeErrors += static_cast<std::size_t>(s.count(Verdict::JudgeError));
            return storedJudgeErrors > 0 ? kExitUsage : reportStatus != 0 ? kExitFailed : kExitOk;
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
