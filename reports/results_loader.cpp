#include "reports/results_loader.hpp"

#include "grader/store/results_store.hpp"
#include "reports/grader_reports.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "reports/case_position.hpp"
#include "grader/assignment/assignment.hpp"
#include "storage/sqlite.hpp"
#include "reports/utf8_text.hpp"

namespace plyjudge::reports {

namespace {

std::string readWhole(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The variant named in an assignment's text (the database keeps the text, not the path).
std::string variantInText(const std::string& text) {
    try {
        const YAML::Node root = YAML::Load(text);
        if (root.IsMap() && root["variant"] && root["variant"].IsScalar()) return root["variant"].as<std::string>();
    } catch (const std::exception&) {
    }
    return {};
}

}  // namespace

RunResults assembleRunResults(std::string title, std::string variant, std::vector<CaseSource> cases,
                              std::vector<std::string> students, const std::vector<ResultRow>& rows) {
    RunResults run;
    run.title = std::move(title);
    run.variant = std::move(variant);
    for (const CaseSource& c : cases) {
        CaseInfo info;
        info.suite = c.suite;
        info.name = c.name;
        info.maxPoints = c.maxPoints;
        info.visibility = c.visibility;
        if (!c.input.empty()) {
            info.inputText = validUtf8(readWhole(c.input));
            if (!c.expectedDir.empty()) info.expectedMove = expectedMoveOf(run.variant, info.inputText, c.expectedDir);
        }
        run.cases.push_back(std::move(info));
    }
    bool unknownCases = false;
    for (const ResultRow& r : rows) {
        if (run.caseIndex(r.suite, r.caseName) < 0) {
            CaseInfo info;
            info.suite = r.suite;
            info.name = r.caseName;
            info.maxPoints = r.outcome.maxPoints;
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
            CaseOutcome missing;
            missing.verdict = "not-run";
            missing.maxPoints = c.maxPoints;
            missing.message = "no result: the run stopped before this case was graded";
            sr.outcomes.push_back(std::move(missing));
        }
        run.students.push_back(std::move(sr));
    }
    for (const ResultRow& r : rows) {
        const int ci = run.caseIndex(r.suite, r.caseName);
        CaseOutcome o = r.outcome;
        o.message = validUtf8(o.message);
        o.detail = validUtf8(o.detail);
        o.diagnosisKind = validUtf8(o.diagnosisKind);
        if (!o.difference) o.difference = parseDifference(o.detail);
        if (o.difference && !o.actualMove && !o.passed()) {
            o.actualMove = actualMoveOf(run.variant, run.cases[static_cast<std::size_t>(ci)].inputText, *o.difference);
        }
        run.students[studentIndex.at(r.student)].outcomes[static_cast<std::size_t>(ci)] = std::move(o);
    }
    for (const StudentResults& s : run.students) {
        for (const CaseOutcome& o : s.outcomes) run.complete = run.complete && o.ran();
    }
    return run;
}

std::vector<CaseSource> casesOfAssignment(const std::filesystem::path& path, std::string* variant) {
    const grader::Assignment assignment = grader::Assignment::load(path);
    if (variant) *variant = assignment.variantName;
    std::vector<CaseSource> cases;
    for (const grader::CaseSuite& suite : assignment.suites) {
        for (const grader::SuiteCase& c : suite.cases) {
            CaseSource s;
            s.suite = suite.name;
            s.name = c.name;
            s.maxPoints = assignment.pointsOf(suite, c);
            s.visibility = c.visibility == grader::Visibility::Published ? Visibility::Published : Visibility::Hidden;
            s.input = c.input();
            s.expectedDir = c.dir;
            cases.push_back(std::move(s));
        }
    }
    return cases;
}

RunResults loadRunResults(const std::filesystem::path& database, const std::optional<std::filesystem::path>& assignment) {
    // Opening would create an empty database: check first that this is an existing file.
    if (!std::filesystem::is_regular_file(database)) {
        throw std::runtime_error(database.string() + ": no such results database");
    }
    std::vector<ResultRow> rows;
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
        for (const grader::StoredResult& stored : grader::readStoredResults(db)) {
            rows.push_back({stored.student, stored.result.suite, stored.result.name, outcomeOf(stored.result)});
        }
    } catch (const storage::SqliteError& e) {
        throw std::runtime_error(database.string() + ": cannot read the results: " + e.what());
    }

    std::optional<std::filesystem::path> source = assignment;
    if (!source && !storedPath.empty() && std::filesystem::is_regular_file(storedPath)) source = storedPath;
    std::vector<std::string> notes;
    std::string variant = variantInText(fingerprint);
    std::vector<CaseSource> cases;
    std::string title = database.stem().string();
    if (source) {
        if (!fingerprint.empty() && readWhole(*source) != fingerprint) {
            notes.push_back(source->string() + " has changed since this run was graded: cases, points and visibility are today's");
        }
        std::string assignmentVariant;
        cases = casesOfAssignment(*source, &assignmentVariant);
        if (!assignmentVariant.empty()) variant = assignmentVariant;
        title = source->stem().string();
    } else {
        notes.push_back("no assignment file given: every case counts as hidden and no board is drawn (give --assignment)");
    }
    RunResults run = assembleRunResults(title, variant, std::move(cases), {}, rows);
    run.notes.insert(run.notes.begin(), notes.begin(), notes.end());
    return run;
}

}  // namespace plyjudge::reports
