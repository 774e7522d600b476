// A variant's fault catalogue: every mistake its reference can make on purpose (`--fault NAME`), each declared
// once, in the order `plyjudge faults` lists them. A declaration is either
//   searchFault(search_fault::NAME, rule)           one of the core's search faults (search_faults.def), with the
//                                                   rule of the variant's page it breaks (and, rarely, a sentence
//                                                   in the variant's own words);
//   ruleFault(&RuleFaults::flag, name, sentence, rule)  a mistake of the variant's own rules or answer, switching
//                                                   `flag` of its RuleFaults on (reference/<variant>/faults.hpp);
//   neighbourFault(&RuleFaults::flag, name, of, difference, sentence)  not a catalogued fault but a neighbour of
//                                                   one (`of`): the explainer tries it after the catalogue, so that
//                                                   a program close to a catalogued mistake is told which one and
//                                                   how it differs. Not listed by `plyjudge faults`; a neighbour
//                                                   is added only where a real program showed it
//                                                   (docs/real-programs.md).
// The catalogue gives Variant::faults (the list every tool reads) and ruleFaultsOf(), so that a rule fault's name
// is spelled once. The docs' Faults sections are checked against it (`plyjudge faults VARIANT --markdown`).
#pragma once

#include <initializer_list>
#include <string_view>
#include <vector>

#include "reference/core/dialect.hpp"
#include "reference/core/search_faults.hpp"

namespace plyjudge {

// A search fault as a variant offers it.
inline Fault searchFault(const SearchFault& fault, std::string_view rule, std::string_view ownSentence = {}) {
    return {fault.name, ownSentence.empty() ? fault.sentence : ownSentence, rule, FaultKind::Search};
}

// A name and sentence shared by the variants that each implement the mistake in their own rules.
struct SharedFault {
    std::string_view name;
    std::string_view sentence;
};
inline constexpr SharedFault kWrongPerspective{"wrong-perspective",
                                               "Your program evaluates positions from the opponent's side instead of the root player's."};

template <class RuleFaults>
struct FaultDeclaration {
    FaultDeclaration(Fault f) : fault(f) {}  // a search fault
    FaultDeclaration(Fault f, bool RuleFaults::*flag) : fault(f), flag(flag) {}
    Fault fault;
    bool RuleFaults::*flag = nullptr;  // a rule fault's switch
};

template <class RuleFaults>
FaultDeclaration<RuleFaults> ruleFault(bool RuleFaults::*flag, std::string_view name, std::string_view sentence, std::string_view rule) {
    return {Fault{name, sentence, rule, FaultKind::Rule}, flag};
}
template <class RuleFaults>
FaultDeclaration<RuleFaults> ruleFault(bool RuleFaults::*flag, SharedFault shared, std::string_view rule) {
    return ruleFault(flag, shared.name, shared.sentence, rule);
}
template <class RuleFaults>
FaultDeclaration<RuleFaults> neighbourFault(bool RuleFaults::*flag, std::string_view name, std::string_view of,
                                            std::string_view difference, std::string_view sentence) {
    return {Fault{name, sentence, {}, FaultKind::Rule, of, difference}, flag};
}

template <class RuleFaults>
class FaultCatalogue {
public:
    FaultCatalogue(std::initializer_list<FaultDeclaration<RuleFaults>> declarations) : declarations_(declarations) {
        for (const auto& d : declarations_) (d.fault.neighbourOf.empty() ? faults_ : neighbours_).push_back(d.fault);
    }
    const std::vector<Fault>& faults() const { return faults_; }
    const std::vector<Fault>& neighbours() const { return neighbours_; }

    // The variant's rule faults switched on in `dialect`.
    RuleFaults ruleFaultsOf(const Dialect& dialect) const {
        RuleFaults on{};
        for (const auto& d : declarations_) {
            if (d.flag != nullptr && dialect.has(d.fault.name)) on.*(d.flag) = true;
        }
        return on;
    }

private:
    std::vector<FaultDeclaration<RuleFaults>> declarations_;
    std::vector<Fault> faults_;
    std::vector<Fault> neighbours_;
};

}  // namespace plyjudge
