// Hostile: NUL bytes, invalid UTF-8 and no final newline, on stdout and in output.txt. Expected: Exited 0,
// captured byte for byte.
#include <cstdio>
#include <unistd.h>
static const char text[] = "a\0b\xff\xfe\xc3\x28\nno final newline";
int main() {
    if (write(1, text, sizeof text - 1) < 0) return 1;
    FILE* f = std::fopen("output.txt", "wb");
    std::fwrite(text, 1, sizeof text - 1, f);
    std::fclose(f);
}
