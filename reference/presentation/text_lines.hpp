// The lines of an input or output text as the presentations read them: CR and trailing blanks dropped,
// trailing empty lines dropped.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace plyjudge {

std::vector<std::string> textLines(const std::string& text);
// The lines of the first 64 KiB of a file (where its state is); none when it cannot be read.
std::vector<std::string> fileLines(const std::filesystem::path& path);

}  // namespace plyjudge
