#include "cli/report_output.hpp"

#include <algorithm>
#include <iostream>

#include "cli/exit_codes.hpp"
#include "common/escaping.hpp"
#include "common/file_io.hpp"
#include "reports/student_view.hpp"

namespace plyjudge::cli {

std::vector<reports::Format> reportFormatsOf(const po::variables_map& vm, const char* option) {
    if (!vm.count(option)) return {};
    try {
        return reports::parseFormats(vm[option].as<std::string>());
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
}

void addForStudentsOption(CommandLine& cl) {
    cl.options()("for-students", "write the reports for students: a hidden case shows only what its suite's `show` "
                                 "allows (by default its verdict and category)");
}

Readers readersOf(const po::variables_map& vm) { return vm.count("for-students") ? Readers::Students : Readers::Teacher; }

int writeReportsOrSay(const reports::RunResults& run, const std::vector<reports::Format>& formats,
                      const std::filesystem::path& output, Readers readers) {
    if (formats.empty()) return kExitOk;
    std::vector<std::filesystem::path> written;
    const std::vector<std::string> errors =
        reports::writeReports(readers == Readers::Students ? reports::forStudents(run) : run, formats, output, &written);
    for (const auto& p : written) std::cerr << "wrote " << terminalSafe(p.string()) << "\n";
    for (const std::string& e : errors) std::cerr << "plyjudge: " << terminalSafe(e) << "\n";
    return errors.empty() ? kExitOk : kExitFailed;
}

int writeRequestedReports(const reports::RunResults& run, const po::variables_map& vm,
                          const std::vector<reports::Format>& formats, const std::filesystem::path& defaultFolder) {
    int status = kExitOk;
    if (vm.count("json")) status = writeReportsOrSay(run, {reports::Format::Json}, vm["json"].as<std::string>(), readersOf(vm));
    if (!formats.empty()) {
        std::filesystem::path out = defaultFolder;
        if (vm.count("report-output")) {
            out = vm["report-output"].as<std::string>();
        } else {
            std::error_code ec;
            createPrivateDirectories(out, ec);  // writeReports says why if this failed
        }
        status = std::max(status, writeReportsOrSay(run, formats, out, readersOf(vm)));
    }
    return status;
}

}  // namespace plyjudge::cli
