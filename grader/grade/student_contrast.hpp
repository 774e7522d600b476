// Explanation by contrast in a grading session (check, grade): for each student with failed cases no
// explanation reproduces exactly, the contrast of the student's cases (grader/explain/contrast.hpp), its new
// cases solved by the reference and run as the student's others are (the same RunContext and submission, through
// runGrading), set as the explanation of the failed cases it covers.
#pragma once

#include <filesystem>

#include "grader/explain/contrast.hpp"
#include "grader/grade/grading_run.hpp"

namespace plyjudge::grader {

// `job`: the session's job (its context and submissions; its cases are not used). `scratch`: an existing folder,
// hidden from the runs, for the new cases. Returns the number of students given a contrast.
int contrastStudents(RunResults& run, const GradingJob& job, const ContrastInputs& inputs, const ContrastOptions& options,
                     const std::filesystem::path& scratch);

}  // namespace plyjudge::grader
