// minimax_fill/<seed_port|gametree|scan_limit>/<nodes> on the same random trees of the
// seed's node shape (TreeNode with val/left/right raw pointers).
#include <gametree/minimax_fill.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

#include "tree_fixtures.hpp"

namespace {

using bench_support::tree_node;

// Seed 000 ported line by line: height() then helper() recursing with the current depth.
std::size_t seed_height(const tree_node* root) {
  if (root == nullptr) return 0;
  return 1 + std::max(seed_height(root->left), seed_height(root->right));
}

void seed_helper(tree_node* root, std::size_t h, std::size_t current_height) {
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

tree_node* seed_solve(tree_node* root) {
  seed_helper(root, seed_height(root), 0);
  return root;
}

void seed_port(benchmark::State& state) {
  bench_support::random_tree tree(static_cast<std::size_t>(state.range(0)), 0);
  for (auto _ : state) {
    benchmark::DoNotOptimize(seed_solve(tree.root()));
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

void library(benchmark::State& state) {
  bench_support::random_tree tree(static_cast<std::size_t>(state.range(0)), 0);
  for (auto _ : state) {
    benchmark::DoNotOptimize(gametree::minimax_fill(tree.root()));
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

void scan_limit(benchmark::State& state) {
  bench_support::random_tree tree(static_cast<std::size_t>(state.range(0)), 0);
  for (auto _ : state) {
    benchmark::DoNotOptimize(bench_support::scan_values(tree.root()));
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

}  // namespace

BENCHMARK(seed_port)->Name("minimax_fill/seed_port")->RangeMultiplier(10)->Range(1000, 1000000);
BENCHMARK(library)->Name("minimax_fill/gametree")->RangeMultiplier(10)->Range(1000, 1000000);
BENCHMARK(scan_limit)->Name("minimax_fill/scan_limit")->RangeMultiplier(10)->Range(1000, 1000000);
