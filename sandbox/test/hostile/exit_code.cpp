// Hostile: exits with the code in argv[1] (1, 139), or crashes with SIGSEGV when argv[1] is "segv".
#include <cstdlib>
#include <cstring>
int main(int argc, char** argv) {
    if (argc > 1 && std::strcmp(argv[1], "segv") == 0) {
        volatile int* p = nullptr;
        *p = 1;
    }
    return argc > 1 ? std::atoi(argv[1]) : 0;
}
