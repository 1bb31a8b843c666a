#pragma once
// The tree_coloring program (tree_coloring.cpp) as a function of its input and arguments, so
// that the fuzzer (fuzz/tree_coloring_input_fuzz.cpp) runs exactly what the program runs.

#include <gametree/coloring.hpp>
#include <gametree/level_order.hpp>
#include <gametree/text_input.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "program_run.hpp"

namespace tree_coloring_app {

/// What --help prints (README.md's table of the example programs says the same).
inline constexpr gametree_examples::program_usage usage{
    "tree_coloring [--explain] < input",
    "  --explain   also print the three region sizes around x, the outcome and a winning y\n"
    "  -h, --help  print this usage and exit\n"};

inline const char* result_name(gametree::coloring::outcome r) {
  switch (r) {
    case gametree::coloring::outcome::win: return "win";
    case gametree::coloring::outcome::draw: return "draw";
    case gametree::coloring::outcome::loss: return "loss";
  }
  return "?";
}

inline std::string solve(std::string_view input, bool explain) {
  // A level-order tree has no nested brackets, so it ends at the first ']'; without one the
  // whole input goes to the tree parser, which says what is missing.
  const std::size_t close = input.find(']');
  const auto root = gametree::parse_level_order<long long>(
      input.substr(0, close == std::string_view::npos ? input.size() : close + 1));
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
  return out;
}

/// Runs the program on input with the command-line arguments args (without the program
/// name). out and err receive exactly what it prints to stdout and stderr; returns the exit
/// status: 0, or 1 with one line "error: ..." in err.
inline int run(std::string_view input, const std::vector<std::string_view>& args,
               std::string& out, std::string& err) {
  return gametree_examples::run_program(
      args, "--explain", usage, out, err,
      [&](bool explain, std::string& text) { text = solve(input, explain); });
}

}  // namespace tree_coloring_app
