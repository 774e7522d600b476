// Hostile: writes without end to stdout, stderr or a file named output.txt (argv[1]: out, err, file),
// optionally after a correct answer (argv[2] == "after-answer"). Expected: OutputLimit, quickly.
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>
int main(int argc, char** argv) {
    const char* where = argc > 1 ? argv[1] : "out";
    int fd = std::strcmp(where, "err") == 0 ? 2 : 1;
    if (std::strcmp(where, "file") == 0) fd = open("output.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (argc > 2 && std::strcmp(argv[2], "after-answer") == 0) {
        if (write(fd, "42\n", 3) != 3) return 2;
    }
    static char block[1 << 16];
    std::memset(block, 'x', sizeof block);
    for (;;)
        if (write(fd, block, sizeof block) < 0) return 1;
}
