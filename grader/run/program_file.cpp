#include "grader/run/program_file.hpp"

#include <algorithm>
#include <vector>

namespace plyjudge::grader {

std::optional<std::filesystem::path> findProgramFile(const std::filesystem::path& studentDir,
                                                     const std::optional<std::string>& name, std::string& why) {
    std::error_code ec;
    if (name) {
        const auto p = studentDir / *name;
        if (std::filesystem::is_regular_file(p, ec)) return p;
        why = "no program: no file " + *name + " in " + studentDir.string();
        return std::nullopt;
    }
    for (bool recursive : {false, true}) {
        std::vector<std::filesystem::path> found;
        auto consider = [&](const std::filesystem::directory_entry& e) {
            if (e.is_regular_file(ec) && languageOf(e.path()) != Language::Unknown) found.push_back(e.path());
        };
        if (recursive) {
            for (const auto& e : std::filesystem::recursive_directory_iterator(studentDir, ec)) consider(e);
        } else {
            for (const auto& e : std::filesystem::directory_iterator(studentDir, ec)) consider(e);
        }
        if (found.size() == 1) return found.front();
        if (found.size() > 1) {
            std::sort(found.begin(), found.end());
            why = "ambiguous program: ";
            for (std::size_t i = 0; i < found.size(); ++i) {
                why += (i ? ", " : "") + std::filesystem::relative(found[i], studentDir, ec).string();
            }
            why += " — set run.file or an override";
            return std::nullopt;
        }
    }
    why = "no program: no source file (" + extensionList() + ") in " + studentDir.string();
    return std::nullopt;
}

}  // namespace plyjudge::grader
