#pragma once
// Seed 001 ported to C++ as written (a recursive solve over the seed's `data` node with
// counters kept in the object), and the random trees the coloring benchmarks run on.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

namespace coloring_bench {

// The seed's TreeNode: value in `data`, raw child pointers.
struct tree_node {
  long long data = 0;
  tree_node* left = nullptr;
  tree_node* right = nullptr;
};

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

// A random tree of n nodes in one pool: each new node fills a uniformly chosen open child
// slot (the shape of a random binary search tree: expected height about 4.3 ln n, ~60 at
// n = 10^6, so the recursive seed port is safe on it). The node created i-th holds the value
// i + 1, so values are 1..n and unrelated to the order of a traversal, and nodes sit in
// memory in creation order, not traversal order, as in a tree built by insertions.
class random_tree {
 public:
  random_tree(std::size_t n, std::uint64_t seed) : nodes_(n) {
    std::mt19937_64 rng(seed ^ (0x9e3779b97f4a7c15ULL * (n + 1)));
    std::vector<tree_node**> open{&root_};
    for (std::size_t i = 0; i < n; ++i) {
      tree_node& node = nodes_[i];
      std::uniform_int_distribution<std::size_t> pick(0, open.size() - 1);
      const std::size_t s = pick(rng);
      *open[s] = &node;
      open[s] = open.back();
      open.pop_back();
      node.data = static_cast<long long>(i + 1);
      open.push_back(&node.left);
      open.push_back(&node.right);
    }
  }
  random_tree(const random_tree&) = delete;
  random_tree& operator=(const random_tree&) = delete;

  [[nodiscard]] tree_node* root() const noexcept { return root_; }
  [[nodiscard]] std::size_t size() const noexcept { return nodes_.size(); }

 private:
  std::vector<tree_node> nodes_;
  tree_node* root_ = nullptr;
};

// The least work any answer needs: visit every node once through its child pointers and read
// its value. The walk goes down left children in a register and stacks only right children,
// the cheapest explicit-stack pre-order (and the one gametree::coloring uses), so that the
// bound is not loose. The stack is kept between calls.
inline long long scan_values(tree_node* root) {
  static thread_local std::vector<tree_node*> pending;
  pending.clear();
  long long sum = 0;
  tree_node* node = root;
  while (node != nullptr) {
    sum += node->data;
    tree_node* const right = node->right;
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

}  // namespace coloring_bench
