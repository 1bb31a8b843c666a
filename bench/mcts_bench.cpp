// mcts/gametree/<game>: one MCTS search (default options: UCT, the solver, playouts) of
// 10,000 iterations from the start position, the tree's pool warm. items/s = iterations/s.
// mcts/gametree_no_solver/<game>: the same as plain UCT.
// mcts/playout_limit/<game>: 10,000 bare uniform random playouts from the start position with
// the same random numbers and move generation, and nothing else: the least an iteration can
// cost. items/s = playouts/s. The goal: an iteration at most 1.5x a playout.
// mcts/gametree/connect_four/cold/iterations:N/threads:T: one search of N iterations from the
// empty board by a new searcher of T threads (root parallelisation, docs/parallel.md).

#include <gametree/games/connect_four.hpp>
#include <gametree/games/tic_tac_toe.hpp>
#include <gametree/mcts.hpp>

#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

namespace {

namespace games = gametree::games;
constexpr std::uint64_t iterations = 10000;

template <class Game>
void library(benchmark::State& state, bool solver) {
  gametree::mcts<Game> m({.solver = solver, .seed = 1});
  std::uint64_t done = 0;
  std::uint64_t plies = 0;
  for (auto _ : state) {
    const auto r = m.search(Game{}, {.max_iterations = iterations});
    done += r.stats.iterations;
    plies += r.stats.playout_plies;
    benchmark::DoNotOptimize(r.best_move);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(done));
  state.counters["playout_plies/iteration"] = static_cast<double>(plies) / static_cast<double>(done);
}

template <class Game>
void playouts(benchmark::State& state) {
  gametree::playout_random random(1);
  std::vector<typename Game::move_type> moves;
  const Game start{};
  Game g = start;
  std::uint64_t done = 0;
  std::uint64_t plies = 0;
  for (auto _ : state) {
    for (std::uint64_t i = 0; i < iterations; ++i) {
      g = start;
      while (!g.outcome()) {
        moves.clear();
        g.legal_moves(moves);
        g.play(moves[random.below(moves.size())]);
        ++plies;
      }
      benchmark::DoNotOptimize(g);
    }
    done += iterations;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(done));
  state.counters["playout_plies/iteration"] = static_cast<double>(plies) / static_cast<double>(done);
}

// One search of state.range(0) iterations from the empty Connect 4 board with state.range(1)
// threads, from a new searcher each time (the pool cold, as a program's first move is): the
// long runs the warm 10,000-iteration rows flatter. Wall time; items/s = iterations/s.
void connect_four_cold(benchmark::State& state) {
  const auto iterations_asked = static_cast<std::uint64_t>(state.range(0));
  const auto threads = static_cast<std::size_t>(state.range(1));
  std::uint64_t done = 0;
  std::uint64_t seed = 1;
  for (auto _ : state) {
    gametree::mcts<games::connect_four<>> m({.seed = seed++, .threads = threads});
    const auto r = m.search(games::connect_four<>{}, {.max_iterations = iterations_asked});
    done += r.stats.iterations;
    benchmark::DoNotOptimize(r.best_move);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(done));
}

void tic_tac_toe_search(benchmark::State& state, bool solver) { library<games::tic_tac_toe>(state, solver); }
void connect_four_search(benchmark::State& state, bool solver) { library<games::connect_four<>>(state, solver); }

}  // namespace

BENCHMARK_CAPTURE(tic_tac_toe_search, solver, true)->Name("mcts/gametree/tic_tac_toe");
BENCHMARK_CAPTURE(tic_tac_toe_search, no_solver, false)->Name("mcts/gametree_no_solver/tic_tac_toe");
BENCHMARK_TEMPLATE(playouts, games::tic_tac_toe)->Name("mcts/playout_limit/tic_tac_toe");
BENCHMARK_CAPTURE(connect_four_search, solver, true)->Name("mcts/gametree/connect_four");
BENCHMARK_CAPTURE(connect_four_search, no_solver, false)->Name("mcts/gametree_no_solver/connect_four");
BENCHMARK_TEMPLATE(playouts, games::connect_four<>)->Name("mcts/playout_limit/connect_four");
BENCHMARK(connect_four_cold)
    ->Name("mcts/gametree/connect_four/cold")
    ->ArgNames({"iterations", "threads"})
    ->ArgsProduct({{200'000, 1'000'000}, {1, 2}})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
