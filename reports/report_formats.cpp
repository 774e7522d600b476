#include "reports/report_formats.hpp"

#include "common/file_io.hpp"
#include "reports/move_annotation.hpp"

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

namespace {

// One student's part of a class run (Gradescope's results.json holds one submission).
RunResults onlyStudent(const RunResults& run, std::size_t index) {
    RunResults one = run;
    one.students = {run.students[index]};
    return one;
}

}  // namespace

std::vector<std::string> writeReports(RunResults run, const std::vector<Format>& formats, const std::filesystem::path& output,
                                      std::vector<std::filesystem::path>* written) {
    annotateMoves(run);
    std::vector<std::string> errors;
    std::error_code ec;
    const bool perStudentGradescope =
        run.students.size() > 1 && std::find(formats.begin(), formats.end(), Format::Gradescope) != formats.end();
    const bool intoFolder = formats.size() > 1 || perStudentGradescope || std::filesystem::is_directory(output, ec);
    if (intoFolder) {
        createPrivateDirectories(output, ec);
        if (ec) {
            errors.push_back("cannot create the report folder " + output.string() + ": " + ec.message());
            return errors;
        }
    }
    auto write = [&](Format f, const std::filesystem::path& path, const RunResults& results) {
        try {
            writeFileAtomically(path, render(f, results));
            if (written) written->push_back(path);
        } catch (const std::exception& e) {
            errors.push_back(std::string(formatName(f)) + " report: " + e.what());
        }
    };
    for (Format f : formats) {
        if (f == Format::Gradescope && perStudentGradescope) {
            // A class: one results.json per student, in OUTPUT/STUDENT/ (as Gradescope's upload expects one each).
            for (std::size_t i = 0; i < run.students.size(); ++i) {
                const std::filesystem::path dir = output / safePathComponent(run.students[i].name);
                createPrivateDirectories(dir, ec);
                write(f, dir / defaultFileName(f), onlyStudent(run, i));
            }
            continue;
        }
        write(f, intoFolder ? output / defaultFileName(f) : output, run);
    }
    return errors;
}

}  // namespace plyjudge::reports
