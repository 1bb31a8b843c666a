// Games of chance: Pig's rules (games/pig.hpp), the chance_game and indexed_game contracts,
// and value iteration (value_iteration.hpp) against Neller & Presser's equations solved
// independently (reference/pig_reference.hpp) and their published figure.

#include <gametree/games/pig.hpp>
#include <gametree/value_iteration.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <set>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "reference/pig_reference.hpp"
#include "support/catch.hpp"

using gametree::chance_outcome;
using gametree::game_contract_error;
using gametree::solve_by_value_iteration;
using gametree::games::pig;
using gametree_test::ContainsSubstring;

namespace {

std::vector<pig::move_type> moves_of(const pig& g) {
  std::vector<pig::move_type> m;
  g.legal_moves(m);
  return m;
}

}  // namespace

TEST_CASE("chance: Pig's turns, rolls and the goal") {
  pig g(20);
  CHECK(!g.is_chance());
  CHECK(moves_of(g) == std::vector<pig::move_type>{pig::roll});  // a turn begins with a roll
  g.play(pig::roll);
  CHECK(g.is_chance());
  CHECK(moves_of(g) == std::vector<pig::move_type>{1, 2, 3, 4, 5, 6});
  std::vector<chance_outcome<pig::move_type>> outcomes;
  g.chance_outcomes(outcomes);
  REQUIRE(outcomes.size() == 6);
  for (std::size_t f = 0; f < 6; ++f) {
    CHECK(outcomes[f].move == f + 1);
    CHECK(outcomes[f].probability == 1.0 / 6.0);
  }
  g.play(5);
  CHECK(g.turn_total() == 5);
  CHECK(g.player_to_move() == 0);
  CHECK(moves_of(g) == std::vector<pig::move_type>{pig::roll, pig::hold});
  g.play(pig::hold);
  CHECK(g.score_of(0) == 5);
  CHECK(g.turn_total() == 0);
  CHECK(g.player_to_move() == 1);
  g.play(pig::roll);
  g.play(4);
  g.play(pig::roll);
  g.play(1);  // the turn total is lost
  CHECK(g.score_of(1) == 0);
  CHECK(g.player_to_move() == 0);
  CHECK(!g.outcome());
  // 5 + 6 + 6 + 3 = 20: the goal is reached in the middle of the turn, and the game is won.
  for (int n = 0; n < 2; ++n) {
    g.play(pig::roll);
    g.play(6);
  }
  CHECK(!g.outcome());
  g.play(pig::roll);
  g.play(3);
  CHECK(g.score_of(0) == 20);
  CHECK(g.player_to_move() == 1);
  REQUIRE(g.outcome());
  CHECK(*g.outcome() == -1.0);
  CHECK(g.move_text(pig::roll) == "roll");
  CHECK(g.move_text(pig::hold) == "hold");
  CHECK(g.move_text(4) == "4");
}

TEST_CASE("chance: Pig's arguments are checked") {
  CHECK_THROWS_WITH(pig(0), ContainsSubstring("the goal must be in 1 .. 1000, not 0"));
  CHECK_THROWS_WITH(pig(1001), ContainsSubstring("not 1001"));
  CHECK_THROWS_WITH(pig::at(10, 6, 0, 4), ContainsSubstring("are not a state of a game to 10"));
  CHECK_THROWS_WITH(pig::at(10, 0, 10, 0), ContainsSubstring("are not a state"));
  CHECK_THROWS_WITH(pig::at(10, 0, 0, -1), ContainsSubstring("are not a state"));
  CHECK_THROWS_WITH(pig::at(10, 0, 0, 0, false, 2), ContainsSubstring("the player must be 0 or 1"));
  CHECK_THROWS_AS(pig(10).state_at(pig(10).state_count()), std::out_of_range);
}

TEST_CASE("chance: Pig's state indices number each position once, whichever player is which") {
  for (const int goal : {1, 2, 7, 12}) {
    const pig g(goal);
    const std::size_t n = g.state_count();
    std::set<std::tuple<int, int, int, bool>> seen;
    for (std::size_t i = 0; i < n; ++i) {
      const pig s = g.state_at(i);
      REQUIRE(s.state_index() == i);
      CHECK(seen.insert({s.score_of(0), s.score_of(1), s.turn_total(), s.is_chance()}).second);
      if (s.outcome()) continue;
      // The same position with the players swapped has the same index and key.
      const pig swapped = pig::at(goal, s.score_of(0), s.score_of(1), s.turn_total(), s.is_chance(), 1);
      CHECK(swapped.state_index() == i);
      CHECK(swapped.key() == s.key());
      CHECK(swapped.hash() == s.hash());
    }
    // Every position (mine, theirs, turn) with mine + turn < goal, as decision and chance
    // states, and the finished game.
    CHECK(n == static_cast<std::size_t>(goal * goal * (goal + 1)) + 1);
    CHECK(pig(goal).key() != pig(goal == 12 ? 7 : 12).key());  // games to other goals differ
  }
}

TEST_CASE("chance: value iteration gives Pig's values and policy as the equations do, goals 1 to 25") {
  for (int goal = 1; goal <= 25; ++goal) {
    INFO("goal " << goal);
    const pig g(goal);
    const auto r = solve_by_value_iteration(g);
    const gametree_test::reference::pig_solution ref(goal);
    CHECK(r.residual <= 1e-12);
    double worst = 0;
    std::size_t decided = 0;
    for (int i = 0; i < goal; ++i) {
      for (int j = 0; j < goal; ++j) {
        for (int k = 0; i + k < goal; ++k) {
          const pig s = pig::at(goal, i, j, k);
          worst = std::max(worst, std::abs((r.value(s) + 1) / 2 - ref.win(i, j, k)));
          // The roll state's value is the mean of its outcomes'.
          const pig rolled = pig::at(goal, i, j, k, true);
          worst = std::max(worst, std::abs((r.value(rolled) + 1) / 2 - ref.roll(i, j, k)));
          const std::optional<pig::move_type> best = r.best_move(s);
          REQUIRE(best);
          CHECK(!r.best_move(rolled));
          if (k == 0) {
            CHECK(*best == pig::roll);
          } else if (std::abs(ref.roll(i, j, k) - ref.hold(i, j, k)) > 1e-9) {  // a clear choice
            CHECK(*best == (ref.roll(i, j, k) > ref.hold(i, j, k) ? pig::roll : pig::hold));
            ++decided;
          }
        }
      }
    }
    CHECK(worst < 1e-10);
    if (goal >= 3) CHECK(decided > 0);
    const pig over = g.state_at(g.state_count() - 1);
    REQUIRE(over.outcome());
    CHECK(r.value(over) == -1.0);
    CHECK(!r.best_move(over));
  }
}

// At the differential tests' full scale only (tests/CMakeLists.txt): the Release builds.
#ifndef GAMETREE_RANDOM_POSITIONS
#define GAMETREE_RANDOM_POSITIONS 10000
#endif
#if GAMETREE_RANDOM_POSITIONS >= 10000
TEST_CASE("chance: Pig to 100, the first player wins with probability 0.5305927 (Neller & Presser)") {
  const pig g(100);
  const auto r = solve_by_value_iteration(g);
  const double p = (r.value(g) + 1) / 2;
  CHECK(std::abs(p - 0.5305927) < 5e-8);
  // The equations' own solution agrees to far more than the seven places published.
  const gametree_test::reference::pig_solution ref(100);
  CHECK(std::abs(p - ref.win(0, 0, 0)) < 1e-10);
  // And the policy is the equations' wherever they make a clear choice.
  std::size_t differ = 0;
  for (int i = 0; i < 100; ++i) {
    for (int j = 0; j < 100; ++j) {
      for (int k = 1; i + k < 100; ++k) {
        const double roll = ref.roll(i, j, k);
        const double hold = ref.hold(i, j, k);
        if (std::abs(roll - hold) <= 1e-9) continue;
        if (*r.best_move(pig::at(100, i, j, k)) != (roll > hold ? pig::roll : pig::hold)) ++differ;
      }
    }
  }
  CHECK(differ == 0);
}
#endif

namespace {

// A subtraction game as an indexed game without chance states: a heap of `heap`, a move
// takes 1, 2 or 3, the player who cannot move loses; turns alternate (no player_to_move).
// The player to move loses exactly when the heap is a multiple of 4.
struct heap_game {
  using move_type = int;
  int heap = 0;
  int size = 0;  // the largest heap of the game: indices 0 .. size
  void legal_moves(std::vector<int>& out) const {
    for (int t = 1; t <= 3 && t <= heap; ++t) out.push_back(t);
  }
  void play(int t) { heap -= t; }
  [[nodiscard]] std::optional<gametree::game_outcome> outcome() const {
    return heap == 0 ? std::optional(gametree::game_outcome::loss) : std::nullopt;
  }
  [[nodiscard]] std::size_t state_count() const { return static_cast<std::size_t>(size) + 1; }
  [[nodiscard]] std::size_t state_index() const { return static_cast<std::size_t>(heap); }
  [[nodiscard]] heap_game state_at(std::size_t i) const { return {static_cast<int>(i), size}; }
};

// A chance game for the contract's checks: state 0 is a chance state whose outcomes are the
// probabilities given (each leading to state 1, a finished game paying `payoff`), or, with
// loop, to state 0 itself with probability 1/2 and state 1 with 1/2.
struct coin {
  using move_type = int;
  bool done = false;
  std::vector<double> probabilities{0.5, 0.5};
  double payoff = 1;
  bool loop = false;
  std::size_t bad_index = 0;  // > 0: state 1's index
  bool bad_state_at = false;  // state_at(1) gives state 0
  std::size_t count = 2;      // what state_count() says
  void legal_moves(std::vector<int>& out) const {
    for (std::size_t i = 0; i < probabilities.size(); ++i) out.push_back(static_cast<int>(i));
  }
  void play(int m) { done = !loop || m == 1; }
  [[nodiscard]] std::optional<double> outcome() const { return done ? std::optional(payoff) : std::nullopt; }
  [[nodiscard]] int player_to_move() const { return 0; }
  [[nodiscard]] bool is_chance() const { return !done; }
  void chance_outcomes(std::vector<chance_outcome<int>>& out) const {
    for (std::size_t i = 0; i < probabilities.size(); ++i) out.push_back({static_cast<int>(i), probabilities[i]});
  }
  [[nodiscard]] std::size_t state_count() const { return count; }
  [[nodiscard]] std::size_t state_index() const { return done ? (bad_index > 0 ? bad_index : 1) : 0; }
  [[nodiscard]] coin state_at(std::size_t i) const {
    coin c = *this;
    c.done = i == 1 && !bad_state_at;
    return c;
  }
};

}  // namespace

TEST_CASE("chance: value iteration on a game without chance: the heap game's losses are the multiples of 4") {
  const heap_game g{30, 30};
  const auto r = solve_by_value_iteration(g);
  for (int h = 0; h <= 30; ++h) {
    const heap_game s{h, 30};
    CHECK(r.value(s) == (h % 4 == 0 ? -1.0 : 1.0));
    if (h % 4 != 0) CHECK(*r.best_move(s) == h % 4);  // the move that leaves a multiple of 4
  }
}

TEST_CASE("chance: value iteration takes a chance state's mean, and a state that repeats converges") {
  coin c;
  c.probabilities = {0.25, 0.75};
  CHECK(solve_by_value_iteration(c).value(c) == 1.0);
  c.loop = true;  // v = 1/2 v + 1/2: the limit 1, approached geometrically
  c.probabilities = {0.5, 0.5};
  const auto r = solve_by_value_iteration(c);
  CHECK(std::abs(r.value(c) - 1.0) <= 1e-11);
  CHECK(r.sweeps > 30);
  CHECK_THROWS_WITH(solve_by_value_iteration(c, {.tolerance = 1e-12, .max_sweeps = 5}),
                    ContainsSubstring("did not settle within 5 sweeps"));
}

TEST_CASE("chance: a game that breaks the chance or index contract is named at fault") {
  coin c;
  c.probabilities = {0.5, 0.4};
  CHECK_THROWS_WITH(solve_by_value_iteration(c), ContainsSubstring("probabilities must sum to 1 (within 1e-9), but they sum to 0.9"));
  c.probabilities = {1.5, -0.5};
  CHECK_THROWS_WITH(solve_by_value_iteration(c), ContainsSubstring("probability must be in (0, 1], but outcome 1 has 1.5"));
  c.probabilities = {0.5, 0.0, 0.5};
  CHECK_THROWS_WITH(solve_by_value_iteration(c), ContainsSubstring("outcome 2 has 0"));
  c.probabilities = {std::numeric_limits<double>::quiet_NaN()};
  CHECK_THROWS_AS(solve_by_value_iteration(c), game_contract_error);
  c.probabilities = {};
  CHECK_THROWS_WITH(solve_by_value_iteration(c), ContainsSubstring("a chance state must have an outcome"));
  c.probabilities = {1.0};
  c.payoff = std::numeric_limits<double>::quiet_NaN();
  CHECK_THROWS_WITH(solve_by_value_iteration(c), ContainsSubstring("outcome() returned a NaN payoff"));
  c.payoff = 1;
  c.bad_index = 7;
  CHECK_THROWS_WITH(solve_by_value_iteration(c), ContainsSubstring("state_index() must be below state_count() = 2, but a state a move leads to has index 7"));
  c.bad_index = 0;
  c.bad_state_at = true;
  CHECK_THROWS_WITH(solve_by_value_iteration(c), ContainsSubstring("state_at(1).state_index() must be 1, not 0"));
  c.bad_state_at = false;
  c.count = 0;
  CHECK_THROWS_WITH(solve_by_value_iteration(c), ContainsSubstring("state_count() must be at least 1"));
  c.count = std::size_t{1} << 32;  // refused before anything is allocated
  CHECK_THROWS_WITH(solve_by_value_iteration(c), ContainsSubstring("more than 2^32 - 1 states (4294967296)"));
  c.count = 2;
  CHECK_THROWS_WITH(solve_by_value_iteration(c, {.tolerance = 0}), ContainsSubstring("the tolerance must be > 0"));
  CHECK_THROWS_WITH(solve_by_value_iteration(c, {.tolerance = 1e-9, .max_sweeps = 0}), ContainsSubstring("max_sweeps must be >= 1"));
  // A decision state without a move.
  const heap_game stuck{2, 2};
  struct no_move : heap_game {
    void legal_moves(std::vector<int>&) const {}
    [[nodiscard]] no_move state_at(std::size_t i) const { return {{static_cast<int>(i), size}}; }
  };
  CHECK_THROWS_WITH(solve_by_value_iteration(no_move{stuck}), ContainsSubstring("must have a legal move"));
}
