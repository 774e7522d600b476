#include "grader/explain/log_alignment.hpp"

#include <algorithm>
#include <optional>

namespace plyjudge::grader {

namespace {

constexpr CompactValue kCompactPlusInfinity = INT32_MAX;
constexpr CompactValue kCompactMinusInfinity = INT32_MIN + 1;

// Garbage gives up early: this many replaced rows, more than the rows that found their node.
constexpr std::uint64_t kGiveUpReplaced = 1000;

// Rows looked at while searching ahead, at most this many per row of the two logs (and a floor for small ones):
// past it the logs have too little in common to be worth aligning.
constexpr std::uint64_t kSearchWorkPerRow = 64;
constexpr std::uint64_t kSearchWorkFloor = 10'000'000;

class Aligner {
public:
    Aligner(const LogVisits& expected, const LogVisits& actual) : e_(expected.visits), a_(actual.visits) {}

    LogAlignment run(bool expectedCapped, bool actualCapped);

private:
    DepthTally& tallyAt(const LogVisit& v);
    // The parent's row right after expected leaf i (its line after this child), or nullptr.
    const LogVisit* parentLineAfter(std::size_t i) const {
        return i + 1 < e_.size() && e_[i + 1].depth == e_[i].depth - 1 ? &e_[i + 1] : nullptr;
    }
    void count(const LogVisit& v);
    void onMatch(std::size_t i, std::size_t j);
    void onChanged(std::size_t i, const LogVisit& a);
    void onMissing(std::size_t i);
    bool step(std::size_t& i, std::size_t& j);
    std::optional<std::size_t> distanceTo(const std::vector<LogVisit>& visits, std::size_t from, const LogVisit& node,
                                          std::size_t limit);

    const std::vector<LogVisit>& e_;
    const std::vector<LogVisit>& a_;
    LogAlignment r_;
    std::optional<std::size_t> lastLeafRow_;  // the program row last aligned with a leaf
    std::uint64_t work_ = 0;                   // rows looked at by distanceTo
};

// How far ahead of `from` (1-based distance from `from - 1`) `visits` has a row of `node`'s name and depth.
std::optional<std::size_t> Aligner::distanceTo(const std::vector<LogVisit>& visits, std::size_t from, const LogVisit& node,
                                               std::size_t limit) {
    const std::size_t end = std::min(visits.size(), from + limit);
    for (std::size_t k = from; k < end; ++k) {
        if (visits[k].sameNode(node)) {
            work_ += k - from + 1;
            return k - from + 1;
        }
    }
    work_ += end > from ? end - from : 0;
    return std::nullopt;
}

DepthTally& Aligner::tallyAt(const LogVisit& v) {
    const auto d = static_cast<std::size_t>(v.depth);
    if (r_.depths.size() <= d) r_.depths.resize(d + 1);
    return r_.depths[d];
}

// Every expected row the alignment passes, whatever becomes of it.
void Aligner::count(const LogVisit& v) {
    if (v.role == VisitRole::Malformed) return;
    DepthTally& t = tallyAt(v);
    switch (v.role) {
        case VisitRole::Entry: ++t.entries; ++r_.innerEntryMissing.total; break;
        case VisitRole::Leaf: ++t.leaves; break;
        case VisitRole::Return: ++t.returns; break;
        case VisitRole::Malformed: break;
    }
}

void Aligner::onMatch(std::size_t i, std::size_t j) {
    const LogVisit& e = e_[i];
    const LogVisit& a = a_[j];
    count(e);
    ++r_.sameNode;
    if (e.role == VisitRole::Leaf) {
        ++r_.leafTwice.total;
        lastLeafRow_ = j;
        if (e.hasBounds && a.hasBounds) {
            ++r_.leafBoundsChanged.total;
            const LogVisit* parentNext = parentLineAfter(i);
            if (!parentNext || !e.sameBounds(*parentNext)) ++r_.leavesParentDiffers;
            if (e.alpha != kCompactMinusInfinity || e.beta != kCompactPlusInfinity) ++r_.leavesWindowDiffers;
        }
    }
    const bool inheritable = e.role == VisitRole::Entry && e.hasBounds &&
                             (e.depth % 2 == 0 ? e.alpha != kCompactMinusInfinity : e.beta != kCompactPlusInfinity);
    if (inheritable) ++r_.entryInherited.total;
    if (e.value == a.value && e.sameBounds(a)) {
        ++r_.agrees;
        return;
    }
    onChanged(i, a);
}

// An aligned row with other values: a leaf's bounds, an entry line's inherited bound, or something else.
void Aligner::onChanged(std::size_t i, const LogVisit& a) {
    const LogVisit& e = e_[i];
    if (e.role == VisitRole::Leaf && e.hasBounds && a.hasBounds && e.value == a.value) {
        r_.leafBoundsChanged.seen(e.line);
        const LogVisit* parentNext = parentLineAfter(i);
        if (parentNext && a.alpha == parentNext->alpha && a.beta == parentNext->beta) ++r_.leafBoundsOfParent;
        if (a.alpha == kCompactMinusInfinity && a.beta == kCompactPlusInfinity) ++r_.leafBoundsFullWindow;
        return;
    }
    if (e.role == VisitRole::Entry && e.hasBounds && e.sameBounds(a) &&
        a.value == (e.depth % 2 == 0 ? e.alpha : e.beta) && a.value != e.value) {
        r_.entryInherited.seen(e.line);
        return;
    }
    ++tallyAt(e).changed;
}

void Aligner::onMissing(std::size_t i) {
    const LogVisit& e = e_[i];
    if (e.role == VisitRole::Malformed) {
        ++r_.replaced;  // not a row of a tree: nothing to say about it
        return;
    }
    count(e);
    DepthTally& t = tallyAt(e);
    if (t.firstMissingLine == 0) t.firstMissingLine = e.line;
    if (i == 0 && e.depth == 0) {
        r_.rootLineMissing = true;
        r_.rootLine = e.line;
    }
    switch (e.role) {
        case VisitRole::Entry: ++t.entriesMissing; r_.innerEntryMissing.seen(e.line); break;
        case VisitRole::Leaf: ++t.leavesMissing; break;
        case VisitRole::Return: ++t.returnsMissing; break;
        case VisitRole::Malformed: break;
    }
}

// One step of the alignment at expected row i and program row j; false once it gives up.
bool Aligner::step(std::size_t& i, std::size_t& j) {
    const LogVisit& e = e_[i];
    const LogVisit& a = a_[j];
    if (a.role != VisitRole::Malformed) r_.actualMaxDepth = std::max<long long>(r_.actualMaxDepth, a.depth);
    if (e.sameNode(a)) {
        onMatch(i++, j++);
        return true;
    }
    // The leaf just aligned, written again.
    if (lastLeafRow_ && *lastLeafRow_ + 1 == j && a.sameNode(a_[j - 1])) {
        r_.leafTwice.seen(e_[i - 1].line);  // the leaf's expected row, aligned with program row j - 1
        lastLeafRow_.reset();
        ++j;
        return true;
    }
    const auto missing = distanceTo(e_, i + 1, a, kLookaheadExpected);
    const auto extra = distanceTo(a_, j + 1, e, std::min(kLookaheadActual, missing.value_or(kLookaheadActual + 1)));
    if (extra && (!missing || *extra < *missing)) {
        for (std::size_t n = 0; n < *extra; ++n, ++j) {
            if (a_[j].role != VisitRole::Malformed) r_.actualMaxDepth = std::max<long long>(r_.actualMaxDepth, a_[j].depth);
        }
        r_.extra += *extra;
        return true;
    }
    if (missing) {
        for (std::size_t n = 0; n < *missing; ++n) onMissing(i++);
        return true;
    }
    ++r_.replaced;
    ++i;
    ++j;
    return r_.replaced < kGiveUpReplaced || r_.replaced <= r_.sameNode;
}

LogAlignment Aligner::run(bool expectedCapped, bool actualCapped) {
    const std::uint64_t workLimit = kSearchWorkFloor + kSearchWorkPerRow * (e_.size() + a_.size());
    std::size_t i = 0, j = 0;
    while (i < e_.size() && j < a_.size()) {
        if (!step(i, j) || work_ > workLimit) {
            r_.abandoned = true;
            return r_;
        }
    }
    // What one log has beyond the other's end, unless that end is only where reading stopped.
    if (!actualCapped) r_.tailMissing = e_.size() - i;
    for (; j < a_.size(); ++j) {
        if (a_[j].role != VisitRole::Malformed) r_.actualMaxDepth = std::max<long long>(r_.actualMaxDepth, a_[j].depth);
        if (!expectedCapped) ++r_.extra;
    }
    return r_;
}

}  // namespace

LogAlignment alignLogs(const LogVisits& expected, const LogVisits& actual) {
    return Aligner(expected, actual).run(expected.capped, actual.capped);
}

}  // namespace plyjudge::grader
