#include "grader/results/merge.hpp"

#include <fmt/format.h>

#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <stdexcept>

#include "grader/results/results_store.hpp"
#include "storage/sqlite.hpp"

namespace plyjudge::grader {

namespace {

std::string shortened(const std::string& s) { return s.size() <= 60 ? s : s.substr(0, 57) + "..."; }

struct ShardData {
    std::filesystem::path path;
    RunIdentity identity;
    std::vector<StoredResult> rows;
};

// More shards than any class is split into: a forged "1/2000000000" would otherwise list two billion missing shards.
constexpr int kMaxShards = 10000;

// A shard's "K/N", checked: digits only, 1 <= K <= N <= kMaxShards; nullopt for a whole run ("").
std::optional<std::pair<int, int>> shardOf(const ShardData& s) {
    const std::string& text = s.identity.shard;
    if (text.empty()) return std::nullopt;
    const auto slash = text.find('/');
    auto number = [](std::string_view digits) {
        int n = 0;
        if (digits.empty() || digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string_view::npos) return -1;
        for (char c : digits) n = n * 10 + (c - '0');
        return n;
    };
    const int k = slash == std::string::npos ? -1 : number(std::string_view(text).substr(0, slash));
    const int n = slash == std::string::npos ? -1 : number(std::string_view(text).substr(slash + 1));
    if (k < 1 || n < k || n > kMaxShards)
        throw std::invalid_argument(fmt::format("{}: malformed shard metadata '{}' (expected K/N with 1 <= K <= N <= {})",
                                                s.path.string(), shortened(text), kMaxShards));
    return std::pair{k, n};
}

// The results database is what it says: SQLite's own integrity check, before anything is read from it.
void checkIntegrity(storage::Database& db, const std::filesystem::path& path) {
    auto q = db.prepare("PRAGMA integrity_check");
    const std::string verdict = q.step() ? q.columnText(0) : "no answer";
    if (verdict != "ok") throw std::invalid_argument(path.string() + ": the database fails its integrity check: " + shortened(verdict));
}

ShardData readShard(const std::filesystem::path& path) {
    // Opening would create an empty database: check first that this is an existing file.
    if (!std::filesystem::is_regular_file(path)) throw std::invalid_argument(path.string() + ": no such results database");
    try {
        storage::Database db(path);
        checkIntegrity(db, path);
        auto q = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'results'");
        if (!q.step()) throw std::invalid_argument(path.string() + ": not a plyjudge results database (no results table)");
        return {path, readRunIdentity(db), readStoredResults(db)};
    } catch (const storage::SqliteError& e) {
        throw std::invalid_argument(path.string() + ": cannot read the results: " + e.what());
    }
}

// The first field in which `b` differs from `a`, or "".
std::string differenceOf(const RunIdentity& a, const RunIdentity& b) {
    if (a.assignment != b.assignment) return "another assignment (its file's text differs)";
    if (a.suites != b.suites) return "other suites (the cases or expected outputs differ: " + a.suites + " vs " + b.suites + ")";
    if (a.version != b.version) return "another plyjudge version (" + shortened(a.version) + " vs " + shortened(b.version) + ")";
    return {};
}

// Two shards holding different final results for the same case: one of them is not what its run wrote (a forged or
// mixed-up shard). Refused before anything is written, naming both; identical rows (a shard merged twice) are fine.
void checkNoConflictingFinals(const std::vector<ShardData>& shards) {
    std::map<std::tuple<std::string, std::string, std::string>, std::pair<const ShardData*, const CaseResult*>> finals;
    for (const ShardData& s : shards) {
        for (const StoredResult& r : s.rows) {
            if (!r.result.ran() || r.result.judgeError()) continue;
            const auto key = std::tuple(r.student, r.result.suite, r.result.name);
            const auto [it, added] = finals.emplace(key, std::pair{&s, &r.result});
            if (added) continue;
            const CaseResult& other = *it->second.second;
            if (other.verdict == r.result.verdict && other.points == r.result.points && other.message == r.result.message) continue;
            throw std::invalid_argument(fmt::format("two final results for {} {}/{}: {} in {} and {} in {}", shortened(r.student),
                                                    shortened(r.result.suite), shortened(r.result.name), other.verdictCodeText(),
                                                    it->second.first->path.string(), r.result.verdictCodeText(), s.path.string()));
        }
    }
}

}  // namespace

MergeSummary mergeResults(const std::filesystem::path& out, const std::vector<std::filesystem::path>& shardPaths) {
    if (shardPaths.empty()) throw std::invalid_argument("give at least one shard database");
    std::vector<ShardData> shards;
    for (const auto& p : shardPaths) {
        if (std::filesystem::exists(out) && std::filesystem::equivalent(p, out)) {
            throw std::invalid_argument(p.string() + " is the output database itself");
        }
        shards.push_back(readShard(p));
    }
    // Everything is checked before anything is written.
    const RunIdentity& first = shards.front().identity;
    for (const ShardData& s : shards) {
        if (s.identity.assignment.empty()) throw std::invalid_argument(s.path.string() + ": records no assignment");
        if (const std::string d = differenceOf(first, s.identity); !d.empty()) {
            throw std::invalid_argument(s.path.string() + " was graded with " + d + " than " + shards.front().path.string());
        }
    }
    if (std::filesystem::exists(out)) {
        storage::Database db(out);
        const RunIdentity existing = readRunIdentity(db);
        if (!existing.assignment.empty()) {
            if (const std::string d = differenceOf(first, existing); !d.empty()) {
                throw std::invalid_argument(out.string() + " holds results graded with " + d + " than the shards");
            }
            if (!existing.shard.empty()) throw std::invalid_argument(out.string() + " is itself shard " + existing.shard);
        }
    }
    MergeSummary summary;
    std::set<int> seen;
    int count = 0;
    for (const ShardData& s : shards) {
        summary.shards.push_back(s.identity.shard.empty() ? "whole" : s.identity.shard);
        if (const auto kn = shardOf(s)) {
            if (count != 0 && kn->second != count)
                throw std::invalid_argument(fmt::format("{} is shard {} but another shard says {} shards in all",
                                                        s.path.string(), s.identity.shard, count));
            seen.insert(kn->first);
            count = kn->second;
        }
    }
    for (int k = 1; k <= count; ++k) {
        if (!seen.count(k)) summary.missing.push_back(fmt::format("{}/{}", k, count));
    }
    checkNoConflictingFinals(shards);
    ResultsStore store(out, RunIdentity{first.assignment, first.suites, first.version, ""});
    // A final verdict is never replaced by a judge error (overlapping inputs, e.g. a whole run and a shard).
    auto finals = store.done();
    for (const ShardData& s : shards) {
        for (const StoredResult& r : s.rows) {
            ++summary.rowsRead;
            const auto key = std::tuple(r.student, r.result.suite, r.result.name);
            if (r.result.judgeError() && finals.count(key)) continue;
            store.save(r.student, r.result, r.studentSettings);
            if (!r.result.judgeError()) finals.insert(key);
        }
    }
    summary.rows = store.all().size();
    return summary;
}

}  // namespace plyjudge::grader
