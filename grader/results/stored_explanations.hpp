// A finished student's explanations, kept in the results database beside the results: what the student-level
// steps make of the rows after grading (the main explanation's tie-break over the passed cases, the error-output
// findings, the explanation by contrast, which reruns the program on new cases). They cost more than everything
// else a rerun of a finished grade does, so a rerun, a resume and `plyjudge report` load them instead of
// computing them again. Each is stored with the digest of the rows it was computed from (resultsDigestOf): a
// student whose results changed in any way (regraded, merged from a shard, written by another plyjudge) no
// longer matches and is explained again; and with the settings it was computed with (`basis`, the grader's).
#pragma once

#include <functional>
#include <set>
#include <string>

#include "grader/results/run_results.hpp"
#include "storage/sqlite.hpp"

namespace plyjudge::grader {

// The tables, when missing (a database of an older plyjudge gains them).
void createExplanationTables(storage::Database& db);

// The digest of what the student-level steps read of a student's results: every outcome's verdict, points,
// messages, difference, explanation, output digest and interpreter.
std::string resultsDigestOf(const StudentResults& student);

// Stores the student's explanations as they are now (after the steps), replacing earlier ones.
// `resultsDigest`: resultsDigestOf the student's results before the steps.
void saveStudentExplanations(storage::Database& db, const StudentResults& student, const std::string& resultsDigest,
                             const std::string& basis);
void forgetStudentExplanations(storage::Database& db, const std::string& student);

// Sets the stored explanations of every student of `run` whose stored digest matches its results (and, when
// `basis` is given, whose basis equals it). Returns the students given them. Reads only; a database without the
// tables has none.
std::set<std::string> applyStoredExplanations(storage::Database& db, RunResults& run, const std::string* basis = nullptr);

// Runs `explain` on each student of `run` not in `skip`, one at a time, as a run of that student alone (the
// same cases): the steps see no other student, so that each student's explanations can be stored apart.
// `explain` gets the one-student run and the student's position among those explained (from 0) and their count.
void explainStudentsApart(RunResults& run, const std::set<std::string>& skip,
                          const std::function<void(RunResults& one, std::size_t index, std::size_t count)>& explain);

}  // namespace plyjudge::grader
