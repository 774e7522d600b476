// Headless Chromium for the HTML tests (Debian's chromium): where it is, and one run of it on a page with a fresh
// profile. The tests that need it skip with a message when it is not installed.
#pragma once

#include <filesystem>
#include <string>

#include "testsupport/temp_dir.hpp"

namespace plyjudge::reports::testing {

// chromium's path, or "" when it is not installed.
std::string chromium();

// Runs headless Chromium on `page` with `options` (e.g. "--dump-dom"), stdout into `output`; its exit status.
int runChromium(const std::string& binary, const plyjudge::TempDir& dir, const std::string& options, const std::filesystem::path& page,
                std::string* output);

// How many times `what` occurs in `text`.
std::size_t count(const std::string& text, const std::string& what);

}  // namespace plyjudge::reports::testing
