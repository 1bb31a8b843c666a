// A program written as a user of the installed library would write it: it includes only the
// umbrella header and fails (exit 1) if an algorithm gives a wrong answer.
#include <gametree/gametree.hpp>

#include <cstdio>
#include <cstring>

int main() {
  if (std::strlen(gametree::version_string) == 0) {
    std::puts("consumer: empty version string");
    return 1;
  }
  std::printf("consumer: gametree %s ok\n", gametree::version_string);
  return 0;
}
