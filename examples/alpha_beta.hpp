#pragma once
// The alpha_beta program (alpha_beta.cpp) as a function of its input and arguments, so that
// the fuzzer (fuzz/alpha_beta_input_fuzz.cpp) runs exactly what the program runs.

#include <gametree/alpha_beta.hpp>
#include <gametree/text_input.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "program_run.hpp"

namespace alpha_beta_app {

/// What --help prints (README.md's table of the example programs says the same).
inline constexpr gametree_examples::program_usage usage{
    "alpha_beta [--dot] < input",
    "  --dot       print the searched tree as Graphviz DOT instead of [value, leaves evaluated]\n"
    "  -h, --help  print this usage and exit\n"};

struct input {
  std::vector<long long> leaves;
  long long branching = 0;
};

inline input read_input(std::string_view text) {
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

/// Runs the program on input with the command-line arguments args (without the program
/// name). out and err receive exactly what it prints to stdout and stderr; returns the exit
/// status: 0, or 1 with one line "error: ..." in err.
inline int run(std::string_view input_text, const std::vector<std::string_view>& args,
               std::string& out, std::string& err) {
  return gametree_examples::run_program(
      args, "--dot", usage, out, err, [&](bool dot, std::string& text) {
        const input in = read_input(input_text);
        // Building the tree validates the shape before anything is sized by it.
        const gametree::complete_tree tree(in.leaves, in.branching);
        if (dot) {
          gametree::search_trace trace(tree);
          (void)gametree::alpha_beta(tree, trace);
          text = trace.to_dot();
        } else {
          const auto result = gametree::alpha_beta(tree);
          // Appended piece by piece: g++ 12 at -O3 reports a false -Wrestrict on "[" + string
          // and on assigning "[" to a string.
          text.push_back('[');
          text += std::to_string(result.value);
          text += ", ";
          text += std::to_string(result.leaves_evaluated);
          text += "]\n";
        }
      });
}

}  // namespace alpha_beta_app
