#include <gametree/text_input.hpp>

#include <cstdio>
#include <vector>

// Reads "[1, 2, 3]" followed by a count, the way gametree's example programs read their input.
int main() {
  gametree::text_scanner in("[1, 2, 3]\n2");
  std::vector<long long> values;
  in.expect('[', "at the start of the list");
  if (!in.try_consume(']')) {
    do {
      values.push_back(in.read_number<long long>("a 64-bit integer"));
    } while (in.try_consume(','));
    in.expect(']', "after the last value");
  }
  const int count = in.read_number<int>("the count");
  in.expect_end("after the count");

  try {
    gametree::text_scanner bad("[1, x]");
    bad.expect('[', "at the start of the list");
    (void)bad.read_number<long long>("a 64-bit integer");
    bad.expect(',', "between values");
    (void)bad.read_number<long long>("a 64-bit integer");
    return 1;  // "x" must not parse
  } catch (const gametree::parse_error& e) {
    std::printf("%s\n", e.what());  // expected a 64-bit integer, found 'x' at offset 4
    if (e.offset() != 4) return 1;
  }
  return values == std::vector<long long>{1, 2, 3} && count == 2 ? 0 : 1;
}
