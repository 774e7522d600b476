// The results model every report reads is the grader's (grader/results/run_results.hpp): named here once
// for the writers, with the little formatting they share.
#pragma once

#include <string>

#include "grader/results/main_explanation.hpp"
#include "grader/results/run_results.hpp"

namespace plyjudge::reports {

using grader::caseExplanationLine;
using grader::CaseInfo;
using grader::CaseResult;
using grader::ChosenMove;
using grader::FirstDifference;
using grader::MainExplanation;
using grader::mainExplanationOf;
using grader::RunResults;
using grader::ShowLevel;
using grader::StudentResults;
using grader::Verdict;
using grader::verdictCode;
using grader::verdictName;
using grader::Visibility;

// Points printed without needless decimals: 2 -> "2", 1.5 -> "1.5".
std::string formatPoints(double points);

// The verdict with the diagnosis category, as a report names a result: "Wrong answer (category: expansion-order)",
// "Runtime error".
std::string verdictWithCategory(const CaseResult& o);

}  // namespace plyjudge::reports
