#pragma once
// Matches between two players of a game: N games from varied openings, each opening played
// twice with the players swapping sides, and the score with a 95% confidence interval.
// Players wrap the alpha-beta engine (search.hpp), MCTS (mcts.hpp), value iteration's
// solution (value_iteration.hpp), or any function. In a game of chance the match rolls the
// dice.

#include <gametree/detail/hash.hpp>
#include <gametree/game.hpp>
#include <gametree/mcts.hpp>
#include <gametree/search.hpp>
#include <gametree/value_iteration.hpp>

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace gametree {

/// A player's move and the work it took (the engine's nodes, MCTS's iterations).
template <class Game>
struct match_choice {
  typename Game::move_type move;
  std::uint64_t work = 0;
};

/// A player in a match: choose() is asked for a move whenever it is the player's turn;
/// new_game() hears the start of each game and played() every move of it (by either side,
/// openings included), so that a player can keep state such as an MCTS tree.
template <game Game>
struct match_player {
  /// The name results and progress lines show.
  std::string name;
  /// The player's move at a state that is not over (required).
  std::function<match_choice<Game>(const Game&)> choose;
  /// Called with the start position before each game (empty: not called).
  std::function<void(const Game&)> new_game{};
  /// Called after every move of a game, by either side, openings included (empty: not called).
  std::function<void(const typename Game::move_type&)> played{};
};

namespace detail {

// Whether a game's states can be told apart: by key(), else hash(), else ==.
template <class Game>
inline constexpr bool identifiable_game = keyed_game<Game> || hashed_game<Game> || std::equality_comparable<Game>;

// Whether a and b are one position, by the first of key(), hash() and == the game has. By
// hash() alone, a collision (about 2^-64 for a good hash) passes for the same position.
template <class Game>
  requires identifiable_game<Game>
bool same_position(const Game& a, const Game& b) {
  if constexpr (keyed_game<Game>) {
    return a.key() == b.key();
  } else if constexpr (hashed_game<Game>) {
    return static_cast<std::uint64_t>(a.hash()) == static_cast<std::uint64_t>(b.hash());
  } else {
    return a == b;
  }
}

}  // namespace detail

/// The alpha-beta engine as a player: one engine (its table kept through a game, cleared by
/// new_game()), a search with these limits per move; work = nodes. Throws what engine's
/// constructor throws.
template <game Game>
[[nodiscard]] match_player<Game> alpha_beta_player(std::string name, engine_options options = {},
                                                   search_limits limits = {}) {
  // Shared, not held by value: choose() and new_game() reach one engine, and std::function
  // only holds copyable callables.
  auto e = std::make_shared<engine<Game>>(options);
  match_player<Game> p;
  p.name = std::move(name);
  p.choose = [e, limits](const Game& g) {
    const auto r = e->search(g, limits);
    return match_choice<Game>{*r.best_move, r.stats.nodes};
  };
  p.new_game = [e](const Game&) { e->clear(); };
  return p;
}

/// MCTS as a player: one tree per game, kept from move to move (tree reuse); a search with
/// these limits per move; work = iterations. choose(g) checks the tree's root against g (by
/// key(), else hash(), else ==) and starts a new tree at g when they differ, so a caller that
/// skips played() or asks about another state still gets a move for g; played() with a move
/// not legal at the root leaves the tree for choose() to replace. A game with none of key(),
/// hash() and == cannot be checked: every choose() then searches a new tree (no tree reuse,
/// and played() is left empty). Throws what mcts's constructor throws; choose() throws what
/// mcts::search throws.
template <game Game>
[[nodiscard]] match_player<Game> mcts_player(std::string name, mcts_options options = {}, mcts_limits limits = {}) {
  // Shared, not held by value: the hooks must all reach one tree, and std::function only
  // holds copyable callables (copies of the player share the tree too).
  auto m = std::make_shared<mcts<Game>>(options);
  match_player<Game> p;
  p.name = std::move(name);
  p.choose = [m, limits](const Game& g) {
    bool in_step = false;
    if constexpr (detail::identifiable_game<Game>) in_step = m->has_root() && detail::same_position(m->root(), g);
    if (!in_step) m->reset(g);
    const auto r = m->search(limits);
    return match_choice<Game>{*r.best_move, r.stats.iterations};
  };
  p.new_game = [m](const Game& g) { m->reset(g); };
  if constexpr (detail::identifiable_game<Game>) {
    p.played = [m](const typename Game::move_type& move) {
      if (!m->has_root()) return;
      try {
        m->advance(move);
      } catch (const illegal_move_error&) {
        // Out of step with the game: the tree is unchanged, and choose() sees the difference.
      }
    };
  }
  return p;
}

/// The perfect player of a game that numbers its states (indexed_game): solves it once by
/// value iteration (solve_by_value_iteration, with options), when the player is made, and
/// plays a best move of the solution; work = 1 a move. Throws what solve_by_value_iteration
/// throws.
template <indexed_game Game>
[[nodiscard]] match_player<Game> optimal_player(std::string name, const Game& any_state,
                                                const value_iteration_options& options = {}) {
  auto solution = std::make_shared<const value_iteration_result<Game>>(solve_by_value_iteration(any_state, options));
  match_player<Game> p;
  p.name = std::move(name);
  p.choose = [solution](const Game& g) { return match_choice<Game>{*solution->best_move(g), 1}; };
  return p;
}

/// How a match is played.
struct match_options {
  /// Games to play (>= 2, even): each opening twice, each player starting once.
  std::size_t games = 100;
  /// Random moves from the start position before the players take over; positions already
  /// used, and positions where the game is over, are drawn again. In a game of chance
  /// (chance_game) an opening's chance states draw their outcomes by their probabilities,
  /// and openings may repeat: the games of each opening roll dice of their own.
  std::size_t opening_plies = 2;
  /// The seed of the openings' random moves, and of the dice a game of chance rolls: the same
  /// seed, the same games (for the same players). The two games of one opening roll the same
  /// dice (the n-th roll of one is the n-th roll of the other), so that luck evens out.
  std::uint64_t seed = 1;
  /// A game still going after this many plies is a contract error (the game must be finite).
  std::size_t max_plies = 1'000'000;
};

/// What a match found, for the first player (a) against the second (b).
struct match_result {
  std::size_t games = 0;  ///< games played: twice the openings found, at most options.games
  /// Openings found: distinct ones, except in a game of chance (where they may repeat).
  std::size_t openings = 0;
  /// Random openings tried to find them (one that ends the game, or in a game without chance
  /// repeats one found, is tried again; at most 100 tries for each opening wanted).
  std::size_t opening_tries = 0;
  std::size_t wins = 0;
  std::size_t draws = 0;
  std::size_t losses = 0;
  /// (wins + draws / 2) / games, and its 95% confidence interval (normal approximation with
  /// the games' sample variance; [0, 1] with fewer than 2 games).
  double score = 0;
  double score_low = 0;
  double score_high = 1;
  /// Moves each player made (a, b) and their mean work per move.
  std::size_t moves[2] = {0, 0};
  double work_per_move[2] = {0, 0};
};

/// Progress after each game.
struct match_progress {
  std::size_t played = 0;
  std::size_t games = 0;
  std::size_t wins = 0;
  std::size_t draws = 0;
  std::size_t losses = 0;
};

namespace detail {

// A finished game's points for the player to move: 1 a win, 1/2 a draw, 0 a loss (a payoff
// by its sign).
template <class Outcome>
double outcome_points(const Outcome& o) {
  const score<double> s = terminal_score<double>(o);  // checks the payoff for NaN
  if (s.is_win() || s.is_loss()) return s.is_win() ? 1.0 : 0.0;
  return s.value() > 0 ? 1.0 : s.value() < 0 ? 0.0 : 0.5;
}

// Whether two openings are one position: by key(), else hash(), else ==; a game with none of
// them by the moves that led there.
template <class Game, class Line>
bool same_opening(const Game& a, const Line& line_a, const Game& b, const Line& line_b) {
  if constexpr (identifiable_game<Game>) {
    return same_position(a, b);
  } else {
    return line_a == line_b;
  }
}

}  // namespace detail

/// Plays a match of a against b from start. Openings: options.opening_plies uniformly random
/// moves (seeded by options.seed), distinct positions only; if fewer than games / 2 are found
/// in 100 tries for each (result.opening_tries), fewer games are played. In a game of
/// chance the match draws every chance state's outcome (the players are asked only where a
/// player moves, and hear the outcomes through played()). Complexity: the
/// players' searches. Throws std::invalid_argument for an odd or too small options.games or a
/// player without choose; game_contract_error when a game outlasts options.max_plies or breaks
/// its contract; illegal_move_error when a player chooses an illegal move; what the players
/// throw.
template <game Game>
match_result play_match(const Game& start, match_player<Game>& a, match_player<Game>& b,
                        const match_options& options = {},
                        const std::function<void(const match_progress&)>& progress = {}) {
  if (options.games < 2 || options.games % 2 != 0) {
    throw std::invalid_argument("match_options: games must be even and at least 2, not " +
                                std::to_string(options.games));
  }
  if (!a.choose || !b.choose) throw std::invalid_argument("play_match: every player needs a choose function");

  // The openings: each with the moves that lead to it.
  playout_random random(options.seed);
  std::vector<std::pair<Game, std::vector<typename Game::move_type>>> openings;
  std::vector<typename Game::move_type> moves;
  const std::size_t wanted = options.games / 2;
  std::size_t tries = 0;
  for (; openings.size() < wanted && tries < 100 * wanted; ++tries) {
    Game g = start;
    std::vector<typename Game::move_type> line;
    for (std::size_t p = 0; p < options.opening_plies && !g.outcome(); ++p) {
      if (detail::at_chance(g)) {
        line.push_back(detail::roll(g, random).move);
      } else {
        moves.clear();
        g.legal_moves(moves);
        if (moves.empty()) detail::check_generated<Game>(0, 0);
        line.push_back(moves[random.below(moves.size())]);
      }
      g.play(line.back());
    }
    if (g.outcome()) continue;
    const bool seen = !chance_game<Game> && std::any_of(openings.begin(), openings.end(), [&](const auto& o) {
      return detail::same_opening(o.first, o.second, g, line);
    });
    if (!seen) openings.emplace_back(std::move(g), std::move(line));
  }

  match_result r;
  r.openings = openings.size();
  r.opening_tries = tries;
  std::uint64_t work[2] = {0, 0};
  std::vector<double> scores;
  match_player<Game>* players[2] = {&a, &b};
  playout_random dice;
  for (std::size_t i = 0; i < 2 * openings.size(); ++i) {
    dice.reseed(detail::mix64(options.seed ^ 0x9e3779b97f4a7c15ULL) + i / 2);  // one stream an opening
    const auto& [opening, line] = openings[i / 2];
    const std::size_t first = i % 2;  // the player who moves first after the opening
    for (auto* p : players) {
      if (p->new_game) p->new_game(start);
      if (p->played) {
        for (const auto& m : line) p->played(m);
      }
    }
    Game g = opening;
    std::size_t side = first;  // who is to move: 0 a, 1 b
    std::size_t plies = 0;
    while (!g.outcome()) {
      if (++plies > options.max_plies) {
        throw game_contract_error("game contract: a match game went on for more than " +
                                  std::to_string(options.max_plies) + " plies (the game must be finite)");
      }
      match_choice<Game> choice{};
      if (detail::at_chance(g)) {
        choice.move = detail::roll(g, dice).move;
      } else {
        choice = players[side]->choose(g);
        ++r.moves[side];
        work[side] += choice.work;
      }
      if constexpr (turn_reporting_game<Game>) {
        const auto before = g.player_to_move();
        play_checked(g, choice.move);
        if (!(g.player_to_move() == before)) side = 1 - side;
      } else {
        play_checked(g, choice.move);
        side = 1 - side;
      }
      for (auto* p : players) {
        if (p->played) p->played(choice.move);
      }
    }
    // The outcome is for the player to move at the end.
    const double for_mover = detail::outcome_points(*g.outcome());
    const double for_a = side == 0 ? for_mover : 1 - for_mover;
    scores.push_back(for_a);
    if (for_a == 1) {
      ++r.wins;
    } else if (for_a == 0) {
      ++r.losses;
    } else {
      ++r.draws;
    }
    if (progress) progress(match_progress{i + 1, 2 * openings.size(), r.wins, r.draws, r.losses});
  }
  r.games = scores.size();
  if (r.games > 0) {
    double sum = 0;
    for (const double x : scores) sum += x;
    r.score = sum / static_cast<double>(r.games);
    double squares = 0;
    for (const double x : scores) squares += (x - r.score) * (x - r.score);
    const double n = static_cast<double>(r.games);
    const double half = 1.959963984540054 * std::sqrt(squares / (n - 1) / n);
    r.score_low = std::max(0.0, r.score - half);
    r.score_high = std::min(1.0, r.score + half);
  }
  for (int p = 0; p < 2; ++p) {
    r.work_per_move[p] = r.moves[p] ? static_cast<double>(work[p]) / static_cast<double>(r.moves[p]) : 0.0;
  }
  return r;
}

}  // namespace gametree
