// Pons' Connect 4 test sets (../shared/data/connect4, data no one here wrote) solved through
// the library, strong (every score exact) and weak (every sign exact), with the engine
// configured as the connect4 program configures it; and an independent oracle: positions
// with 30 or more stones solved by plain minimax over game_tree_view, the rules alone.
// Heavy: built only with GAMETREE_CONNECT4_SETS (off in the sanitizer and coverage builds;
// the light Connect 4 tests in connect_four_test.cpp run there).
#include <gametree/alpha_beta.hpp>
#include <gametree/games/connect_four.hpp>
#include <gametree/search.hpp>

#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "../examples/connect4.hpp"
#include "support/catch.hpp"
#include "support/connect4_sets.hpp"

using c4 = gametree::games::connect_four<>;

namespace {

using gametree_test::read_set;

// The connect4 program's configuration, from the program itself.
gametree::engine_options program_options() { return connect4_app::engine_options(64); }

using connect4_app::sign;

// Solves the first `limit` positions of a set, the table cleared before each; counts the
// scores (strong) or signs (weak) that differ from the set's, and checks every best move
// keeps the score: the position after it scores the negation (or the move wins at once).
void check_set(const std::string& name, std::size_t limit, gametree::solve_mode mode) {
  gametree::engine<c4> e(program_options());
  gametree::engine<c4> child(program_options());
  const bool weak = mode == gametree::solve_mode::weak;
  std::size_t mismatches = 0;
  std::size_t bad_moves = 0;
  std::uint64_t nodes = 0;
  const auto set = read_set(name, limit);
  for (std::size_t i = 0; i < set.size(); ++i) {
    const auto& [moves, expected] = set[i];
    const c4 g = c4::from_moves(moves);
    e.clear();
    const auto r = e.solve(g, {}, mode);
    nodes += r.stats.nodes;
    const int got = g.pons_score(r.value);
    if (weak ? sign(got) != sign(expected) : got != expected) {
      if (++mismatches < 5) UNSCOPED_INFO(name << " line " << i + 1 << ": " << moves << " scores " << got << ", expected " << expected);
    }
    // The move, checked on a sample (every tenth position) with a strong solve of the child.
    if (i % 10 == 0 && r.best_move && !g.is_winning_move(*r.best_move)) {
      c4 after = g;
      after.play(*r.best_move);
      child.clear();
      const int after_score = after.pons_score(child.solve(after).value);
      if (weak ? sign(-after_score) != sign(expected) : -after_score != expected) ++bad_moves;
    }
  }
  UNSCOPED_INFO(name << ", first " << limit << (weak ? ", weak" : ", strong") << ": mean nodes "
                     << static_cast<double>(nodes) / static_cast<double>(limit));
  CHECK(mismatches == 0);
  CHECK(bad_moves == 0);
}

}  // namespace

TEST_CASE("Pons' Test_L3_R1, all 1000, strong and weak") {
  check_set("Test_L3_R1", 1000, gametree::solve_mode::strong);
  check_set("Test_L3_R1", 1000, gametree::solve_mode::weak);
}

TEST_CASE("Pons' Test_L2_R1, all 1000, strong and weak") {
  check_set("Test_L2_R1", 1000, gametree::solve_mode::strong);
  check_set("Test_L2_R1", 1000, gametree::solve_mode::weak);
}

TEST_CASE("Pons' Test_L1_R1, all 1000, strong and weak") {
  check_set("Test_L1_R1", 1000, gametree::solve_mode::strong);
  check_set("Test_L1_R1", 1000, gametree::solve_mode::weak);
}

TEST_CASE("Pons' Test_L2_R2, the first 100, strong and weak") {
  check_set("Test_L2_R2", 100, gametree::solve_mode::strong);
  check_set("Test_L2_R2", 100, gametree::solve_mode::weak);
}

// The hardest set is split in two cases, so that ctest runs them side by side.
TEST_CASE("Pons' Test_L1_R2, the first 100, strong") {
  check_set("Test_L1_R2", 100, gametree::solve_mode::strong);
}

TEST_CASE("Pons' Test_L1_R2, the first 100, weak") {
  check_set("Test_L1_R2", 100, gametree::solve_mode::weak);
}

TEST_CASE("positions with 30 or more stones: the engine agrees with plain minimax over the rules") {
  // From Test_L3_R1 (29-41 stones) and from random play; minimax over game_tree_view knows
  // nothing of search_moves, bounds, hints or the table.
  gametree::engine<c4> e(program_options());
  gametree::engine<c4> defaults;
  std::vector<c4> positions;
  for (const auto& [moves, expected] : read_set("Test_L3_R1", 1000)) {
    if (moves.size() >= 30 && positions.size() < 60) positions.push_back(c4::from_moves(moves));
  }
  std::mt19937_64 rng(30);
  while (positions.size() < 160) {
    c4 g;
    const int stones = std::uniform_int_distribution<int>(30, 40)(rng);
    std::vector<int> columns;
    while (g.moves() < stones && !g.outcome()) {
      columns.clear();
      g.legal_moves(columns);
      g.play(columns[std::uniform_int_distribution<std::size_t>(0, columns.size() - 1)(rng)]);
    }
    if (!g.outcome()) positions.push_back(g);
  }
  std::size_t disagreements = 0;
  for (const c4& g : positions) {
    const auto oracle = gametree::minimax(gametree::game_tree_view(g)).value;
    e.clear();
    const auto narrowed = e.solve(g);
    const auto full = defaults.solve(g);
    if (narrowed.value != oracle || full.value != oracle) ++disagreements;
  }
  CHECK(disagreements == 0);
}

TEST_CASE("the connect4 program's --best columns are those minimax over the rules finds best") {
  // Positions of Test_L3_R1 with 30 or more stones; each column's value by plain minimax over
  // game_tree_view of the position after it (or a win now), in Pons' convention.
  connect4_app::options strong;
  connect4_app::options weak;
  weak.weak = true;
  gametree::engine<c4> e(connect4_app::engine_options(16));
  const c4* solving = nullptr;
  std::size_t checked = 0;
  std::size_t wrong = 0;
  for (const auto& [moves, expected] : read_set("Test_L3_R1", 1000)) {
    if (moves.size() < 30 || checked == 60) continue;
    ++checked;
    const c4 g = c4::from_moves(moves);
    std::string best;
    std::string best_sign;
    for (int c = 0; c < c4::width; ++c) {
      if (!g.can_play(c)) continue;
      int value = connect4_app::highest_score(g.moves());
      if (!g.is_winning_move(c)) {
        c4 after = g;
        after.play(c);
        value = -after.pons_score(gametree::minimax(gametree::game_tree_view(after)).value);
      }
      if (value == expected) best += static_cast<char>('1' + c);
      if (sign(value) == sign(expected)) best_sign += static_cast<char>('1' + c);
    }
    if (connect4_app::best_columns(e, g, strong, expected, solving) != best) ++wrong;
    if (connect4_app::best_columns(e, g, weak, sign(expected), solving) != best_sign) ++wrong;
  }
  CHECK(checked == 60);
  CHECK(wrong == 0);
}
