// Games of chance.
// expectimax/<none|star1|star2>/pig/<depth>: the engine's iterative deepening to that depth
// from 20 fixed Pig positions (goal 100), a 16 MiB table cleared before each; the same
// searches with chance_pruning none (plain expectimax), star1 and star2. Counters: nodes per
// position; items/s = nodes/s.
// expectimax/<none|star1|star2>/random/<plies>: the exact solve of 200 random game trees of
// chance up to 14 plies (tests/reference/random_chance_game.hpp: branching 1 - 4, two states
// in five chance states, payoffs in [-1, 1], 2^20 states a ply: few transpositions), same
// table, same counters.
// value_iteration/gametree/pig/<goal>: Pig solved by value iteration (items/s = states/s).

#include <gametree/games/pig.hpp>
#include <gametree/search.hpp>
#include <gametree/value_iteration.hpp>

#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "../tests/reference/random_chance_game.hpp"

namespace {

using gametree::chance_pruning;
using gametree::games::pig;

const char* name_of(chance_pruning c) {
  return c == chance_pruning::none ? "none" : c == chance_pruning::star1 ? "star1" : "star2";
}

std::vector<pig> pig_positions() {
  std::mt19937_64 rng(2004);
  std::vector<pig> positions;
  for (int n = 0; n < 20; ++n) {
    const int mine = static_cast<int>(rng() % 100);
    const int turn = static_cast<int>(rng() % static_cast<std::uint64_t>(100 - mine));
    positions.push_back(pig::at(100, mine, static_cast<int>(rng() % 100), turn));
  }
  return positions;
}

// Searches every position (depth > 0: to that depth; else solved), the table cleared first.
template <class Game>
void searches(benchmark::State& state, const std::vector<Game>& positions, chance_pruning c, int depth) {
  gametree::engine<Game> e({.table_mib = 16, .chance = c});
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    nodes = 0;
    for (const Game& g : positions) {
      e.clear();
      const auto r = depth > 0 ? e.search(g, {.max_depth = depth}) : e.solve(g);
      benchmark::DoNotOptimize(r.value);
      nodes += r.stats.nodes;
    }
  }
  state.counters["nodes"] = static_cast<double>(nodes) / static_cast<double>(positions.size());
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(nodes));
}

void register_all() {
  static const std::vector<pig> pigs = pig_positions();
  static const std::vector<gametree_test::random_chance_game<true>> trees = [] {
    std::vector<gametree_test::random_chance_game<true>> t;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) t.push_back(gametree_test::random_chance_game<true>({.seed = seed, .max_ply = 14, .width = 1U << 20}));
    return t;
  }();
  for (const chance_pruning c : {chance_pruning::none, chance_pruning::star1, chance_pruning::star2}) {
    for (const int depth : {8, 11}) {
      benchmark::RegisterBenchmark(
          (std::string("expectimax/") + name_of(c) + "/pig/" + std::to_string(depth)).c_str(),
          [c, depth](benchmark::State& s) { searches(s, pigs, c, depth); })
          ->Unit(benchmark::kMillisecond);
    }
    benchmark::RegisterBenchmark((std::string("expectimax/") + name_of(c) + "/random/14").c_str(),
                                 [c](benchmark::State& s) { searches(s, trees, c, 0); })
        ->Unit(benchmark::kMillisecond);
  }
  for (const int goal : {25, 100}) {
    benchmark::RegisterBenchmark(("value_iteration/gametree/pig/" + std::to_string(goal)).c_str(),
                                 [goal](benchmark::State& s) {
                                   const pig start(goal);
                                   for (auto _ : s) {
                                     const auto r = gametree::solve_by_value_iteration(start);
                                     benchmark::DoNotOptimize(r.values.data());
                                   }
                                   s.SetItemsProcessed(s.iterations() * static_cast<std::int64_t>(start.state_count()));
                                 })
        ->Unit(benchmark::kMillisecond);
  }
}

const int registered = (register_all(), 0);

}  // namespace
