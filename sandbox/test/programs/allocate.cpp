// allocate MIB [HOLD_MS]: allocates MIB MiB, writes every page (so all of it is resident), holds it HOLD_MS
// milliseconds, exits 0. The peak-memory tests compare the sandbox's figure with MIB.
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <thread>
int main(int argc, char** argv) {
    const std::size_t bytes = std::size_t(std::atoi(argv[1])) << 20;
    char* p = static_cast<char*>(std::malloc(bytes));
    if (!p) return 1;
    std::memset(p, 1, bytes);
    if (argc > 2) std::this_thread::sleep_for(std::chrono::milliseconds(std::atoi(argv[2])));
    return p[bytes / 2] == 1 ? 0 : 2;
}
