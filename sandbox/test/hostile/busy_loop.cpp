// Hostile: spins forever. Expected: CpuTimeout.
int main() {
    for (volatile unsigned long i = 0;; ++i) {}
}
