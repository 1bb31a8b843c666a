#pragma once
// The seed's minimax fill (seed 000) transcribed literally: height() and helper() recurse,
// an internal node at even depth takes max(left, right), at odd depth min, a lone child is
// copied, Python's max/min keep the first argument on a tie. Small trees only (it recurses).

#include <gametree/binary_tree.hpp>

#include <algorithm>
#include <cstddef>

namespace gametree_test {

template <class T>
std::size_t seed_height(const gametree::binary_node<T>* root) {
  if (root == nullptr) return 0;
  return 1 + std::max(seed_height(root->left.get()), seed_height(root->right.get()));
}

// max_at_even: the seed's convention (player 1, the maximiser, at even depths); false swaps
// the roles so the root's player minimises.
template <class T>
void seed_helper(gametree::binary_node<T>* root, std::size_t h, std::size_t current,
                 bool max_at_even) {
  if (root == nullptr) return;
  seed_helper(root->left.get(), h, current + 1, max_at_even);
  seed_helper(root->right.get(), h, current + 1, max_at_even);
  if (current < h) {
    const bool maximise = (current % 2 == 0) == max_at_even;
    if (root->left && root->right) {
      const T& a = root->left->value;
      const T& b = root->right->value;
      // Python: max(a, b) is b only when b > a; min(a, b) is b only when b < a.
      root->value = maximise ? (b > a ? b : a) : (b < a ? b : a);
    } else if (root->left) {
      root->value = root->left->value;
    } else if (root->right) {
      root->value = root->right->value;
    }
  }
}

template <class T>
gametree::binary_node<T>* seed_minimax_fill(gametree::binary_node<T>* root,
                                            bool max_at_even = true) {
  seed_helper(root, seed_height(root), 0, max_at_even);
  return root;
}

}  // namespace gametree_test
