#include "grader/run/chosen_move.hpp"

#include <unistd.h>

#include "common/file_io.hpp"
#include "common/temp_dir.hpp"
#include "reference/presentation/presentation.hpp"
#include "reference/variant.hpp"
#include "sandbox/sandbox.hpp"

namespace plyjudge::grader {

std::optional<ChosenMove> chosenMoveOf(const std::string& variant, const std::filesystem::path& input,
                                       const std::filesystem::path& runDir, const std::vector<std::string>& files) {
    const Variant* v = findVariant(variant);
    if (!v || !v->presentation || !v->presentation->position.expectedMove) return std::nullopt;
    try {
        // The heads of the program's files, copied into a folder of ours: the hook then reads only them.
        TempDir heads("plyjudge-move");
        for (const std::string& file : files) {
            sandbox::RunOutputFile out = sandbox::openRunOutput(runDir, file);
            if (out.fd < 0) continue;
            std::string head(64 << 10, '\0');
            const ssize_t n = ::read(out.fd, head.data(), head.size());
            ::close(out.fd);
            head.resize(n > 0 ? static_cast<std::size_t>(n) : 0);
            writeWholeFile(heads / file, head);
        }
        if (auto move = v->presentation->position.expectedMove(readWholeFile(input), heads.path())) return ChosenMove{*move};
    } catch (const std::exception&) {
        // A move is a help for the reader, never a reason for a judge error.
    }
    return std::nullopt;
}

}  // namespace plyjudge::grader
