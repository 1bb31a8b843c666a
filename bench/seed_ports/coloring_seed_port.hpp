#pragma once
// Seed 001 ported to C++ as written: a recursive solve over the seed's node (value in `data`)
// with counters kept in the object.

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "../tree_fixtures.hpp"

namespace gametree_bench::seed_port {

using tree_node = bench_support::data_node;

// The seed's Solution class, line by line: solve() recurses on the tree, marking with l / r
// whether the node lies in x's left or right subtree.
class seed_solution {
 public:
  bool btreeGameWinningMove(tree_node* root, int n, int x) {
    nodeToX = 0;
    leftVal = 0;
    rightVal = 0;
    solve(root, x);
    nodeToX = n - leftVal - rightVal - 1;
    const int temp = std::max(rightVal, std::max(nodeToX, leftVal));
    return !(nodeToX + leftVal + rightVal - (2 * temp) >= 0);
  }

 private:
  void solve(tree_node* node, int x, bool l = false, bool r = false) {
    if (node == nullptr) return;
    if (l) {
      leftVal += 1;
    } else if (r) {
      rightVal += 1;
    }
    if (node->data == x) {
      solve(node->left, x, true, false);
      solve(node->right, x, false, true);
    } else {
      solve(node->left, x, l, r);
      solve(node->right, x, l, r);
    }
  }

  int nodeToX = 0;
  int leftVal = 0;
  int rightVal = 0;
};

}  // namespace gametree_bench::seed_port
