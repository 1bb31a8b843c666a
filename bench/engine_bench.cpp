// engine/<gametree|handwritten>/<game>/<depth>: one depth-limited alpha-beta search of the
// game's start position (Connect 4: after 4453, by the rules alone). gametree is the engine with its table off and move ordering off;
// handwritten is a plain recursive negamax written for that game alone, with the same move
// order and no table: the least a generic engine can cost. Both enter the same nodes (checked
// before timing). items/s = nodes/s.
// engine/gametree/tic_tac_toe/solve: the exact solve of the empty board with the table on
// (16,384 entries, cleared before each solve).

#include <gametree/games/connect_four.hpp>
#include <gametree/games/nim.hpp>
#include <gametree/games/tic_tac_toe.hpp>
#include <gametree/search.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace {

namespace games = gametree::games;

// Tic-tac-toe without score bounds and move hints: the handwritten search has neither.
struct plain_tic_tac_toe {
  using move_type = int;
  games::tic_tac_toe t;
  void legal_moves(std::vector<int>& out) const { t.legal_moves(out); }
  void play(int m) { t.play(m); }
  void undo(int m) { t.undo(m); }
  [[nodiscard]] auto outcome() const { return t.outcome(); }
  [[nodiscard]] int evaluate() const { return t.evaluate(); }
};

// Nim as it ships, without hash and key: the handwritten search has no table.
struct plain_nim {
  using move_type = games::nim_move;
  games::nim n;
  void legal_moves(std::vector<move_type>& out) const { n.legal_moves(out); }
  void play(const move_type& m) { n.play(m); }
  void undo(const move_type& m) { n.undo(m); }
  [[nodiscard]] auto outcome() const { return n.outcome(); }
  [[nodiscard]] int evaluate() const { return n.evaluate(); }
};

// Connect 4 by its rules alone (every column, its evaluation): no search_moves, bounds,
// hints or hash, which the handwritten search does not have either.
struct plain_connect_four {
  using move_type = int;
  games::connect_four<> c;
  void legal_moves(std::vector<int>& out) const { c.legal_moves(out); }
  void play(int m) { c.play(m); }
  void undo(int m) { c.undo(m); }
  [[nodiscard]] auto outcome() const { return c.outcome(); }
  [[nodiscard]] int evaluate() const { return c.evaluate(); }
};

// The handwritten search: negamax alpha-beta (fail-soft) on int scores, a win or loss scored
// +-(win - plies from the root) so that faster wins and slower losses come first, as the
// engine orders them. One move buffer per ply, reused.
template <class Game>
class handwritten {
 public:
  static constexpr int win = 1 << 20;

  int search(Game& g, int depth) {
    nodes = 0;
    if (buffers_.size() < static_cast<std::size_t>(depth) + 1) buffers_.resize(static_cast<std::size_t>(depth) + 1);
    return negamax(g, depth, 0, -2 * win, 2 * win);
  }
  std::uint64_t nodes = 0;

 private:
  int negamax(Game& g, int depth, int ply, int alpha, int beta) {
    ++nodes;
    if (const auto o = g.outcome()) {
      return *o == gametree::game_outcome::loss ? ply - win : *o == gametree::game_outcome::win ? win - ply : 0;
    }
    if (depth == 0) return g.evaluate();
    auto& moves = buffers_[static_cast<std::size_t>(ply)];
    moves.clear();
    g.legal_moves(moves);
    int best = -2 * win;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const auto m = moves[i];
      g.play(m);
      const int v = -negamax(g, depth - 1, ply + 1, -beta, -alpha);
      g.undo(m);
      if (v > best) {
        best = v;
        if (v > alpha) {
          alpha = v;
          if (alpha >= beta) break;
        }
      }
    }
    return best;
  }

  std::vector<std::vector<typename Game::move_type>> buffers_;
};

gametree::engine_options bare() {
  gametree::engine_options o;
  o.table_mib = 0;
  o.move_ordering = false;
  return o;
}

template <class Game>
std::uint64_t engine_nodes(const Game& g, int depth) {
  gametree::engine<Game> e(bare());
  return e.search(g, {.max_depth = depth}).stats.nodes_by_depth.back();
}

template <class Game>
void library(benchmark::State& state, Game g) {
  const int depth = static_cast<int>(state.range(0));
  gametree::engine<Game> e(bare());
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    // Iterative deepening: depths 1 .. depth, as the handwritten side runs them too.
    const auto r = e.search(g, {.max_depth = depth, .max_nodes = {}, .max_time = {}, .stop = nullptr});
    benchmark::DoNotOptimize(r.value);
    nodes += r.stats.nodes;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(nodes));
  state.counters["nodes"] = static_cast<double>(nodes) / static_cast<double>(state.iterations());
}

template <class Game>
void reference(benchmark::State& state, Game g) {
  const int depth = static_cast<int>(state.range(0));
  handwritten<Game> h;
  // The same tree: the engine's last iteration and the handwritten search enter the same nodes.
  (void)h.search(g, depth);
  if (h.nodes != engine_nodes(g, depth)) {
    state.SkipWithError("the handwritten search and the engine entered different nodes");
    return;
  }
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    std::uint64_t all = 0;
    // As many searches as the engine's iterative deepening makes: depth 1, 2, ..., depth.
    for (int d = 1; d <= depth; ++d) {
      benchmark::DoNotOptimize(h.search(g, d));
      all += h.nodes;
    }
    nodes += all;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(nodes));
  state.counters["nodes"] = static_cast<double>(nodes) / static_cast<double>(state.iterations());
}

void solve_tic_tac_toe(benchmark::State& state) {
  // A table sized to the game (5,478 positions), cleared before each solve as Pons clears his
  // before each position: clearing the default 16 MiB would cost more than the solve.
  gametree::engine_options o;
  o.table_entries = 1 << 14;
  gametree::engine<games::tic_tac_toe> e(o);
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    e.clear();
    const auto r = e.solve(games::tic_tac_toe{});
    benchmark::DoNotOptimize(r.value);
    nodes += r.stats.nodes;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(nodes));
  state.counters["nodes"] = static_cast<double>(nodes) / static_cast<double>(state.iterations());
}

const plain_tic_tac_toe empty_board{};
const plain_nim heaps{games::nim({3, 4, 5})};
const plain_connect_four opening{games::connect_four<>::from_moves("4453")};

}  // namespace

BENCHMARK_CAPTURE(library, tic_tac_toe, empty_board)->Name("engine/gametree/tic_tac_toe")->Arg(5)->Arg(9);
BENCHMARK_CAPTURE(reference, tic_tac_toe, empty_board)->Name("engine/handwritten/tic_tac_toe")->Arg(5)->Arg(9);
BENCHMARK_CAPTURE(library, nim, heaps)->Name("engine/gametree/nim")->Arg(6)->Arg(9);
BENCHMARK_CAPTURE(reference, nim, heaps)->Name("engine/handwritten/nim")->Arg(6)->Arg(9);
BENCHMARK_CAPTURE(library, connect_four, opening)->Name("engine/gametree/connect_four")->Arg(6)->Arg(9);
BENCHMARK_CAPTURE(reference, connect_four, opening)->Name("engine/handwritten/connect_four")->Arg(6)->Arg(9);
BENCHMARK(solve_tic_tac_toe)->Name("engine/gametree/tic_tac_toe/solve");
