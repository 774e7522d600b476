// Hostile: a fork bomb. Expected: stopped at the wall (or CPU) limit by the process limit, nothing left.
#include <unistd.h>
int main() {
    for (;;) fork();
}
