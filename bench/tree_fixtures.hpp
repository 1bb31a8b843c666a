#pragma once
// Random binary trees of the seeds' LeetCode node shapes for the tree benchmarks, and the scan
// limit they are compared with.

#include <gametree/binary_tree.hpp>

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

}  // namespace bench_support
