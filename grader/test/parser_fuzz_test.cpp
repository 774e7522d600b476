// Hostile files for every parser (issue 9): mutated and random variant inputs, suite manifests and
// assignment YAML. Each parser must either accept the text or reject it with its own error type
// (InputError / ConfigError) — never crash, hang or throw anything else. A rejection names the file and the
// line; an accepted suite or assignment is usable as loaded. RapidCheck drives the mutations; ctest's timeout
// catches a hang.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "grader/assignment/assignment.hpp"
#include "grader/config/yaml_support.hpp"
#include "grader/suite/case_suite.hpp"
#include "reference/variant.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/temp_dir.hpp"

using namespace plyjudge;
using namespace plyjudge::grader;
namespace pj = plyjudge;

namespace {

struct Edit {
    unsigned position;  // taken modulo the text's size
    int kind;           // 0 replace, 1 insert, 2 delete, 3 duplicate a line-sized chunk
    char byte;
};

// Bytes that matter to the grammars, plus arbitrary ones (NUL, high bytes).
rc::Gen<char> interestingBytes() {
    return rc::gen::oneOf(rc::gen::elementOf(std::string("0123456789-+,.: \t\r\n*XOxobw.SCAHE{}[]#'\"|&!")),
                          rc::gen::arbitrary<char>());
}

rc::Gen<std::string> mutationOf(const std::string& base) {
    const auto edit = rc::gen::build<Edit>(rc::gen::set(&Edit::position, rc::gen::arbitrary<unsigned>()),
                                           rc::gen::set(&Edit::kind, rc::gen::inRange(0, 4)),
                                           rc::gen::set(&Edit::byte, interestingBytes()));
    return rc::gen::map(rc::gen::container<std::vector<Edit>>(edit), [base](const std::vector<Edit>& edits) {
        std::string text = base;
        for (const Edit& e : edits) {
            const std::size_t at = text.empty() ? 0 : e.position % (text.size() + (e.kind == 1 ? 1 : 0));
            if (e.kind == 0 && !text.empty()) text[at % text.size()] = e.byte;
            else if (e.kind == 1) text.insert(text.begin() + static_cast<std::ptrdiff_t>(at), e.byte);
            else if (e.kind == 2 && !text.empty()) text.erase(at % text.size(), 1);
            else if (e.kind == 3 && !text.empty()) text.insert(at % text.size(), text.substr(at % text.size(), 12));
        }
        return text;
    });
}

// Either a mutation of `base` or fully random bytes.
rc::Gen<std::string> hostileText(const std::string& base) {
    return rc::gen::weightedOneOf<std::string>(
        {{4, mutationOf(base)}, {1, rc::gen::container<std::string>(interestingBytes())}});
}

// The first committed input of the variant (in path order), the seed of its mutations; "" if it has none.
std::string firstCaseInput(const Variant& v) {
    const auto root = pj::testing::casesDir() / std::string(v.name);
    std::vector<std::filesystem::path> inputs;
    if (std::filesystem::exists(root)) {
        for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
            if (entry.path().filename() == "input.txt") inputs.push_back(entry.path());
        }
    }
    std::sort(inputs.begin(), inputs.end());
    return inputs.empty() ? "" : pj::testing::readFile(inputs.front());
}

// A rejection must point the author at the place: "FILE:LINE: MESSAGE" with the file as given and a line >= 1,
// or "FILE: MESSAGE" when no line is to blame (a file that is not a map of settings, e.g. empty up to a NUL).
// The message is never empty; a nested suite's error is quoted after the assignment's line.
void assertNamesFileAndLine(const ConfigError& e, const std::filesystem::path& file) {
    const std::string what = e.what();
    const std::string prefix = file.string() + ":";
    RC_ASSERT(what.rfind(prefix, 0) == 0);
    std::size_t at = prefix.size();
    const std::size_t digits = what.find_first_not_of("0123456789", at) - at;
    if (digits > 0) {
        RC_ASSERT(std::stoll(what.substr(at, digits)) >= 1);
        RC_ASSERT(what.compare(at + digits, 1, ":") == 0);
        at += digits + 1;
    } else {
        RC_ASSERT(what.find("expected a map of settings", at) == at + 1);
    }
    RC_ASSERT(what.compare(at, 1, " ") == 0);
    RC_ASSERT(what.size() > at + 1);
}

// An accepted suite is usable as loaded: a known variant under its own name, and each case a distinct folder
// of the suite holding an input; the unmutated manifest loads as written (reversi, its five cases).
void assertUsableSuite(const CaseSuite& suite, const std::filesystem::path& dir, bool unmutated) {
    RC_ASSERT(suite.dir == dir);
    RC_ASSERT(suite.variant != nullptr);
    RC_ASSERT(std::string(suite.variant->name) == suite.variantName);
    std::vector<std::string> names;
    for (const SuiteCase& c : suite.cases) {
        RC_ASSERT(c.dir == dir / c.name);
        RC_ASSERT(std::filesystem::is_regular_file(c.input()));
        names.push_back(c.name);
    }
    std::sort(names.begin(), names.end());
    RC_ASSERT(std::adjacent_find(names.begin(), names.end()) == names.end());
    if (unmutated) {
        RC_ASSERT(suite.variantName == "reversi");
        RC_ASSERT(names == (std::vector<std::string>{"case1", "case2", "case3", "case4", "case5"}));
    }
}

// An accepted assignment can be graded: a solvable variant, at least one suite of that variant, only files the
// variant writes; the unmutated file loads as written (reversi, the published suite, Python 3, 2048 MB, one
// point a case).
void assertUsableAssignment(const Assignment& a, const std::filesystem::path& path, bool unmutated) {
    RC_ASSERT(a.path == path);
    RC_ASSERT(a.variant != nullptr);
    RC_ASSERT(a.variant->solve != nullptr);
    RC_ASSERT(!a.suites.empty());
    for (const CaseSuite& s : a.suites) RC_ASSERT(s.variant == a.variant);
    for (const std::string& f : a.files) {
        RC_ASSERT(std::find(a.variant->outputFiles.begin(), a.variant->outputFiles.end(), f) != a.variant->outputFiles.end());
    }
    RC_ASSERT(a.pointsPerCase >= 0);
    if (unmutated) {
        RC_ASSERT(a.variantName == "reversi");
        RC_ASSERT(a.suites.size() == 3u && a.suites[0].name == "published" && a.suites[1].name == "selfcheck" &&
                  a.suites[2].name == "generated");  // the last two found in the bundled data (suites by name)
        RC_ASSERT(a.run.python == PythonChoice::Auto);  // by syntax, then by behaviour (no pinned Python)
        RC_ASSERT(a.run.exitStatus == ExitStatusPolicy::Outputs);
        RC_ASSERT(a.limits.memoryBytes == (2048ULL << 20));
        RC_ASSERT(a.pointsPerCase == 1.0);
    }
}

}  // namespace

RC_GTEST_PROP(ParserFuzz, VariantInputParsersAcceptOrRejectWithALineNumberedInputError, ()) {
    for (const Variant* v : allVariants()) {
        if (!v->validate) continue;
        const std::string base = firstCaseInput(*v);
        const std::string text = *hostileText(base);
        try {
            v->validate(InputText(text, "input.txt"));
        } catch (const InputError& e) {
            RC_ASSERT(std::string(e.what()).rfind("input.txt", 0) == 0);
            RC_ASSERT(std::string(e.what()).find('\n') == std::string::npos);
        }
    }
}

RC_GTEST_PROP(ParserFuzz, SuiteManifestsAcceptOrRejectWithAConfigError, ()) {
    const auto base = pj::testing::casesDir() / "reversi" / "published";
    const std::string text = *hostileText(pj::testing::readFile(base / "suite.yaml"));
    pj::testing::TempDir dir;
    for (const auto& entry : std::filesystem::directory_iterator(base)) {
        if (entry.is_directory()) std::filesystem::copy(entry.path(), dir / entry.path().filename().string(), std::filesystem::copy_options::recursive);
    }
    pj::testing::writeFile(dir / "suite.yaml", text);
    const std::string original = pj::testing::readFile(base / "suite.yaml");
    try {
        assertUsableSuite(CaseSuite::load(dir.path()), dir.path(), text == original);
    } catch (const ConfigError& e) {
        RC_ASSERT(text != original);
        assertNamesFileAndLine(e, dir / "suite.yaml");
    }
}

RC_GTEST_PROP(ParserFuzz, AssignmentsAcceptOrRejectWithAConfigError, ()) {
    const std::string original = pj::testing::readFile(pj::testing::casesDir() / "reversi" / "assignment.yaml");
    const std::string text = *hostileText(original);
    pj::testing::TempDir dir;
    std::filesystem::copy(pj::testing::casesDir() / "reversi" / "published", dir / "published", std::filesystem::copy_options::recursive);
    pj::testing::writeFile(dir / "assignment.yaml", text);
    try {
        assertUsableAssignment(Assignment::load(dir / "assignment.yaml"), dir / "assignment.yaml", text == original);
    } catch (const ConfigError& e) {
        RC_ASSERT(text != original);
        assertNamesFileAndLine(e, dir / "assignment.yaml");
    }
}
