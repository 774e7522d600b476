// hog: allocates and touches memory 1 MiB at a time until it fails (an uncaught std::bad_alloc, SIGABRT) or the
// kernel kills it. The memory-limit tests expect it stopped as MemoryLimit with either kind of limit.
#include <cstring>
#include <vector>
int main() {
    std::vector<char*> blocks;
    for (;;) {
        char* p = new char[1 << 20];
        std::memset(p, 1, 1 << 20);
        blocks.push_back(p);
    }
}
