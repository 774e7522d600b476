#include "reports/report_formats.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace plyjudge::reports {

namespace {
struct FormatEntry {
    Format format;
    std::string_view name, file;
};
constexpr FormatEntry kFormats[] = {
    {Format::Json, "json", "report.json"},       {Format::Gradescope, "gradescope", "results.json"},
    {Format::Junit, "junit", "junit.xml"},       {Format::Csv, "csv", "gradebook.csv"},
    {Format::Html, "html", "report.html"},
};
}  // namespace

std::string_view formatName(Format f) {
    for (const auto& e : kFormats) {
        if (e.format == f) return e.name;
    }
    return "?";
}

std::string_view defaultFileName(Format f) {
    for (const auto& e : kFormats) {
        if (e.format == f) return e.file;
    }
    return "report";
}

std::vector<Format> parseFormats(std::string_view list) {
    std::vector<Format> formats;
    std::size_t start = 0;
    while (start <= list.size()) {
        std::size_t end = list.find(',', start);
        if (end == std::string_view::npos) end = list.size();
        const std::string_view name = list.substr(start, end - start);
        bool found = false;
        for (const auto& e : kFormats) {
            if (e.name == name) {
                found = true;
                if (std::find(formats.begin(), formats.end(), e.format) == formats.end()) formats.push_back(e.format);
            }
        }
        if (!found) {
            throw std::invalid_argument("unknown report format '" + std::string(name) +
                                        "' (formats: json, gradescope, junit, csv, html; several separated by commas)");
        }
        start = end + 1;
    }
    return formats;
}

std::string render(Format f, const RunResults& run) {
    switch (f) {
        case Format::Json: return renderJson(run);
        case Format::Gradescope: return renderGradescope(run);
        case Format::Junit: return renderJunit(run);
        case Format::Csv: return renderCsv(run);
        case Format::Html: return renderHtml(run);
    }
    throw std::logic_error("unknown format");
}

void writeFileAtomically(const std::filesystem::path& path, std::string_view content) {
    auto fail = [&](const std::string& why) { throw std::runtime_error("cannot write " + path.string() + ": " + why); };
    const std::filesystem::path dir = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
    std::string temp = (dir / ("." + path.filename().string() + ".XXXXXX")).string();
    const int fd = ::mkstemp(temp.data());
    if (fd < 0) fail(std::strerror(errno));
    const char* data = content.data();
    std::size_t left = content.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, data, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            const int e = errno;
            ::close(fd);
            ::unlink(temp.c_str());
            fail(std::strerror(e));
        }
        data += n;
        left -= static_cast<std::size_t>(n);
    }
    // mkstemp makes the file private (0600); a report is an ordinary file.
    ::fchmod(fd, 0644);
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        const int e = errno;
        ::unlink(temp.c_str());
        fail(std::strerror(e));
    }
    if (::rename(temp.c_str(), path.c_str()) != 0) {
        const int e = errno;
        ::unlink(temp.c_str());
        fail(std::strerror(e));
    }
}

std::vector<std::string> writeReports(const RunResults& run, const std::vector<Format>& formats,
                                      const std::filesystem::path& output, std::vector<std::filesystem::path>* written) {
    std::vector<std::string> errors;
    std::error_code ec;
    const bool intoFolder = formats.size() > 1 || std::filesystem::is_directory(output, ec);
    if (formats.size() > 1) {
        std::filesystem::create_directories(output, ec);
        if (ec) {
            errors.push_back("cannot create the report folder " + output.string() + ": " + ec.message());
            return errors;
        }
    }
    for (Format f : formats) {
        const std::filesystem::path path = intoFolder ? output / defaultFileName(f) : output;
        try {
            writeFileAtomically(path, render(f, run));
            if (written) written->push_back(path);
        } catch (const std::exception& e) {
            errors.push_back(std::string(formatName(f)) + " report: " + e.what());
        }
    }
    return errors;
}

}  // namespace plyjudge::reports
