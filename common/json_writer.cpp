#include "common/json_writer.hpp"

#include <cmath>
#include <cstdio>

namespace plyjudge {

void JsonWriter::separate() {
    if (afterKey_) {
        afterKey_ = false;
        return;
    }
    if (!first_.empty()) {
        if (!first_.back()) out_ << ',';
        first_.back() = false;
        out_ << '\n' << std::string(2 * first_.size(), ' ');
    }
}

JsonWriter& JsonWriter::beginObject() { return open('{'); }

JsonWriter& JsonWriter::open(char bracket) {
    separate();
    out_ << bracket;
    first_.push_back(true);
    return *this;
}

JsonWriter& JsonWriter::endObject() { return close('}'); }

JsonWriter& JsonWriter::close(char bracket) {
    const bool empty = first_.back();
    first_.pop_back();
    if (!empty) out_ << '\n' << std::string(2 * first_.size(), ' ');
    out_ << bracket;
    return *this;
}

JsonWriter& JsonWriter::beginArray() { return open('['); }

JsonWriter& JsonWriter::endArray() { return close(']'); }

JsonWriter& JsonWriter::key(std::string_view k) {
    separate();
    writeString(out_, k);
    out_ << ": ";
    afterKey_ = true;
    return *this;
}

JsonWriter& JsonWriter::value(std::string_view s) {
    separate();
    writeString(out_, s);
    return *this;
}

JsonWriter& JsonWriter::value(double d) {
    separate();
    if (!std::isfinite(d)) {
        out_ << "null";
    } else {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.6g", d);
        out_ << buf;
    }
    return *this;
}

JsonWriter& JsonWriter::value(std::int64_t i) {
    separate();
    out_ << i;
    return *this;
}

JsonWriter& JsonWriter::value(bool b) {
    separate();
    out_ << (b ? "true" : "false");
    return *this;
}

JsonWriter& JsonWriter::null() {
    separate();
    out_ << "null";
    return *this;
}

namespace {
// Length of the valid UTF-8 sequence at s[i], or 0.
std::size_t utf8Length(std::string_view s, std::size_t i) {
    const auto c = static_cast<unsigned char>(s[i]);
    const std::size_t n = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xC2 && c <= 0xDF ? 2 : 0;
    if (n == 0 || i + n > s.size()) return 0;
    for (std::size_t k = 1; k < n; ++k) {
        if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return 0;
    }
    return n;
}
}  // namespace

void JsonWriter::writeString(std::ostream& out, std::string_view s) {
    out << '"';
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        switch (c) {
            case '"': out << "\\\""; break;
            case '\\': out << "\\\\"; break;
            case '\n': out << "\\n"; break;
            case '\r': out << "\\r"; break;
            case '\t': out << "\\t"; break;
            default:
                if (c < 0x20 || c == 0x7F) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", c);
                    out << buf;
                } else if (c < 0x80) {
                    out << static_cast<char>(c);
                } else if (const std::size_t n = utf8Length(s, i)) {
                    out << s.substr(i, n);
                    i += n - 1;
                } else {
                    out << "\\ufffd";  // a program's output may hold any bytes; the JSON stays valid
                }
        }
    }
    out << '"';
}

}  // namespace plyjudge
