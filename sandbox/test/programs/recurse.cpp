// recurse MIB: recursion MIB MiB deep (4 KiB frames), then exits 0 — or dies of SIGSEGV when the stack limit
// (RLIMIT_STACK) is smaller. Built without optimisation so the recursion stays one.
#include <cstdlib>
int depth(int left) {
    volatile char frame[4096];
    frame[0] = char(left);
    return left == 0 ? 0 : depth(left - 1) + frame[0] - char(left);
}
int main(int, char** argv) { return depth(std::atoi(argv[1]) * 256); }
