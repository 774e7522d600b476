#include "reports/move_annotation.hpp"

#include "reports/case_position.hpp"

namespace plyjudge::reports {

void annotateMoves(RunResults& run) {
    for (CaseInfo& c : run.cases) {
        if (!c.inputText.empty() && !c.expectedDir.empty() && !c.expectedMove) {
            c.expectedMove = expectedMoveOf(run.variant, c.inputText, c.expectedDir);
        }
    }
    for (StudentResults& s : run.students) {
        for (std::size_t i = 0; i < s.outcomes.size() && i < run.cases.size(); ++i) {
            CaseResult& o = s.outcomes[i];
            if (o.difference && !o.actualMove && !o.passed()) {
                o.actualMove = actualMoveOf(run.variant, run.cases[i].inputText, *o.difference);
            }
        }
    }
}

}  // namespace plyjudge::reports
