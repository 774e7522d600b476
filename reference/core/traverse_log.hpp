// Traverse-log sinks. The search calls node() once per logged line; the sink streams it.
//
// TraverseLog writes `name,depth,value[,alpha,beta]` lines (log_line.hpp) straight into an OutputFile buffer (no
// allocation, nothing kept); NullLog has enabled == false so the search compiles its logging away.
// Two optional shortcuts of TraverseLog, which the core uses when a sink has them (search.hpp):
// nodeLines()/line() prepare a node's "\nname,depth," once for all its lines, and childNode() writes a
// child's first line without comparing its bounds with the cached ones, since in the core's walk they are
// always those of the line before it (log_rhythm_test checks the text against a plain spelling).
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "reference/core/log_line.hpp"
#include "reference/core/output_file.hpp"
#include "reference/core/value.hpp"

namespace plyjudge {

class TraverseLog {
    static constexpr std::size_t kFastLimit = 64;
    static constexpr std::size_t kPrefixSize = 24;  // NodeLines: '\n', a name of up to 18 chars, ",63,"
    static constexpr std::size_t kBoundsText = kMaxLogBounds;
    static constexpr std::size_t kMaxLine = 1 + kFastLimit + 4 + kMaxValueChars + kBoundsText;

public:
    static constexpr bool enabled = true;

    TraverseLog(OutputFile& out, LogColumns columns)
        : out_(out), withBounds_(columns == LogColumns::WithBounds), fastLimit_(out.started() ? kFastLimit : 0) {}

    // The header line, e.g. firstColumn "Node" -> "Node,Depth,Value,Alpha,Beta". Written before any node():
    // every traverse log starts with it, so each node line can begin with its separator unasked.
    void header(std::string_view firstColumn) {
        out_.line(logHeader(firstColumn, withBounds_ ? LogColumns::WithBounds : LogColumns::NameDepthValue));
        fastLimit_ = kFastLimit;
    }

    // Inlined into the search loop: a call per line (saving and restoring registers) costs as much as
    // the formatting itself.
    [[gnu::always_inline]] inline void node(std::string_view name, int depth, Value value, Value alpha, Value beta) {
        writeNode<true>(name, depth, value, alpha, beta);
    }
    // node() for the first line of a node below the root in a search's own walk, whose bounds are always
    // those of the line just written, its parent's (the line entering the parent or the one after its
    // previous child): they are not compared again. The search core's plain walk relies on that rhythm;
    // anything else calls node().
    [[gnu::always_inline]] inline void childNode(std::string_view name, int depth, Value value, Value alpha, Value beta) {
        writeNode<false>(name, depth, value, alpha, beta);
    }

    // An inner node's own lines (the one entering it, then one after each child) all begin with
    // "\nname,depth,": formatted once per node here, then copied whole by line().
    class NodeLines {
        friend class TraverseLog;
        char text_[kPrefixSize];  // "\nname,depth," in the first length_ chars
        std::uint8_t length_;      // 0: too long for text_, written field by field
        std::string_view name_;
        int depth_;
    };
    NodeLines nodeLines(std::string_view name, int depth) const {
        NodeLines lines;
        lines.name_ = name;
        lines.depth_ = depth;
        lines.length_ = 0;
        // A log's first line (fastLimit_ is 0 until one is written) has no separator before it: such a node
        // writes all its lines field by field, like a long name.
        if (name.size() < kPrefixSize - 5 && static_cast<unsigned>(depth) < fastLimit_) {
            lines.text_[0] = '\n';
            std::memcpy(lines.text_ + 1, name.data(), name.size());
            const DepthText& d = kDepthTexts[static_cast<unsigned>(depth)];
            std::memcpy(lines.text_ + 1 + name.size(), d.text, 4);
            lines.length_ = static_cast<std::uint8_t>(1 + name.size() + d.length);
        }
        return lines;
    }
    [[gnu::always_inline]] inline void line(const NodeLines& lines, Value value, Value alpha, Value beta) {
        if (lines.length_ == 0) [[unlikely]] {
            return slowNode(lines.name_, lines.depth_, value, alpha, beta);
        }
        char* p = out_.reserve(kMaxLine);
        std::memcpy(p, lines.text_, kPrefixSize);  // whole: two stores, whatever the name's length
        finishLine(p + lines.length_, value, alpha, beta);
    }

private:
    template <bool kCompareBounds>
    [[gnu::always_inline]] void writeNode(std::string_view name, int depth, Value value, Value alpha, Value beta) {
        // Names and depths below kFastLimit (all real ones) take the fast path, both tested at once; anything
        // else goes field by field, and so does a first line (fastLimit_ is 0 until one is written).
        if ((name.size() | static_cast<unsigned>(depth)) >= fastLimit_) [[unlikely]] {
            return slowNode(name, depth, value, alpha, beta);
        }
        char* p = out_.reserve(kMaxLine);
        *p = '\n';
        p = copyName(p + 1, name);
        const DepthText& d = kDepthTexts[static_cast<unsigned>(depth)];
        std::memcpy(p, d.text, 4);  // ",7,?" or ",12,": 4 bytes stored, d.length kept
        finishLine<kCompareBounds>(p + d.length, value, alpha, beta);
    }

    // ",value,alpha,beta" (or ",value") after a line's "\nname,depth,", which ends just before p.
    template <bool kCompareBounds = true>
    [[gnu::always_inline]] void finishLine(char* p, Value value, Value alpha, Value beta) {
        p = formatValue(p, value);
        if (withBounds_) {
            // Consecutive lines mostly share their bounds (a node's lines and its leaves' lines repeat
            // them until a value tightens one), so ",alpha,beta" is formatted once and copied whole.
            if (kCompareBounds && (alpha != boundsAlpha_ || beta != boundsBeta_)) [[unlikely]] formatBounds(alpha, beta);
            std::memcpy(p, boundsText_, sizeof boundsText_);
            p += boundsLength_;
        }
        out_.advance(p);
    }

    [[gnu::noinline]] void formatBounds(Value alpha, Value beta) {
        boundsLength_ = static_cast<std::size_t>(formatLogBounds(boundsText_, alpha, beta) - boundsText_);
        boundsAlpha_ = alpha;
        boundsBeta_ = beta;
    }

    // ",depth," for the depths a search reaches in practice, preformatted: one 4-byte store per line.
    struct DepthText {
        char text[4];
        std::uint8_t length;
    };
    static constexpr std::array<DepthText, kFastLimit> kDepthTexts = [] {
        std::array<DepthText, kFastLimit> texts{};
        for (int depth = 0; depth < static_cast<int>(kFastLimit); ++depth) {
            DepthText& t = texts[static_cast<std::size_t>(depth)];
            int n = 0;
            t.text[n++] = ',';
            if (depth >= 10) t.text[n++] = static_cast<char>('0' + depth / 10);
            t.text[n++] = static_cast<char>('0' + depth % 10);
            t.text[n++] = ',';
            t.length = static_cast<std::uint8_t>(n);
        }
        return texts;
    }();

    // Copies a name of fewer than kFastLimit chars with whole-word stores: two overlapping ones cover any
    // length from 2 to 8, so the usual names (2-5 chars) cost no per-char loop.
    [[gnu::always_inline]] static char* copyName(char* p, std::string_view name) {
        const char* s = name.data();
        const std::size_t n = name.size();
        if (n >= 4) {
            if (n <= 8) {
                std::uint32_t head, tail;
                std::memcpy(&head, s, 4);
                std::memcpy(&tail, s + n - 4, 4);
                std::memcpy(p, &head, 4);
                std::memcpy(p + n - 4, &tail, 4);
            } else {
                std::memcpy(p, s, n);
            }
        } else if (n >= 2) {
            std::uint16_t head, tail;
            std::memcpy(&head, s, 2);
            std::memcpy(&tail, s + n - 2, 2);
            std::memcpy(p, &head, 2);
            std::memcpy(p + n - 2, &tail, 2);
        } else if (n == 1) {
            *p = *s;
        }
        return p + n;
    }

    [[gnu::noinline]] void slowNode(std::string_view name, int depth, Value value, Value alpha, Value beta) {
        out_.beginLine();
        fastLimit_ = kFastLimit;
        out_.put(name);
        out_.advance(formatLogTail(out_.reserve(kMaxLogTail), depth, value));
        if (withBounds_) {
            // Through the cache, like every line: the next child's entering line reuses these bounds.
            if (alpha != boundsAlpha_ || beta != boundsBeta_) formatBounds(alpha, beta);
            out_.put(std::string_view(boundsText_, boundsLength_));
        }
    }

    OutputFile& out_;
    bool withBounds_;
    std::size_t fastLimit_;  // kFastLimit once a line was written, 0 before
    // The last bounds formatted: ",alpha,beta" (boundsLength_ chars; the rest of the array is copied too).
    Value boundsAlpha_ = 0;
    Value boundsBeta_ = 0;
    std::size_t boundsLength_ = 4;
    char boundsText_[kBoundsText] = {',', '0', ',', '0'};
};

struct NullLog {
    static constexpr bool enabled = false;
    void node(std::string_view, int, Value, Value, Value) {}
};

}  // namespace plyjudge
