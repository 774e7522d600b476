#include "reports/test/chromium_support.hpp"

#include <fmt/format.h>

#include "reports/test/report_test_support.hpp"

namespace plyjudge::reports::testing {

std::string chromium() {
    std::string path;
    if (shell("command -v chromium", &path) != 0) return {};
    while (!path.empty() && path.back() == '\n') path.pop_back();
    return path;
}

int runChromium(const std::string& binary, const plyjudge::TempDir& dir, const std::string& options, const std::filesystem::path& page,
                std::string* output) {
    std::filesystem::create_directories(dir / "profile");
    return shell(fmt::format("timeout 120 '{}' --headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
                             "--disable-background-networking --disable-component-update --disable-sync --user-data-dir='{}' {} "
                             "'file://{}' 2>/dev/null",
                             binary, (dir / "profile").string(), options, page.string()),
                 output);
}

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

}  // namespace plyjudge::reports::testing
