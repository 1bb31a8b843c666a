#pragma once
// Pig, the dice game (as Neller & Presser, "Optimal Play of the Dice Game Pig", 2004, state
// it): two players race to a goal score (100 in the usual game). A turn is a run of rolls of
// one die: each roll of 2 - 6 adds to the turn total, and after each the player chooses to roll
// again or to hold (the turn total is added to their score and the turn passes); a roll of 1
// loses the turn total and passes the turn. A turn begins with a roll (holding at a turn total
// of 0 is not a move). The first player whose score with the turn total reaches the goal wins
// at once. Payoff: +1 for a win, -1 for a loss, so a state's value is 2 P(win) - 1 for the
// player to move.
//
// The states: a decision state (roll or hold) and, after a roll, a chance state (the die in
// the air, six outcomes of 1/6). A game can last for ever (both players keep rolling 1s), so
// the engine searches Pig only to a depth, node or time limit (a solve() would not end); the
// exact solution is value iteration's. The state index numbers a position by the scores of the
// player to move and of the other player and the turn total, whichever player is which, and
// every finished game by one index: Pig's solution by value iteration
// (gametree/value_iteration.hpp).

#include <gametree/detail/hash.hpp>
#include <gametree/game.hpp>

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace gametree::games {

class pig {
 public:
  /// A move: hold or roll at a decision state, a face 1 - 6 at a chance state.
  using move_type = std::uint8_t;
  static constexpr move_type hold = 0;
  static constexpr move_type roll = 7;
  static constexpr int max_goal = 1000;

  /// The start of a game to goal: both scores 0, player 0 to roll. Throws std::invalid_argument
  /// unless 1 <= goal <= max_goal.
  explicit pig(int goal = 100) : goal_(goal) {
    if (goal < 1 || goal > max_goal) {
      throw std::invalid_argument("pig: the goal must be in 1 .. " + std::to_string(max_goal) + ", not " +
                                  std::to_string(goal));
    }
  }

  /// The state where the player to move (`player`) has score `mine`, the other `theirs`, and
  /// the turn total is `turn`; chance: the die is in the air. Throws std::invalid_argument
  /// unless the scores are in [0, goal), mine + turn < goal and turn >= 0.
  static pig at(int goal, int mine, int theirs, int turn, bool chance = false, int player = 0) {
    pig g(goal);
    if (mine < 0 || theirs < 0 || turn < 0 || mine >= goal || theirs >= goal || mine + turn >= goal) {
      throw std::invalid_argument("pig: scores " + std::to_string(mine) + " and " + std::to_string(theirs) +
                                  " with turn total " + std::to_string(turn) + " are not a state of a game to " +
                                  std::to_string(goal));
    }
    if (player != 0 && player != 1) throw std::invalid_argument("pig: the player must be 0 or 1");
    g.player_ = static_cast<std::size_t>(player);
    g.scores_[g.player_] = mine;
    g.scores_[1 - g.player_] = theirs;
    g.turn_ = turn;
    g.chance_ = chance;
    return g;
  }

  /// At a decision state: roll, and hold once the turn total is above 0. At a chance state
  /// the faces 1 - 6.
  void legal_moves(std::vector<move_type>& out) const {
    if (chance_) {
      for (move_type f = 1; f <= 6; ++f) out.push_back(f);
      return;
    }
    out.push_back(roll);
    if (turn_ > 0) out.push_back(hold);
  }

  [[nodiscard]] bool is_chance() const noexcept { return chance_; }
  void chance_outcomes(std::vector<chance_outcome<move_type>>& out) const {
    for (move_type f = 1; f <= 6; ++f) out.push_back({f, 1.0 / 6.0});
  }

  void play(move_type m) noexcept {
    if (m == roll) {
      chance_ = true;
    } else if (m == hold) {
      scores_[player_] += turn_;
      pass();
    } else {
      chance_ = false;
      if (m == 1) {
        pass();
      } else {
        turn_ += m;
        if (scores_[player_] + turn_ >= goal_) {  // reached the goal: won
          scores_[player_] += turn_;
          pass();
        }
      }
    }
  }

  /// -1 once the other player has reached the goal (the player to move has lost).
  [[nodiscard]] std::optional<double> outcome() const noexcept {
    if (scores_[1 - player_] >= goal_) return -1.0;
    return std::nullopt;
  }

  /// A heuristic for depth-limited search, for the player to move, in (-1, 1): a race. Each
  /// player needs (goal - score) / 8.5 more turns, the player to move with the turn total
  /// banked; the value is tanh((theirs - mine + 0.25) / (1.75 sqrt(mine + theirs + 1))) of
  /// those turns. The three constants were fitted (least squares, a grid) to value iteration's
  /// exact values of goal 100: mean squared error 0.013 against 0.060 for the lead in points.
  [[nodiscard]] double evaluate() const noexcept {
    const double mine = static_cast<double>(goal_ - scores_[player_] - turn_) / 8.5;
    const double theirs = static_cast<double>(goal_ - scores_[1 - player_]) / 8.5;
    return std::tanh((theirs - mine + 0.25) / (1.75 * std::sqrt(mine + theirs + 1)));
  }
  /// Payoffs and evaluations lie in [-1, 1]: the engine prunes at chance states (Star1).
  [[nodiscard]] gametree::payoff_bounds payoff_bounds() const noexcept { return {-1.0, 1.0}; }

  [[nodiscard]] int player_to_move() const noexcept { return static_cast<int>(player_); }
  [[nodiscard]] int goal() const noexcept { return goal_; }
  [[nodiscard]] int score_of(int player) const { return scores_.at(static_cast<std::size_t>(player)); }
  [[nodiscard]] int turn_total() const noexcept { return turn_; }

  /// Positions (mine, theirs, turn) with mine + turn < goal, each as a decision and as a chance
  /// state, and one index for every finished game.
  [[nodiscard]] std::size_t state_count() const noexcept { return pairs(goal_) * g() * 2 + 1; }
  [[nodiscard]] std::size_t state_index() const noexcept {
    if (outcome()) return state_count() - 1;
    const std::size_t pair = pairs(scores_[player_]) + static_cast<std::size_t>(turn_);
    return (pair * g() + static_cast<std::size_t>(scores_[1 - player_])) * 2 + (chance_ ? 1 : 0);
  }
  /// The state of index i (player 0 to move; a finished game: player 0 has lost, with scores
  /// 0 and goal). Throws std::out_of_range unless i < state_count().
  [[nodiscard]] pig state_at(std::size_t i) const {
    if (i >= state_count()) throw std::out_of_range("pig: no state has index " + std::to_string(i));
    if (i == state_count() - 1) {
      pig p(goal_);
      p.scores_[1] = goal_;
      return p;
    }
    const bool chance = i % 2 == 1;
    const std::size_t rest = i / 2;
    const auto theirs = static_cast<int>(rest % g());
    const std::size_t pair = rest / g();
    int mine = 0;
    while (pairs(mine + 1) <= pair) ++mine;
    return at(goal_, mine, theirs, static_cast<int>(pair - pairs(mine)), chance);
  }

  [[nodiscard]] std::uint64_t hash() const noexcept { return gametree::detail::mix64(key() + 0x9e3779b97f4a7c15ULL); }
  /// The state index and the goal: the position, whichever player is which.
  [[nodiscard]] std::uint64_t key() const noexcept {
    return static_cast<std::uint64_t>(state_index()) * (max_goal + 1) + static_cast<std::uint64_t>(goal_);
  }

  /// "roll", "hold", or the face rolled.
  [[nodiscard]] std::string move_text(move_type m) const {
    if (m == roll) return "roll";
    if (m == hold) return "hold";
    return std::to_string(static_cast<int>(m));
  }

 private:
  void pass() noexcept {
    turn_ = 0;
    player_ = 1 - player_;
  }
  [[nodiscard]] std::size_t g() const noexcept { return static_cast<std::size_t>(goal_); }
  // The (mine, turn) pairs with mine below m: sum over mine < m of (goal - mine).
  [[nodiscard]] std::size_t pairs(int m) const noexcept {
    const auto k = static_cast<std::size_t>(m);
    return k == 0 ? 0 : k * g() - k * (k - 1) / 2;
  }

  int goal_;
  std::array<int, 2> scores_{0, 0};
  int turn_ = 0;
  std::size_t player_ = 0;  // 0 or 1
  bool chance_ = false;
};

}  // namespace gametree::games
