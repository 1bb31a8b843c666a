// minimax_fill/<seed_port|gametree|scan_limit|postorder_limit>/<nodes> on the same random trees
// of the seed's node shape (val/left/right raw pointers), n = 10^3 .. 10^6; values random in
// [-10^6, 10^6]. Items processed = nodes. The fill needs children before parents, so beside
// the pre-order scan it is measured against a bare post-order walk that writes every internal
// node (bench_support::postorder_values).
#include <gametree/minimax_fill.hpp>

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <random>

#include "seed_ports/minimax_fill_seed_port.hpp"
#include "tree_fixtures.hpp"

namespace {

using tree = bench_support::random_tree<bench_support::val_node>;

tree make_tree(const benchmark::State& state) {
  return tree(static_cast<std::size_t>(state.range(0)), 0, [](std::size_t, std::mt19937_64& rng) {
    return std::uniform_int_distribution<long long>(-1000000, 1000000)(rng);
  });
}

void seed_port(benchmark::State& state) {
  const tree t = make_tree(state);
  for (auto _ : state) {
    benchmark::DoNotOptimize(gametree_bench::seed_port::minimax_fill(t.root()));
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

void library(benchmark::State& state) {
  const tree t = make_tree(state);
  for (auto _ : state) {
    benchmark::DoNotOptimize(gametree::minimax_fill(t.root()));
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

void scan_limit(benchmark::State& state) {
  const tree t = make_tree(state);
  for (auto _ : state) {
    benchmark::DoNotOptimize(bench_support::scan_values(t.root()));
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

void postorder_limit(benchmark::State& state) {
  const tree t = make_tree(state);
  for (auto _ : state) {
    benchmark::DoNotOptimize(bench_support::postorder_values(t.root()));
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

}  // namespace

BENCHMARK(seed_port)->Name("minimax_fill/seed_port")->RangeMultiplier(10)->Range(1000, 1000000);
BENCHMARK(library)->Name("minimax_fill/gametree")->RangeMultiplier(10)->Range(1000, 1000000);
BENCHMARK(scan_limit)->Name("minimax_fill/scan_limit")->RangeMultiplier(10)->Range(1000, 1000000);
BENCHMARK(postorder_limit)
    ->Name("minimax_fill/postorder_limit")
    ->RangeMultiplier(10)
    ->Range(1000, 1000000);
