// How much rerunning one student's program may cost when explaining its failed cases by experiment
// (experiments.hpp): a bound on reruns and on their wall time, shared by all the student's cases, so a class
// of failing programs stays cheap. The spending is kept with the student's prepared program (program.hpp).
#pragma once

#include <mutex>
#include <string>

namespace plyjudge::grader {

// The bound, per student. A rerun is started only while both are left; one that starts may end past the
// seconds (it is bounded by the run's own wall limit).
struct ExperimentBudget {
    int maxReruns = 12;
    double maxSeconds = 30;
};

// What one student's experiments have spent so far; shared by the workers running that student's cases.
class ExperimentSpending {
public:
    // Takes one rerun from the budget; false when the budget is spent (nothing is taken then).
    bool take(const ExperimentBudget& budget);
    void addSeconds(double seconds);
    int reruns() const;
    // The experiment that last made one of this student's cases pass: tried first on the next ones.
    void remember(const std::string& experiment);
    std::string remembered() const;

private:
    mutable std::mutex mutex_;
    int reruns_ = 0;
    double seconds_ = 0;
    std::string remembered_;
};

}  // namespace plyjudge::grader
