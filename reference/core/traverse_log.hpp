// Traverse-log sinks. The search calls node() once per logged line; the sink streams it.
//
// TraverseLog writes `name,depth,value[,alpha,beta]` lines straight into an OutputFile buffer (no
// allocation, nothing kept); NullLog has enabled == false so the search compiles its logging away.
#pragma once

#include <string_view>

#include "output_file.hpp"
#include "value.hpp"

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

private:
    OutputFile& out_;
    bool withBounds_;
};

struct NullLog {
    static constexpr bool enabled = false;
    void node(std::string_view, int, Value, Value, Value) {}
};

}  // namespace plyjudge
