#include "grader/explain/experiment_budget.hpp"

namespace plyjudge::grader {

bool ExperimentSpending::take(const ExperimentBudget& budget) {
    std::lock_guard lock(mutex_);
    if (reruns_ >= budget.maxReruns || seconds_ >= budget.maxSeconds) return false;
    ++reruns_;
    return true;
}

void ExperimentSpending::addSeconds(double seconds) {
    std::lock_guard lock(mutex_);
    seconds_ += seconds;
}

int ExperimentSpending::reruns() const {
    std::lock_guard lock(mutex_);
    return reruns_;
}

void ExperimentSpending::remember(const std::string& experiment) {
    std::lock_guard lock(mutex_);
    remembered_ = experiment;
}

std::string ExperimentSpending::remembered() const {
    std::lock_guard lock(mutex_);
    return remembered_;
}

}  // namespace plyjudge::grader
