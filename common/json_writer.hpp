// A small streaming JSON writer (no JSON library is installed): objects, arrays, escaped strings, numbers.
#pragma once

#include <cstdint>
#include <ostream>
#include <string_view>
#include <vector>

namespace plyjudge {

class JsonWriter {
public:
    explicit JsonWriter(std::ostream& out) : out_(out) {}

    JsonWriter& beginObject();
    JsonWriter& endObject();
    JsonWriter& beginArray();
    JsonWriter& endArray();
    JsonWriter& key(std::string_view k);  // inside an object, before the value
    JsonWriter& value(std::string_view s);
    JsonWriter& value(const char* s) { return value(std::string_view(s)); }
    JsonWriter& value(double d);
    JsonWriter& value(std::int64_t i);
    JsonWriter& value(int i) { return value(static_cast<std::int64_t>(i)); }
    JsonWriter& value(std::uint64_t i) { return value(static_cast<std::int64_t>(i)); }
    JsonWriter& value(bool b);
    JsonWriter& null();
    template <class T>
    JsonWriter& field(std::string_view k, const T& v) { return key(k).value(v); }

    static void writeString(std::ostream& out, std::string_view s);

private:
    void separate();
    JsonWriter& open(char bracket);
    JsonWriter& close(char bracket);
    std::ostream& out_;
    std::vector<bool> first_;  // per open container: no element written yet
    bool afterKey_ = false;
};

}  // namespace plyjudge
