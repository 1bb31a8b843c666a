#pragma once
// Iterative tree traversals shared by every gametree algorithm, so none of them recurses on the
// depth of the tree (trees can be 10^7 deep).
//
// Nodes are reached only through gametree::node_traits, declared here and defined in
// <gametree/binary_tree.hpp> (which includes this header): include that header to use these.
//
// Every traversal (post-order, pre-order, in-order, level-order) has the shape
//   bool for_each_<order>(Node* root, Visit&& visit)
// where Node may be const-qualified and root may be nullptr (nothing is visited). visit is
// called as visit(node, depth) when it accepts (Node&, std::size_t), else as visit(node);
// depth is 0 at the root. If visit returns bool, returning false stops the traversal early.
// The function returns false when stopped early, true otherwise. The tree must not be
// changed structurally (children added or removed) during the traversal; values may be.
//
// Memory: post-order and pre-order keep an explicit stack of at most O(height) entries,
// level-order two buffers of at most the width of the tree; all are std::vectors that grow
// geometrically, so no traversal allocates per node.

#include <gametree/detail/prefetch.hpp>

#include <cstddef>
#include <type_traits>
#include <utility>
#include <vector>

namespace gametree {

template <class Node>
struct node_traits;

namespace detail {

/// Left child of n through node_traits, or nullptr. Accepts const nodes: traits accessors are
/// written for Node&, and reading through them does not modify the node. O(1), no throw of
/// its own.
template <class Node>
[[nodiscard]] inline Node* left_child(Node& n) {
  using traits = node_traits<std::remove_const_t<Node>>;
  return traits::left(const_cast<std::remove_const_t<Node>&>(n));
}

/// Right child of n through node_traits, or nullptr. O(1).
template <class Node>
[[nodiscard]] inline Node* right_child(Node& n) {
  using traits = node_traits<std::remove_const_t<Node>>;
  return traits::right(const_cast<std::remove_const_t<Node>&>(n));
}

/// Calls visit with or without the depth, whichever it accepts; returns false when visit
/// asked to stop (returned false), true otherwise.
template <class Node, class Visit>
[[nodiscard]] inline bool invoke_visit(Visit& visit, Node& node, std::size_t depth) {
  if constexpr (std::is_invocable_v<Visit&, Node&, std::size_t>) {
    using result = std::invoke_result_t<Visit&, Node&, std::size_t>;
    if constexpr (std::is_same_v<result, bool>) {
      return visit(node, depth);
    } else {
      visit(node, depth);
      return true;
    }
  } else {
    static_assert(std::is_invocable_v<Visit&, Node&>,
                  "gametree: a traversal visitor must be callable as visit(node, depth) or "
                  "visit(node)");
    using result = std::invoke_result_t<Visit&, Node&>;
    if constexpr (std::is_same_v<result, bool>) {
      return visit(node);
    } else {
      visit(node);
      return true;
    }
  }
}

/// Post-order: both subtrees of a node (left first) are visited before the node itself, so
/// a visitor can compute a node's value from its children's. Depth is the node's distance
/// from the root.
/// Complexity: O(n) time, O(height) extra memory (the stack holds exactly the path from the
/// root to the current node, so the depth is the stack size and need not be stored).
/// Throws only what visit or allocating the stack throws.
template <class Node, class Visit>
bool for_each_postorder(Node* root, Visit&& visit) {
  if (root == nullptr) return true;
  struct frame {
    Node* node;
    bool right_pending;  // the right subtree has not been entered yet
  };
  std::vector<frame> path;
  path.reserve(64);
  Node* next = root;
  for (;;) {
    // Go down the left spine of the subtree at `next`.
    while (next != nullptr) {
      path.push_back(frame{next, true});
      next = left_child(*next);
    }
    // Climb until some ancestor still has a right subtree to enter.
    for (;;) {
      frame& top = path.back();
      if (top.right_pending) {
        top.right_pending = false;
        next = right_child(*top.node);
        if (next != nullptr) break;
      }
      if (!invoke_visit(visit, *top.node, path.size() - 1)) return false;
      path.pop_back();
      if (path.empty()) return true;
    }
  }
}

/// Post-order fold: computes one Result per node from the results of its subtrees, children
/// before parents, and returns the root's (root must not be nullptr). combine is called once
/// per node as combine(node, depth, left, right) -> Result, where left and right point to the
/// results of the node's left and right subtrees, or are nullptr for a missing child (both
/// are nullptr at a leaf); the pointers are valid only during the call.
/// Unlike for_each_postorder, a finished subtree's result travels on the fold's own stack:
/// a node is read once on the way down (for its two children) and then only by combine, and
/// children are never read again by their parent. On trees larger than the cache, that is
/// one miss per node instead of three.
/// Complexity: O(n) time and O(height) extra memory. Throws only what combine, copying
/// Result or allocating the stacks throws.
template <class Result, class Node, class Combine>
[[nodiscard]] Result fold_postorder(Node* root, Combine&& combine) {
  enum class shape : unsigned char { both, left_only, right_only };
  struct frame {
    Node* node;
    Node* right;  // the right subtree, until it is entered
    shape children;
  };
  // The ancestors of the current node, root first, in frames[0, depth). The vector only
  // owns the memory; the loop works on plain locals so that they stay in registers.
  std::vector<frame> frames(64);
  frame* path = frames.data();
  std::size_t depth = 0;
  std::size_t capacity = frames.size();
  const auto push = [&](const frame& f) {
    if (depth == capacity) [[unlikely]] {
      frames.resize(2 * capacity);
      path = frames.data();
      capacity = frames.size();
    }
    path[depth++] = f;
  };
  std::vector<Result> lefts;  // results of left subtrees whose right sibling is in progress
  const Result* const none = nullptr;
  Node* next = root;
  for (;;) {
    // Go down from `next`, to the left child when there is one, to a leaf. A right child is
    // prefetched when it is first seen, so that it is in the cache when its turn comes.
    for (;;) {
      Node* const left = left_child(*next);
      Node* const right = right_child(*next);
      if (left != nullptr) {
        if (right != nullptr) prefetch(right);
        push(frame{next, right, right != nullptr ? shape::both : shape::left_only});
        next = left;
      } else if (right != nullptr) {
        push(frame{next, nullptr, shape::right_only});
        next = right;
      } else {
        break;
      }
    }
    Result result = combine(*next, depth, none, none);
    // Climb, finishing ancestors, until one still has a right subtree to enter.
    for (;;) {
      if (depth == 0) return result;
      frame& top = path[depth - 1];
      if (top.right != nullptr) {
        lefts.push_back(std::move(result));
        next = top.right;
        top.right = nullptr;
        break;
      }
      --depth;
      if (top.children == shape::both) {
        result = combine(*top.node, depth, &lefts.back(), &result);
        lefts.pop_back();
      } else if (top.children == shape::left_only) {
        result = combine(*top.node, depth, &result, none);
      } else {
        result = combine(*top.node, depth, none, &result);
      }
    }
  }
}

/// Pre-order: a node, then its left subtree, then its right subtree.
/// Complexity: O(n) time, O(height) extra memory. Throws only what visit or allocating the
/// stack throws.
template <class Node, class Visit>
bool for_each_preorder(Node* root, Visit&& visit) {
  if (root == nullptr) return true;
  struct frame {
    Node* node;
    std::size_t depth;
  };
  std::vector<frame> stack;
  stack.reserve(64);
  stack.push_back(frame{root, 0});
  while (!stack.empty()) {
    const frame top = stack.back();
    stack.pop_back();
    if (!invoke_visit(visit, *top.node, top.depth)) return false;
    // Right is pushed first so that the left subtree comes out of the stack first.
    if (Node* r = right_child(*top.node)) stack.push_back(frame{r, top.depth + 1});
    if (Node* l = left_child(*top.node)) stack.push_back(frame{l, top.depth + 1});
  }
  return true;
}

/// Level order (breadth first): depth 0, then depth 1 left to right, and so on.
/// Complexity: O(n) time, O(maximum width) extra memory. Throws only what visit or
/// allocating the buffers throws.
template <class Node, class Visit>
bool for_each_level_order(Node* root, Visit&& visit) {
  if (root == nullptr) return true;
  std::vector<Node*> level{root};
  std::vector<Node*> next_level;
  for (std::size_t depth = 0; !level.empty(); ++depth) {
    next_level.clear();
    for (Node* node : level) {
      if (!invoke_visit(visit, *node, depth)) return false;
      if (Node* l = left_child(*node)) next_level.push_back(l);
      if (Node* r = right_child(*node)) next_level.push_back(r);
    }
    level.swap(next_level);
  }
  return true;
}

/// In order: a node's left subtree, the node, then its right subtree (the order of the seed
/// 000 program's print_tree).
/// Complexity: O(n) time, O(height) extra memory. Throws only what visit or allocating the
/// stack throws.
template <class Node, class Visit>
bool for_each_inorder(Node* root, Visit&& visit) {
  struct frame {
    Node* node;
    std::size_t depth;
  };
  std::vector<frame> stack;
  stack.reserve(64);
  Node* next = root;
  std::size_t depth = 0;
  for (;;) {
    while (next != nullptr) {
      stack.push_back(frame{next, depth});
      next = left_child(*next);
      ++depth;
    }
    if (stack.empty()) return true;
    const frame top = stack.back();
    stack.pop_back();
    if (!invoke_visit(visit, *top.node, top.depth)) return false;
    next = right_child(*top.node);
    depth = top.depth + 1;
  }
}

}  // namespace detail
}  // namespace gametree
