#include "reference/core/output_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <stdexcept>
#include <string>

namespace plyjudge {

namespace {
[[noreturn]] void ioFailure(const std::string& what, const std::filesystem::path& path) {
    throw std::runtime_error(what + " " + path.string() + ": " + std::strerror(errno));
}

void writeAll(int fd, const char* data, std::size_t size, const std::filesystem::path& path) {
    while (size > 0) {
        ssize_t n = ::write(fd, data, size);
        if (n < 0) {
            if (errno == EINTR) continue;
            ioFailure("cannot write", path);
        }
        data += n;
        size -= static_cast<std::size_t>(n);
    }
}
}  // namespace

OutputFile::OutputFile(std::filesystem::path target) : target_(std::move(target)) {
    temporary_ = target_;
    temporary_ += ".partial-" + std::to_string(::getpid());
    fd_ = ::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd_ < 0) ioFailure("cannot create", temporary_);
}

OutputFile::~OutputFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!committed_) ::unlink(temporary_.c_str());
}

void OutputFile::put(std::string_view text) {
    if (text.size() > kBufferSize - used_) {
        flush();
        if (text.size() > kBufferSize) {
            writeAll(fd_, text.data(), text.size(), temporary_);
            flushed_ += text.size();
            return;
        }
    }
    std::memcpy(buffer_ + used_, text.data(), text.size());
    used_ += text.size();
}

void OutputFile::putInt(long long v) {
    if (kBufferSize - used_ < 24) flush();
    used_ = static_cast<std::size_t>(std::to_chars(buffer_ + used_, buffer_ + kBufferSize, v).ptr - buffer_);
}

void OutputFile::overwrite(std::size_t at, std::string_view text) {
    flush();
    std::size_t done = 0;
    while (done < text.size()) {
        ssize_t n = ::pwrite(fd_, text.data() + done, text.size() - done, static_cast<off_t>(at + done));
        if (n < 0) {
            if (errno == EINTR) continue;
            ioFailure("cannot write", temporary_);
        }
        done += static_cast<std::size_t>(n);
    }
}

void OutputFile::flush() {
    writeAll(fd_, buffer_, used_, temporary_);
    flushed_ += used_;
    used_ = 0;
}

void OutputFile::commit() {
    flush();
    if (::close(fd_) != 0) {
        fd_ = -1;
        ioFailure("cannot close", temporary_);
    }
    fd_ = -1;
    std::error_code ec;
    std::filesystem::rename(temporary_, target_, ec);
    if (ec) throw std::runtime_error("cannot rename " + temporary_.string() + " to " + target_.string() + ": " + ec.message());
    committed_ = true;
}

}  // namespace plyjudge
