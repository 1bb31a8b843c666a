#include <gametree/games/connect_four.hpp>
#include <gametree/search.hpp>
#include <gametree/alpha_beta.hpp>

#include <algorithm>
#include <cstdint>
#include <map>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "reference/negamax_reference.hpp"
#include "support/catch.hpp"
#include "support/connect4_sets.hpp"

using gametree::score;
using gametree_test::ContainsSubstring;
namespace reference = gametree_test::reference;

using c4 = gametree::games::connect_four<>;

namespace {

// The rules of Connect 4 written out cell by cell: an independent oracle for the bitboards.
template <int W, int H>
struct plain_board {
  std::vector<int> cells = std::vector<int>(static_cast<std::size_t>(W * H), 0);  // 0 empty, 1, 2
  int moves = 0;
  int& at(int c, int r) { return cells[static_cast<std::size_t>(c * H + r)]; }
  int at(int c, int r) const { return cells[static_cast<std::size_t>(c * H + r)]; }
  int height(int c) const {
    int h = 0;
    while (h < H && at(c, h) != 0) ++h;
    return h;
  }
  void play(int c) { at(c, height(c)) = 1 + moves++ % 2; }
  bool four_of(int who) const {
    const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    for (int c = 0; c < W; ++c) {
      for (int r = 0; r < H; ++r) {
        for (const auto& d : dirs) {
          int k = 0;
          while (k < 4) {
            const int cc = c + d[0] * k, rr = r + d[1] * k;
            if (cc < 0 || cc >= W || rr < 0 || rr >= H || at(cc, rr) != who) break;
            ++k;
          }
          if (k == 4) return true;
        }
      }
    }
    return false;
  }
  // The empty cells where a stone of who would make four (wherever it could land).
  int cells_completing_four(int who) const {
    const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    int n = 0;
    for (int c = 0; c < W; ++c) {
      for (int r = 0; r < H; ++r) {
        if (at(c, r) != 0) continue;
        bool four = false;
        for (const auto& d : dirs) {
          int line = 1;
          for (const int side : {1, -1}) {
            for (int cc = c + side * d[0], rr = r + side * d[1];
                 cc >= 0 && cc < W && rr >= 0 && rr < H && at(cc, rr) == who;
                 cc += side * d[0], rr += side * d[1]) {
              ++line;
            }
          }
          four = four || line >= 4;
        }
        n += four ? 1 : 0;
      }
    }
    return n;
  }
};

template <class Game>
Game random_position(std::mt19937_64& rng, int plies, std::string* text = nullptr) {
  Game g;
  for (int i = 0; i < plies && !g.outcome(); ++i) {
    std::vector<int> columns;
    for (int c = 0; c < Game::width; ++c) {
      if (g.can_play(c)) columns.push_back(c);
    }
    const int c = columns[std::uniform_int_distribution<std::size_t>(0, columns.size() - 1)(rng)];
    g.play(c);
    if (text) *text += static_cast<char>('1' + c);
  }
  return g;
}

// Random games on a W x H board, every move checked against plain_board: which columns can be
// played, which move wins, the cells, undo, the outcome, and evaluate()'s count of the cells
// where each player would make four (every empty cell, not only those a stone can reach).
template <int W, int H>
void check_rules_cell_by_cell(std::mt19937_64& rng, int games) {
  using board = gametree::games::connect_four<W, H>;
  for (int game = 0; game < games; ++game) {
    board g;
    plain_board<W, H> b;
    while (!g.outcome()) {
      std::vector<int> columns;
      for (int c = 0; c < W; ++c) {
        CHECK(g.can_play(c) == (b.height(c) < H));
        if (g.can_play(c)) columns.push_back(c);
      }
      const int mover = 1 + b.moves % 2;
      CHECK(g.evaluate() == b.cells_completing_four(mover) - b.cells_completing_four(3 - mover));
      const int c = columns[std::uniform_int_distribution<std::size_t>(0, columns.size() - 1)(rng)];
      const board before = g;
      plain_board<W, H> after = b;
      after.play(c);
      CHECK(g.is_winning_move(c) == after.four_of(mover));
      g.play(c);
      g.undo(c);
      CHECK(g == before);
      g.play(c);
      b = after;
      CHECK(g.moves() == b.moves);
      for (int col = 0; col < W; ++col) {
        for (int row = 0; row < H; ++row) CHECK(g.at(col, row) == ".XO"[b.at(col, row)]);
      }
    }
    const bool someone_won = b.four_of(1) || b.four_of(2);
    CHECK(g.outcome() == (someone_won ? gametree::game_outcome::loss : gametree::game_outcome::draw));
    CHECK(b.four_of(1 + b.moves % 2) == false);  // the player to move did not just win
  }
}

}  // namespace

TEST_CASE("connect four: the bitboards follow the rules cell by cell") {
  std::mt19937_64 rng(4);
  check_rules_cell_by_cell<7, 6>(rng, 300);
}

// The boards whose lines step 64 bits or more (a diagonal's three steps on 3 x 20 and 2 x 31,
// a row's step on 1 x 63), where a plain shift would be undefined behaviour (the sanitizer
// builds catch it), and others at the edges of Width * (Height + 1) <= 64.
TEST_CASE("connect four: tall, narrow and wide boards follow the rules too") {
  std::mt19937_64 rng(5);
  check_rules_cell_by_cell<3, 20>(rng, 40);
  check_rules_cell_by_cell<2, 31>(rng, 40);
  check_rules_cell_by_cell<1, 63>(rng, 40);
  check_rules_cell_by_cell<4, 15>(rng, 40);
  check_rules_cell_by_cell<16, 3>(rng, 40);
  check_rules_cell_by_cell<32, 1>(rng, 10);
}

TEST_CASE("connect four: from_moves and its errors") {
  const c4 g = c4::from_moves("4453");
  CHECK(g.moves() == 4);
  CHECK(c4::from_moves("") == c4{});
  CHECK_THROWS_WITH(c4::from_moves("448x"), ContainsSubstring("character 3 ('8') is not a column 1..7"));
  CHECK_THROWS_WITH(c4::from_moves("12a"), ContainsSubstring("character 3 ('a') is not a column"));
  CHECK_THROWS_WITH(c4::from_moves("1111111"), ContainsSubstring("character 7 ('1'): column 1 is full"));
  CHECK_THROWS_WITH(c4::from_moves("14141414"), ContainsSubstring("character 8 ('4') is a move after the game was won"));
  CHECK(c4::from_moves("1414141").outcome() == gametree::game_outcome::loss);
  // Ten columns: the digits reach nine of them; ':' (the character after '9') is no column.
  using wide = gametree::games::connect_four<10, 5>;
  CHECK(wide::from_moves("99").moves() == 2);
  CHECK_THROWS_WITH(wide::from_moves("9:"), ContainsSubstring("character 2 (':') is not a column 1..9 (columns past 9"));
}

TEST_CASE("connect four: the key is unique on every position of a small board") {
  using small = gametree::games::connect_four<4, 4>;
  std::map<std::uint64_t, small> seen;
  std::vector<small> frontier{small{}};
  std::vector<int> moves;
  while (!frontier.empty()) {
    const small g = frontier.back();
    frontier.pop_back();
    const auto [it, fresh] = seen.emplace(g.key(), g);
    REQUIRE(it->second == g);  // the same key only for the same position
    if (!fresh || g.outcome()) continue;
    for (int c = 0; c < 4; ++c) {
      if (!g.can_play(c)) continue;
      small child = g;
      child.play(c);
      frontier.push_back(child);
    }
  }
  CHECK(seen.size() > 10000);
}

// The rules alone: the same board without search_moves, so the engine searches every move.
struct every_move_5x4 {
  using move_type = int;
  gametree::games::connect_four<5, 4> g;
  void legal_moves(std::vector<int>& out) const { g.legal_moves(out); }
  void play(int c) { g.play(c); }
  void undo(int c) { g.undo(c); }
  auto outcome() const { return g.outcome(); }
  int evaluate() const { return g.evaluate(); }
  std::uint64_t hash() const { return g.hash(); }
  std::uint64_t key() const { return g.key(); }
};

TEST_CASE("connect four: leaving out the moves that lose at once changes no value") {
  // 5x4 positions with at least 10 stones, against plain recursive negamax over the rules
  // (legal_moves: negamax never calls search_moves).
  using small = gametree::games::connect_four<5, 4>;
  STATIC_REQUIRE(gametree::pruning_game<small>);
  STATIC_REQUIRE(!gametree::pruning_game<every_move_5x4>);
  std::mt19937_64 rng(1234);
  gametree::engine<small> e;
  gametree::engine<every_move_5x4> f;
  std::uint64_t nodes_pruned = 0;
  std::uint64_t nodes_all = 0;
  for (int i = 0; i < 300; ++i) {
    const small g = random_position<small>(rng, 10 + i % 6);
    if (g.outcome()) continue;
    const auto expected = reference::negamax(g);
    const auto r = e.solve(g);
    CHECK(r.value == expected);
    const auto all = f.solve(every_move_5x4{g});
    CHECK(all.value == expected);
    nodes_pruned += r.stats.nodes;
    nodes_all += all.stats.nodes;
    CHECK(gametree::minimax(gametree::game_tree_view(g)).value == expected);
    CHECK(reference::move_value(g, *r.best_move) == expected);
  }
  CHECK(nodes_pruned * 2 < nodes_all);
  // A legal move the engine would not search is still legal to play.
  auto g = c4::from_moves("121212");
  CHECK_NOTHROW(gametree::play_checked(g, 3));
}

TEST_CASE("connect four: the moves left out are exactly those that lose at once") {
  std::mt19937_64 rng(99);
  std::size_t pruned_somewhere = 0;
  for (int i = 0; i < 2000; ++i) {
    const c4 g = random_position<c4>(rng, 4 + i % 30);
    if (g.outcome()) continue;
    std::vector<int> generated;
    g.search_moves(generated);
    REQUIRE(!generated.empty());
    // What each playable column leads to, by the rules: a win now, or a loss at once (the
    // opponent then wins with one stone).
    auto wins = [&](int c) { return g.is_winning_move(c); };
    auto loses = [&](int c) {
      c4 after = g;
      after.play(c);
      for (int d = 0; d < 7; ++d) {
        if (after.can_play(d) && after.is_winning_move(d)) return true;
      }
      return false;
    };
    bool can_win = false;
    bool can_survive = false;
    for (int c = 0; c < 7; ++c) {
      if (!g.can_play(c)) continue;
      can_win = can_win || wins(c);
      can_survive = can_survive || !loses(c);
    }
    // The game's bounds say so too: exact where one stone decides.
    const auto b = g.score_bounds();
    if (can_win) {
      CHECK((b.lower == score<int>::win_in(1) && b.upper == score<int>::win_in(1)));
    } else if (!can_survive) {
      CHECK((b.lower == score<int>::loss_in(2) && b.upper == score<int>::loss_in(2)));
    } else {
      CHECK(b.lower < b.upper);
    }
    for (int c = 0; c < 7; ++c) {
      if (!g.can_play(c)) continue;
      const bool kept = std::find(generated.begin(), generated.end(), c) != generated.end();
      // The winning moves if any, else those that survive the next stone, else all.
      const bool expected = can_win ? wins(c) : can_survive ? !loses(c) : true;
      CHECK(kept == expected);
      pruned_somewhere += kept ? 0 : 1;
    }
  }
  CHECK(pruned_somewhere > 100);
}

template <int Bits, bool Has>
struct key_bits_of {};
template <int Bits>
struct key_bits_of<Bits, true> {
  static constexpr int key_bits = Bits;
};

// A W x H board with everything it has, but key_bits only if Compact, its symmetry
// (canonical() and the move maps) only if Symmetric, and expand() only if Expand.
template <int W, int H, bool Compact, bool Symmetric, bool Expand = true>
struct board_as : key_bits_of<W*(H + 1), Compact> {
  using board = gametree::games::connect_four<W, H>;
  using move_type = int;
  board g;
  explicit board_as(const board& b) : g(b) {}
  void legal_moves(std::vector<int>& out) const { g.legal_moves(out); }
  void search_moves(std::vector<int>& out) const { g.search_moves(out); }
  auto expand(std::vector<int>& out) const requires Expand { return g.expand(out); }
  void play(int c) { g.play(c); }
  void undo(int c) { g.undo(c); }
  auto outcome() const { return g.outcome(); }
  auto score_bounds() const { return g.score_bounds(); }
  int move_hint(int c) const { return g.move_hint(c); }
  int horizon() const { return g.horizon(); }
  std::uint64_t hash() const { return g.hash(); }
  std::uint64_t key() const { return g.key(); }
  auto canonical() const requires Symmetric { return g.canonical(); }
  static int to_canonical(int c, int t) requires Symmetric { return board::to_canonical(c, t); }
  static int from_canonical(int c, int t) requires Symmetric { return board::from_canonical(c, t); }
};
// Connect 4 in the 32-byte entries of a packed key, each state apart.
using wide_entries = board_as<7, 6, false, false>;
// Connect 4 with score_bounds and search_moves but no expand(): the engine calls the two apart.
using two_calls = board_as<7, 6, true, true, false>;
// With compact entries, each state apart; with 32-byte entries shared by mirror images.
template <int W, int H>
using asymmetric = board_as<W, H, true, false>;
template <int W, int H>
using symmetric_wide = board_as<W, H, false, true>;

TEST_CASE("connect four: the compact table gives the values of the 32-byte one, large or small") {
  STATIC_REQUIRE(std::is_same_v<gametree::engine<c4>::table_type, gametree::compact_table<int, int, 49>>);
  STATIC_REQUIRE(!std::is_same_v<gametree::engine<wide_entries>::table_type, gametree::engine<c4>::table_type>);
  std::mt19937_64 rng(77);
  gametree::engine<c4> compact;
  gametree::engine<c4> crowded({.table_entries = 1});  // its fewest buckets, 512: heavy replacement
  gametree::engine<wide_entries> wide;
  std::uint64_t nodes = 0;
  for (int i = 0; i < 60; ++i) {
    const c4 g = random_position<c4>(rng, 16 + i % 10);
    if (g.outcome()) continue;
    const auto a = compact.solve(g);
    const auto b = crowded.solve(g);
    const auto c = wide.solve(wide_entries{g});
    CHECK(a.value == c.value);
    CHECK(b.value == c.value);
    // Each best move achieves the value: the reply's value, seen from the mover, a ply later.
    for (const auto& r : {a, b}) {
      REQUIRE(r.best_move);
      c4 after = g;
      after.play(*r.best_move);
      using s = gametree::score<int>;
      s v = s::win_in(1);  // a win at once
      if (!after.outcome()) {
        v = reference::to_parent(wide.solve(wide_entries{after}).value, false);
      }
      CHECK(v == c.value);
    }
    nodes += a.stats.nodes;
  }
  CHECK(compact.table()->statistics().rejected == 0);
  CHECK(nodes > 10000);
}

TEST_CASE("connect four: a position and its mirror image have one canonical key, and moves map between them") {
  STATIC_REQUIRE(gametree::symmetric_game<c4>);
  std::mt19937_64 rng(99);
  int mirrored = 0;
  for (int i = 0; i < 500; ++i) {
    c4 g;
    c4 m;  // the mirror image: every stone in the mirror column
    const int plies = static_cast<int>(rng() % 30);
    for (int k = 0; k < plies && !g.outcome(); ++k) {
      std::vector<int> moves;
      g.legal_moves(moves);
      const int c = moves[rng() % moves.size()];
      g.play(c);
      m.play(6 - c);
    }
    const auto a = g.canonical();
    const auto b = m.canonical();
    CHECK(a.key == b.key);
    CHECK(a.key == std::min(g.key(), m.key()));
    CHECK(a.transform == (a.key == g.key() ? 0 : 1));
    mirrored += a.transform;
    // A move played in g is its to_canonical played in g's canonical image.
    const c4& image = a.transform == 0 ? g : m;
    if (g.outcome()) continue;
    std::vector<int> moves;
    g.legal_moves(moves);
    for (const int c : moves) {
      CHECK(c4::from_canonical(c4::to_canonical(c, a.transform), a.transform) == c);
      c4 after = g;
      after.play(c);
      c4 image_after = image;
      image_after.play(c4::to_canonical(c, a.transform));
      CHECK(after.canonical().key == image_after.canonical().key);
    }
  }
  CHECK(mirrored > 100);
}

TEST_CASE("connect four: mirror images share the table: the same values in fewer nodes, and lines that hold") {
  using board = gametree::games::connect_four<5, 4>;
  STATIC_REQUIRE(std::is_same_v<gametree::engine<board>::table_type, gametree::engine<asymmetric<5, 4>>::table_type>);
  gametree::engine<board> shared;
  gametree::engine<asymmetric<5, 4>> apart;
  gametree::engine<symmetric_wide<5, 4>> wide;
  STATIC_REQUIRE(!std::is_same_v<gametree::engine<symmetric_wide<5, 4>>::table_type, gametree::engine<board>::table_type>);
  std::mt19937_64 rng(5);
  std::uint64_t with = 0;
  std::uint64_t wide_with = 0;
  std::uint64_t without = 0;
  std::size_t line_moves = 0;
  for (int i = 0; i < 40; ++i) {
    board g = random_position<board>(rng, i % 6);
    if (g.outcome()) continue;
    const auto a = shared.solve(g);
    const auto b = apart.solve(asymmetric<5, 4>{g});
    CHECK(a.value == b.value);
    const auto w = wide.solve(symmetric_wide<5, 4>{g});
    CHECK(w.value == b.value);
    wide_with += w.stats.nodes;
    with += a.stats.nodes;
    without += b.stats.nodes;
    // Every move of the line (the table's moves, read back through from_canonical) keeps the
    // value: the position after it, solved apart, is worth the value a ply later.
    board at = g;
    auto expected = a.value;
    for (const int c : a.pv) {
      REQUIRE(at.can_play(c));
      at.play(c);
      ++line_moves;
      using s = gametree::score<int>;
      const auto o = at.outcome();
      const s seen = o ? (*o == gametree::game_outcome::draw ? s::of(0) : s::loss_in(0)) : apart.solve(asymmetric<5, 4>{at}).value;
      CHECK(reference::to_parent(seen, false) == expected);
      expected = seen;
      if (at.outcome()) break;
    }
  }
  CHECK(with < without);
  CHECK(wide_with < without);
  CHECK(line_moves > 200);
}

TEST_CASE("connect four: the engine enters the same nodes with expand() as with its two calls") {
  STATIC_REQUIRE(gametree::expanding_game<c4>);
  STATIC_REQUIRE(!gametree::expanding_game<two_calls>);
  STATIC_REQUIRE(gametree::bounded_game<two_calls>);
  // What expand() gives is checked against the rules through search_moves() and
  // score_bounds() (both call it) in "the moves left out are exactly those that lose at once".
  std::mt19937_64 rng(4242);
  // The engine enters the same nodes with one call per node as with two, to the same value.
  gametree::engine<c4> one;
  gametree::engine<two_calls> two;
  std::uint64_t nodes = 0;
  for (int i = 0; i < 60; ++i) {
    const c4 g = random_position<c4>(rng, 16 + i % 8);
    if (g.outcome()) continue;
    const auto a = one.solve(g);
    const auto b = two.solve(two_calls{g});
    CHECK(a.value == b.value);
    CHECK(a.stats.nodes == b.stats.nodes);
    CHECK(a.best_move == b.best_move);
    nodes += a.stats.nodes;
  }
  CHECK(nodes > 10000);
}

TEST_CASE("connect four: expand_child() gives what expand() gives where the engine calls it") {
  STATIC_REQUIRE(gametree::child_expanding_game<c4>);
  STATIC_REQUIRE(gametree::expanding_game<board_as<7, 6, true, true, true>>);
  STATIC_REQUIRE(!gametree::child_expanding_game<board_as<7, 6, true, true, true>>);
  // Every position the engine would call it at: reached by a move expand() listed at a
  // position whose bounds are not exact, from random positions, on 7x6 and 5x4.
  std::mt19937_64 rng(4343);
  const auto check_children = [&rng]<class Board>(Board, int plies_from, int plies_span) {
    int checked = 0;
    std::vector<int> parent_moves;
    std::vector<int> moves;
    std::vector<int> child_moves;
    for (int i = 0; i < 800; ++i) {
      const Board g = random_position<Board>(rng, plies_from + i % plies_span);
      if (g.outcome()) continue;
      parent_moves.clear();
      const auto bounds = g.expand(parent_moves);
      if (bounds.lower == bounds.upper) continue;  // the engine searches none of them
      for (const int m : parent_moves) {
        Board child = g;
        child.play(m);
        if (child.outcome()) continue;
        moves.clear();
        child_moves.clear();
        const auto expected = child.expand(moves);
        const auto got = child.expand_child(child_moves);
        CHECK(got.lower == expected.lower);
        CHECK(got.upper == expected.upper);
        CHECK(child_moves == moves);
        ++checked;
      }
    }
    return checked;
  };
  CHECK(check_children(c4{}, 6, 30) > 1000);
  CHECK(check_children(gametree::games::connect_four<5, 4>{}, 4, 12) > 1000);
  // And the engine enters the same nodes with it as with expand() alone (5x4 Connect 4 goes
  // through every option set, threads too, in the differential tests: small_connect_four).
  gametree::engine<c4> with;
  gametree::engine<board_as<7, 6, true, true, true>> without;
  for (int i = 0; i < 30; ++i) {
    const c4 g = random_position<c4>(rng, 14 + i % 8);
    if (g.outcome()) continue;
    const auto a = with.solve(g);
    const auto b = without.solve(board_as<7, 6, true, true, true>{g});
    CHECK(a.value == b.value);
    CHECK(a.stats.nodes == b.stats.nodes);
  }
}

TEST_CASE("connect four: score bounds hold, and Pons' score convention") {
  using full = gametree::games::connect_four<5, 4>;
  std::mt19937_64 rng(77);
  for (int i = 0; i < 200; ++i) {
    const full g = random_position<full>(rng, 10 + i % 6);
    if (g.outcome()) continue;
    const auto v = reference::negamax(g);
    const auto b = g.score_bounds();
    CHECK(!(v < b.lower));
    CHECK(!(b.upper < v));
  }
  // 7x6: a win with the 4th own stone scores 22 - 4 = 18.
  const c4 g = c4::from_moves("121212");  // the first player wins now with its 4th stone
  CHECK(gametree::solve(g).value == score<int>::win_in(1));
  CHECK(g.pons_score(score<int>::win_in(1)) == 18);
  CHECK(g.pons_score(score<int>::loss_in(2)) == -18);
  CHECK(g.pons_score(score<int>{}) == 0);
  // evaluate(): my cells that would make four minus the opponent's.
  CHECK(c4::from_moves("1213").evaluate() == 0);   // the first player has none yet
  CHECK(c4::from_moves("12131").evaluate() == -1);  // O to move; X has three in column 1
  const auto r = gametree::search(c4::from_moves("44"), {.max_depth = 3});
  CHECK(r.depth == 3);
  CHECK(r.value.is_value());
}

#ifdef GAMETREE_CONNECT4_DATA
TEST_CASE("connect four: the first 100 positions of Pons' Test_L3_R1 solved exactly") {
  // With the engine's defaults (full window, killers and history); the program's options
  // on whole sets are in connect4_sets_test.cpp.
  gametree::engine<c4> e;
  std::size_t mismatches = 0;
  const auto set = gametree_test::read_set("Test_L3_R1", 100);
  CHECK(set.size() == 100);
  for (const auto& [moves, expected] : set) {
    const c4 g = c4::from_moves(moves);
    e.clear();
    const auto r = e.solve(g);
    const int got = g.pons_score(r.value);
    if (got != expected) {
      if (++mismatches < 5) UNSCOPED_INFO(moves << ": " << got << ", expected " << expected);
    }
  }
  CHECK(mismatches == 0);
}
#endif
