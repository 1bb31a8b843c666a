#pragma once
// Value iteration: the exact values of a game whose states can be numbered (indexed_game),
// chance states among them, even where states repeat (Pig: a turn that scores nothing leaves
// the scores as they were), which tree search cannot solve exactly.
//
// The solver builds the game's graph once (every state, its moves or outcomes, the indices
// they lead to), then sweeps it: each state's value becomes the best of its moves (a decision
// state) or the probability-weighted mean of its outcomes (a chance state), for its player to
// move, until no value changes by more than the tolerance. Each sweep goes from the highest
// index down and uses the values already updated in it (Gauss-Seidel), so a game that numbers
// the states others depend on higher converges in fewer sweeps.

#include <gametree/game.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace gametree {

/// When value iteration stops.
struct value_iteration_options {
  /// Stop after the first sweep that changed no value by more than this (> 0).
  double tolerance = 1e-12;
  /// Throw std::runtime_error if the values have not settled after this many sweeps (>= 1).
  std::size_t max_sweeps = 100000;
};

/// The values and a best move of every state of a game, by value iteration.
template <class Game>
struct value_iteration_result {
  using move_type = typename Game::move_type;
  /// values[i]: the value of state i for its player to move (a payoff's expectation; for a
  /// game scored by game_outcome, a win counts +1, a loss -1, a draw 0).
  std::vector<double> values;
  /// best[i]: for a decision state, the position in legal_moves() of a move that achieves
  /// its value (the first such); no_move for a chance or terminal state.
  std::vector<std::uint32_t> best;
  static constexpr std::uint32_t no_move = std::numeric_limits<std::uint32_t>::max();
  std::size_t sweeps = 0;  ///< sweeps made, the last included
  double residual = 0;     ///< the largest change of a value in the last sweep

  /// The value of g for its player to move. Throws std::out_of_range if g's index is not one
  /// of the solved game's.
  [[nodiscard]] double value(const Game& g) const { return values.at(index(g)); }

  /// A best move at g, a decision state; empty at a chance or terminal state.
  [[nodiscard]] std::optional<move_type> best_move(const Game& g) const {
    const std::uint32_t b = best.at(index(g));
    if (b == no_move) return std::nullopt;
    std::vector<move_type> moves;
    g.legal_moves(moves);
    return moves.at(b);
  }

 private:
  [[nodiscard]] std::size_t index(const Game& g) const { return static_cast<std::size_t>(g.state_index()); }
};

namespace detail {

// The graph of an indexed game: per state its kind and its edges (the index reached, whether
// the player to move changes, the probability for a chance state's outcomes).
struct value_graph {
  enum class kind : std::uint8_t { decision, chance, terminal };
  std::vector<kind> kinds;
  std::vector<double> payoff;            // for a terminal state; else unused
  std::vector<std::uint64_t> first;      // edges of state i: [first[i], first[i + 1])
  std::vector<std::uint32_t> target;
  std::vector<std::uint8_t> flip;        // 1: the edge's state has the other player to move
  std::vector<double> probability;       // a chance edge's probability (1 for a decision edge)
};

template <class G>
double terminal_value(const G& g) {
  const auto o = *g.outcome();
  using O = std::remove_cvref_t<decltype(o)>;
  if constexpr (std::same_as<O, game_outcome>) {
    return o == game_outcome::win ? 1.0 : o == game_outcome::loss ? -1.0 : 0.0;
  } else {
    const double v = static_cast<double>(o);
    if (std::isnan(v)) throw game_contract_error("game contract: outcome() returned a NaN payoff");
    return v;
  }
}

template <class G>
std::size_t checked_index(const G& g, std::size_t count, const char* where) {
  const auto i = static_cast<std::size_t>(g.state_index());
  if (i >= count) {
    throw game_contract_error(std::string("game contract: state_index() must be below state_count() = ") +
                              std::to_string(count) + ", but " + where + " has index " + std::to_string(i));
  }
  return i;
}

// Throws std::length_error if n > limit: the graph numbers states, and a state's moves, in 32
// bits (what: the limit in words).
inline void check_fits(std::size_t n, std::size_t limit, const char* what) {
  if (n > limit) {
    throw std::length_error(std::string("solve_by_value_iteration: more than ") + what + " (" + std::to_string(n) + ")");
  }
}

template <class G>
value_graph build_value_graph(const G& any) {
  const auto count = static_cast<std::size_t>(any.state_count());
  if (count == 0) throw game_contract_error("game contract: state_count() must be at least 1");
  check_fits(count, std::numeric_limits<std::uint32_t>::max(), "2^32 - 1 states");
  value_graph v;
  v.kinds.resize(count);
  v.payoff.assign(count, 0.0);
  v.first.resize(count + 1);
  std::vector<typename G::move_type> moves;
  std::vector<chance_outcome<typename G::move_type>> outcomes;
  for (std::size_t i = 0; i < count; ++i) {
    v.first[i] = v.target.size();
    const G g = any.state_at(i);
    if (static_cast<std::size_t>(g.state_index()) != i) {
      throw game_contract_error("game contract: state_at(" + std::to_string(i) + ").state_index() must be " +
                                std::to_string(i) + ", not " + std::to_string(static_cast<std::size_t>(g.state_index())));
    }
    if (g.outcome()) {
      v.kinds[i] = value_graph::kind::terminal;
      v.payoff[i] = terminal_value(g);
      continue;
    }
    const auto edge = [&](const typename G::move_type& m, double p) {
      G child = g;
      child.play(m);
      v.target.push_back(static_cast<std::uint32_t>(checked_index(child, count, "a state a move leads to")));
      bool other = true;
      if constexpr (turn_reporting_game<G>) other = !(child.player_to_move() == g.player_to_move());
      v.flip.push_back(other ? 1 : 0);
      v.probability.push_back(p);
    };
    bool chance = false;
    if constexpr (chance_game<G>) chance = static_cast<bool>(g.is_chance());
    if (chance) {
      if constexpr (chance_game<G>) {
        v.kinds[i] = value_graph::kind::chance;
        outcomes.clear();
        g.chance_outcomes(outcomes);
        check_chance_outcomes(outcomes, 0);
        for (const auto& o : outcomes) edge(o.move, o.probability);
      }
    } else {
      v.kinds[i] = value_graph::kind::decision;
      moves.clear();
      g.legal_moves(moves);
      if (moves.empty()) check_generated<G>(0, 0);
      check_fits(moves.size(), std::numeric_limits<std::uint32_t>::max() - 1, "2^32 - 2 moves at one state");
      for (const auto& m : moves) edge(m, 1.0);
    }
  }
  v.first[count] = v.target.size();
  return v;
}

}  // namespace detail

/// Solves the game of `any` (any one of its states) by value iteration: every state's value
/// for its player to move and a best move at every decision state. Chance states (chance_game)
/// take the mean of their outcomes. Memory: about 13 bytes per move or outcome and 22 per
/// state. Throws std::invalid_argument for bad options, game_contract_error where the game
/// breaks the indexed_game or chance_game contract (the message names the rule), and
/// std::runtime_error if the values do not settle within options.max_sweeps (a game in which
/// a player can keep the game going for ever without cost may have no such values).
template <indexed_game Game>
value_iteration_result<Game> solve_by_value_iteration(const Game& any, const value_iteration_options& options = {}) {
  static_assert(detail::well_formed_chance_game<Game>());
  if (!(options.tolerance > 0)) throw std::invalid_argument("solve_by_value_iteration: the tolerance must be > 0");
  if (options.max_sweeps == 0) throw std::invalid_argument("solve_by_value_iteration: max_sweeps must be >= 1");
  const detail::value_graph graph = detail::build_value_graph(any);
  using kind = detail::value_graph::kind;
  const std::size_t count = graph.kinds.size();
  value_iteration_result<Game> r;
  r.values.assign(count, 0.0);
  r.best.assign(count, value_iteration_result<Game>::no_move);
  std::vector<double>& v = r.values;
  for (std::size_t i = 0; i < count; ++i) {
    if (graph.kinds[i] == kind::terminal) v[i] = graph.payoff[i];
  }
  // The value of a decision state's edges: the best, and where it first comes.
  const auto best_edge = [&](std::size_t i, std::uint64_t& at) {
    double best = -std::numeric_limits<double>::infinity();
    for (std::uint64_t e = graph.first[i]; e < graph.first[i + 1]; ++e) {
      const double w = graph.flip[e] ? -v[graph.target[e]] : v[graph.target[e]];
      if (w > best) {
        best = w;
        at = e;
      }
    }
    return best;
  };
  while (true) {
    double residual = 0;
    for (std::size_t i = count; i-- > 0;) {
      double value = 0;
      if (graph.kinds[i] == kind::terminal) continue;
      if (graph.kinds[i] == kind::decision) {
        std::uint64_t at = 0;
        value = best_edge(i, at);
      } else {
        for (std::uint64_t e = graph.first[i]; e < graph.first[i + 1]; ++e) {
          value += graph.probability[e] * (graph.flip[e] ? -v[graph.target[e]] : v[graph.target[e]]);
        }
      }
      residual = std::max(residual, std::abs(value - v[i]));
      v[i] = value;
    }
    ++r.sweeps;
    r.residual = residual;
    if (residual <= options.tolerance) break;
    if (r.sweeps >= options.max_sweeps) {
      throw std::runtime_error("solve_by_value_iteration: the values did not settle within " +
                               std::to_string(options.max_sweeps) + " sweeps (the last changed a value by " +
                               std::to_string(residual) + ")");
    }
  }
  for (std::size_t i = 0; i < count; ++i) {
    if (graph.kinds[i] != kind::decision) continue;
    std::uint64_t at = graph.first[i];
    (void)best_edge(i, at);
    r.best[i] = static_cast<std::uint32_t>(at - graph.first[i]);
  }
  return r;
}

}  // namespace gametree
