#pragma once
// Seed 000 ported line by line: height() first, then helper() recursing with the current
// depth and filling each node from its children after both subtrees are done.

#include <algorithm>
#include <cstddef>

#include "../tree_fixtures.hpp"

namespace gametree_bench::seed_port {

using fill_node = bench_support::val_node;

inline std::size_t seed_height(const fill_node* root) {
  if (root == nullptr) return 0;
  return 1 + std::max(seed_height(root->left), seed_height(root->right));
}

inline void seed_helper(fill_node* root, std::size_t h, std::size_t current_height) {
  if (root == nullptr) return;
  seed_helper(root->left, h, current_height + 1);
  seed_helper(root->right, h, current_height + 1);
  if (current_height < h) {
    if (current_height % 2 == 0) {
      if (root->left != nullptr && root->right != nullptr) {
        root->val = std::max(root->left->val, root->right->val);
      } else if (root->left != nullptr) {
        root->val = root->left->val;
      } else if (root->right != nullptr) {
        root->val = root->right->val;
      }
    } else {
      if (root->left != nullptr && root->right != nullptr) {
        root->val = std::min(root->left->val, root->right->val);
      } else if (root->left != nullptr) {
        root->val = root->left->val;
      } else if (root->right != nullptr) {
        root->val = root->right->val;
      }
    }
  }
}

inline fill_node* minimax_fill(fill_node* root) {
  seed_helper(root, seed_height(root), 0);
  return root;
}

}  // namespace gametree_bench::seed_port
