#include "testsupport/log_checks.hpp"

#include <vector>

#include "reference/core/input_text.hpp"
#include "reference/core/traverse_log_reader.hpp"

namespace plyjudge::testing {

namespace {

// A row with its numbers read; the name is a view into the log's text.
struct Line {
    std::string_view name;
    int depth = 0;
    Value value = 0, alpha = 0, beta = 0;
};

class Checker {
public:
    Checker(std::vector<Line> lines, bool withBounds) : lines_(std::move(lines)), withBounds_(withBounds) {}

    std::string run(Value rootValue) {
        if (lines_.empty()) return "no line after the header";
        Value v = 0;
        if (!node("root", 0, v)) return error_;
        if (at_ != lines_.size()) return "line " + std::to_string(at_ + 2) + ": extra line after the root's last line";
        if (v != rootValue) return "the root's last value is " + std::to_string(v) + ", the search returned " + std::to_string(rootValue);
        return "";
    }

private:
    bool fail(std::string message) {
        error_ = "line " + std::to_string(at_ + 2) + ": " + std::move(message);
        return false;
    }

    // Parses the node starting at lines_[at_]; sets its final value.
    bool node(const std::string& name, int depth, Value& value) {
        if (at_ >= lines_.size()) return fail("the log ends inside node " + name);
        const Line& first = lines_[at_];
        if (first.depth != depth) return fail("depth " + std::to_string(first.depth) + ", expected " + std::to_string(depth));
        if (!name.empty() && first.name != name) return fail("node " + std::string(first.name) + ", expected " + name);
        ++at_;
        const bool inner = at_ < lines_.size() && lines_[at_].depth == depth + 1;
        if (!inner) {
            if (first.value == kPlusInfinity || first.value == kMinusInfinity) return fail("a leaf with an infinite value");
            value = first.value;
            return true;
        }
        const Value start = depth % 2 == 0 ? kMinusInfinity : kPlusInfinity;
        if (first.value != start) return fail("inner node " + std::string(first.name) + " does not start at " + (depth % 2 ? "Infinity" : "-Infinity"));
        if (withBounds_ && first.alpha > first.beta) return fail("alpha > beta on entering " + std::string(first.name));
        value = start;
        while (at_ < lines_.size() && lines_[at_].depth == depth + 1) {
            Value child = 0;
            if (!node("", depth + 1, child)) return false;
            if (at_ >= lines_.size() || lines_[at_].depth != depth || lines_[at_].name != first.name) {
                return fail("expected a line of " + std::string(first.name) + " at depth " + std::to_string(depth) + " after its child");
            }
            const Value expected = depth % 2 == 0 ? std::max(value, child) : std::min(value, child);
            if (lines_[at_].value != expected) return fail(std::string(first.name) + "'s value is not the max/min of its children so far");
            value = expected;
            ++at_;
        }
        return true;
    }

    std::vector<Line> lines_;
    bool withBounds_;
    std::size_t at_ = 0;
    std::string error_;
};

}  // namespace

std::string checkTraverseLog(const std::string& log, bool withBounds, Value rootValue) {
    const InputText text(log, "log");
    std::vector<Line> lines;
    for (int n = 2; n <= text.lineCount(); ++n) {
        const auto row = parseLogRow(text.line(n, ""));
        if (!row || row->hasBounds != withBounds) return "line " + std::to_string(n) + ": wrong number of fields";
        Line l;
        l.name = row->name;
        l.depth = static_cast<int>(row->depth);
        const auto value = parseLogValue(row->value);
        if (!value) return "line " + std::to_string(n) + ": bad number";
        l.value = *value;
        if (withBounds) {
            const auto alpha = parseLogValue(row->alpha), beta = parseLogValue(row->beta);
            if (!alpha || !beta) return "line " + std::to_string(n) + ": bad bound";
            l.alpha = *alpha;
            l.beta = *beta;
        }
        if (!lines.empty() && std::abs(l.depth - lines.back().depth) != 1) {
            return "line " + std::to_string(n) + ": depth jumps from " + std::to_string(lines.back().depth) + " to " + std::to_string(l.depth);
        }
        lines.push_back(l);
    }
    return Checker(std::move(lines), withBounds).run(rootValue);
}

}  // namespace plyjudge::testing
