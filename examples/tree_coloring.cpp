// tree_coloring [--explain] < input
//
// The binary-tree coloring game (seed 001). Reads a tree in level-order format with integer
// values 1..n, then n, then player 1's node x, separated by any whitespace:
//   [1,2,3,4,5,6,7,8,9,10,11] 11 3
// and prints `true` if player 2 can force a win, else `false` (an even split is a draw, so
// `false`). With --explain it also prints the three regions around x, the result for player
// 2 and a winning reply. Bad input: one line `error: ...` on stderr, exit status 1.

#include <gametree/coloring.hpp>
#include <gametree/level_order.hpp>
#include <gametree/text_input.hpp>

#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>
#include <string_view>

namespace {

const char* result_name(gametree::coloring::outcome r) {
  switch (r) {
    case gametree::coloring::outcome::win: return "win";
    case gametree::coloring::outcome::draw: return "draw";
    case gametree::coloring::outcome::loss: return "loss";
  }
  return "?";
}

int run(int argc, char** argv) {
  bool explain = false;
  for (int i = 1; i < argc; ++i) {
    if (std::string_view(argv[i]) == "--explain") {
      explain = true;
    } else {
      throw std::invalid_argument("unknown option '" + std::string(argv[i]) +
                                  "' (usage: tree_coloring [--explain] < input)");
    }
  }

  const std::string input = gametree::read_all();
  // A level-order tree has no nested brackets, so it ends at the first ']'; without one the
  // whole input goes to the tree parser, which says what is missing.
  const std::size_t close = input.find(']');
  const auto root = gametree::parse_level_order<long long>(
      std::string_view(input).substr(0, close == std::string::npos ? input.size() : close + 1));
  // Scan on from after the tree over the same text, so error offsets count from the start.
  gametree::text_scanner scanner(input);
  while (scanner.offset() <= close) {
    if (!scanner.try_consume('[') && !scanner.try_consume(',') && !scanner.try_consume(']')) {
      (void)scanner.read_token();
    }
  }
  const auto n = scanner.read_number<long long>("n (the number of nodes) after the tree");
  const auto x = scanner.read_number<long long>("x (player 1's node) after n");
  scanner.expect_end("after x");

  const auto a = gametree::coloring::analyze(root, n, x);
  const bool wins = a.result == gametree::coloring::outcome::win;
  std::string out = wins ? "true\n" : "false\n";
  if (explain) {
    out += "regions around x = " + std::to_string(x) + ": left " + std::to_string(a.sizes.left) +
           ", right " + std::to_string(a.sizes.right) + ", parent side " +
           std::to_string(a.sizes.parent) + "\n";
    out += "player 2: " + std::string(result_name(a.result)) + ", " +
           std::to_string(a.sizes.largest()) + " of " + std::to_string(n) + " nodes\n";
    if (wins) {
      out += "winning reply: y = " + std::to_string(*a.best_reply) + "\n";
    } else if (a.best_reply) {
      out += "winning reply: none (best reply y = " + std::to_string(*a.best_reply) + ")\n";
    } else {
      out += "winning reply: none (no node is left for player 2)\n";
    }
  }
  std::fputs(out.c_str(), stdout);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
}
