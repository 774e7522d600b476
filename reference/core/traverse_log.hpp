// Traverse-log sinks. The search calls node() once per logged line; the sink streams it.
//
// TraverseLog writes `name,depth,value[,alpha,beta]` lines straight into an OutputFile buffer (no
// allocation, nothing kept); NullLog has enabled == false so the search compiles its logging away.
#pragma once

#include <string_view>

#include "reference/core/output_file.hpp"
#include "reference/core/value.hpp"

namespace plyjudge {

// Which columns a log has: minimax logs print name,depth,value; alpha-beta logs add alpha,beta.
enum class LogColumns { NameDepthValue, WithBounds };

class TraverseLog {
public:
    static constexpr bool enabled = true;

    TraverseLog(OutputFile& out, LogColumns columns) : out_(out), withBounds_(columns == LogColumns::WithBounds) {}

    // The header line, e.g. firstColumn "Node" -> "Node,Depth,Value,Alpha,Beta".
    void header(std::string_view firstColumn) {
        out_.beginLine();
        out_.put(firstColumn);
        out_.put(withBounds_ ? ",Depth,Value,Alpha,Beta" : ",Depth,Value");
    }

    void node(std::string_view name, int depth, Value value, Value alpha, Value beta) {
        // Node names are a few characters; anything longer than the fast path allows goes field by field.
        if (name.size() > kMaxName) return slowNode(name, depth, value, alpha, beta);
        char* p = out_.beginLineAt(out_.reserve(kMaxLine));
        for (std::size_t i = 0; i < name.size(); ++i) p[i] = name[i];
        p += name.size();
        *p++ = ',';
        p = formatValue(p, depth);
        *p++ = ',';
        p = formatValue(p, value);
        if (withBounds_) {
            *p++ = ',';
            p = formatValue(p, alpha);
            *p++ = ',';
            p = formatValue(p, beta);
        }
        out_.advance(p);
    }

private:
    static constexpr std::size_t kMaxName = 64;
    static constexpr std::size_t kMaxLine = 1 + kMaxName + 4 * (1 + kMaxValueChars);

    void slowNode(std::string_view name, int depth, Value value, Value alpha, Value beta) {
        out_.beginLine();
        out_.put(name);
        out_.put(',');
        out_.putInt(depth);
        out_.put(',');
        out_.putValue(value);
        if (withBounds_) {
            out_.put(',');
            out_.putValue(alpha);
            out_.put(',');
            out_.putValue(beta);
        }
    }

    OutputFile& out_;
    bool withBounds_;
};

struct NullLog {
    static constexpr bool enabled = false;
    void node(std::string_view, int, Value, Value, Value) {}
};

}  // namespace plyjudge
