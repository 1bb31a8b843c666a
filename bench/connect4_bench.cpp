// connect4/gametree/<set>/<n>: the first n positions of one of Pons' Connect 4 test sets
// (../shared/data/connect4, or GAMETREE_CONNECT4_DATA at configure time) solved exactly by
// the generic engine as the connect4 program runs it (narrowing, the game's hints alone, no
// line, a 64 MiB table cleared before each position, one thread). Counters: nodes per
// position (Pons' count: every position the search enters, the root included) and
// microseconds per position. Every score is checked against the set's before timing.
// The whole sets (and the first 50 of Test_L1_R3) are run by the report through the program
// (scripts/connect4-report.sh): minutes, too long for a benchmark repetition.
//
// parallel/...: the same with engine_options::threads (Lazy SMP, docs/parallel.md), in wall
// time: connect4/gametree/Test_L1_R2/<n>/threads:<t> solves; connect4/gametree/depth:<d> and
// tic_tac_toe/gametree/depth:<d> are depth-limited searches (Connect 4 after 4453, table
// cleared each time) to the same depth at 1 to 4 threads. Compare the rows of one run only.
// .../side_by_side/threads:<t>: one thread and t threads searching each position in turn (the
// machine's speed varies from minute to minute: so both meet the same minutes), with the
// ratios of their times and nodes as counters: time_ratio is the figure docs/parallel.md
// gives. The solves' row is Test_L1_R2's first 60, the positions of the goal; the weak
// row (weak/4444/side_by_side/1/threads:2) one solve of a hundred million nodes whose table
// fills (one repetition: 40 s), the two engines' signs compared; the test suite's smoke run
// leaves it out and runs the same code on a small position (weak/6614446666373154).

#include <gametree/games/connect_four.hpp>
#include <gametree/games/tic_tac_toe.hpp>
#include <gametree/search.hpp>

#include <benchmark/benchmark.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <optional>
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


// The first state.range(0) positions of set name, solved by threads threads.
void solve_positions(benchmark::State& state, const std::string& name, std::size_t threads) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const std::vector<position> set = read_set(name, n);
  if (set.size() != n) {
    state.SkipWithError(("Pons' set " + name + " not found (GAMETREE_CONNECT4_DATA)").c_str());
    return;
  }
  gametree::engine<board> e(connect4_app::engine_options(64, threads));  // as the program runs
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

void solve_set(benchmark::State& state, const std::string& name) { solve_positions(state, name, 1); }
// With state.range(1) threads.
void solve_set_threads(benchmark::State& state, const std::string& name) {
  solve_positions(state, name, static_cast<std::size_t>(state.range(1)));
}

// A depth-limited search of game to state.range(0) plies with state.range(1) threads, the
// table cleared before each.
template <class Game>
void search_depth(benchmark::State& state, const Game& game) {
  gametree::engine_options o;
  o.threads = static_cast<std::size_t>(state.range(1));
  gametree::engine<Game> e(o);
  gametree::search_limits limits;
  limits.max_depth = static_cast<std::int32_t>(state.range(0));
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    e.clear();
    const auto r = e.search(game, limits);
    if (r.depth < state.range(0) && !r.solved) {
      state.SkipWithError("the search stopped short of its depth");
      return;
    }
    benchmark::DoNotOptimize(r.value);
    nodes += r.stats.nodes;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(nodes));
  state.counters["nodes/search"] = static_cast<double>(nodes) / static_cast<double>(state.iterations());
}

// Side by side: each item searched by one thread and then by state.range(1) threads, in turn,
// so that both meet the same minutes of a machine whose speed varies from minute to minute.
// search(e, i) searches item i with engine e (table cleared) and gives its nodes and the
// threads that searched, or nothing when the result is wrong. Which of the two goes first
// alternates from search to search. Counters: the threaded searches' time and nodes over one
// thread's, both times per item, and the mean threads that searched (fewer than asked where
// the process has fewer CPUs, 1 where a search ends before the helpers join it); the
// iteration time is the threaded searches'.
struct searched {
  std::uint64_t nodes = 0;
  std::size_t threads = 0;
};
template <class Game, class Search>
void side_by_side(benchmark::State& state, gametree::engine_options o, std::size_t items, Search search) {
  o.threads = 1;
  gametree::engine<Game> one(o);
  o.threads = static_cast<std::size_t>(state.range(1));
  gametree::engine<Game> many(o);
  std::array<double, 2> seconds{};
  std::array<double, 2> nodes{};
  double threads_ran = 0;
  std::size_t turn = 0;
  for (auto _ : state) {
    double threaded = 0;
    for (std::size_t i = 0; i < items; ++i, ++turn) {
      for (std::size_t j = 0; j < 2; ++j) {
        const std::size_t k = (j + turn) % 2;
        gametree::engine<Game>& e = k == 0 ? one : many;
        e.clear();
        const auto t0 = std::chrono::steady_clock::now();
        const std::optional<searched> r = search(e, i);
        const double dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (!r) {
          state.SkipWithError("a search gave a wrong result");
          return;
        }
        seconds[k] += dt;
        nodes[k] += static_cast<double>(r->nodes);
        if (k == 1) {
          threaded += dt;
          threads_ran += static_cast<double>(r->threads);
        }
      }
    }
    state.SetIterationTime(threaded);
  }
  const double searches = static_cast<double>(state.iterations()) * static_cast<double>(items);
  state.counters["time_ratio"] = seconds[1] / seconds[0];
  state.counters["nodes_ratio"] = nodes[1] / nodes[0];
  state.counters["threads_ran"] = threads_ran / searches;
  state.counters["us/item, 1 thread"] = seconds[0] * 1e6 / searches;
  state.counters["us/item, threads"] = seconds[1] * 1e6 / searches;
}

// The first state.range(0) positions of Test_L1_R2 solved as the connect4 program does.
void solve_side_by_side(benchmark::State& state) {
  const std::vector<position> set = read_set("Test_L1_R2", static_cast<std::size_t>(state.range(0)));
  if (set.size() != static_cast<std::size_t>(state.range(0))) {
    state.SkipWithError("Pons' set Test_L1_R2 not found (GAMETREE_CONNECT4_DATA)");
    return;
  }
  side_by_side<board>(state, connect4_app::engine_options(64), set.size(),
                      [&](gametree::engine<board>& e, std::size_t i) -> std::optional<searched> {
                        const auto r = e.solve(set[i].game);
                        if (set[i].game.pons_score(r.value) != set[i].score) return std::nullopt;
                        return searched{r.stats.nodes, r.stats.threads};
                      });
}

// A weak solve of Connect 4 after moves, as `connect4 --weak` makes it: after 4444, 104
// million nodes in one thread (about 20 s here), the largest solve one repetition can hold
// (the empty board's takes minutes: the program measures it). Both engines must agree on the
// sign.
void weak_side_by_side(benchmark::State& state, const std::string& moves) {
  const board game = board::from_moves(moves);
  std::optional<int> sign;
  side_by_side<board>(state, connect4_app::engine_options(64), 1,
                      [&](gametree::engine<board>& e, std::size_t) -> std::optional<searched> {
                        const auto r = e.solve(game, {}, gametree::solve_mode::weak);
                        const int s = connect4_app::sign(game.pons_score(r.value));
                        if (sign && *sign != s) return std::nullopt;
                        sign = s;
                        return searched{r.stats.nodes, r.stats.threads};
                      });
}

// game searched to depth state.range(0), with the engine's default options.
template <class Game>
void depth_side_by_side(benchmark::State& state, const Game& game) {
  gametree::search_limits limits;
  limits.max_depth = static_cast<std::int32_t>(state.range(0));
  side_by_side<Game>(state, {}, 1, [&](gametree::engine<Game>& e, std::size_t) -> std::optional<searched> {
    const auto r = e.search(game, limits);
    if (r.depth < state.range(0) && !r.solved) return std::nullopt;
    return searched{r.stats.nodes, r.stats.threads};
  });
}

}  // namespace

BENCHMARK_CAPTURE(solve_set, L3_R1, std::string("Test_L3_R1"))->Name("connect4/gametree/Test_L3_R1")->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(solve_set, L2_R1, std::string("Test_L2_R1"))->Name("connect4/gametree/Test_L2_R1")->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(solve_set, L1_R1, std::string("Test_L1_R1"))->Name("connect4/gametree/Test_L1_R1")->Arg(200)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(solve_set, L2_R2, std::string("Test_L2_R2"))->Name("connect4/gametree/Test_L2_R2")->Arg(50)->Unit(benchmark::kMillisecond);

BENCHMARK_CAPTURE(solve_set_threads, L1_R2, std::string("Test_L1_R2"))
    ->Name("parallel/connect4/gametree/Test_L1_R2")
    ->ArgNames({"", "threads"})
    ->ArgsProduct({{10}, {1, 2, 3, 4}})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(search_depth, connect4, board::from_moves("4453"))
    ->Name("parallel/connect4/gametree/depth")
    ->ArgNames({"", "threads"})
    ->ArgsProduct({{14}, {1, 2, 3, 4}})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(search_depth, tic_tac_toe, gametree::games::tic_tac_toe{})
    ->Name("parallel/tic_tac_toe/gametree/depth")
    ->ArgNames({"", "threads"})
    ->ArgsProduct({{9}, {1, 2, 3, 4}})
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond);

BENCHMARK(solve_side_by_side)
    ->Name("parallel/connect4/gametree/Test_L1_R2/side_by_side")
    ->ArgNames({"", "threads"})
    ->ArgsProduct({{60}, {2}})
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(weak_side_by_side, after_4444, std::string("4444"))
    ->Name("parallel/connect4/gametree/weak/4444/side_by_side")
    ->ArgNames({"", "threads"})
    ->Args({1, 2})
    ->Iterations(1)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
// The same code on a weak solve of about a millisecond (Pons' Test_L2_R2, fifth line): the
// test suite's smoke run makes this one, the row above taking 40 s (CMakePresets.json).
BENCHMARK_CAPTURE(weak_side_by_side, small, std::string("6614446666373154"))
    ->Name("parallel/connect4/gametree/weak/6614446666373154/side_by_side")
    ->ArgNames({"", "threads"})
    ->Args({1, 2})
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(depth_side_by_side, connect4, board::from_moves("4453"))
    ->Name("parallel/connect4/gametree/depth/side_by_side")
    ->ArgNames({"", "threads"})
    ->ArgsProduct({{14}, {2, 3, 4}})
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(depth_side_by_side, tic_tac_toe, gametree::games::tic_tac_toe{})
    ->Name("parallel/tic_tac_toe/gametree/depth/side_by_side")
    ->ArgNames({"", "threads"})
    ->ArgsProduct({{9}, {2, 3, 4}})
    ->UseManualTime()
    ->Unit(benchmark::kMicrosecond);
