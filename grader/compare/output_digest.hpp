// The digest of a program's output as the comparison sees it (normalised lines: CRLF as LF, trailing spaces and
// tabs dropped, final empty lines ignored), so that two programs whose outputs the grader cannot tell apart get
// the same digest. `plyjudge similarity` groups identical wrong outputs by it (grader/similarity/).
//
// SHA-1 (Boost's, as the Python trial cache uses): a program controls its own output, but to share a digest with
// a classmate's wrong output it would need a second preimage (SHA-1's known weakness is crafted pairs, both
// chosen by one author); a student who knows that output can simply write it, so nothing stronger is needed.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <boost/uuid/detail/sha1.hpp>

namespace plyjudge::grader {

class NormalisedDigest {
public:
    // One line, already normalised (normalizedLine in block_reader.hpp); `cut` bytes of it were left out (an
    // overlong line is compared on its kept bytes and that count, so it is digested the same way).
    void addLine(std::string_view normalised, std::uint64_t cut = 0);
    // Hex digest of the lines added; empty lines at the end count as final newlines and change nothing.
    std::string finish();

private:
    boost::uuids::detail::sha1 sha_;
    std::uint64_t pendingBlank_ = 0;  // empty lines not yet known to be followed by a line
};

// One digest for a case's outputs: the files' names and digests, in the order given.
std::string combinedDigest(const std::vector<std::pair<std::string, std::string>>& fileDigests);

}  // namespace plyjudge::grader
