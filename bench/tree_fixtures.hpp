#pragma once
// Random binary trees of the seeds' LeetCode node shape for the tree benchmarks, and the
// scan limit they are compared with: an explicit-stack walk that reads every node once.

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

namespace bench_support {

struct tree_node {
  long long val = 0;
  tree_node* left = nullptr;
  tree_node* right = nullptr;
};

// n nodes in one pool; each new node fills a uniformly chosen open child slot, so the shape
// is random with expected height O(log n) (the seed ports recurse on it safely). Values are
// random in [-10^6, 10^6] for seed 0; seed selects the tree.
class random_tree {
 public:
  random_tree(std::size_t n, std::uint64_t seed) : nodes_(n) {
    std::mt19937_64 rng(seed + 0x9e3779b97f4a7c15ULL * (n + 1));
    std::uniform_int_distribution<long long> value(-1000000, 1000000);
    std::vector<tree_node**> open{&root_};
    for (tree_node& node : nodes_) {
      std::uniform_int_distribution<std::size_t> pick(0, open.size() - 1);
      const std::size_t i = pick(rng);
      *open[i] = &node;
      open[i] = open.back();
      open.pop_back();
      node.val = value(rng);
      open.push_back(&node.left);
      open.push_back(&node.right);
    }
  }
  random_tree(const random_tree&) = delete;
  random_tree& operator=(const random_tree&) = delete;

  [[nodiscard]] tree_node* root() const noexcept { return root_; }
  [[nodiscard]] std::vector<tree_node>& nodes() noexcept { return nodes_; }

 private:
  std::vector<tree_node> nodes_;
  tree_node* root_ = nullptr;
};

// The least work any tree algorithm does: visit every node once through the child pointers
// and read its value. The stack is kept between calls like a library would keep its own.
inline long long scan_values(tree_node* root) {
  static thread_local std::vector<tree_node*> stack;
  stack.clear();
  long long sum = 0;
  if (root != nullptr) stack.push_back(root);
  while (!stack.empty()) {
    tree_node* n = stack.back();
    stack.pop_back();
    sum += n->val;
    if (n->right != nullptr) stack.push_back(n->right);
    if (n->left != nullptr) stack.push_back(n->left);
  }
  return sum;
}

}  // namespace bench_support
