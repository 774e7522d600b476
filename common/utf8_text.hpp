// Student programs write arbitrary bytes; every report format needs valid UTF-8 (JSON, XML, HTML).
#pragma once

#include <string>
#include <string_view>

namespace plyjudge {

// `text` with each byte that is not part of a well-formed UTF-8 sequence replaced by U+FFFD.
std::string validUtf8(std::string_view text);

}  // namespace plyjudge
