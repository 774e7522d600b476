#include "grader/run/python2_constructs.hpp"

#include <regex>

namespace plyjudge::grader {

namespace {

// One construct: its name for people, how it appears in code, and (for a builtin) how a file binds it itself.
struct Construct {
    const char* name;
    const char* use;
    const char* ownBinding = nullptr;  // a file that defines the name runs under Python 3 too
};

// Builtins called, methods called, module attributes, imports of modules Python 3 renamed. `(^|[^\w.])` keeps
// `myxrange(` and `obj.xrange(` out.
const std::vector<Construct>& constructs() {
    static const std::vector<Construct> list{
        {"xrange", R"((^|[^\w.])xrange\s*\()", R"((^|[^\w.])xrange\s*=[^=]|def\s+xrange\b|as\s+xrange\b)"},
        {"raw_input", R"((^|[^\w.])raw_input\s*\()", R"((^|[^\w.])raw_input\s*=[^=]|def\s+raw_input\b|as\s+raw_input\b)"},
        {"unicode", R"((^|[^\w.])unicode\s*\()", R"((^|[^\w.])unicode\s*=[^=]|def\s+unicode\b|as\s+unicode\b)"},
        {"has_key", R"(\.\s*has_key\s*\()"},
        {"iteritems", R"(\.\s*iteritems\s*\()"},
        {"iterkeys", R"(\.\s*iterkeys\s*\()"},
        {"itervalues", R"(\.\s*itervalues\s*\()"},
        {"sys.maxint", R"((^|[^\w.])sys\s*\.\s*maxint\b)"},
        {"string.letters", R"((^|[^\w.])string\s*\.\s*(letters|lowercase|uppercase)\b)"},
        // An import of the Python 2 name, unless the file also imports the Python 3 one (try/except ImportError).
        {"import Queue", R"((^|\n)[ \t]*(import[ \t]+([\w.]+[ \t]*,[ \t]*)*Queue\b|from[ \t]+Queue[ \t]+import\b))",
         R"((^|\n)[ \t]*(import[ \t]+([\w.]+[ \t]*,[ \t]*)*queue\b|from[ \t]+queue[ \t]+import\b))"},
        {"import ConfigParser", R"((^|\n)[ \t]*(import[ \t]+([\w.]+[ \t]*,[ \t]*)*ConfigParser\b|from[ \t]+ConfigParser[ \t]+import\b))",
         R"((^|\n)[ \t]*(import[ \t]+([\w.]+[ \t]*,[ \t]*)*configparser\b|from[ \t]+configparser[ \t]+import\b))"},
        {"import cPickle", R"((^|\n)[ \t]*(import[ \t]+([\w.]+[ \t]*,[ \t]*)*cPickle\b|from[ \t]+cPickle[ \t]+import\b))",
         R"((^|\n)[ \t]*(import[ \t]+([\w.]+[ \t]*,[ \t]*)*pickle\b|from[ \t]+pickle[ \t]+import\b))"},
    };
    return list;
}

// The length of the string literal's opening quote at `at` (1 or 3), or 0 when there is none.
std::size_t quoteLength(std::string_view s, std::size_t at) {
    if (s[at] != '\'' && s[at] != '"') return 0;
    return s.substr(at, 3) == std::string(3, s[at]) ? 3 : 1;
}

}  // namespace

std::string codeOnly(std::string_view s) {
    std::string code;
    code.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        if (s[i] == '#') {
            while (i < s.size() && s[i] != '\n') ++i;
            continue;
        }
        const std::size_t q = quoteLength(s, i);
        if (q == 0) {
            code += s[i++];
            continue;
        }
        const std::string_view quote = s.substr(i, q);
        code += quote;
        i += q;
        // A backslash escapes the next character, in raw strings too (r"\"" is one quote long).
        while (i < s.size() && s.substr(i, q) != quote) {
            if (q == 1 && s[i] == '\n') break;  // an unterminated one-line string ends with its line
            if (s[i] == '\n') code += '\n';
            i += s[i] == '\\' && i + 1 < s.size() ? 2 : 1;
        }
        if (i < s.size() && s.substr(i, q) == quote) {
            code += quote;
            i += q;
        }
    }
    return code;
}

std::vector<std::string> python2OnlyConstructs(std::string_view source) {
    const std::string code = codeOnly(source);
    std::vector<std::string> found;
    for (const Construct& c : constructs()) {
        if (!std::regex_search(code, std::regex(c.use))) continue;
        if (c.ownBinding && std::regex_search(code, std::regex(c.ownBinding))) continue;
        found.emplace_back(c.name);
    }
    return found;
}

}  // namespace plyjudge::grader
