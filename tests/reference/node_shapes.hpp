#pragma once
// User node shapes the binary-tree algorithms must accept: LeetCode-style nodes (value in
// `val`, `data` or `value`; children as raw, unique or shared pointers) recognised without
// adapter code, and two shapes adapted by specialising gametree::node_traits. Each can be
// built as a copy of a gametree::binary_node<int> tree.

#include <gametree/binary_tree.hpp>

#include <cstddef>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

namespace gametree_test {

template <class N>
using raw_link = N*;
template <class N>
using unique_link = std::unique_ptr<N>;
template <class N>
using shared_link = std::shared_ptr<N>;

template <template <class> class Link>
struct val_node {  // seed 000's TreeNode
  int val = 0;
  Link<val_node> left{};
  Link<val_node> right{};
};

template <template <class> class Link>
struct data_node {  // seed 001's TreeNode
  long long data = 0;
  Link<data_node> left{};
  Link<data_node> right{};
};

template <template <class> class Link>
struct value_node {
  Link<value_node> left{};
  Link<value_node> right{};
  double value = 0;
};

// Owns a tree of a LeetCode-style Node copied from a binary_node<int> tree.
template <class Node>
class shape_tree {
 public:
  using link = std::remove_cvref_t<decltype(std::declval<Node&>().left)>;

  explicit shape_tree(const gametree::binary_node<int>* source) {
    if (source == nullptr) return;
    struct pending {
      const gametree::binary_node<int>* from;
      Node* to;
    };
    std::vector<pending> stack{{source, attach(root_, source->value)}};
    while (!stack.empty()) {
      const pending p = stack.back();
      stack.pop_back();
      if (p.from->left) stack.push_back({p.from->left.get(), attach(p.to->left, p.from->left->value)});
      if (p.from->right) stack.push_back({p.from->right.get(), attach(p.to->right, p.from->right->value)});
    }
  }
  shape_tree(const shape_tree&) = delete;
  shape_tree& operator=(const shape_tree&) = delete;

  Node* root() const { return gametree::detail::root_pointer(root_); }
  const link& root_link() const { return root_; }

 private:
  Node* attach(link& slot, int v) {
    if constexpr (std::is_pointer_v<link>) {
      owned_.push_back(std::make_unique<Node>());
      slot = owned_.back().get();
    } else if constexpr (std::is_same_v<link, std::unique_ptr<Node>>) {
      slot = std::make_unique<Node>();
    } else {
      slot = std::make_shared<Node>();
    }
    Node* n = gametree::detail::root_pointer(slot);
    using value_type = gametree::tree_value_t<Node>;
    gametree::node_traits<Node>::value(*n) = static_cast<value_type>(v);
    return n;
  }

  std::vector<std::unique_ptr<Node>> owned_;  // raw-pointer shapes only
  link root_{};
};

// Index-based nodes living in a vector; each refers to its pool, so node_traits can turn an
// index into a node. Adapted by the node_traits specialisation below.
struct pool_node;
struct pool_tree {
  std::vector<pool_node> nodes;
};
struct pool_node {
  pool_tree* pool = nullptr;
  int score = 0;
  int first = -1;   // left child index, -1 when absent
  int second = -1;  // right child index
};

// Fills t (whose address the nodes keep) with a copy of a binary_node<int> tree; index 0 is
// the root.
inline void fill_pool_tree(pool_tree& t, const gametree::binary_node<int>* source) {
  t.nodes.clear();
  if (source == nullptr) return;
  std::vector<const gametree::binary_node<int>*> order{source};
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (order[i]->left) order.push_back(order[i]->left.get());
    if (order[i]->right) order.push_back(order[i]->right.get());
  }
  t.nodes.resize(order.size());
  std::size_t next = 1;
  for (std::size_t i = 0; i < order.size(); ++i) {
    pool_node& n = t.nodes[i];
    n.pool = &t;
    n.score = order[i]->value;
    if (order[i]->left) n.first = static_cast<int>(next++);
    if (order[i]->right) n.second = static_cast<int>(next++);
  }
}

// A position in a game with other member names: children in an array.
struct position {
  int payoff = 0;
  position* moves[2] = {nullptr, nullptr};
};

}  // namespace gametree_test

template <>
struct gametree::node_traits<gametree_test::pool_node> {
  using value_type = int;
  static gametree_test::pool_node* left(gametree_test::pool_node& n) noexcept {
    return n.first < 0 ? nullptr : &n.pool->nodes[static_cast<std::size_t>(n.first)];
  }
  static gametree_test::pool_node* right(gametree_test::pool_node& n) noexcept {
    return n.second < 0 ? nullptr : &n.pool->nodes[static_cast<std::size_t>(n.second)];
  }
  static int& value(gametree_test::pool_node& n) noexcept { return n.score; }
};

template <>
struct gametree::node_traits<gametree_test::position> {
  using value_type = int;
  static gametree_test::position* left(gametree_test::position& n) noexcept { return n.moves[0]; }
  static gametree_test::position* right(gametree_test::position& n) noexcept { return n.moves[1]; }
  static int& value(gametree_test::position& n) noexcept { return n.payoff; }
};
