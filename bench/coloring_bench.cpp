// tree_coloring/<seed_port|gametree|scan_limit>/<n>: the seed's question "can player 2 win
// after x?" on the same seeded random trees of n nodes (shape: see coloring_seed_port.hpp),
// n = 10^3 .. 10^6. x is the node created in the middle (value n/2 + 1), anywhere in the tree.
// Items processed = nodes.

#include <gametree/coloring.hpp>

#include <benchmark/benchmark.h>

#include <cstddef>
#include <map>
#include <memory>

#include "coloring_seed_port.hpp"

namespace {

const coloring_bench::random_tree& tree_of(std::size_t n) {
  static std::map<std::size_t, std::unique_ptr<coloring_bench::random_tree>> trees;
  auto& tree = trees[n];
  if (!tree) tree = std::make_unique<coloring_bench::random_tree>(n, 1);
  return *tree;
}

int middle_label(std::size_t n) { return static_cast<int>(n / 2 + 1); }

void seed_port(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const auto& tree = tree_of(n);
  coloring_bench::seed_solution solution;
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        solution.btreeGameWinningMove(tree.root(), static_cast<int>(n), middle_label(n)));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(n));
}

void library(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const auto& tree = tree_of(n);
  const coloring_bench::tree_node* root = tree.root();
  for (auto _ : state) {
    benchmark::DoNotOptimize(gametree::coloring::second_player_wins(root, n, middle_label(n)));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(n));
}

void scan_limit(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const auto& tree = tree_of(n);
  for (auto _ : state) {
    benchmark::DoNotOptimize(coloring_bench::scan_values(tree.root()));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(n));
}

}  // namespace

BENCHMARK(seed_port)->Name("tree_coloring/seed_port")->RangeMultiplier(10)->Range(1000, 1000000);
BENCHMARK(library)->Name("tree_coloring/gametree")->RangeMultiplier(10)->Range(1000, 1000000);
BENCHMARK(scan_limit)->Name("tree_coloring/scan_limit")->RangeMultiplier(10)->Range(1000, 1000000);
