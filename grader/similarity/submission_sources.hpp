// What the code half of `plyjudge similarity` reads of a submission: the source files of its program's language
// (Python, C++ or Java; grader/run/program_file.hpp), joined into one text. Submissions are untrusted: links and
// anything but regular files are never followed or opened (O_NOFOLLOW, fstat), `.git` is skipped, and what is
// read is capped (files and bytes per student), saying what was left out.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace plyjudge::grader {

struct SourceLimits {
    int maxFiles = 40;                      // source files read per student
    std::uint64_t maxBytes = 1 << 20;       // bytes read per student, all files together
    int maxEntries = 20000;                 // folder entries looked at per student (grade stages at most 20,000 files)
};

// Where one file starts in the joined text.
struct SourcePart {
    std::string file;  // relative to the student's folder
    int firstLine = 0; // 0-based line of the joined text where it starts
};

struct SubmissionSources {
    std::string language;  // Dolos's name: "python", "cpp", "java"; "" when the folder holds no source file
    std::string text;      // the files one after the other, each ending with a newline
    std::vector<SourcePart> parts;
    std::string note;      // what was left out (caps), or ""
};

// The sources of the student's folder `dir`: those of the language of the program (findProgramFile), the program
// file first, else of the language most of its source files have. Never throws: an unreadable folder gives no sources and a note.
SubmissionSources readSubmissionSources(const std::filesystem::path& dir, const SourceLimits& limits = {});

// The file and 1-based line of the joined text's 0-based line `line`.
std::pair<std::string, int> sourceLineOf(const SubmissionSources& sources, int line);

}  // namespace plyjudge::grader
