// alpha_beta: the seed's alpha-beta search with leaf counting (seed 002).
//
//   stdin:  the leaves, then the branching factor, e.g.  [3, 12, 8, 2, 4, 6, 14, 5, 2]  3
//   stdout: [value, leaves evaluated], e.g.              [3, 7]
//
// With --dot it prints the searched tree as Graphviz DOT instead:
//   echo '[3, 12, 8, 2, 4, 6, 14, 5, 2] 3' | alpha_beta --dot | dot -Tsvg > tree.svg
// Leaves are 64-bit integers. On bad input: one line "error: ..." on stderr, exit 1.

#include <gametree/alpha_beta.hpp>
#include <gametree/text_input.hpp>

#include <cstdio>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

namespace {

struct input {
  std::vector<long long> leaves;
  long long branching = 0;
};

input read_input(const std::string& text) {
  gametree::text_scanner in(text);
  input result;
  in.expect('[', "at the start of the leaves");
  if (!in.try_consume(']')) {
    do {
      result.leaves.push_back(in.read_number<long long>("a leaf score (64-bit integer)"));
    } while (in.try_consume(','));
    in.expect(']', "after the last leaf");
  }
  result.branching = in.read_number<long long>("the branching factor");
  in.expect_end("after the branching factor");
  return result;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    bool dot = false;
    for (int i = 1; i < argc; ++i) {
      const std::string_view arg = argv[i];
      if (arg == "--dot") {
        dot = true;
      } else {
        throw std::invalid_argument("unknown option '" + std::string(arg) +
                                    "' (usage: alpha_beta [--dot] < input)");
      }
    }
    const input in = read_input(gametree::read_all());
    // Building the tree validates the shape before anything is sized by it.
    const gametree::complete_tree tree(in.leaves, in.branching);
    std::string output;
    if (dot) {
      gametree::search_trace trace(tree);
      (void)gametree::alpha_beta(tree, trace);
      output = trace.to_dot();
    } else {
      const auto result = gametree::alpha_beta(tree);
      output = "[" + std::to_string(result.value) + ", " +
               std::to_string(result.leaves_evaluated) + "]\n";
    }
    std::fputs(output.c_str(), stdout);
    return std::fflush(stdout) == 0 ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
}
