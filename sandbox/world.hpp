// The world a run sees under bubblewrap, by default-deny: what running the declared languages needs and nothing
// else (bubblewrap.cpp:minimalWorld builds it). A path is visible only when it is part of this world, the run's
// working directory, or named on purpose by the grader (RunSpec::readOnlyPaths, files on the command line).
#pragma once

#include <string>
#include <vector>

namespace plyjudge::sandbox::detail {

// A top-level system folder and how the world shows it.
struct WorldEntry {
    std::string path;           // e.g. "/usr", "/bin"
    std::string symlinkTarget;  // non-empty: a link on the host (merged /usr: /bin -> usr/bin), made as such
};

// The system folders shown read-only: /usr (the interpreters, compilers and their libraries), /etc (the
// configuration they read: alternatives, ld.so.cache, java-*-openjdk, ssl, passwd; its secret files are root's
// and unreadable to the run's uid), and /bin, /sbin, /lib, /lib32, /lib64, /libx32 (links into /usr on a merged
// system, bound where they are real folders). Nothing else of the host: no /home, /root, /srv, /opt, /work, /mnt,
// /media, /var, /run, /sys.
const std::vector<WorldEntry>& worldEntries();

// Whether `path` (absolute, normal) lies in a folder the world shows (before anything is hidden in it).
bool inWorld(const std::string& path);

// plyjudge's own files inside the world, to be hidden from every run: its binaries (the running one and any
// `plyjudge` in /usr/bin, /usr/local/bin), and its data and docs (share/plyjudge, share/doc/plyjudge under its own
// prefix, /usr and /usr/local). Found once per process. A submission could otherwise run the reference solver.
struct OwnFiles {
    std::vector<std::string> files;    // hidden behind an empty character device (/dev/null)
    std::vector<std::string> folders;  // hidden behind an empty read-only tmpfs
};
const OwnFiles& ownFilesInWorld();

}  // namespace plyjudge::sandbox::detail
