#include "fuzz/fault_matrix.hpp"

#include <fmt/format.h>

#include <set>

#include "fuzz/case_generator.hpp"

namespace plyjudge::fuzz {

bool catches(const Variant& variant, const MatrixCase& c, std::string_view fault) {
    return !variant.agree(InputText(c.input, c.name), c.dialect.withFault(fault), c.expected).exact;
}

int FaultMatrix::killsOf(std::size_t fault) const {
    int n = 0;
    for (bool b : caught[fault]) n += b;
    return n;
}

std::vector<std::string_view> FaultMatrix::uncaught() const {
    std::vector<std::string_view> missed;
    for (std::size_t f = 0; f < faults.size(); ++f) {
        if (killsOf(f) == 0) missed.push_back(faults[f]);
    }
    return missed;
}

FaultMatrix faultMatrix(const Variant& variant, const std::vector<MatrixCase>& cases) {
    FaultMatrix m;
    for (const MatrixCase& c : cases) m.cases.push_back(c.name);
    for (const Fault& f : variant.faults) {
        m.faults.push_back(f.name);
        std::vector<bool> row;
        for (const MatrixCase& c : cases) row.push_back(catches(variant, c, f.name));
        m.caught.push_back(std::move(row));
    }
    return m;
}

void distinguish(const Variant& variant, const std::vector<MatrixCase>& cases, FaultMatrix& matrix) {
    std::set<std::pair<std::size_t, std::size_t>> distinct;
    for (const MatrixCase& c : cases) {
        const InputText input(c.input, c.name);
        for (std::size_t f = 0; f < matrix.faults.size(); ++f) {
            OutputFiles outputs;
            for (auto& [name, text] : referenceOutputs(variant, c.input, c.dialect.withFault(matrix.faults[f]))) outputs[name] = text;
            for (std::size_t g = f + 1; g < matrix.faults.size(); ++g) {
                if (distinct.count({f, g})) continue;
                if (!variant.agree(input, c.dialect.withFault(matrix.faults[g]), outputs).exact) distinct.insert({f, g});
            }
        }
    }
    matrix.indistinct.clear();
    for (std::size_t f = 0; f < matrix.faults.size(); ++f) {
        for (std::size_t g = f + 1; g < matrix.faults.size(); ++g) {
            if (!distinct.count({f, g})) matrix.indistinct.emplace_back(matrix.faults[f], matrix.faults[g]);
        }
    }
}

std::string matrixReport(const FaultMatrix& m, std::size_t shown) {
    std::string text;
    for (std::size_t f = 0; f < m.faults.size(); ++f) {
        std::string names;
        std::size_t listed = 0;
        for (std::size_t c = 0; c < m.cases.size(); ++c) {
            if (!m.caught[f][c]) continue;
            if (listed++ < shown) names += (names.empty() ? "" : " ") + m.cases[c];
        }
        if (listed > shown) names += fmt::format(" (+{})", listed - shown);
        text += fmt::format("  {:<32} {:>3} case{}  {}\n", m.faults[f], m.killsOf(f), m.killsOf(f) == 1 ? " " : "s",
                            listed == 0 ? "UNCAUGHT" : names);
    }
    const auto missed = m.uncaught();
    for (std::string_view f : missed) text += fmt::format("uncaught: {}\n", f);
    for (const auto& [f, g] : m.indistinct) text += fmt::format("indistinguishable: {} and {} write the same on every case\n", f, g);
    text += fmt::format("{} of {} faults caught by {} case(s)\n", m.faults.size() - missed.size(), m.faults.size(), m.cases.size());
    return text;
}

}  // namespace plyjudge::fuzz
