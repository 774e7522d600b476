// `plyjudge report RUN.db --format FORMAT[,FORMAT...] -o PATH`: the reports of a graded run, read from the
// results database that `plyjudge grade` keeps (the database is only read).
#include <fmt/format.h>

#include <iostream>

#include "cli/command_line.hpp"
#include "cli/exit_codes.hpp"
#include "cli/report_output.hpp"
#include "reports/report_formats.hpp"
#include "grader/assignment/assignment.hpp"
#include "grader/explain/student_explanation.hpp"
#include "grader/results/results_loader.hpp"
#include "grader/results/stored_explanations.hpp"
#include "reference/variant.hpp"

namespace plyjudge::cli {

int runReport(const std::vector<std::string>& args) {
    CommandLine cl("report", "report RUN.db --format FORMAT[,FORMAT...] -o PATH [--assignment ASSIGNMENT.yaml] [--for-students]",
                   "Writes reports of a graded run from its results database (plyjudge grade --db). Formats: json (the\n"
                   "whole run), gradescope (results.json of one submission), junit (XML, one testsuite per student),\n"
                   "csv (a gradebook: one row per student, one column per case), html (a self-contained page with a\n"
                   "class overview and each failed case's board, moves and first difference). With one format PATH\n"
                   "is the file; with several it is a folder receiving report.json, results.json, junit.xml,\n"
                   "gradebook.csv and report.html. Each file is written atomically. The assignment supplies the\n"
                   "cases' visibility, inputs and expected moves (without it every case counts as hidden).\n"
                   "A student's explanations are those grade stored (the contrast included) wherever it stored them.\n"
                   "--for-students writes every format as the Gradescope one always is: a hidden case shows its\n"
                   "verdict and category only (or what its suite's `show` allows), never its input, expected or\n"
                   "actual output. Reports are private files (0600) in private folders (0700).\n"
                   "Exit status: 0 written, 1 a report could not be written, 2 bad usage or an unreadable database.");
    cl.options()("format,f", po::value<std::string>(), "json, gradescope, junit, csv, html, or several separated by commas")(
        "output,o", po::value<std::string>(), "the report file, or the folder for several formats")(
        "assignment,a", po::value<std::string>(), "the assignment file the run graded")(
        "student,s", po::value<std::string>(), "report on this student only (a Gradescope report needs one)");
    addForStudentsOption(cl);
    cl.hidden()("database", po::value<std::string>());
    cl.positional("database", 1);
    return runParsed(cl, args, [&](const po::variables_map* vm) -> int {
        if (!vm->count("database")) throw UsageError("give the results database RUN.db");
        if (!vm->count("format")) throw UsageError("give --format (json, gradescope, junit, csv, html)");
        if (!vm->count("output")) throw UsageError("give -o PATH");
        const std::vector<reports::Format> formats = reportFormatsOf(*vm, "format");
        std::optional<std::filesystem::path> assignment;
        if (vm->count("assignment")) assignment = (*vm)["assignment"].as<std::string>();
        reports::RunResults run;
        try {
            std::set<std::string> explained;  // their explanations as grade stored them, contrast included
            run = grader::loadRunResults((*vm)["database"].as<std::string>(), assignment, &explained);
            // As grade does for the others: the main explanation's tie-break reads the passed cases through the reference.
            if (assignment) {
                const grader::Assignment a = grader::Assignment::load(*assignment);
                if (a.variant) {
                    const Dialect dialect = Dialect::parse(a.dialectSettings, a.variant->dialects);
                    grader::explainStudentsApart(run, explained, [&](reports::RunResults& one, std::size_t, std::size_t) {
                        grader::explainStudents(one, dialect);
                    });
                }
            }
        } catch (const std::exception& e) {
            cl.error(e.what());
            return kExitUsage;
        }
        if (vm->count("student")) {
            const std::string name = (*vm)["student"].as<std::string>();
            std::erase_if(run.students, [&](const reports::StudentResults& s) { return s.name != name; });
            if (run.students.empty()) {
                cl.error("no results for student " + name);
                return kExitUsage;
            }
        }
        return writeReportsOrSay(run, formats, (*vm)["output"].as<std::string>(), readersOf(*vm));
    });
}

}  // namespace plyjudge::cli
