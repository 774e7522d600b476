// Hostile: a grandchild that escapes by double fork (orphaned, reparented) and burns CPU forever while the
// program itself exits 0 at once. Expected: Exited 0, and the grandchild is killed.
#include <cstdio>
#include <unistd.h>
int main() {
    if (fork() == 0) {
        if (fork() == 0) {
            for (volatile unsigned long i = 0;; ++i) {}
        }
        _exit(0);
    }
    std::puts("parent done");
    return 0;
}
