// A C++ submission that crashes with a segmentation fault after writing nothing.
#include <cstdio>

int main(int argc, char**) {
    volatile int* p = nullptr;
    if (argc > 0) *p = 42;
    std::puts("unreachable");
    return 0;
}
