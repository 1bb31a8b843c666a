// Does one thing a sanitizer must report, chosen by argv[1]: "address" reads past the end of
// a heap array, "undefined" overflows a signed int. The build under test is only trusted
// when ctest sees the sanitizer's report for each (tests/CMakeLists.txt).
#include <climits>
#include <cstdio>
#include <cstring>
#include <vector>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: sanitizer_canary address|undefined\n");
    return 2;
  }
  if (std::strcmp(argv[1], "address") == 0) {
    std::vector<int>* values = new std::vector<int>(4, 1);
    const int* data = values->data();
    // The index depends on argc so the compiler cannot prove the read is out of bounds.
    const int past_end = data[static_cast<unsigned>(argc) + 2U];
    delete values;
    return past_end;
  }
  if (std::strcmp(argv[1], "undefined") == 0) {
    volatile int big = INT_MAX;
    const int overflowed = big + (argc - 1);
    return overflowed == 0 ? 1 : 0;
  }
  std::fprintf(stderr, "unknown canary '%s'\n", argv[1]);
  return 2;
}
