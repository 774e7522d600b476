// What explanation by contrast (grader/explain/contrast.hpp) needs of a variant's generator: the features of an
// input (the variant's own, InputGenerator::featuresOf, plus its line ends) and new inputs drawn from the fuzz
// mix with chosen features forced on or off. The grader does not link the generators (RapidCheck): cli/ hands
// these to it as functions.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "reference/input_generator.hpp"

namespace plyjudge::fuzz {

// The one feature every variant has: a contrast can find a program that cannot read Windows line ends.
inline constexpr std::string_view kCrlfFeature = "the input has Windows line ends (CRLF)";

// A feature's negation, by its verb: "the task is not greedy", "the game does not end before the cut-off depth".
// A contrast needs both: a program that fails on every task but greedy fails whenever "the task is not greedy".
std::string negationOf(std::string_view feature);

// Every feature name of the variant (its own, their negations, then kCrlfFeature).
std::vector<std::string> featureNames(const InputGenerator& generator);

// The features `input` has, each of the variant's own or its negation; an input the reference cannot parse has
// none of them.
std::vector<std::string> featuresOfInput(const InputGenerator& generator, const std::string& input);

// Up to `count` distinct inputs of the fuzz mix that have every feature of `features` (`on`) or lack at least one
// (`!on`), drawn deterministically from `seed`; at most `maxDraws` candidates are looked at. CRLF is forced by
// rewriting the line ends, the other features by drawing until they hold.
std::vector<std::string> inputsWithFeatures(const InputGenerator& generator, const std::vector<std::string>& features, bool on,
                                            int count, std::uint64_t seed, int maxDraws = 3000);

}  // namespace plyjudge::fuzz
