#include "referee/gomocup_channel.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <utility>

namespace plyjudge::referee {

namespace fs = std::filesystem;

namespace {
int openFifo(const fs::path& path) {
    ::unlink(path.c_str());
    if (::mkfifo(path.c_str(), 0666) != 0 || ::chmod(path.c_str(), 0666) != 0) {
        throw std::runtime_error(fmt::format("cannot make the FIFO {}: {}", path.string(), std::strerror(errno)));
    }
    // Read-write: never blocks, whether or not the engine has opened its end yet.
    const int fd = ::open(path.c_str(), O_RDWR | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) throw std::runtime_error(fmt::format("cannot open the FIFO {}: {}", path.string(), std::strerror(errno)));
    return fd;
}
}  // namespace

GomocupChannel::GomocupChannel(const fs::path& folder) {
    in_ = openFifo(folder / kInput);
    try {
        out_ = openFifo(folder / kOutput);
    } catch (...) {
        ::close(in_);
        throw;
    }
}

GomocupChannel::~GomocupChannel() {
    if (in_ >= 0) ::close(in_);
    if (out_ >= 0) ::close(out_);
}

std::vector<std::string> GomocupChannel::wrapCommand(const std::vector<std::string>& argv, const fs::path& cwd) {
    // exit 126 when the FIFOs cannot be opened: the referee reads it as a program that could not start.
    std::string script = fmt::format("exec <{} >{} || exit 126; ", kInput, kOutput);
    std::vector<std::string> words = {"/bin/sh", "-c", "", "plyjudge-gomocup"};
    if (!cwd.empty()) {
        script += "cd -- \"$1\" && shift && ";
        words.push_back(cwd.string());
    }
    words[2] = script + "exec \"$@\"";
    words.insert(words.end(), argv.begin(), argv.end());
    return words;
}

bool GomocupChannel::send(const std::string& line) {
    const std::string data = line + "\r\n";
    std::size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(in_, data.data() + done, data.size() - done);
        if (n <= 0) return false;  // EAGAIN: the engine has not read 64 KiB of commands
        done += static_cast<std::size_t>(n);
    }
    return true;
}

std::optional<std::string> GomocupChannel::takeLine() {
    const auto end = pending_.find('\n');
    if (end == std::string::npos) {
        if (discarding_) pending_.clear();  // the rest of a line already cut
        if (pending_.size() <= kMaxLineBytes) return std::nullopt;
        std::string cut = pending_.substr(0, kMaxLineBytes);  // a line without end: cut it, drop the rest of it
        pending_.clear();
        discarding_ = true;
        return cut;
    }
    std::string line = pending_.substr(0, std::min(end, kMaxLineBytes));
    pending_.erase(0, end + 1);
    if (std::exchange(discarding_, false)) return takeLine();
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return line;
}

std::optional<std::string> GomocupChannel::nextLine(std::chrono::milliseconds wait) {
    if (auto line = takeLine()) return line;
    pollfd p{out_, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(std::max<long long>(0, wait.count()))) <= 0) return std::nullopt;
    char buffer[4096];
    const ssize_t n = ::read(out_, buffer, sizeof buffer);
    if (n > 0) pending_.append(buffer, static_cast<std::size_t>(n));
    return takeLine();
}

}  // namespace plyjudge::referee
