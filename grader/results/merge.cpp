#include "grader/results/merge.hpp"

#include <fmt/format.h>

#include <set>
#include <tuple>
#include <stdexcept>

#include "grader/results/results_store.hpp"
#include "storage/sqlite.hpp"

namespace plyjudge::grader {

namespace {

struct ShardData {
    std::filesystem::path path;
    RunIdentity identity;
    std::vector<StoredResult> rows;
};

ShardData readShard(const std::filesystem::path& path) {
    // Opening would create an empty database: check first that this is an existing file.
    if (!std::filesystem::is_regular_file(path)) throw std::invalid_argument(path.string() + ": no such results database");
    try {
        storage::Database db(path);
        auto q = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'results'");
        if (!q.step()) throw std::invalid_argument(path.string() + ": not a plyjudge results database (no results table)");
        return {path, readRunIdentity(db), readStoredResults(db)};
    } catch (const storage::SqliteError& e) {
        throw std::invalid_argument(path.string() + ": cannot read the results: " + e.what());
    }
}

std::string shortened(const std::string& s) { return s.size() <= 60 ? s : s.substr(0, 57) + "..."; }

// The first field in which `b` differs from `a`, or "".
std::string differenceOf(const RunIdentity& a, const RunIdentity& b) {
    if (a.assignment != b.assignment) return "another assignment (its file's text differs)";
    if (a.suites != b.suites) return "other suites (the cases or expected outputs differ: " + a.suites + " vs " + b.suites + ")";
    if (a.version != b.version) return "another plyjudge version (" + shortened(a.version) + " vs " + shortened(b.version) + ")";
    return {};
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
        const auto slash = s.identity.shard.find('/');
        if (slash != std::string::npos) {
            seen.insert(std::stoi(s.identity.shard.substr(0, slash)));
            count = std::stoi(s.identity.shard.substr(slash + 1));
        }
    }
    for (int k = 1; k <= count; ++k) {
        if (!seen.count(k)) summary.missing.push_back(fmt::format("{}/{}", k, count));
    }
    ResultsStore store(out, RunIdentity{first.assignment, first.suites, first.version, ""});
    // A final verdict is never replaced by a judge error (overlapping inputs, e.g. a whole run and a shard).
    auto finals = store.done();
    for (const ShardData& s : shards) {
        for (const StoredResult& r : s.rows) {
            ++summary.rowsRead;
            const auto key = std::tuple(r.student, r.result.suite, r.result.name);
            if (r.result.judgeError() && finals.count(key)) continue;
            store.save(r.student, r.result);
            if (!r.result.judgeError()) finals.insert(key);
        }
    }
    summary.rows = store.all().size();
    return summary;
}

}  // namespace plyjudge::grader
