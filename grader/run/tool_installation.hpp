// What a run must see of an interpreter or compiler for it to work, asked of the tool itself: the real path behind
// its links, the links on the way, and the folders it names (tool_probe.hpp: a Python's prefixes, java.home, gcc's
// search directories). A python2 in PATH that is a link into /opt, a pyenv or conda tree, an altinstall, a JDK
// outside /usr: the sandbox shows the runs only its world (/usr, /etc, ...), so these folders are bound read-only
// (RunSpec::readOnlyPaths). Never a folder that must stay out of sight: such an installation is refused, named with
// its fix.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace plyjudge::grader {

struct ToolInstallation {
    std::filesystem::path command;                // the path that is run (absolute, normal)
    std::filesystem::path realPath;               // every link resolved
    std::vector<std::filesystem::path> links;     // the links followed from `command` to `realPath`, in order
    std::vector<std::filesystem::path> reported;  // the folders the tool named (none when the probe failed)
    std::string probeError;                       // why the tool did not say (then the folder above bin/ stands in)
    // What the runs must be shown, read-only: the folders outside the sandbox's world (world.hpp), none inside
    // another, then the real file when none holds it. Empty when `refused`.
    std::vector<std::filesystem::path> shown;
    std::string refused;  // a JudgeFault's text naming the tool, the folder, why and the fix; empty when usable
};

// The installation of the tool `tool` (a name of languages.hpp's tool table, or any command word) run as `command`
// (an absolute path). Probed once per tool and path for the whole process (thread-safe); never throws.
const ToolInstallation& toolInstallation(const std::string& tool, const std::filesystem::path& command);

// Why `folder` may never be shown to a run as part of a tool's installation, or nullopt: the root, the host's /proc,
// /dev or /sys, a whole home folder (root's, a user's, or one holding them such as /home), or one holding or inside
// plyjudge's own files (its program, its bundled cases, an installed plyjudge's data folder).
std::optional<std::string> forbiddenFolder(const std::filesystem::path& folder);

}  // namespace plyjudge::grader
