#include "cli/report_output.hpp"

#include <iostream>

#include "cli/exit_codes.hpp"

namespace plyjudge::cli {

std::vector<reports::Format> reportFormatsOf(const po::variables_map& vm, const char* option) {
    if (!vm.count(option)) return {};
    try {
        return reports::parseFormats(vm[option].as<std::string>());
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
}

int writeReportsOrSay(const reports::RunResults& run, const std::vector<reports::Format>& formats,
                      const std::filesystem::path& output) {
    if (formats.empty()) return kExitOk;
    std::vector<std::filesystem::path> written;
    const std::vector<std::string> errors = reports::writeReports(run, formats, output, &written);
    for (const auto& p : written) std::cerr << "wrote " << p.string() << "\n";
    for (const std::string& e : errors) std::cerr << "plyjudge: " << e << "\n";
    return errors.empty() ? kExitOk : kExitFailed;
}

}  // namespace plyjudge::cli
