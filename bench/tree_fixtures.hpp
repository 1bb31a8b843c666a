#pragma once
// Random binary trees of the seeds' LeetCode node shapes for the tree benchmarks, and the
// limits they are compared with: a pre-order scan and a post-order walk.

#include <gametree/binary_tree.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

namespace bench_support {

// Seed 000's node: value in `val`, raw child pointers.
struct val_node {
  long long val = 0;
  val_node* left = nullptr;
  val_node* right = nullptr;
};

// Seed 001's node: value in `data`, raw child pointers.
struct data_node {
  long long data = 0;
  data_node* left = nullptr;
  data_node* right = nullptr;
};

// n nodes in one pool; each new node fills a uniformly chosen open child slot, which gives the
// shape of a random binary search tree (expected height about 4.3 ln n, ~60 at n = 10^6, so
// the recursive seed ports are safe on it). Nodes sit in memory in creation order, not in
// traversal order, as in a tree built by insertions. label(i, rng) gives the value of the
// node created i-th; seed selects the tree.
template <class Node>
class random_tree {
 public:
  template <class Label>
  random_tree(std::size_t n, std::uint64_t seed, Label label) : nodes_(n) {
    std::mt19937_64 rng(seed ^ (0x9e3779b97f4a7c15ULL * (n + 1)));
    std::vector<Node**> open{&root_};
    for (std::size_t i = 0; i < n; ++i) {
      Node& node = nodes_[i];
      std::uniform_int_distribution<std::size_t> pick(0, open.size() - 1);
      const std::size_t s = pick(rng);
      *open[s] = &node;
      open[s] = open.back();
      open.pop_back();
      gametree::node_traits<Node>::value(node) = label(i, rng);
      open.push_back(&node.left);
      open.push_back(&node.right);
    }
  }
  random_tree(const random_tree&) = delete;
  random_tree& operator=(const random_tree&) = delete;

  [[nodiscard]] Node* root() const noexcept { return root_; }
  [[nodiscard]] std::size_t size() const noexcept { return nodes_.size(); }

 private:
  std::vector<Node> nodes_;
  Node* root_ = nullptr;
};

// The least work any answer needs: visit every node once through its child pointers and read
// its value. The walk goes down left children in a register and stacks only right children,
// the cheapest explicit-stack pre-order, so that the bound is not loose. The stack is kept
// between calls, as a library would keep its own.
template <class Node>
long long scan_values(Node* root) {
  static thread_local std::vector<Node*> pending;
  pending.clear();
  long long sum = 0;
  Node* node = root;
  while (node != nullptr) {
    sum += gametree::node_traits<Node>::value(*node);
    Node* const right = node->right;
    node = node->left;
    if (right != nullptr) {
      if (node == nullptr) {
        node = right;
      } else {
        pending.push_back(right);
      }
    }
    if (node == nullptr && !pending.empty()) {
      node = pending.back();
      pending.pop_back();
    }
  }
  return sum;
}

// The least work a bottom-up fill needs: children before parents (post-order) with explicit
// stacks, and each internal node written once, with the larger of its children's values. A
// finished subtree's value travels on a stack, so each node's value is read once (a leaf's from
// the node, an internal node's from the stack) and a parent never reloads its children: the
// cheapest post-order found, so that the bound is not loose. The stacks are kept between calls,
// as in scan_values. Returns the root's value.
template <class Node>
long long postorder_values(Node* root) {
  struct frame {
    Node* node;
    Node* right;  // the right subtree, until it is entered
    bool both;    // the node has two children
  };
  static thread_local std::vector<frame> path;
  static thread_local std::vector<long long> lefts;  // left subtrees whose sibling is in progress
  path.clear();
  lefts.clear();
  if (root == nullptr) return 0;
  Node* node = root;
  for (;;) {
    for (;;) {
      Node* const left = node->left;
      Node* const right = node->right;
      if (left != nullptr) {
        path.push_back(frame{node, right, right != nullptr});
        node = left;
      } else if (right != nullptr) {
        path.push_back(frame{node, nullptr, false});
        node = right;
      } else {
        break;
      }
    }
    long long value = gametree::node_traits<Node>::value(*node);
    for (;;) {
      if (path.empty()) return value;
      frame& top = path.back();
      if (top.right != nullptr) {
        lefts.push_back(value);
        node = top.right;
        top.right = nullptr;
        break;
      }
      if (top.both) {
        value = std::max(lefts.back(), value);
        lefts.pop_back();
      }
      gametree::node_traits<Node>::value(*top.node) = value;
      path.pop_back();
    }
  }
}

}  // namespace bench_support
