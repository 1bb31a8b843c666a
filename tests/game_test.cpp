#include <gametree/alpha_beta.hpp>
#include <gametree/game.hpp>
#include <gametree/games/nim.hpp>
#include <gametree/games/tic_tac_toe.hpp>

#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "reference/negamax_reference.hpp"
#include "reference/random_game.hpp"
#include "support/catch.hpp"

using gametree::score;
using gametree_test::ContainsSubstring;
namespace games = gametree::games;
namespace reference = gametree_test::reference;

namespace {

// The smallest game: the player to move has one move, which ends the game with a payoff.
struct one_move {
  using move_type = int;
  bool done = false;
  void legal_moves(std::vector<int>& out) const { out.push_back(0); }
  void play(int) { done = true; }
  std::optional<double> outcome() const { return done ? std::optional<double>(-2.5) : std::nullopt; }
};

// Turns that do not alternate: a player moves twice, then the other once, then it ends.
struct double_turn {
  using move_type = int;
  int plies = 0;
  void legal_moves(std::vector<int>& out) const {
    out.push_back(1);
    out.push_back(2);
  }
  void play(int m) { plies += m > 0 ? 1 : 0; last = m; }
  std::optional<int> outcome() const {
    if (plies < 3) return std::nullopt;
    return last == 1 ? 5 : -5;  // for the player to move after the third ply
  }
  int player_to_move() const { return plies < 2 ? 0 : 1; }
  int last = 0;
};

}  // namespace

TEST_CASE("score orders losses below values below wins, shorter wins first") {
  using S = score<int>;
  CHECK(S::loss_in(0) < S::loss_in(5));
  CHECK(S::loss_in(1000) < S::of(std::numeric_limits<int>::lowest()));
  CHECK(S::of(-3) < S::of(4));
  CHECK(S::of(std::numeric_limits<int>::max()) < S::win_in(1000));
  CHECK(S::win_in(9) < S::win_in(7));
  CHECK(S{} == S::of(0));
  CHECK(S::win_in(3).is_win());
  CHECK(S::loss_in(3).is_loss());
  CHECK(S::of(2).is_value());
  CHECK(S::win_in(3).plies() == 3);
  CHECK(S::loss_in(4).plies() == 4);
  CHECK(S::of(7).plies() == 0);
  CHECK(S::of(7).value() == 7);
}

TEST_CASE("score reads lowest() as lowest() + 1 so that it can be negated, and rejects NaN") {
  CHECK(score<int>::of(std::numeric_limits<int>::lowest()).value() ==
        std::numeric_limits<int>::lowest() + 1);
  CHECK(score<signed char>::of(-128).value() == -127);
  CHECK(score<double>::of(-std::numeric_limits<double>::infinity()).value() ==
        -std::numeric_limits<double>::infinity());
  CHECK_THROWS_WITH(score<double>::of(std::numeric_limits<double>::quiet_NaN()),
                    ContainsSubstring("NaN"));
  CHECK_THROWS_WITH(score<int>::win_in(-1), ContainsSubstring("[0, 2^27)"));
  CHECK_THROWS_AS(score<int>::loss_in(std::int64_t{1} << 27), std::invalid_argument);
}

TEST_CASE("score prints as a win, a loss or its value") {
  CHECK(gametree::to_string(score<int>::win_in(3)) == "win in 3");
  CHECK(gametree::to_string(score<int>::loss_in(0)) == "loss in 0");
  CHECK(gametree::to_string(score<int>::of(-12)) == "-12");
  CHECK(gametree::to_string(score<signed char>::of(5)) == "5");
  CHECK(gametree::to_string(score<double>::of(0.5)) == "0.5");
}

TEST_CASE("the concept detects each optional capability") {
  using ttt = games::tic_tac_toe;
  STATIC_REQUIRE(gametree::game<ttt>);
  STATIC_REQUIRE(gametree::evaluated_game<ttt>);
  STATIC_REQUIRE(gametree::undoable_game<ttt>);
  STATIC_REQUIRE(gametree::hashed_game<ttt>);
  STATIC_REQUIRE(gametree::keyed_game<ttt>);
  STATIC_REQUIRE(gametree::hinted_game<ttt>);
  STATIC_REQUIRE(gametree::bounded_game<ttt>);
  STATIC_REQUIRE(!gametree::turn_reporting_game<ttt>);
  STATIC_REQUIRE(gametree::keyed_game<games::nim>);  // key() returns a const reference
  STATIC_REQUIRE(gametree::game<one_move>);
  STATIC_REQUIRE(!gametree::evaluated_game<one_move>);
  STATIC_REQUIRE(!gametree::hashed_game<one_move>);
  STATIC_REQUIRE(!gametree::undoable_game<one_move>);
  STATIC_REQUIRE(std::is_same_v<gametree::game_value_t<one_move>, double>);
  STATIC_REQUIRE(std::is_same_v<gametree::game_value_t<ttt>, int>);
  STATIC_REQUIRE(gametree::turn_reporting_game<double_turn>);
  using mixed = gametree_test::random_game<signed char, true>;
  STATIC_REQUIRE(std::is_same_v<gametree::game_value_t<mixed>, signed char>);
  STATIC_REQUIRE(!gametree::game<int>);
}

TEST_CASE("play_checked plays legal moves and names the illegal ones") {
  auto t = games::tic_tac_toe::from_moves("5");
  gametree::play_checked(t, 0);
  CHECK(t.at(0) == 'O');
  CHECK_THROWS_WITH(gametree::play_checked(t, 4), ContainsSubstring("illegal move 4: not among"));
  auto won = games::tic_tac_toe::from_moves("1425");
  auto line = games::tic_tac_toe::from_moves("14253");  // X completes the top row
  CHECK(line.outcome() == gametree::game_outcome::loss);
  CHECK_THROWS_WITH(gametree::play_checked(line, 8), ContainsSubstring("the game is over"));
  CHECK_THROWS_AS(gametree::play_checked(won, 99), gametree::illegal_move_error);
}

TEST_CASE("errors name a move as the game's move_text does, even when the move cannot be streamed") {
  struct step {  // no operator<<
    int dx = 0;
    bool operator==(const step&) const = default;
  };
  struct walk {
    using move_type = step;
    int at = 0;
    void legal_moves(std::vector<step>& out) const { out.push_back({1}); }
    void play(const step& s) { at += s.dx; }
    std::optional<gametree::game_outcome> outcome() const {
      return at >= 3 ? std::optional(gametree::game_outcome::loss) : std::nullopt;
    }
    std::string move_text(const step& s) const { return (s.dx > 0 ? "east from " : "west from ") + std::to_string(at); }
  };
  walk w;
  CHECK_THROWS_WITH(gametree::play_checked(w, step{-1}), ContainsSubstring("illegal move west from 0: not among"));
  w.at = 3;
  CHECK_THROWS_WITH(gametree::play_checked(w, step{1}), ContainsSubstring("illegal move east from 3: the game is over"));
}

TEST_CASE("game_tree_view of tic-tac-toe: 549,946 nodes and 255,168 finished games") {
  const gametree::game_tree_view view{games::tic_tac_toe{}};
  const auto m = gametree::minimax(view);
  CHECK(m.value == score<int>{});  // a draw
  CHECK(m.interior_nodes_visited + m.leaves_evaluated == 549946);
  CHECK(m.leaves_evaluated == 255168);
  const auto a = gametree::alpha_beta(view);
  CHECK(a.value == m.value);
  CHECK(a.leaves_evaluated < m.leaves_evaluated);
}

TEST_CASE("game_tree_view values are the negamax scores, wins and losses counted from the root") {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    auto t = games::tic_tac_toe{};
    const int plies = std::uniform_int_distribution<int>(2, 6)(rng);
    for (int i = 0; i < plies && !t.outcome(); ++i) {
      std::vector<int> moves;
      t.legal_moves(moves);
      t.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
    for (const int depth : {-1, 1, 2, 3}) {
      const auto value = depth < 0 ? gametree::minimax(gametree::game_tree_view(t)).value
                                   : gametree::minimax(gametree::game_tree_view(t, depth)).value;
      CHECK(value == reference::negamax(t, depth));
    }
  }
}

TEST_CASE("game_tree_view keeps levels alternating with a pass node where a player moves twice") {
  const gametree::game_tree_view view{double_turn{}};
  const auto m = gametree::minimax(view);
  CHECK(m.value == reference::negamax(double_turn{}));
  // The second player moves last and scores 5 by playing 1: the first player gets -5.
  CHECK(m.value == score<int>::of(-5));
  // Levels: the root; its 2 children (the root's player again: pass nodes); their 2 children;
  // 4 states of the second player; 8 terminal states of the second player (pass nodes again,
  // as the player did not change); 8 leaves under them.
  CHECK(m.interior_nodes_visited + m.leaves_evaluated == 1 + 2 + 2 + 4 + 8 + 8);
  CHECK(m.leaves_evaluated == 8);
}

TEST_CASE("game_tree_view on random games with extra turns agrees with plain negamax") {
  using game = gametree_test::random_game<int, true>;
  for (std::uint64_t seed = 1; seed <= 100; ++seed) {
    const game g({seed, 6, 8, true, false, 2});
    CHECK(gametree::minimax(gametree::game_tree_view(g)).value == reference::negamax(g));
    CHECK(gametree::alpha_beta(gametree::game_tree_view(g, 3)).value == reference::negamax(g, 3));
  }
}

TEST_CASE("game_tree_view rejects a negative depth and a depth for a game without evaluate()") {
  CHECK_THROWS_WITH(gametree::game_tree_view(games::tic_tac_toe{}, -1), ContainsSubstring("depth must be >= 0"));
  CHECK_THROWS_WITH(gametree::game_tree_view(one_move{}, 1), ContainsSubstring("needs a game with evaluate()"));
  CHECK(gametree::minimax(gametree::game_tree_view(one_move{})).value == score<double>::of(2.5));
}

TEST_CASE("game_tree_view reports a game that has no move at a state that is not over") {
  struct stuck {
    using move_type = int;
    void legal_moves(std::vector<int>&) const {}
    void play(int) {}
    std::optional<int> outcome() const { return std::nullopt; }
  };
  CHECK_THROWS_WITH(gametree::minimax(gametree::game_tree_view(stuck{})),
                    ContainsSubstring("must have a legal move"));
}

TEST_CASE("window arithmetic on unpacked scores: successor, predecessor and midpoint of doubles") {
  // Doubles do not pack with the rank; the narrowing's test points must still fall in [lo, hi).
  using access = gametree::detail::score_access<double>;
  using s = gametree::score<double>;
  const double inf = std::numeric_limits<double>::infinity();
  CHECK(access::midpoint(s::of(1.0), s::of(3.0)) == s::of(2.0));
  const s tiny = access::midpoint(s::of(1.0), access::successor(s::of(1.0)));
  CHECK(tiny == s::of(1.0));  // nothing lies between a score and its successor
  CHECK(access::midpoint(s::of(-inf), s::of(inf)) == s::of(-inf));  // NaN in the middle: lo
  const s across = access::midpoint(s::loss_in(3), s::win_in(3));
  CHECK(!(across < s::loss_in(3)));
  CHECK(across < s::win_in(3));
  const s below_values = access::midpoint(s::loss_in(3), s::of(0.5));  // a window bound between ranks
  CHECK(!(below_values < s::loss_in(3)));
  CHECK(below_values < s::of(0.5));
  CHECK(access::midpoint(s::loss_in(1), s::loss_in(2)) == s::loss_in(1));  // adjacent ranks: lo
  CHECK(s::of(1.0) < access::successor(s::of(1.0)));
  CHECK(access::predecessor(s::of(1.0)) < s::of(1.0));
}
