// grid_game/<seed_port|gametree|scan_limit>/<n>: who wins the '+'/'-' grid walk game (seed 003,
// AtCoder ABC201 D) on the same seeded random n x n grids, n = 250 .. 4000 (AtCoder's limit is
// 2000). Items processed = cells. The scan limit counts the '+' cells: reading each cell once.

#include <gametree/grid_game.hpp>

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "seed_ports/grid_game_seed_port.hpp"

namespace {

const std::vector<std::string>& grid_of(std::size_t n) {
  static std::map<std::size_t, std::vector<std::string>> grids;
  auto& grid = grids[n];
  if (grid.empty()) {
    std::mt19937_64 rng(20210515 + n);
    grid.assign(n, std::string(n, '+'));
    for (std::string& row : grid) {
      for (char& c : row) c = (rng() & 1U) != 0 ? '+' : '-';
    }
    // Both solvers must agree before either is timed.
    if (n <= 2000 && grid_game_bench::seed_solve(grid) != gametree::grid::solve(grid).score) {
      throw std::logic_error("grid_game bench: seed port and library disagree");
    }
  }
  return grid;
}

void set_items(benchmark::State& state, std::size_t n) {
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(n * n));
}

void seed_port(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const auto& grid = grid_of(n);
  for (auto _ : state) benchmark::DoNotOptimize(grid_game_bench::seed_solve(grid));
  set_items(state, n);
}

void library(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const auto& grid = grid_of(n);
  for (auto _ : state) benchmark::DoNotOptimize(gametree::grid::solve(grid));
  set_items(state, n);
}

void scan_limit(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const auto& grid = grid_of(n);
  for (auto _ : state) {
    std::size_t plus = 0;
    for (const std::string& row : grid) {
      // A 32-bit count per row lets the compiler vectorise the comparison.
      std::uint32_t in_row = 0;
      for (const char c : row) in_row += c == '+' ? 1U : 0U;
      plus += in_row;
    }
    benchmark::DoNotOptimize(plus);
  }
  set_items(state, n);
}

void sizes(benchmark::internal::Benchmark* b) {
  for (const int n : {250, 1000, 2000, 4000}) b->Arg(n);
  b->Unit(benchmark::kMicrosecond);
}

}  // namespace

BENCHMARK(seed_port)->Name("grid_game/seed_port")->Apply(sizes);
BENCHMARK(library)->Name("grid_game/gametree")->Apply(sizes);
BENCHMARK(scan_limit)->Name("grid_game/scan_limit")->Apply(sizes);
