// mcts/gametree/<game>: one MCTS search (default options: UCT, the solver, playouts) of
// 10,000 iterations from the start position, the tree's pool warm. items/s = iterations/s.
// mcts/gametree_no_solver/<game>: the same as plain UCT.
// mcts/playout_limit/<game>: 10,000 bare uniform random playouts from the start position with
// the same random numbers and move generation, and nothing else: the least an iteration can
// cost. items/s = playouts/s. The goal: an iteration at most 1.5x a playout.
// mcts/gametree/connect_four/cold/iterations:N/threads:T: one search of N iterations from the
// empty board by a new searcher of T threads (a tree per thread: mcts_parallelism::root,
// docs/parallel.md).
// mcts/gametree_shared_tree/connect_four/cold/...: the same, the threads sharing one tree
// (mcts_parallelism::tree).
// mcts/gametree[_shared_tree]/connect_four/evaluator_64_playouts/...: the same with an
// evaluator in place of the playout that costs what a small network might (the mean of 64
// random playouts, about 50 times the tree's work in an iteration): where evaluating a leaf, not the tree, is the
// work, as the shared tree is meant for.

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
// With slow_evaluator, each leaf is valued by many_playouts instead.
double many_playouts(const games::connect_four<>& start) {
  thread_local gametree::playout_random random(7);
  thread_local std::vector<games::connect_four<>::move_type> moves;
  double sum = 0;
  for (int i = 0; i < 64; ++i) {
    games::connect_four<> g = start;
    bool mover_changed = false;  // the player to move at the end is not start's
    while (!g.outcome()) {
      moves.clear();
      g.legal_moves(moves);
      g.play(moves[random.below(moves.size())]);
      mover_changed = !mover_changed;
    }
    const double v = static_cast<double>(*g.outcome());
    sum += mover_changed ? -v : v;
  }
  return sum / 64;
}

void connect_four_cold(benchmark::State& state, gametree::mcts_parallelism parallelism, bool slow_evaluator) {
  const auto iterations_asked = static_cast<std::uint64_t>(state.range(0));
  const auto threads = static_cast<std::size_t>(state.range(1));
  std::uint64_t done = 0;
  std::uint64_t seed = 1;
  for (auto _ : state) {
    gametree::mcts<games::connect_four<>> m({.seed = seed++, .threads = threads, .parallelism = parallelism});
    if (slow_evaluator) m.set_evaluator(many_playouts);
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
BENCHMARK_CAPTURE(connect_four_cold, root, gametree::mcts_parallelism::root, false)
    ->Name("mcts/gametree/connect_four/cold")
    ->ArgNames({"iterations", "threads"})
    ->ArgsProduct({{200'000, 1'000'000}, {1, 2}})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(connect_four_cold, tree, gametree::mcts_parallelism::tree, false)
    ->Name("mcts/gametree_shared_tree/connect_four/cold")
    ->ArgNames({"iterations", "threads"})
    ->ArgsProduct({{200'000, 1'000'000}, {2}})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(connect_four_cold, root_slow, gametree::mcts_parallelism::root, true)
    ->Name("mcts/gametree/connect_four/evaluator_64_playouts")
    ->ArgNames({"iterations", "threads"})
    ->ArgsProduct({{2'000}, {1, 2}})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(connect_four_cold, tree_slow, gametree::mcts_parallelism::tree, true)
    ->Name("mcts/gametree_shared_tree/connect_four/evaluator_64_playouts")
    ->ArgNames({"iterations", "threads"})
    ->ArgsProduct({{2'000}, {2}})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
