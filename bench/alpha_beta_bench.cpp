// alpha_beta/<seed_port|gametree|scan_limit>/<leaves>: the same seeded random leaves (scores
// in [-1000, 1000], as the seed allows) for each; items/s = leaves evaluated per second, so
// 1e9 / items_per_second is the time per evaluated leaf.

#include <gametree/alpha_beta.hpp>

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "seed_ports/alpha_beta_seed_port.hpp"

namespace {

struct bench_tree {
  std::size_t branching;
  std::size_t leaf_count;
};

// 3^8 (the seed's largest shape), 2^20 (deep and narrow), 5^8 (wide).
constexpr bench_tree trees[] = {{3, 6561}, {2, 1048576}, {5, 390625}};

std::vector<long long> random_leaves(std::size_t n) {
  std::mt19937_64 rng(0xa1fa'be7a);
  std::uniform_int_distribution<long long> score(-1000, 1000);
  std::vector<long long> leaves(n);
  for (long long& v : leaves) v = score(rng);
  return leaves;
}

void seed_port(benchmark::State& state, bench_tree tree) {
  const auto leaves = random_leaves(tree.leaf_count);
  long long evaluated = 0;
  for (auto _ : state) {
    const auto [value, count] = gametree_bench::seed_port::alpha_beta(leaves, tree.branching);
    benchmark::DoNotOptimize(value);
    evaluated = count;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * evaluated);
  state.counters["leaves_evaluated"] = static_cast<double>(evaluated);
}

void library(benchmark::State& state, bench_tree tree) {
  const auto leaves = random_leaves(tree.leaf_count);
  // Both must do the same work, or the comparison means nothing.
  const auto expected = gametree_bench::seed_port::alpha_beta(leaves, tree.branching);
  std::uint64_t evaluated = 0;
  for (auto _ : state) {
    const auto result = gametree::alpha_beta(leaves, tree.branching);
    benchmark::DoNotOptimize(result.value);
    evaluated = result.leaves_evaluated;
    if (result.value != expected.first ||
        evaluated != static_cast<std::uint64_t>(expected.second)) {
      state.SkipWithError("gametree::alpha_beta disagrees with the seed port");
      break;
    }
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(evaluated));
  state.counters["leaves_evaluated"] = static_cast<double>(evaluated);
}

// The least work possible: read every leaf once.
void scan_limit(benchmark::State& state, bench_tree tree) {
  const auto leaves = random_leaves(tree.leaf_count);
  for (auto _ : state) {
    long long sum = std::accumulate(leaves.begin(), leaves.end(), 0LL);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(tree.leaf_count));
}

const bool registered = [] {
  for (const bench_tree& tree : trees) {
    const std::string size = std::to_string(tree.leaf_count);
    benchmark::RegisterBenchmark(("alpha_beta/seed_port/" + size).c_str(), seed_port, tree);
    benchmark::RegisterBenchmark(("alpha_beta/gametree/" + size).c_str(), library, tree);
    benchmark::RegisterBenchmark(("alpha_beta/scan_limit/" + size).c_str(), scan_limit, tree);
  }
  return true;
}();

}  // namespace
