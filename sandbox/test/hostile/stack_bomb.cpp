// Hostile: unbounded recursion. The stack (8 MiB by default) overflows far below the memory limit.
// Expected: Signaled SIGSEGV (a runtime error, not a memory-limit verdict; see classify.cpp).
#include <cstdio>
int depth(int n) {
    volatile char frame[4096];
    frame[0] = char(n);
    return depth(n + 1) + frame[0];
}
int main() { std::printf("%d\n", depth(0)); }
