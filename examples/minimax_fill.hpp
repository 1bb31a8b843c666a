#pragma once
// The minimax_fill program (minimax_fill.cpp) as a function of its input and arguments, so
// that the fuzzer (fuzz/minimax_fill_input_fuzz.cpp) runs exactly what the program runs.

#include <gametree/binary_tree.hpp>
#include <gametree/level_order.hpp>
#include <gametree/minimax_fill.hpp>

#include <exception>
#include <string>
#include <string_view>
#include <vector>

namespace minimax_fill_app {

/// Runs the program on input with the command-line arguments args (without the program
/// name). out and err receive exactly what it prints to stdout and stderr; returns the exit
/// status: 0, or 1 with one line "error: ..." in err.
inline int run(std::string_view input, const std::vector<std::string_view>& args,
               std::string& out, std::string& err) {
  out.clear();
  err.clear();
  bool inorder = false;
  for (const std::string_view arg : args) {
    if (arg == "--inorder") {
      inorder = true;
    } else {
      err = "error: unknown option '" + std::string(arg) +
            "' (usage: minimax_fill [--inorder] < tree)\n";
      return 1;
    }
  }
  try {
    auto root = gametree::parse_level_order<long long>(input);
    gametree::minimax_fill(root);
    if (inorder) {
      for (const long long v : gametree::inorder_values(root)) {
        if (!out.empty()) out += ", ";
        out += std::to_string(v);
      }
    } else {
      out = gametree::to_level_order(root);
    }
    out += '\n';
    return 0;
  } catch (const std::exception& e) {
    out.clear();
    err = std::string("error: ") + e.what() + "\n";
    return 1;
  }
}

}  // namespace minimax_fill_app
