#include "referee/turn_report.hpp"

#include <fmt/format.h>
#include <sys/inotify.h>

#include <map>

namespace plyjudge::referee {

namespace {

std::string kindOf(std::uint32_t mask) {
    if (mask & IN_OPEN) return "opened";
    if (mask & IN_CREATE) return "created";
    if (mask & IN_DELETE) return "deleted";
    if (mask & IN_MODIFY) return "written";
    if (mask & IN_CLOSE_WRITE) return "closed after writing";
    if (mask & IN_MOVED_TO) return "renamed to";
    if (mask & IN_MOVED_FROM) return "renamed away";
    if (mask & IN_ATTRIB) return "changed";
    return "changed";
}

}  // namespace

std::string lastLines(const std::string& text, int maxLines) {
    std::string t = text;
    while (!t.empty() && (t.back() == '\n' || t.back() == '\r' || t.back() == ' ')) t.pop_back();
    if (t.size() > 2048) t = t.substr(t.size() - 2048);
    std::size_t start = t.size();
    for (int lines = 0; start > 0 && lines < maxLines;) {
        --start;
        if (t[start] == '\n' && ++lines == maxLines) {
            ++start;
            break;
        }
    }
    return t.substr(start);
}

std::string visibleText(const std::string& content, std::size_t maxBytes) {
    std::string s;
    for (char c : content.substr(0, maxBytes)) {
        if (c == '\n') s += "\\n";
        else if (c == '\r') s += "\\r";
        else if (static_cast<unsigned char>(c) < 32 || static_cast<unsigned char>(c) >= 127) s += '?';
        else s += c;
    }
    if (content.size() > maxBytes) s += "...";
    return s;
}

TurnReport describeTimeout(const TimeoutFacts& f) {
    const std::string go = f.mover + ".go";
    // The referee's own creation of the `.go` (create, write, close: the first of each) is not the player's.
    bool ownCreate = false, ownOpen = false, ownWrite = false, ownClose = false, ownMode = false;
    struct Tally {
        int count = 0;
        double first = 0, last = 0;
    };
    std::map<std::pair<std::string, std::string>, Tally> tallies;
    std::string lines;
    int shown = 0, playerGoOpens = 0, moveFileOpens = 0;
    for (const WatchEvent& e : f.events) {
        const double t = std::chrono::duration<double>(e.at - f.goAt).count();
        const std::string kind = kindOf(e.mask);
        if (e.name == go) {
            bool* own = kind == "created" ? &ownCreate : kind == "opened" ? &ownOpen : kind == "written" ? &ownWrite
                        : kind == "closed after writing" ? &ownClose : kind == "changed" ? &ownMode : nullptr;
            if (own && !*own) {
                *own = true;
                continue;
            }
            if (kind == "opened") ++playerGoOpens;
        }
        if (e.name == "move_file" && kind == "opened") ++moveFileOpens;
        Tally& tally = tallies[{e.name, kind}];
        if (tally.count++ == 0) tally.first = t;
        tally.last = t;
        if (shown < 40) {
            lines += fmt::format("  {:7.3f} s  {} {}\n", t, e.name, kind);
            ++shown;
        }
    }
    TurnReport r;
    std::string touched;
    if (!f.journalAvailable) {
        touched = "file events unknown (no inotify)";
    } else if (playerGoOpens == 0 && moveFileOpens == 0) {
        touched = fmt::format("it never opened {} nor move_file (a player that only tests whether {} exists leaves no trace; "
                              "one that waits for inotify events may have started watching too late)", go, go);
    } else {
        touched = fmt::format("{} was opened {} time(s), move_file {} time(s)", go, playerGoOpens, moveFileOpens);
    }
    r.detail = fmt::format("no move within {} s; {}; {:.2f} s of CPU in its turn{}", f.limitSeconds, touched, f.turnCpuSeconds,
                           f.running ? "" : "; its program had ended");
    r.report = fmt::format("timeout: {} created {}.go at 0.000 s; no change of move_file by {:.3f} s\n", "the referee", f.mover,
                           f.limitSeconds);
    r.report += fmt::format("{}'s CPU during the turn: {:.3f} s; program {}\n", f.mover, f.turnCpuSeconds, f.running ? "still running" : "ended");
    r.report += "file events during the turn (seconds after the .go appeared; the kernel does not say who):\n";
    r.report += lines.empty() ? "  none\n" : lines;
    if (f.events.size() >= DirectoryWatch::kJournalSize) r.report += "  ... (more not kept)\n";
    else if (shown < static_cast<int>(tallies.size()) || shown >= 40) {
        for (const auto& [key, tally] : tallies) {
            if (tally.count > 1) r.report += fmt::format("  {} {}: {} times, {:.3f}-{:.3f} s\n", key.first, key.second, tally.count, tally.first, tally.last);
        }
    }
    return r;
}

}  // namespace plyjudge::referee
