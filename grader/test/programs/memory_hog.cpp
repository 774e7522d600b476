// A C++ submission that allocates and touches memory until it is stopped.
#include <cstdlib>
#include <cstring>
#include <new>
#include <vector>

int main() {
    std::vector<char*> blocks;
    for (;;) {
        char* block = new char[64 << 20];
        std::memset(block, 1, 64 << 20);
        blocks.push_back(block);
    }
}
