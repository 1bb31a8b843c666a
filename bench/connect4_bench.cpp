// connect4/gametree/<set>/<n>: the first n positions of one of Pons' Connect 4 test sets
// (../shared/data/connect4, or GAMETREE_CONNECT4_DATA at configure time) solved exactly by
// the generic engine as the connect4 program runs it (narrowing, the game's hints alone, no
// line, a 64 MiB table cleared before each position, one thread). Counters: nodes per
// position (Pons' count: every position the search enters, the root included) and
// microseconds per position. Every score is checked against the set's before timing.
// The whole sets (and the first 50 of Test_L1_R3) are run by the report through the program
// (scripts/connect4-report.sh): minutes, too long for a benchmark repetition.

#include <gametree/games/connect_four.hpp>
#include <gametree/search.hpp>

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdint>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "../examples/connect4.hpp"

namespace {

using board = gametree::games::connect_four<>;

struct position {
  board game;
  int score = 0;
};

std::vector<position> read_set(const std::string& name, std::size_t limit) {
  std::vector<position> set;
#ifdef GAMETREE_CONNECT4_DATA
  std::ifstream in(std::string(GAMETREE_CONNECT4_DATA) + "/" + name);
  std::string moves;
  int score = 0;
  while (set.size() < limit && in >> moves >> score) set.push_back({board::from_moves(moves), score});
#else
  (void)name;
  (void)limit;
#endif
  return set;
}


void solve_set(benchmark::State& state, const std::string& name) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const std::vector<position> set = read_set(name, n);
  if (set.size() != n) {
    state.SkipWithError(("Pons' set " + name + " not found (GAMETREE_CONNECT4_DATA)").c_str());
    return;
  }
  gametree::engine<board> e(connect4_app::engine_options(64));  // as the program runs
  for (const position& p : set) {
    e.clear();
    if (p.game.pons_score(e.solve(p.game).value) != p.score) {
      state.SkipWithError("a score differs from the set's");
      return;
    }
  }
  std::uint64_t nodes = 0;
  double seconds = 0;
  for (auto _ : state) {
    const auto t0 = std::chrono::steady_clock::now();
    for (const position& p : set) {
      e.clear();
      const auto r = e.solve(p.game);
      benchmark::DoNotOptimize(r.value);
      nodes += r.stats.nodes;
    }
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
  const double positions = static_cast<double>(state.iterations()) * static_cast<double>(n);
  state.SetItemsProcessed(static_cast<std::int64_t>(nodes));
  state.counters["nodes/position"] = static_cast<double>(nodes) / positions;
  state.counters["us/position"] = seconds * 1e6 / positions;
}

}  // namespace

BENCHMARK_CAPTURE(solve_set, L3_R1, std::string("Test_L3_R1"))->Name("connect4/gametree/Test_L3_R1")->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(solve_set, L2_R1, std::string("Test_L2_R1"))->Name("connect4/gametree/Test_L2_R1")->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(solve_set, L1_R1, std::string("Test_L1_R1"))->Name("connect4/gametree/Test_L1_R1")->Arg(200)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(solve_set, L2_R2, std::string("Test_L2_R2"))->Name("connect4/gametree/Test_L2_R2")->Arg(50)->Unit(benchmark::kMillisecond);
