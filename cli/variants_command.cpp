// `plyjudge variants`: what each variant is, how its programs are run, what they write, its dialects.
#include <iostream>

#include "reference/variant.hpp"
#include "cli/command_line.hpp"
#include "cli/exit_codes.hpp"

namespace plyjudge::cli {

namespace {
std::string_view invocationOf(InputConvention c) {
    switch (c) {
        case InputConvention::InputTxtInWorkingDir: return "PROGRAM            (reads ./input.txt)";
        case InputConvention::DashI: return "PROGRAM -i INPUTFILE";
        case InputConvention::Positional: return "PROGRAM INPUTFILE";
        case InputConvention::LivePlay: return "started by the referee (file protocol)";
    }
    return "";
}
}  // namespace

int runVariants(const std::vector<std::string>& args) {
    CommandLine cl("variants", "variants", "Lists the assignment variants plyjudge knows.");
    return withUsageErrors(cl, [&] {
        if (!cl.parse(args)) return kExitOk;
        for (const Variant* v : allVariants()) {
            std::cout << v->name << "\n  " << v->title << "\n  run as:  " << invocationOf(v->convention) << "\n  writes:  ";
            for (std::size_t i = 0; i < v->outputFiles.size(); ++i) std::cout << (i ? ", " : "") << v->outputFiles[i];
            std::cout << "\n";
            for (const DialectOption& d : v->dialects) {
                std::cout << "  dialect: " << d.key << " = ";
                for (std::size_t i = 0; i < d.values.size(); ++i) std::cout << (i ? " | " : "") << d.values[i];
                std::cout << " (default " << d.values.front() << ")\n           " << d.description << "\n";
            }
        }
        return kExitOk;
    });
}

}  // namespace plyjudge::cli
