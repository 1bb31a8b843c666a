#include <gametree/games/tic_tac_toe.hpp>
#include <gametree/search.hpp>

#include <cstdint>
#include <set>
#include <stdexcept>
#include <vector>

#include "reference/negamax_reference.hpp"
#include "support/catch.hpp"

using gametree::score;
using gametree::games::tic_tac_toe;
using gametree_test::ContainsSubstring;

TEST_CASE("tic-tac-toe: 5,478 legal positions are reachable from the empty board") {
  // Breadth-first over the positions, by key: an independent count of the state space.
  std::set<std::uint32_t> seen{tic_tac_toe{}.key()};
  std::vector<tic_tac_toe> frontier{tic_tac_toe{}};
  std::vector<int> moves;
  while (!frontier.empty()) {
    std::vector<tic_tac_toe> next;
    for (const auto& t : frontier) {
      if (t.outcome()) continue;
      moves.clear();
      t.legal_moves(moves);
      for (const int m : moves) {
        tic_tac_toe c = t;
        c.play(m);
        if (seen.insert(c.key()).second) next.push_back(c);
      }
    }
    frontier = std::move(next);
  }
  CHECK(seen.size() == 5478);
}

TEST_CASE("tic-tac-toe: rules") {
  tic_tac_toe t;
  std::vector<int> moves;
  t.legal_moves(moves);
  CHECK(moves == std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8});
  CHECK(t.x_to_move());
  t.play(4);
  CHECK(t.at(4) == 'X');
  CHECK(!t.x_to_move());
  t.undo(4);
  CHECK(t == tic_tac_toe{});
  CHECK(tic_tac_toe::from_moves("123").at(2) == 'X');
  CHECK(tic_tac_toe::from_moves("14253").outcome() == gametree::game_outcome::loss);
  CHECK(tic_tac_toe::from_moves("159").outcome() == std::nullopt);
  CHECK(tic_tac_toe::from_moves("123564897").outcome() == gametree::game_outcome::draw);
  CHECK(tic_tac_toe::from_moves("123564897").plies() == 9);
  CHECK(tic_tac_toe::from_moves("5").evaluate() < 0);  // O to move, X holds the centre
  CHECK(tic_tac_toe{}.move_hint(4) > tic_tac_toe{}.move_hint(0));
  CHECK(tic_tac_toe{}.move_hint(0) > tic_tac_toe{}.move_hint(1));
}

TEST_CASE("tic-tac-toe: from_moves names the character at fault") {
  CHECK_THROWS_WITH(tic_tac_toe::from_moves("12a"), ContainsSubstring("character 3 ('a') is not a square 1..9"));
  CHECK_THROWS_WITH(tic_tac_toe::from_moves("0"), ContainsSubstring("character 1 ('0')"));
  CHECK_THROWS_WITH(tic_tac_toe::from_moves("545"), ContainsSubstring("character 3 ('5') is already taken"));
  CHECK_THROWS_WITH(tic_tac_toe::from_moves("142536"), ContainsSubstring("character 6 ('6') comes after the game is over"));
}

TEST_CASE("tic-tac-toe: the score bounds hold at every reachable position") {
  std::vector<tic_tac_toe> frontier{tic_tac_toe{}};
  std::set<std::uint32_t> seen;
  std::vector<int> moves;
  std::size_t checked = 0;
  while (!frontier.empty()) {
    const tic_tac_toe t = frontier.back();
    frontier.pop_back();
    if (!seen.insert(t.key()).second || t.outcome()) continue;
    const auto bounds = t.score_bounds();
    const auto v = gametree_test::reference::negamax(t);
    CHECK(!(v < bounds.lower));
    CHECK(!(bounds.upper < v));
    ++checked;
    moves.clear();
    t.legal_moves(moves);
    for (const int m : moves) {
      tic_tac_toe c = t;
      c.play(m);
      frontier.push_back(c);
    }
  }
  CHECK(checked == 4520);  // the positions where the game goes on
}

TEST_CASE("tic-tac-toe: the score bounds save nodes and change no value") {
  struct unbounded : tic_tac_toe {};
  // A class derived from tic_tac_toe still has score_bounds; this one hides it behind a wrapper.
  struct no_bounds {
    using move_type = int;
    tic_tac_toe t;
    void legal_moves(std::vector<int>& out) const { t.legal_moves(out); }
    void play(int m) { t.play(m); }
    void undo(int m) { t.undo(m); }
    auto outcome() const { return t.outcome(); }
    int evaluate() const { return t.evaluate(); }
    int move_hint(int m) const { return t.move_hint(m); }
    std::uint64_t hash() const { return t.hash(); }
    std::uint32_t key() const { return t.key(); }
  };
  const auto with = gametree::solve(tic_tac_toe{});
  const auto without = gametree::solve(no_bounds{});
  CHECK(with.value == without.value);
  CHECK(with.stats.nodes < without.stats.nodes);
}
