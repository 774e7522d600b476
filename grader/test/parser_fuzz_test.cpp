// Hostile files for every parser (issue 9): mutated and random variant inputs, suite manifests and
// assignment YAML. Each parser must either accept the text or reject it with its own error type
// (InputError / ConfigError) — never crash, hang or throw anything else. RapidCheck drives the mutations;
// ctest's timeout catches a hang.
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
    try {
        CaseSuite::load(dir.path());
    } catch (const ConfigError&) {
    }
}

RC_GTEST_PROP(ParserFuzz, AssignmentsAcceptOrRejectWithAConfigError, ()) {
    const std::string text = *hostileText(pj::testing::readFile(pj::testing::casesDir() / "reversi" / "assignment.yaml"));
    pj::testing::TempDir dir;
    std::filesystem::copy(pj::testing::casesDir() / "reversi" / "published", dir / "published", std::filesystem::copy_options::recursive);
    pj::testing::writeFile(dir / "assignment.yaml", text);
    try {
        Assignment::load(dir / "assignment.yaml");
    } catch (const ConfigError&) {
    }
}
