// A C++ submission that does not compile.
int main() { return undefined_name; }
