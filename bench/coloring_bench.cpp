// tree_coloring/<seed_port|gametree|scan_limit>/<n>: the seed's question "can player 2 win
// after x?" on the same seeded random trees of n nodes (shape: see tree_fixtures.hpp),
// n = 10^3 .. 10^6. The node created i-th holds the value i + 1, so values are 1..n and
// unrelated to the order of a traversal. x is the node created in the middle (value n/2 + 1),
// anywhere in the tree. Items processed = nodes.

#include <gametree/coloring.hpp>

#include <benchmark/benchmark.h>

#include <cstddef>
#include <map>
#include <memory>
#include <random>

#include "seed_ports/coloring_seed_port.hpp"
#include "tree_fixtures.hpp"

namespace {

using tree = bench_support::random_tree<bench_support::data_node>;

const tree& tree_of(std::size_t n) {
  static std::map<std::size_t, std::unique_ptr<tree>> trees;
  auto& t = trees[n];
  if (!t) {
    t = std::make_unique<tree>(n, 1, [](std::size_t i, std::mt19937_64&) {
      return static_cast<long long>(i + 1);
    });
  }
  return *t;
}

int middle_label(std::size_t n) { return static_cast<int>(n / 2 + 1); }

void seed_port(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const tree& t = tree_of(n);
  gametree_bench::seed_port::seed_solution solution;
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        solution.btreeGameWinningMove(t.root(), static_cast<int>(n), middle_label(n)));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(n));
}

void library(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const tree& t = tree_of(n);
  const bench_support::data_node* root = t.root();
  for (auto _ : state) {
    benchmark::DoNotOptimize(gametree::coloring::second_player_wins(root, n, middle_label(n)));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(n));
}

void scan_limit(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const tree& t = tree_of(n);
  for (auto _ : state) {
    benchmark::DoNotOptimize(bench_support::scan_values(t.root()));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(n));
}

}  // namespace

BENCHMARK(seed_port)->Name("tree_coloring/seed_port")->RangeMultiplier(10)->Range(1000, 1000000);
BENCHMARK(library)->Name("tree_coloring/gametree")->RangeMultiplier(10)->Range(1000, 1000000);
BENCHMARK(scan_limit)->Name("tree_coloring/scan_limit")->RangeMultiplier(10)->Range(1000, 1000000);
