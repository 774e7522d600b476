#include "grader/suite/suite_init.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>

#include "common/file_io.hpp"
#include "common/utf8_text.hpp"
#include "grader/config/yaml_support.hpp"
#include "reference/core/input_text.hpp"
#include "reference/variant.hpp"

namespace plyjudge::grader {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kNamedInputErrors = 3;  // the inputs a refusal quotes

// Natural order: digits compared as numbers, so case2 comes before case10.
bool naturalLess(const std::string& a, const std::string& b) {
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (std::isdigit(static_cast<unsigned char>(a[i])) && std::isdigit(static_cast<unsigned char>(b[j]))) {
            std::size_t ie = i, je = j;
            while (ie < a.size() && std::isdigit(static_cast<unsigned char>(a[ie]))) ++ie;
            while (je < b.size() && std::isdigit(static_cast<unsigned char>(b[je]))) ++je;
            const std::string na = a.substr(i, ie - i), nb = b.substr(j, je - j);
            const std::string ta = na.substr(std::min(na.find_first_not_of('0'), na.size() - 1));
            const std::string tb = nb.substr(std::min(nb.find_first_not_of('0'), nb.size() - 1));
            if (ta.size() != tb.size()) return ta.size() < tb.size();
            if (ta != tb) return ta < tb;
            i = ie, j = je;
        } else {
            if (a[i] != b[j]) return a[i] < b[j];
            ++i, ++j;
        }
    }
    return a.size() - i < b.size() - j;
}

// A folder name a suite can list: suite.yaml takes any UTF-8 name without a slash; dot-folders (.git, cases fill's
// scratch) and names with control characters are not cases.
bool listable(const std::string& name) {
    if (name.empty() || name.front() == '.' || validUtf8(name) != name) return false;
    return std::none_of(name.begin(), name.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
}

// The sub-folders of `dir` holding input.txt, in natural order; the others in `passedOver`, with why.
std::vector<std::string> caseFolders(const fs::path& dir, std::vector<std::string>& passedOver) {
    std::vector<std::string> cases;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        const std::string name = entry.path().filename().string();
        if (!entry.is_directory(ec) || entry.is_symlink(ec)) continue;
        if (!listable(name)) {
            if (name.front() != '.') passedOver.push_back(name + ": not a name a suite lists (control characters or not UTF-8)");
        } else if (!fs::is_regular_file(entry.path() / "input.txt", ec)) {
            passedOver.push_back(name + ": no input.txt");
        } else {
            cases.push_back(name);
        }
    }
    if (ec) throw ConfigError(dir.string(), 0, "cannot list the folder: " + ec.message());
    std::sort(cases.begin(), cases.end(), naturalLess);
    std::sort(passedOver.begin(), passedOver.end());
    return cases;
}

// Why `variant` refuses some of the inputs ("case3/input.txt: line 2: ..."), empty when it accepts them all.
std::vector<std::string> refusedInputs(const Variant& variant, const fs::path& dir, const std::vector<std::string>& cases) {
    std::vector<std::string> refused;
    for (const std::string& name : cases) {
        try {
            variant.validate(InputText::readFile(dir / name / "input.txt"));
        } catch (const InputError& e) {
            refused.push_back(e.what());  // names the file and the line
        }
    }
    return refused;
}

std::string firstRefusals(const std::vector<std::string>& refused) {
    std::string text;
    for (std::size_t i = 0; i < refused.size() && i < kNamedInputErrors; ++i) text += "\n  " + refused[i];
    if (refused.size() > kNamedInputErrors) text += fmt::format("\n  ... and {} more", refused.size() - kNamedInputErrors);
    return text;
}

// The given variant when its parser accepts every input; else the one variant with a solver that does.
const Variant& variantOf(const SuiteInitRequest& request, const std::vector<std::string>& cases, bool& inferred) {
    if (request.variant) {
        const std::vector<std::string> refused = refusedInputs(*request.variant, request.dir, cases);
        if (!refused.empty())
            throw ConfigError(request.dir.string(), 0, fmt::format("{} of {} input(s) are not {} inputs:{}", refused.size(),
                                                                    cases.size(), request.variant->name, firstRefusals(refused)));
        return *request.variant;
    }
    std::vector<const Variant*> fitting;
    for (const Variant* v : allVariants())
        if (v->solve && v->validate && refusedInputs(*v, request.dir, cases).empty()) fitting.push_back(v);
    if (fitting.size() != 1) {
        std::string names;
        for (const Variant* v : fitting) names += (names.empty() ? "" : ", ") + std::string(v->name);
        throw ConfigError(request.dir.string(), 0,
                          fitting.empty() ? "no variant reads every input.txt here: name it with --variant VARIANT to see why"
                                          : "the inputs read as several variants (" + names + "): name one with --variant");
    }
    inferred = true;
    return *fitting.front();
}

std::string manifestText(const Variant& variant, Visibility visibility, const std::vector<std::string>& cases) {
    std::string text = fmt::format(
        "# Case suite manifest (read by grader/suite): the cases of this folder and how they are graded.\n"
        "# Written by plyjudge cases init; fill the expected outputs with plyjudge cases fill.\n"
        "variant: {}\n"
        "visibility: {}\n"
        "cases:\n",
        variant.name,
        visibility == Visibility::Hidden ? "hidden   # students read a hidden case's verdict only; published: in full"
                                         : "published   # students read these cases in full");
    for (const std::string& name : cases) {
        YAML::Emitter scalar;  // quoted when the name needs it (`a: b`, `#1`, `yes`)
        scalar << name;
        text += std::string("  - ") + scalar.c_str() + "\n";
    }
    return text;
}

}  // namespace

SuiteInitReport initSuite(const SuiteInitRequest& request) {
    std::error_code ec;
    if (!fs::is_directory(request.dir, ec)) throw ConfigError(request.dir.string(), 0, "not a folder");
    SuiteInitReport report;
    report.manifest = request.dir / "suite.yaml";
    if (fs::exists(fs::symlink_status(report.manifest, ec)) && !request.overwrite)
        throw ConfigError(report.manifest.string(), 0, "already exists: left alone (--force replaces it)");
    report.cases = caseFolders(request.dir, report.passedOver);
    if (report.cases.empty())
        throw ConfigError(request.dir.string(), 0, "no case folder here (a case is a folder holding input.txt)");
    const Variant& variant = variantOf(request, report.cases, report.variantInferred);
    report.variantName = std::string(variant.name);
    writeFileAtomically(report.manifest, manifestText(variant, request.visibility, report.cases));
    (void)CaseSuite::load(request.dir);  // what fill, grade and check will read
    return report;
}

}  // namespace plyjudge::grader
