#include "reference/core/output_sinks.hpp"

#include <algorithm>

namespace plyjudge {

OutputFile& FileSink::open(std::string_view file) {
    for (auto& [name, out] : files_) {
        if (name == file) return *out;
    }
    files_.emplace_back(std::string(file), std::make_unique<OutputFile>(outDir_ / file));
    return *files_.back().second;
}

std::vector<std::string> FileSink::commit() {
    std::vector<std::string> names;
    for (auto& [name, out] : files_) {
        out->commit();
        names.push_back(name);
    }
    std::sort(names.begin(), names.end());
    return names;
}

void AgreementSink::lines(std::string_view file, std::string_view text) {
    if (file != current_) {
        endCurrent();
        check_.file(std::string(file));
        current_ = file;
    }
    checkLines(check_, text);
}

void AgreementSink::head(std::string_view file, std::string_view text) {
    endCurrent();
    check_.file(std::string(file), 0);
    checkLines(check_, text);
}

void AgreementSink::endCurrent() {
    if (current_.empty()) return;
    check_.end();
    current_.clear();
}

std::size_t AgreementSink::lineCount(std::string_view text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
}

}  // namespace plyjudge
