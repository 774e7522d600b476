#include "grader/similarity/dolos.hpp"

#include <boost/process.hpp>
#include <fmt/format.h>

#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

#include "common/data_dir.hpp"
#include "common/file_io.hpp"
#include "common/json_writer.hpp"
#include "common/temp_dir.hpp"
#include "common/utf8_text.hpp"
#include "sandbox/sandbox.hpp"

namespace plyjudge::grader {

namespace fs = std::filesystem;
namespace bp = boost::process;

namespace {

std::string installAdvice(const fs::path& prefix) {
    return fmt::format("install it with scripts/setup-dolos (or: apt-get install nodejs npm && npm install --prefix {} "
                       "@dodona/dolos-lib@{}), or pass --dolos DIR; --no-code compares behaviour alone",
                       prefix.string(), kDolosVersion);
}

// The bridge's request: one language's texts, the pairs wanted whatever the index says, the limits.
std::string requestOf(const std::string& language, const std::vector<const SubmissionSources*>& files,
                      const std::vector<std::pair<int, int>>& wanted, const CodeOptions& options) {
    std::ostringstream out;
    JsonWriter json(out);
    json.beginObject().field("language", language).key("files").beginArray();
    for (const SubmissionSources* s : files) json.value(validUtf8(s->text));
    json.endArray().key("wanted").beginArray();
    for (const auto& [a, b] : wanted) json.beginArray().value(a).value(b).endArray();
    json.endArray().field("min_shared", 3).field("max_pairs", options.maxPairs).field("fragments", options.fragments);
    json.field("fragment_pairs", options.fragmentPairs);
    json.endObject();
    return out.str();
}

// The bridge's answer: "excluded I" for each file it could not tokenize, then one line per pair ("pair A B
// SIMILARITY LONGEST") followed by its fragments ("fragment R0 R1 R2 R3"): numbers only, nothing of the submissions.
CodeComparison parseAnswer(const std::string& text) {
    CodeComparison answer;
    std::vector<CodePair>& pairs = answer.pairs;
    std::istringstream in(text);
    std::string word;
    while (in >> word) {
        if (word == "excluded") {
            int i = -1;
            if (!(in >> i)) throw std::runtime_error("the Dolos bridge wrote an unreadable exclusion");
            answer.excluded.push_back(i);
        } else if (word == "pair") {
            CodePair p;
            if (!(in >> p.a >> p.b >> p.similarity >> p.longest)) throw std::runtime_error("the Dolos bridge wrote an unreadable pair");
            pairs.push_back(p);
        } else if (word == "fragment" && !pairs.empty()) {
            CodeFragment f;
            if (!(in >> f.leftFirst >> f.leftLast >> f.rightFirst >> f.rightLast)) {
                throw std::runtime_error("the Dolos bridge wrote an unreadable fragment");
            }
            pairs.back().fragments.push_back(f);
        } else {
            throw std::runtime_error("the Dolos bridge wrote something unexpected: " + word.substr(0, 40));
        }
    }
    return answer;
}

// The bridge parses the students' sources with Dolos's native tree-sitter parsers: untrusted text in native code. It
// runs in the sandbox as a submission does (a run uid, a private world without network, memory, process and time
// limits), sees only Node, Dolos, the bridge and its own folder, and answers in a file read without following links.
std::string runBridge(const DolosInstall& dolos, const std::string& request, const CodeOptions& options) {
    TempDir scratch("plyjudge-dolos");
    fs::permissions(scratch.path(), fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                        fs::perms::others_read | fs::perms::others_exec);
    writeWholeFile(scratch / "request.json", request);
    sandbox::RunSpec run;
    run.argv = {dolos.node.string(), dolos.bridge.string(), dolos.prefix.string(), "request.json", "pairs.txt"};
    run.workDir = scratch.path();
    for (const fs::path& p : {dolos.node, dolos.prefix, dolos.bridge}) {
        std::error_code ec;
        if (fs::exists(p, ec)) run.readOnlyPaths.push_back(p);
    }
    const double seconds = static_cast<double>(options.timeLimit.count());
    run.limits.wallSeconds = seconds;
    run.limits.cpuSeconds = 2 * seconds;  // Node's threads may use both cores
    run.limits.memoryBytes = 6ULL << 30;  // a class of 300: 0.9 GB at its peak (bench/README.md)
    run.limits.maxOpenFiles = 1024;
    run.limits.maxFileBytes = 1ULL << 30;
    const sandbox::RunOutcome out = sandbox::runSandboxed(run);
    if (out.termination == sandbox::Termination::WallTimeout || out.termination == sandbox::Termination::CpuTimeout) {
        throw std::runtime_error(fmt::format("Dolos ran over its time limit ({} s) and was stopped", options.timeLimit.count()));
    }
    if (out.termination != sandbox::Termination::Exited || out.exitCode != 0) {
        std::string why = out.stderrHead.empty() ? out.detail : out.stderrHead;
        if (out.judgeError()) why = out.judgeFaultText();
        if (why.size() > 2000) why.resize(2000);
        // plyjudge-run-as reports a program the run's uid may not execute or read as "error 13" (EACCES)
        const std::string hint = why.find("error 13") == std::string::npos
                                     ? ""
                                     : fmt::format(" (the sandbox's run users cannot read Node or Dolos: make {} and the folders "
                                                   "above it readable by others, or install Dolos elsewhere with PLYJUDGE_DOLOS)",
                                                   dolos.prefix.string());
        throw std::runtime_error(fmt::format("Dolos failed ({}, exit status {}): {}{}", sandbox::terminationName(out.termination),
                                             out.exitCode, validUtf8(why), hint));
    }
    // A few lines a pair: far below the cap, which only a bridge gone wrong reaches.
    auto answer = sandbox::readRunOutput(sandbox::openRunOutput(scratch.path(), "pairs.txt"), 256ULL << 20);
    if (!answer) throw std::runtime_error("the Dolos bridge wrote no readable answer (pairs.txt, at most 256 MiB)");
    return *answer;
}

}  // namespace

fs::path defaultDolosPrefix() {
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg) return fs::path(xdg) / "plyjudge" / "dolos";
    const char* home = std::getenv("HOME");
    return fs::path(home && *home ? home : "/root") / ".local" / "share" / "plyjudge" / "dolos";
}

std::optional<DolosInstall> findDolos(const std::optional<fs::path>& prefix, std::string& why) {
    DolosInstall dolos;
    if (prefix) dolos.prefix = *prefix;
    else if (const char* env = std::getenv("PLYJUDGE_DOLOS"); env && *env) dolos.prefix = env;
    else dolos.prefix = defaultDolosPrefix();
    dolos.node = bp::search_path("node").string();
    dolos.bridge = dataDir() / "grader" / "similarity" / "dolos_bridge.mjs";
    std::error_code ec;
    if (dolos.node.empty()) {
        why = "code similarity needs Node.js (node), which is not in PATH: " + installAdvice(dolos.prefix);
        return std::nullopt;
    }
    if (!fs::is_regular_file(dolos.prefix / "node_modules" / "@dodona" / "dolos-lib" / "package.json", ec)) {
        why = "code similarity needs Dolos, not found in " + dolos.prefix.string() + ": " + installAdvice(dolos.prefix);
        return std::nullopt;
    }
    if (!fs::is_regular_file(dolos.bridge, ec)) {
        why = "plyjudge's Dolos bridge is missing (" + dolos.bridge.string() + "): reinstall plyjudge";
        return std::nullopt;
    }
    return dolos;
}

CodeComparison compareCode(const DolosInstall& dolos, const std::vector<SubmissionSources>& sources,
                           const std::vector<std::pair<int, int>>& wanted, const CodeOptions& options,
                           const std::function<void(const std::string&)>& progress) {
    std::map<std::string, std::vector<int>> byLanguage;  // language -> indices into sources
    for (int i = 0; i < static_cast<int>(sources.size()); ++i) {
        if (!sources[i].language.empty()) byLanguage[sources[i].language].push_back(i);
    }
    CodeComparison result;
    std::vector<CodePair>& pairs = result.pairs;
    for (const auto& [language, members] : byLanguage) {
        if (members.size() < 2) continue;
        std::map<int, int> local;  // index into sources -> index in this language's request
        std::vector<const SubmissionSources*> files;
        for (int i : members) {
            local[i] = static_cast<int>(files.size());
            files.push_back(&sources[i]);
        }
        std::vector<std::pair<int, int>> wantedHere;
        for (const auto& [a, b] : wanted) {
            if (local.count(a) && local.count(b)) wantedHere.emplace_back(local[a], local[b]);
        }
        progress(fmt::format("code: {} {} submissions through Dolos {}", members.size(), language, kDolosVersion));
        CodeComparison answer = parseAnswer(runBridge(dolos, requestOf(language, files, wantedHere, options), options));
        for (int i : answer.excluded)
            if (i >= 0 && i < static_cast<int>(members.size())) result.excluded.push_back(members[static_cast<std::size_t>(i)]);
        for (CodePair p : answer.pairs) {
            if (p.a < 0 || p.b < 0 || p.a >= static_cast<int>(members.size()) || p.b >= static_cast<int>(members.size())) continue;
            p.a = members[static_cast<std::size_t>(p.a)];
            p.b = members[static_cast<std::size_t>(p.b)];
            if (p.a > p.b) {
                std::swap(p.a, p.b);
                for (CodeFragment& f : p.fragments) f = {f.rightFirst, f.rightLast, f.leftFirst, f.leftLast};
            }
            pairs.push_back(std::move(p));
        }
    }
    return result;
}

}  // namespace plyjudge::grader
