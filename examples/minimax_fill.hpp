#pragma once
// The minimax_fill program (minimax_fill.cpp) as a function of its input and arguments, so
// that the fuzzer (fuzz/minimax_fill_input_fuzz.cpp) runs exactly what the program runs.

#include <gametree/binary_tree.hpp>
#include <gametree/level_order.hpp>
#include <gametree/minimax_fill.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "program_run.hpp"

namespace minimax_fill_app {

/// What --help prints (README.md's table of the example programs says the same).
inline constexpr gametree_examples::program_usage usage{
    "minimax_fill [--inorder] < tree",
    "  --inorder   print the values in order, \", \"-separated, instead of the filled tree\n"
    "  -h, --help  print this usage and exit\n"};

/// Runs the program on input with the command-line arguments args (without the program
/// name). out and err receive exactly what it prints to stdout and stderr; returns the exit
/// status: 0, or 1 with one line "error: ..." in err.
inline int run(std::string_view input, const std::vector<std::string_view>& args,
               std::string& out, std::string& err) {
  return gametree_examples::run_program(
      args, "--inorder", usage, out, err,
      [&](bool inorder, std::string& text) {
        auto root = gametree::parse_level_order<long long>(input);
        gametree::minimax_fill(root);
        if (inorder) {
          for (const long long v : gametree::inorder_values(root)) {
            if (!text.empty()) text += ", ";
            text += std::to_string(v);
          }
        } else {
          text = gametree::to_level_order(root);
        }
        text += '\n';
      });
}

}  // namespace minimax_fill_app
