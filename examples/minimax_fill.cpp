// Reads a binary game tree in level-order format ("[0,3,0,null,null,0,0,-3,null,null,4]")
// from standard input, fills every node with its minimax value (the root maximises, depths
// alternate) and prints the filled tree in the same format. --inorder prints the values in
// order instead, separated by ", ", as seed 000 does. Values are 64-bit integers.
#include <gametree/binary_tree.hpp>
#include <gametree/level_order.hpp>
#include <gametree/minimax_fill.hpp>
#include <gametree/text_input.hpp>

#include <cstdio>
#include <cstring>
#include <exception>
#include <string>

int main(int argc, char** argv) {
  bool inorder = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--inorder") == 0) {
      inorder = true;
    } else {
      std::fprintf(stderr, "error: unknown option '%s' (usage: minimax_fill [--inorder] < tree)\n",
                   argv[i]);
      return 1;
    }
  }
  try {
    auto root = gametree::parse_level_order<long long>(gametree::read_all());
    gametree::minimax_fill(root);
    std::string out;
    if (inorder) {
      for (const long long v : gametree::inorder_values(root)) {
        if (!out.empty()) out += ", ";
        out += std::to_string(v);
      }
    } else {
      out = gametree::to_level_order(root);
    }
    std::printf("%s\n", out.c_str());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  return 0;
}
