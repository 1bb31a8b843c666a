#include <gametree/games/nim.hpp>
#include <gametree/search.hpp>

#include <cstdint>
#include <stdexcept>
#include <vector>

#include "support/catch.hpp"

using gametree::engine;
using gametree::score;
using gametree::games::nim;
using gametree::games::nim_move;
using gametree::games::subtraction_game;
using gametree_test::ContainsSubstring;

TEST_CASE("nim: the xor rule decides every position of up to 4 heaps of up to 7") {
  engine<nim> e;
  std::size_t positions = 0;
  for (std::size_t heaps = 1; heaps <= 4; ++heaps) {
    std::vector<unsigned> h(heaps, 0);
    while (true) {
      unsigned x = 0;
      for (const unsigned s : h) x ^= s;
      const auto r = e.solve(nim(h));
      CHECK(r.value.is_win() == (x != 0));
      CHECK(r.value.is_loss() == (x == 0));
      if (x != 0) {
        // The winning move leaves a xor of 0 (Bouton's strategy).
        nim after(h);
        after.play(*r.best_move);
        unsigned y = 0;
        for (const unsigned s : after.heaps()) y ^= s;
        CHECK(y == 0);
      }
      ++positions;
      std::size_t i = 0;
      while (i < heaps && h[i] == 7) h[i++] = 0;
      if (i == heaps) break;
      ++h[i];
    }
  }
  CHECK(positions == 8 + 64 + 512 + 4096);
}

TEST_CASE("nim: moves, play and undo keep the hash a function of the heaps") {
  nim n({2, 0, 1});
  std::vector<nim_move> moves;
  n.legal_moves(moves);
  CHECK(moves == std::vector<nim_move>{{0, 1}, {0, 2}, {2, 1}});
  const auto h = n.hash();
  n.play({0, 2});
  CHECK(n.heaps() == std::vector<unsigned>{0, 0, 1});
  CHECK(n.hash() == nim({0, 0, 1}).hash());
  CHECK(n.hash() != h);
  n.undo({0, 2});
  CHECK(n.hash() == h);
  CHECK(n.key() == std::vector<unsigned>{2, 0, 1});
  CHECK(nim({0, 0}).outcome() == gametree::game_outcome::loss);
  CHECK(nim({}).outcome() == gametree::game_outcome::loss);
  CHECK(nim({1}).outcome() == std::nullopt);
  CHECK(nim({1}).evaluate() == 0);
  nim one({1});
  CHECK_THROWS_WITH(gametree::play_checked(one, {0, 2}), ContainsSubstring("illegal move take 2 from heap 0: not among"));
}

TEST_CASE("subtraction game: rules and values") {
  subtraction_game g(5, {1, 3});
  std::vector<std::uint64_t> moves;
  g.legal_moves(moves);
  CHECK(moves == std::vector<std::uint64_t>{1, 3});
  g.play(3);
  CHECK(g.heap() == 2);
  moves.clear();
  g.legal_moves(moves);
  CHECK(moves == std::vector<std::uint64_t>{1});
  g.undo(3);
  CHECK(g.key().heap == 5);
  CHECK(subtraction_game(1, {2}).outcome() == gametree::game_outcome::loss);
  CHECK(subtraction_game(0).outcome() == gametree::game_outcome::loss);
  CHECK(subtraction_game(4).evaluate() == 0);
  CHECK(subtraction_game(3).hash() != subtraction_game(4).hash());
  // Take 1 or 2: the player to move loses exactly on multiples of 3.
  for (std::uint64_t h = 0; h < 30; ++h) {
    CHECK(gametree::solve(subtraction_game(h)).value.is_loss() == (h % 3 == 0));
  }
  // One engine, two rule sets: the key tells them apart, so the table cannot mix them.
  engine<subtraction_game> e;
  const auto first = e.solve(subtraction_game(10, {1, 2}));
  const auto second = e.solve(subtraction_game(10, {1, 3}));
  CHECK(first.value == gametree::solve(subtraction_game(10, {1, 2})).value);
  CHECK(second.value == gametree::solve(subtraction_game(10, {1, 3})).value);
  CHECK(first.value != second.value);
  CHECK(subtraction_game(10, {1, 2}).hash() != subtraction_game(10, {1, 3}).hash());
  CHECK_THROWS_WITH(subtraction_game(3, {}), ContainsSubstring("no allowed amount"));
  CHECK_THROWS_WITH(subtraction_game(3, {1, 0}), ContainsSubstring("allowed amount of 0"));
}
