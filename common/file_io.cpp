#include "common/file_io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <system_error>

namespace plyjudge {

std::string readWholeFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::system_error(errno, std::generic_category(), "cannot read " + path.string());
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) throw std::system_error(errno, std::generic_category(), "cannot read " + path.string());
    return text.str();
}

void writeWholeFile(const std::filesystem::path& path, std::string_view content) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    if (!out.flush()) throw std::system_error(errno, std::generic_category(), "cannot write " + path.string());
}

void writeFileAtomically(const std::filesystem::path& path, std::string_view content) {
    auto fail = [&](const std::string& why) { throw std::runtime_error("cannot write " + path.string() + ": " + why); };
    const std::filesystem::path dir = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
    std::string temp = (dir / ("." + path.filename().string() + ".XXXXXX")).string();
    const int fd = ::mkstemp(temp.data());
    if (fd < 0) fail(std::strerror(errno));
    auto abandon = [&](int error) {
        ::close(fd);
        ::unlink(temp.c_str());
        fail(std::strerror(error));
    };
    const char* data = content.data();
    std::size_t left = content.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, data, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            abandon(errno);
        }
        data += n;
        left -= static_cast<std::size_t>(n);
    }
    // mkstemp made the file private (0600), as a report must stay: it holds grades and program output.
    if (::fsync(fd) != 0) abandon(errno);
    if (::close(fd) != 0 || ::rename(temp.c_str(), path.c_str()) != 0) {
        const int e = errno;
        ::unlink(temp.c_str());
        fail(std::strerror(e));
    }
}

bool createPrivateDirectories(const std::filesystem::path& dir, std::error_code& ec) {
    std::error_code absent;  // a folder not there yet is no error
    ec.clear();
    if (dir.empty() || std::filesystem::is_directory(dir, absent)) return true;
    const std::filesystem::path parent = dir.parent_path();
    if (!parent.empty() && parent != dir && !createPrivateDirectories(parent, ec)) return false;
    if (::mkdir(dir.c_str(), 0700) == 0) return true;
    const int error = errno;
    if (error == EEXIST && std::filesystem::is_directory(dir, absent)) return true;  // made meanwhile by another process
    ec.assign(error == EEXIST ? ENOTDIR : error, std::generic_category());
    return false;
}

std::string safePathComponent(std::string_view name) {
    std::string out;
    for (char c : name) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.') ? c : '_';
    return out.empty() || out == "." || out == ".." ? "_" + out : out;
}

}  // namespace plyjudge
