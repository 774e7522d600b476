#include "reference/core/traverse_log_reader.hpp"

#include "reference/core/input_text.hpp"

namespace plyjudge {

std::optional<LogRow> parseLogRow(std::string_view line) {
    std::string_view fields[5];
    std::size_t count = 0;
    for (std::size_t start = 0;;) {
        const std::size_t comma = line.find(kLogSeparator, start);
        if (count == 5) return std::nullopt;
        fields[count++] = trim(line.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    if (count != 3 && count != 5) return std::nullopt;
    LogRow r;
    r.name = fields[0];
    if (!parseInt(fields[1], r.depth)) return std::nullopt;
    r.value = fields[2];
    if (count == 5) {
        r.alpha = fields[3];
        r.beta = fields[4];
        r.hasBounds = true;
    }
    return r;
}

std::optional<Value> parseLogValue(std::string_view text) {
    if (text == "Infinity") return kPlusInfinity;
    if (text == "-Infinity") return kMinusInfinity;
    long long v = 0;
    if (!parseInt(text, v)) return std::nullopt;
    return static_cast<Value>(v);
}

bool isLogHeader(std::string_view line, std::string_view firstColumn) {
    return line.starts_with(firstColumn) && line.substr(firstColumn.size()).starts_with(kLogHeaderColumns);
}

bool reachesBound(const LogRow& row) {
    if (!row.hasBounds) return false;
    const auto v = parseLogValue(row.value), a = parseLogValue(row.alpha), b = parseLogValue(row.beta);
    return v && a && b && reachesBound(row.depth, *v, *a, *b);
}

bool isCutoffRow(const LogRow& row, const LogRow* previous) {
    return reachesBound(row) && (!previous || followsChild(row.depth, previous->depth));
}

}  // namespace plyjudge
