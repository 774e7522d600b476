#include "reference/core/agreement.hpp"

namespace plyjudge {

FileLines::FileLines(std::string_view text) {
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
        lines_.push_back(line);
        if (end == text.size()) break;
        start = end + 1;
    }
    while (!lines_.empty() && lines_.back().empty()) lines_.pop_back();
}

AgreementCheck::AgreementCheck(const OutputFiles& actual) {
    for (const auto& [name, text] : actual) files_.emplace(name, FileLines(text));
}

void AgreementCheck::file(const std::string& name, std::size_t at) {
    static const FileLines none;
    auto it = files_.find(name);
    current_ = it == files_.end() ? &none : &it->second;
    at_ = at;
}

void AgreementCheck::line(std::string_view expected) {
    if (current_ == nullptr || at_ >= current_->size() || (*current_)[at_] != expected) throw Diverged{};
    ++at_;
    ++agreed_;
}

void AgreementCheck::end() {
    if (current_ != nullptr && at_ < current_->size()) throw Diverged{};
}

void checkLines(AgreementCheck& check, std::string_view text) {
    std::size_t start = 0;
    for (;;) {
        const std::size_t end = text.find('\n', start);
        check.line(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
        if (end == std::string_view::npos) return;
        start = end + 1;
    }
}

}  // namespace plyjudge
