#include "fuzz/contrast_inputs.hpp"

#include <algorithm>
#include <set>

namespace plyjudge::fuzz {

namespace {

std::string withLineEnds(const std::string& text, bool crlf) {
    std::string out;
    out.reserve(text.size() + (crlf ? text.size() / 8 : 0));
    for (char c : text) {
        if (c == '\r') continue;
        if (c == '\n' && crlf) out += '\r';
        out += c;
    }
    return out;
}

bool hasAll(const std::vector<std::string>& have, const std::vector<std::string>& wanted) {
    return std::all_of(wanted.begin(), wanted.end(),
                       [&](const std::string& f) { return std::find(have.begin(), have.end(), f) != have.end(); });
}

}  // namespace

std::string negationOf(std::string_view feature) {
    // The verb of a feature's sentence, negated: "the task is greedy" -> "the task is not greedy".
    static constexpr std::pair<std::string_view, std::string_view> kVerbs[] = {
        {" is ", " is not "}, {" ends ", " does not end "}, {" must ", " need not "}, {" has ", " does not have "}};
    std::size_t at = std::string_view::npos;
    const std::pair<std::string_view, std::string_view>* verb = nullptr;
    for (const auto& v : kVerbs) {
        if (const std::size_t i = feature.find(v.first); i < at) at = i, verb = &v;
    }
    if (!verb) return "not (" + std::string(feature) + ")";
    return std::string(feature.substr(0, at)) + std::string(verb->second) + std::string(feature.substr(at + verb->first.size()));
}

std::vector<std::string> featureNames(const InputGenerator& generator) {
    std::vector<std::string> names(generator.features.begin(), generator.features.end());
    for (std::string_view f : generator.features) names.push_back(negationOf(f));
    names.emplace_back(kCrlfFeature);
    return names;
}

std::vector<std::string> featuresOfInput(const InputGenerator& generator, const std::string& input) {
    std::vector<std::string> out;
    if (generator.featuresOf) {
        try {
            const std::vector<std::string_view> has = generator.featuresOf(withLineEnds(input, false));
            for (std::string_view f : generator.features) {
                const bool on = std::find(has.begin(), has.end(), f) != has.end();
                out.push_back(on ? std::string(f) : negationOf(f));
            }
        } catch (const std::exception&) {
            // Not an input of this variant: none of its features.
        }
    }
    if (input.find("\r\n") != std::string::npos) out.emplace_back(kCrlfFeature);
    return out;
}

std::vector<std::string> inputsWithFeatures(const InputGenerator& generator, const std::vector<std::string>& features, bool on,
                                            int count, std::uint64_t seed, int maxDraws) {
    // CRLF is a rewrite of any input: force it on (or off) afterwards, and draw for the other features only.
    std::vector<std::string> drawn = features;
    const auto crlf = std::find(drawn.begin(), drawn.end(), std::string(kCrlfFeature));
    const bool wantsCrlf = crlf != drawn.end();
    if (wantsCrlf) drawn.erase(crlf);
    const rc::Gen<std::string> gen = generator.inputs(InputPurpose::Fuzz);
    rc::Random random(seed);
    std::set<std::string> seen;
    std::vector<std::string> out;
    for (int i = 0; i < maxDraws && static_cast<int>(out.size()) < count; ++i) {
        const std::string input = gen(random.split(), i % 101).value();
        const bool hasDrawn = hasAll(featuresOfInput(generator, input), drawn);
        // Off: lacking one feature is enough; with CRLF among them, alternate which one is lacking.
        bool crlfOut = on ? wantsCrlf : false;
        if (!on) {
            if (hasDrawn && !wantsCrlf) continue;
            if (hasDrawn && wantsCrlf) crlfOut = false;
            if (!hasDrawn && wantsCrlf) crlfOut = i % 2 == 0;
        } else if (!hasDrawn) {
            continue;
        }
        std::string text = withLineEnds(input, crlfOut);
        if (seen.insert(text).second) out.push_back(std::move(text));
    }
    return out;
}

}  // namespace plyjudge::fuzz
