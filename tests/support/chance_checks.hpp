#pragma once
// Checks of an MCTS search of a game of chance against plain expectimax
// (reference/expectimax_reference.hpp), shared by tests/mcts_test.cpp (one thread) and
// tests/parallel_test.cpp (threads, a tree each or one shared tree).

#include <gametree/game.hpp>
#include <gametree/mcts.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "reference/expectimax_reference.hpp"
#include "support/catch.hpp"

namespace gametree_test {

// Plain expectimax's values (reference/expectimax_reference.hpp) and MCTS's agree to this:
// both sum a chance state's outcomes in the order listed, but a payoff_scale divides before
// MCTS sums and after expectimax does.
inline constexpr double chance_tolerance = 1e-9;

// The value of playing m at g for g's player, by plain expectimax.
template <class G>
double expectimax_after(const G& g, const typename G::move_type& m) {
  G child = g;
  child.play(m);
  const double v = reference::expectimax(child);
  return child.player_to_move() == g.player_to_move() ? v : -v;
}

// Every node of m's tree holds the true value of its state within its bounds (for the player
// who chooses it), and a proven node holds exactly it. value(g) is the true value of g for its
// player to move, scaled as rewards.
template <class G, class Value>
void check_tree_bounds(const gametree::mcts<G>& m, const Value& value) {
  std::vector<std::pair<std::vector<typename G::move_type>, G>> todo{{{}, m.root()}};  // (line, its state)
  while (!todo.empty()) {
    const auto [line, parent] = todo.back();
    todo.pop_back();
    for (const auto& info : m.children(line)) {
      G child = parent;
      child.play(info.move);
      const double v = child.player_to_move() == parent.player_to_move() ? value(child) : -value(child);
      INFO("a node " << line.size() + 1 << " moves deep, bounds [" << info.lower << ", " << info.upper << "], value " << v);
      CHECK(info.lower <= v + chance_tolerance);
      CHECK(info.upper >= v - chance_tolerance);
      if (info.proven) CHECK(std::abs(*info.proven - v) <= chance_tolerance);
      auto next = line;
      next.push_back(info.move);
      todo.emplace_back(std::move(next), std::move(child));
    }
  }
}


// Solves a random chance game with MCTS and checks it against plain expectimax: the root's
// value, every proven root move's, the best move's, and every node's bounds.
template <class Game>
void check_chance_solved(std::uint64_t seed, const gametree::mcts_options& options) {
  constexpr bool bounded = gametree::payoff_bounded_game<Game>;
  const Game g({.seed = seed, .max_ply = 4 + static_cast<int>(seed % 2), .width = 12});
  const double scale = options.payoff_scale;
  gametree::mcts<Game> m(options);
  const auto r = m.search(g, {.max_iterations = 2'000'000});  // a solve needs far fewer
  INFO("seed " << seed << (bounded ? ", payoff bounds" : "") << (g.is_chance() ? ", a chance root" : ""));
  REQUIRE(r.solved);
  const double expected = reference::expectimax(g) / scale;
  CHECK(std::abs(*r.proven_value - expected) <= chance_tolerance);
  CHECK(r.value == *r.proven_value);
  REQUIRE(r.best_move);
  std::size_t proven_moves = 0;
  for (const auto& info : r.moves) {
    const double v = expectimax_after(g, info.move) / scale;
    if (info.proven) {
      ++proven_moves;
      CHECK(std::abs(*info.proven - v) <= chance_tolerance);
    }
    if constexpr (bounded) CHECK((std::isfinite(info.lower) && std::isfinite(info.upper)));
  }
  if (g.is_chance()) {
    // A chance state is proven when all its outcomes are, or when an outcome's bounds are so
    // close that its share of their gap vanishes in the rounding of the sum.
    for (const auto& info : r.moves) CHECK((info.proven || info.upper - info.lower <= 1e-12));
    std::vector<gametree::chance_outcome<int>> outcomes;
    g.chance_outcomes(outcomes);
    const auto likeliest = std::max_element(outcomes.begin(), outcomes.end(), [](const auto& a, const auto& b) {
      return a.probability < b.probability;
    });
    CHECK(*r.best_move == likeliest->move);
  } else {
    CHECK(proven_moves > 0);
    CHECK(std::abs(expectimax_after(g, *r.best_move) / scale - expected) <= chance_tolerance);
  }
  check_tree_bounds(m, [scale](const Game& s) { return reference::expectimax(s) / scale; });
}

}  // namespace gametree_test
