// openRunOutput: reading what a program wrote without trusting what it left in its directory.
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sandbox/sandbox.hpp"

namespace plyjudge::sandbox {

RunOutputFile openRunOutput(const std::filesystem::path& workDir, const std::string& name) {
    RunOutputFile out;
    if (name.empty() || name.find('/') != std::string::npos || name == "." || name == "..") {
        out.error = "bad output file name '" + name + "'";
        return out;
    }
    int dir = ::open(workDir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir < 0) {
        out.error = "cannot open the working directory " + workDir.string() + ": " + std::strerror(errno);
        return out;
    }
    // O_NOFOLLOW: a symbolic link fails with ELOOP; O_NONBLOCK: opening a FIFO without a writer returns at once.
    int fd = ::openat(dir, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    int openErrno = errno;
    ::close(dir);
    if (fd < 0) {
        out.missing = openErrno == ENOENT;
        out.error = openErrno == ELOOP    ? name + " is a symbolic link"
                    : openErrno == ENOENT ? name + " does not exist"
                                          : "cannot open " + name + ": " + std::strerror(openErrno);
        return out;
    }
    struct stat st{};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        out.error = name + (S_ISFIFO(st.st_mode)  ? " is a FIFO"
                            : S_ISDIR(st.st_mode) ? " is a directory"
                                                  : " is not a regular file");
        return out;
    }
    if (st.st_nlink > 1) {
        ::close(fd);
        out.error = name + " is a hard link to another file";
        return out;
    }
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    out.fd = fd;
    return out;
}

std::optional<std::string> readRunOutput(RunOutputFile file, std::size_t maxBytes) {
    if (file.fd < 0) return std::nullopt;
    std::string text;
    char buffer[1 << 16];
    ssize_t n;
    while ((n = ::read(file.fd, buffer, sizeof buffer)) > 0 && text.size() + static_cast<std::size_t>(n) <= maxBytes) {
        text.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(file.fd);
    if (n != 0) return std::nullopt;  // a read error, or more than maxBytes
    return text;
}

}  // namespace plyjudge::sandbox
