#pragma once
// Minimax fill of a binary game tree (seed 000): every internal node takes the value of
// optimal play below it, computed bottom-up in one iterative post-order pass.

#include <gametree/binary_tree.hpp>
#include <gametree/detail/traversal.hpp>

#include <concepts>
#include <cstddef>
#include <type_traits>

namespace gametree {

/// Which player moves at the root; the players alternate level by level below it.
enum class first_player {
  maximiser,  ///< the root and every even depth take the larger child value (the seed's rule)
  minimiser,  ///< the root and every even depth take the smaller child value
};

/// A node minimax_fill can work on: a mutable valued_tree_node whose values are ordered by <
/// and can be assigned.
template <class Node>
concept minimax_fill_node =
    valued_tree_node<Node> && !std::is_const_v<Node> &&
    std::totally_ordered<tree_value_t<Node>> && std::copyable<tree_value_t<Node>>;

/// Fills every node of the tree with the value of optimal play, in place: bottom-up, a node
/// with two children takes the larger of their values at a maximiser's depth and the smaller
/// at a minimiser's (with first_player::maximiser, the default: even depths maximise, odd
/// depths minimise, root depth 0); a node with one child takes that child's value; a leaf
/// keeps its value. On a tie the left child's value is kept (Python's max/min, as the seed
/// uses), which matters only for types whose equal-ordered values differ.
/// root: Node*, std::unique_ptr<Node> or std::shared_ptr<Node>; an empty tree is a no-op.
/// Returns the raw root pointer.
/// Complexity: O(n) time, O(height) extra memory (the path and the values of finished left
/// subtrees); no recursion, so a 10^7-deep chain works. Each node is read once on the way
/// down and written once on the way up.
/// Throws std::bad_alloc if the traversal stack cannot grow, or what copying a value throws
/// (the tree is then partly filled).
template <tree_root Root>
  requires minimax_fill_node<root_node_t<Root>>
root_node_t<Root>* minimax_fill(const Root& root,
                                first_player at_root = first_player::maximiser) {
  using node_type = root_node_t<Root>;
  using traits = node_traits<node_type>;
  node_type* const top = detail::root_pointer(root);
  // Depth parity 0 belongs to the root's player.
  const std::size_t max_parity = at_root == first_player::maximiser ? 0 : 1;
  if (top == nullptr) return top;
  using value_type = tree_value_t<node_type>;
  (void)detail::fold_postorder<value_type>(
      top, [max_parity](node_type& node, std::size_t depth, const value_type* left,
                        const value_type* right) -> value_type {
        value_type& value = traits::value(node);
        if (left != nullptr && right != nullptr) {
          // Ties keep the left value: the right one is taken only when strictly better.
          const bool maximise = (depth & 1U) == max_parity;
          value = (maximise ? *right > *left : *right < *left) ? *right : *left;
        } else if (left != nullptr) {
          value = *left;
        } else if (right != nullptr) {
          value = *right;
        }
        return value;
      });
  return top;
}

}  // namespace gametree
