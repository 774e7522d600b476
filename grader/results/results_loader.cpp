#include "grader/results/results_loader.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <map>

#include "common/file_io.hpp"
#include "common/report_text.hpp"
#include "common/utf8_text.hpp"
#include "grader/assignment/assignment.hpp"
#include "grader/results/stored_explanations.hpp"
#include "storage/sqlite.hpp"

namespace plyjudge::grader {

namespace {

// The variant named in an assignment's text (the database keeps the text, not the path).
std::string variantInText(const std::string& text) {
    try {
        const YAML::Node root = YAML::Load(text);
        if (root.IsMap() && root["variant"] && root["variant"].IsScalar()) return root["variant"].as<std::string>();
    } catch (const std::exception&) {
    }
    return {};
}

std::string readOrEmpty(const std::filesystem::path& path) {
    try {
        return readWholeFile(path);
    } catch (const std::exception&) {
        return {};
    }
}

// Text as the views take it: within the reports' sizes (a database of an older plyjudge may hold whole lines)
// and valid UTF-8.
std::string viewable(const std::string& s, std::size_t limit) { return validUtf8(cutForReport(s, limit)); }

void makeViewable(std::optional<std::string>& s) {
    if (s) s = viewable(*s, kReportLineBytes);
}

void makeViewable(CaseResult& r) {
    r.message = viewable(r.message, kReportMessageBytes);
    r.stderrHead = viewable(r.stderrHead, kReportStderrBytes);
    r.diagnosisKind = viewable(r.diagnosisKind, kReportLineBytes);
    if (r.difference) {
        FirstDifference& d = *r.difference;
        d.file = viewable(d.file, kReportLineBytes);
        for (auto* lines : {&d.before, &d.expectedAfter, &d.actualAfter}) {
            for (std::string& l : *lines) l = viewable(l, kReportLineBytes);
        }
        makeViewable(d.expected);
        makeViewable(d.actual);
    }
}

}  // namespace

RunResults assembleRunResults(std::string title, std::string variant, std::vector<CaseSource> cases,
                              std::vector<std::string> students, const std::vector<StoredResult>& rows) {
    RunResults run;
    run.title = std::move(title);
    run.variant = std::move(variant);
    for (const CaseSource& c : cases) {
        CaseInfo info;
        info.suite = c.suite;
        info.name = c.name;
        info.maxPoints = c.maxPoints;
        info.visibility = c.visibility;
        info.show = c.show;
        if (!c.input.empty()) info.inputText = validUtf8(readOrEmpty(c.input));
        info.expectedDir = c.expectedDir.string();
        run.cases.push_back(std::move(info));
    }
    bool unknownCases = false;
    for (const StoredResult& r : rows) {
        if (run.caseIndex(r.result.suite, r.result.name) < 0) {
            CaseInfo info;
            info.suite = r.result.suite;
            info.name = r.result.name;
            info.maxPoints = r.result.maxPoints;
            run.cases.push_back(std::move(info));
            unknownCases = true;
        }
        students.push_back(r.student);
    }
    if (unknownCases && !cases.empty()) {
        run.notes.push_back("some results are for cases the assignment does not list (shown as hidden, without their input)");
    }
    std::sort(students.begin(), students.end());
    students.erase(std::unique(students.begin(), students.end()), students.end());

    std::map<std::string, std::size_t> studentIndex;
    for (const std::string& s : students) {
        studentIndex.emplace(s, run.students.size());
        StudentResults sr;
        sr.name = validUtf8(s);
        for (const CaseInfo& c : run.cases) {
            CaseResult missing;
            missing.suite = c.suite;
            missing.name = c.name;
            missing.verdict = Verdict::NotRun;
            missing.maxPoints = c.maxPoints;
            missing.message = "no result: the run stopped before this case was graded";
            sr.outcomes.push_back(std::move(missing));
        }
        run.students.push_back(std::move(sr));
    }
    for (const StoredResult& r : rows) {
        const int ci = run.caseIndex(r.result.suite, r.result.name);
        CaseResult o = r.result;
        makeViewable(o);
        run.students[studentIndex.at(r.student)].outcomes[static_cast<std::size_t>(ci)] = std::move(o);
    }
    for (const StudentResults& s : run.students) {
        for (const CaseResult& o : s.outcomes) run.complete = run.complete && o.ran();
    }
    return run;
}

std::vector<CaseSource> casesOf(const Assignment& assignment) {
    std::vector<CaseSource> cases;
    for (const CaseSuite& suite : assignment.suites) {
        for (const SuiteCase& c : suite.cases) {
            cases.push_back({suite.name, c.name, assignment.pointsOf(suite, c), c.visibility, c.input(), c.dir, c.show});
        }
    }
    return cases;
}

RunResults loadRunResults(const std::filesystem::path& database, const std::optional<std::filesystem::path>& assignment,
                          std::set<std::string>* explained) {
    // Opening would create an empty database: check first that this is an existing file.
    if (!std::filesystem::is_regular_file(database)) {
        throw std::runtime_error(database.string() + ": no such results database");
    }
    std::vector<StoredResult> rows;
    std::string fingerprint, storedPath;
    try {
        storage::Database db(database);
        {
            auto q = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'results'");
            if (!q.step()) throw std::runtime_error(database.string() + ": not a plyjudge results database (no results table)");
        }
        {
            auto q = db.prepare("SELECT key, value FROM meta");
            while (q.step()) {
                if (q.columnText(0) == "assignment") fingerprint = q.columnText(1);
                if (q.columnText(0) == "assignment_path") storedPath = q.columnText(1);
            }
        }
        rows = readStoredResults(db);
    } catch (const storage::SqliteError& e) {
        throw std::runtime_error(database.string() + ": cannot read the results: " + e.what());
    }

    std::optional<std::filesystem::path> source = assignment;
    if (!source && !storedPath.empty() && std::filesystem::is_regular_file(storedPath)) source = storedPath;
    std::vector<std::string> notes;
    std::string variant = variantInText(fingerprint);
    std::vector<CaseSource> cases;
    std::string title = database.stem().string();
    std::string sourceName;
    if (source) {
        if (!fingerprint.empty() && readOrEmpty(*source) != fingerprint) {
            notes.push_back(source->string() + " has changed since this run was graded: cases, points and visibility are today's");
        }
        const Assignment loaded = Assignment::load(*source);
        cases = casesOf(loaded);
        if (!loaded.variantName.empty()) variant = loaded.variantName;
        title = loaded.title();
        sourceName = source->string();
    } else {
        notes.push_back("no assignment file given: every case counts as hidden and no board is drawn (give --assignment)");
    }
    RunResults run = assembleRunResults(title, variant, std::move(cases), {}, rows);
    run.source = sourceName;
    try {
        storage::Database db(database);
        const std::set<std::string> stored = applyStoredExplanations(db, run);
        if (explained) *explained = stored;
    } catch (const storage::SqliteError& e) {
        throw std::runtime_error(database.string() + ": cannot read the stored explanations: " + e.what());
    }
    run.notes.insert(run.notes.begin(), notes.begin(), notes.end());
    return run;
}

}  // namespace plyjudge::grader
