#pragma once
// Binary trees: the shape requirements every gametree algorithm states (node_traits and the
// concepts built on it), how roots are passed, and the library's own owning node.
//
// Algorithms work on the user's nodes as they are: LeetCode-style nodes are recognised
// without any adapter, and any other shape is adapted by specialising node_traits (the
// traits-class technique of Boost.Graph's graph_traits).

#include <gametree/detail/traversal.hpp>

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

namespace gametree {

namespace detail {

// A child link the primary node_traits understands: Node*, or a smart pointer whose get()
// yields Node* (std::unique_ptr with any deleter, std::shared_ptr).
template <class Link, class Node>
concept child_link = std::same_as<std::remove_cv_t<Link>, Node*> || requires(const Link& link) {
  { link.get() } -> std::same_as<Node*>;
};

template <class Node, class Link>
[[nodiscard]] inline Node* link_target(const Link& link) noexcept {
  if constexpr (std::is_pointer_v<Link>) {
    return link;
  } else {
    return link.get();
  }
}

template <class Node>
concept has_val_member = std::is_member_object_pointer_v<decltype(&Node::val)>;
template <class Node>
concept has_data_member = std::is_member_object_pointer_v<decltype(&Node::data)>;
template <class Node>
concept has_value_member = std::is_member_object_pointer_v<decltype(&Node::value)>;

// Each child is detected on its own, so a diagnostic names the one that is missing.
template <class Node>
concept detected_left = requires(Node& n) {
  requires child_link<std::remove_cvref_t<decltype(n.left)>, Node>;
};
template <class Node>
concept detected_right = requires(Node& n) {
  requires child_link<std::remove_cvref_t<decltype(n.right)>, Node>;
};

// Exactly one of val, data, value: with two of them the intended one is a guess, so such a
// node has to say which through a node_traits specialisation.
template <class Node>
inline constexpr int value_member_count =
    int{has_val_member<Node>} + int{has_data_member<Node>} + int{has_value_member<Node>};

template <class Node>
struct detected_left_access {};

template <detected_left Node>
struct detected_left_access<Node> {
  static Node* left(Node& n) noexcept { return link_target<Node>(n.left); }
};

template <class Node>
struct detected_right_access {};

template <detected_right Node>
struct detected_right_access<Node> {
  static Node* right(Node& n) noexcept { return link_target<Node>(n.right); }
};

template <class Node>
struct detected_value_access {};

template <class Node>
constexpr auto& detected_value_ref(Node& n) noexcept {
  if constexpr (has_val_member<Node>) {
    return n.val;
  } else if constexpr (has_data_member<Node>) {
    return n.data;
  } else {
    return n.value;
  }
}

template <class Node>
  requires(value_member_count<Node> == 1)
struct detected_value_access<Node> {
  using value_type = std::remove_cvref_t<decltype(detected_value_ref(std::declval<Node&>()))>;
  static constexpr auto& value(Node& n) noexcept { return detected_value_ref(n); }
};

}  // namespace detail

/// How gametree reaches a node's children and value. The primary template recognises
/// LeetCode-style nodes: children in members `left` and `right` that are `Node*`,
/// `std::unique_ptr<Node>` or `std::shared_ptr<Node>`, and the value in exactly one member
/// named `val`, `data` or `value`. It then provides
///   static Node* left(Node&);   static Node* right(Node&);   // nullptr when absent
///   static value_type& value(Node&);   using value_type = ...;
/// For any other shape, specialise node_traits<YourNode> with the same members (value and
/// value_type may be left out if no algorithm you call needs a value). The accessors must
/// not modify the node: read-only algorithms call them on const trees. All are O(1).
template <class Node>
struct node_traits : detail::detected_left_access<Node>,
                     detail::detected_right_access<Node>,
                     detail::detected_value_access<Node> {};

namespace detail {

template <class Node>
concept has_left_child = requires(Node& n) {
  { node_traits<Node>::left(n) } -> std::convertible_to<Node*>;
};
template <class Node>
concept has_right_child = requires(Node& n) {
  { node_traits<Node>::right(n) } -> std::convertible_to<Node*>;
};
template <class Node>
concept has_node_value = requires(Node& n) {
  typename node_traits<Node>::value_type;
  { node_traits<Node>::value(n) } -> std::convertible_to<const typename node_traits<Node>::value_type&>;
};

}  // namespace detail

/// A node type whose children gametree can reach through node_traits (cv-qualifiers and
/// references are ignored, so `const TreeNode` models it when `TreeNode` does).
template <class Node>
concept binary_tree_node = std::is_object_v<std::remove_cvref_t<Node>> &&
                           detail::has_left_child<std::remove_cvref_t<Node>> &&
                           detail::has_right_child<std::remove_cvref_t<Node>>;

/// A binary_tree_node that also carries a value through node_traits.
template <class Node>
concept valued_tree_node = binary_tree_node<Node> && detail::has_node_value<std::remove_cvref_t<Node>>;

/// The value type of a valued_tree_node.
template <valued_tree_node Node>
using tree_value_t = typename node_traits<std::remove_cvref_t<Node>>::value_type;

namespace detail {

/// The value of n through node_traits; for a const node, read-only (the traits accessors are
/// written for Node& and do not modify the node when only read). O(1).
template <valued_tree_node Node>
[[nodiscard]] inline decltype(auto) node_value(Node& n) {
  using traits = node_traits<std::remove_const_t<Node>>;
  if constexpr (std::is_const_v<Node>) {
    return std::as_const(traits::value(const_cast<std::remove_const_t<Node>&>(n)));
  } else {
    return traits::value(n);
  }
}

}  // namespace detail

namespace detail {

template <class Root>
struct root_node {};
template <class Node>
struct root_node<Node*> {
  using type = Node;
};
template <class Node, class Deleter>
struct root_node<std::unique_ptr<Node, Deleter>> {
  using type = Node;
};
template <class Node>
struct root_node<std::shared_ptr<Node>> {
  using type = Node;
};

}  // namespace detail

/// What algorithms accept as a tree's root: a pointer `Node*` / `const Node*` (nullptr is
/// the empty tree), or a `std::unique_ptr<Node>` / `std::shared_ptr<Node>` (passed by
/// reference, ownership is not taken), where Node is a binary_tree_node.
template <class Root>
concept tree_root = requires { typename detail::root_node<std::remove_cvref_t<Root>>::type; } &&
                    binary_tree_node<typename detail::root_node<std::remove_cvref_t<Root>>::type>;

/// The node type of a tree_root (const-qualified for `const Node*`).
template <tree_root Root>
using root_node_t = typename detail::root_node<std::remove_cvref_t<Root>>::type;

namespace detail {

/// The raw root pointer of any tree_root (nullptr for an empty tree). O(1), no throw.
template <tree_root Root>
[[nodiscard]] inline root_node_t<Root>* root_pointer(const Root& root) noexcept {
  if constexpr (std::is_pointer_v<Root>) {
    return root;
  } else {
    return root.get();
  }
}

}  // namespace detail

/// Number of nodes in the tree. O(n) time, O(height) memory; throws std::bad_alloc only.
template <tree_root Root>
[[nodiscard]] std::size_t count_nodes(const Root& root) {
  std::size_t count = 0;
  detail::for_each_preorder(detail::root_pointer(root), [&count](auto&) { ++count; });
  return count;
}

/// Number of levels of the tree: 0 for an empty tree, 1 for a single node, else one more
/// than the deepest node's depth. O(n) time, O(height) memory; throws std::bad_alloc only.
template <tree_root Root>
[[nodiscard]] std::size_t tree_height(const Root& root) {
  std::size_t height = 0;
  detail::for_each_preorder(detail::root_pointer(root), [&height](auto&, std::size_t depth) {
    height = std::max(height, depth + 1);
  });
  return height;
}

/// The values of a tree in order (left subtree, node, right subtree), copied into a vector.
/// O(n) time, O(n) memory for the result plus O(height) for the traversal; throws
/// std::bad_alloc or what copying a value throws.
template <tree_root Root>
  requires valued_tree_node<root_node_t<Root>>
[[nodiscard]] std::vector<tree_value_t<root_node_t<Root>>> inorder_values(const Root& root) {
  using node_type = root_node_t<Root>;
  std::vector<tree_value_t<node_type>> values;
  detail::for_each_inorder(detail::root_pointer(root), [&values](node_type& node) {
    values.push_back(detail::node_value(node));
  });
  return values;
}

/// gametree's own binary tree node: a value and two owned children. Destruction, copying
/// and comparison are iterative, so a tree of any depth (a chain of 10^7 nodes) is safe.
/// It models valued_tree_node through the primary node_traits, like any user node.
template <class T>
struct binary_node {
  using value_type = T;

  T value{};
  std::unique_ptr<binary_node> left;
  std::unique_ptr<binary_node> right;

  /// A leaf holding a value-initialised T. O(1).
  binary_node() = default;

  /// A leaf holding v. O(1).
  explicit binary_node(T v) : value(std::move(v)) {}

  /// A node holding v with the given subtrees. O(1).
  binary_node(T v, std::unique_ptr<binary_node> l, std::unique_ptr<binary_node> r)
      : value(std::move(v)), left(std::move(l)), right(std::move(r)) {}

  /// Deep copy of the subtree rooted at other. O(n) time, O(height) memory.
  /// Throws std::bad_alloc or what copying T throws; nothing leaks then.
  binary_node(const binary_node& other) : value(other.value) {
    // Each entry: a source node whose children still have to be copied into dest.
    struct pending {
      const binary_node* source;
      binary_node* dest;
    };
    std::vector<pending> stack;
    stack.push_back(pending{&other, this});
    while (!stack.empty()) {
      const pending p = stack.back();
      stack.pop_back();
      if (p.source->right) {
        p.dest->right = std::make_unique<binary_node>(p.source->right->value);
        stack.push_back(pending{p.source->right.get(), p.dest->right.get()});
      }
      if (p.source->left) {
        p.dest->left = std::make_unique<binary_node>(p.source->left->value);
        stack.push_back(pending{p.source->left.get(), p.dest->left.get()});
      }
    }
  }

  /// Replaces this subtree by a deep copy of other (strong guarantee: copy, then swap).
  /// O(n + m) time. Throws what the copy constructor throws.
  binary_node& operator=(const binary_node& other) {
    if (this != &other) {
      binary_node copy(other);
      swap(copy);
    }
    return *this;
  }

  /// Takes over other's value and subtrees; other keeps a moved-from value and no children.
  /// O(1).
  binary_node(binary_node&&) = default;
  /// O(1) plus destroying the replaced subtrees (iteratively). The source must not be a
  /// node of this subtree.
  binary_node& operator=(binary_node&&) = default;

  /// Destroys the subtree without recursion: a right rotation lifts each left child above
  /// its parent until the node has no left child; it is then freed with its right subtree
  /// carried on. Each node takes part in O(1) rotations: O(n) time, O(1) extra memory.
  ~binary_node() {
    if (!left && !right) return;
    destroy_chain(std::move(left));
    destroy_chain(std::move(right));
  }

  /// Swaps the values and subtrees of two nodes. O(1).
  void swap(binary_node& other) noexcept(std::is_nothrow_swappable_v<T>) {
    using std::swap;
    swap(value, other.value);
    left.swap(other.left);
    right.swap(other.right);
  }

  /// True when both subtrees have the same shape and equal values at the same places.
  /// O(min(n, m)) time, O(height) memory, no recursion. Throws std::bad_alloc only (or what
  /// comparing T throws).
  friend bool operator==(const binary_node& a, const binary_node& b)
    requires std::equality_comparable<T>
  {
    struct pair {
      const binary_node* a;
      const binary_node* b;
    };
    std::vector<pair> stack;
    stack.push_back(pair{&a, &b});
    while (!stack.empty()) {
      const pair p = stack.back();
      stack.pop_back();
      if (!(p.a->value == p.b->value)) return false;
      if (static_cast<bool>(p.a->left) != static_cast<bool>(p.b->left)) return false;
      if (static_cast<bool>(p.a->right) != static_cast<bool>(p.b->right)) return false;
      if (p.a->right) stack.push_back(pair{p.a->right.get(), p.b->right.get()});
      if (p.a->left) stack.push_back(pair{p.a->left.get(), p.b->left.get()});
    }
    return true;
  }

 private:
  static void destroy_chain(std::unique_ptr<binary_node> node) noexcept {
    while (node) {
      if (node->left) {
        std::unique_ptr<binary_node> lifted = std::move(node->left);
        node->left = std::move(lifted->right);
        lifted->right = std::move(node);
        node = std::move(lifted);
      } else {
        // No left child: free the node (its destructor sees no children) and go on with
        // its right subtree.
        std::unique_ptr<binary_node> rest = std::move(node->right);
        node = std::move(rest);
      }
    }
  }
};

/// Swaps two subtrees. O(1).
template <class T>
void swap(binary_node<T>& a, binary_node<T>& b) noexcept(noexcept(a.swap(b))) {
  a.swap(b);
}

/// Compares two possibly empty trees given by their owning roots: equal when both are empty
/// or both hold equal trees (see binary_node's operator==). O(n), no recursion.
template <class T>
[[nodiscard]] bool trees_equal(const std::unique_ptr<binary_node<T>>& a,
                               const std::unique_ptr<binary_node<T>>& b) {
  if (!a || !b) return !a && !b;
  return *a == *b;
}

/// Builds a node on the heap: make_node(1, make_node(2), nullptr). T is deduced from the
/// value only, so nullptr and subtrees of the same T may be passed for the children.
/// O(1). Throws std::bad_alloc or what moving T throws.
template <class T>
[[nodiscard]] std::unique_ptr<binary_node<T>> make_node(
    T value, std::unique_ptr<binary_node<std::type_identity_t<T>>> left = nullptr,
    std::unique_ptr<binary_node<std::type_identity_t<T>>> right = nullptr) {
  return std::make_unique<binary_node<T>>(std::move(value), std::move(left), std::move(right));
}

}  // namespace gametree
