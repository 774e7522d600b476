// The reference solver graded as a submission scores full marks on every bundled suite.
#include <gtest/gtest.h>

#include "grader/grade/grading_run.hpp"
#include "grader/suite/case_suite.hpp"
#include "grader/test/grader_test_support.hpp"
#include "reference/variant.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/temp_dir.hpp"

using namespace plyjudge;
using namespace plyjudge::grader;
using namespace plyjudge::grader::testing;

TEST(ReferenceAsSubmission, FullMarksOnEveryBundledSuite) {
    int suites = 0;
    for (const Variant* v : allVariants()) {
        if (!v->solve) continue;
        for (const auto& dir : suiteDirsOf(plyjudge::testing::casesDir(), v->name)) {
            const CaseSuite suite = CaseSuite::load(dir);
            plyjudge::testing::TempDir work;
            openToRuns(work.path());
            GradingJob job;
            job.context = RunContext{std::string(v->name), v->convention, quickLimits(), work.path(), {plyjudge::testing::casesDir()}, {}};
            std::string command = plyjudgeBinary() + " solve " + std::string(v->name);
            for (const std::string& d : suite.dialectSettings) command += " --dialect " + d;
            job.submissions.push_back({"reference", ProgramSource{command, std::nullopt, std::nullopt, PythonChoice::Python3, {}}, "", {}});
            for (const SuiteCase& c : suite.cases) {
                ASSERT_FALSE(c.expectedFiles(*v).empty()) << c.dir;
                job.cases.push_back({suite.name, c.name, c.input(), c.dir, c.expectedFiles(*v), 1});
            }
            job.jobs = 2;
            int ok = 0;
            runGrading(job, [&](const std::string&, const CaseResult& r) {
                EXPECT_EQ(r.verdict, Verdict::Ok) << dir << " " << r.name << ": " << r.message << "\n" << r.detail();
                ok += r.verdict == Verdict::Ok;
            });
            EXPECT_EQ(ok, static_cast<int>(suite.cases.size())) << dir;
            ++suites;
        }
    }
    EXPECT_GE(suites, 3);
}
