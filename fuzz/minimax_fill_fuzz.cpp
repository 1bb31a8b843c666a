// Minimax fill against the seed's recursive method (tests/reference) on any tree the
// level-order parser accepts, with either player at the root.
#include <gametree/binary_tree.hpp>
#include <gametree/level_order.hpp>
#include <gametree/minimax_fill.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "reference/minimax_fill_reference.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  // The first byte picks the root's player; the rest is the tree.
  const bool max_at_root = (data[0] & 1U) == 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  std::unique_ptr<gametree::binary_node<long long>> tree;
  try {
    tree = gametree::parse_level_order<long long>(text);
  } catch (const gametree::parse_error&) {
    return 0;
  }
  if (!tree) {
    if (gametree::minimax_fill(tree) != nullptr) std::abort();
    return 0;
  }
  gametree::binary_node<long long> expected(*tree);
  gametree::minimax_fill(tree, max_at_root ? gametree::first_player::maximiser
                                           : gametree::first_player::minimiser);
  gametree_test::seed_minimax_fill(&expected, max_at_root);
  if (!(*tree == expected)) std::abort();
  return 0;
}
