// Hostile: starts threads until it cannot, prints how many it got, exits 0.
// Expected: Exited 0 with at most maxProcesses threads (as root the limit is enforced).
#include <cstdio>
#include <pthread.h>
#include <unistd.h>
static void* idle(void*) {
    pause();
    return nullptr;
}
int main() {
    int n = 0;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 1 << 16);
    for (; n < 10000; ++n) {
        pthread_t t;
        if (pthread_create(&t, &attr, idle, nullptr) != 0) break;
    }
    std::printf("%d\n", n);
    std::fflush(stdout);
    _exit(0);
}
