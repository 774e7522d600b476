// Large buffers kept per thread for the thread's next user instead of freed. A process that opens many files in
// turn (grade comparing each run's outputs, fuzz and check writing each solve's log) would otherwise fault every
// buffer in anew, and glibc would hand the top of its heap back to the kernel after each file and take it again
// for the next (a grade of 600 runs spent 6 % of its own CPU in brk(2) for the compare's readers).
// Each user names its own pool (Tag) and decides how its buffers are allocated; they must come from std::malloc
// or std::aligned_alloc, since a kept buffer is freed with std::free when its thread ends.
#pragma once

#include <array>
#include <cstddef>
#include <cstdlib>

namespace plyjudge {

template <class Tag, std::size_t Slots>
class IdleBuffers {
public:
    // A kept buffer of this thread, or nullptr when it has none (the caller allocates one).
    static char* take() {
        if (gone() || kept().count == 0) return nullptr;
        return kept().buffers[--kept().count];
    }
    // Keeps `buffer` for this thread's next take(), or frees it when Slots buffers are kept already or the thread
    // is ending (its pool is gone).
    static void give(char* buffer) {
        if (!gone() && kept().count < Slots) kept().buffers[kept().count++] = buffer;
        else std::free(buffer);
    }
    static std::size_t count() { return gone() ? 0 : kept().count; }

private:
    struct Kept {
        std::array<char*, Slots> buffers{};
        std::size_t count = 0;
        ~Kept() {
            for (std::size_t i = 0; i < count; ++i) std::free(buffers[i]);
            count = 0;
            gone() = true;
        }
    };
    // Trivially destructible, so still readable while the thread's destructors run.
    static bool& gone() {
        thread_local bool ended = false;
        return ended;
    }
    static Kept& kept() {
        thread_local Kept pool;
        return pool;
    }
};

}  // namespace plyjudge
