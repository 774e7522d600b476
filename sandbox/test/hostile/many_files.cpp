// Hostile: opens files until it cannot, prints how many descriptors it got. Expected: Exited 0, < maxOpenFiles.
#include <cstdio>
#include <fcntl.h>
int main() {
    int n = 0;
    while (n < 100000 && open("/dev/null", O_RDONLY) >= 0) ++n;
    std::printf("%d\n", n);
}
