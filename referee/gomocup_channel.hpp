// The pipes between the referee and a Gomocup engine: two FIFOs in the engine's own folder, `piskvork.in` (the
// engine's stdin) and `piskvork.out` (its stdout), which a shell in the sandbox opens for the engine before it
// starts it (wrapCommand). The referee holds both ends read-write, so opening never blocks on either side and an
// engine that closes its stdout is seen as silent (its death is seen from its process). Lines from the engine are
// cut at 4 KiB; nothing it writes can make the referee block or grow without bound.
#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace plyjudge::referee {

class GomocupChannel {
public:
    // Makes the two FIFOs in `folder` (mode 0666: a root sandbox hands the folder to the engine's own uid) and opens
    // the referee's ends. Throws std::runtime_error when it cannot (a judge error).
    explicit GomocupChannel(const std::filesystem::path& folder);
    ~GomocupChannel();
    GomocupChannel(const GomocupChannel&) = delete;
    GomocupChannel& operator=(const GomocupChannel&) = delete;

    // The engine's command run by a shell that first points its stdin and stdout at the FIFOs (and enters `cwd`, a
    // folder inside the engine's folder, when not empty): the words are passed as they are, never re-split.
    static std::vector<std::string> wrapCommand(const std::vector<std::string>& argv, const std::filesystem::path& cwd);

    // Sends one command line (CR LF added, as the protocol asks). False when the engine does not read (its pipe is
    // full) or the pipe is gone.
    bool send(const std::string& line);
    // The next complete line (CR and LF removed), waiting at most `wait`; nullopt when none came.
    std::optional<std::string> nextLine(std::chrono::milliseconds wait);

    static constexpr std::size_t kMaxLineBytes = 4096;
    static constexpr const char* kInput = "piskvork.in";
    static constexpr const char* kOutput = "piskvork.out";

private:
    std::optional<std::string> takeLine();
    int in_ = -1, out_ = -1;
    std::string pending_;
    bool discarding_ = false;  // inside a line already cut at kMaxLineBytes
};

}  // namespace plyjudge::referee
