#include <gametree/alpha_beta.hpp>
#include <gametree/games/connect_four.hpp>
#include <gametree/games/nim.hpp>
#include <gametree/games/tic_tac_toe.hpp>
#include <gametree/search.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "reference/negamax_reference.hpp"
#include "reference/random_game.hpp"
#include "support/catch.hpp"
#include "support/differential.hpp"

using namespace gametree_test;  // the engine's names and the differential tests (support/differential.hpp)

namespace {

// Tic-tac-toe without move hints and score bounds: the engine then enters exactly the nodes
// alpha_beta.hpp's search of the same tree enters.
struct plain_tic_tac_toe {
  using move_type = int;
  games::tic_tac_toe t;
  void legal_moves(std::vector<int>& out) const { t.legal_moves(out); }
  void play(int m) { t.play(m); }
  void undo(int m) { t.undo(m); }
  auto outcome() const { return t.outcome(); }
  int evaluate() const { return t.evaluate(); }
  std::uint64_t hash() const { return t.hash(); }
  std::uint32_t key() const { return t.key(); }
};

// Every state hashes alike: only exact keys keep the table right. Its key is not a packed
// integer (which the table would keep whatever exact_keys says), so exact_keys decides.
struct constant_hash_tic_tac_toe : games::tic_tac_toe {
  std::uint64_t hash() const { return 42; }
  std::array<std::uint32_t, 1> key() const { return {games::tic_tac_toe::key()}; }
};

// The same with tic-tac-toe's own packed key.
struct constant_hash_packed_tic_tac_toe : games::tic_tac_toe {
  std::uint64_t hash() const { return 42; }
};

// The policies of iterative deepening, with no table (so that every iteration is exactly
// negamax to its depth): plain alpha-beta, PVS, MTD(f), aspiration windows, and PVS with each.
std::vector<option_set> deepening_sets() {
  std::vector<option_set> sets;
  const char* names[] = {"alpha-beta", "PVS", "MTD(f)", "aspiration", "MTD(f) + PVS", "aspiration + PVS"};
  for (int policy = 0; policy < 6; ++policy) {
    for (const bool undo : {true, false}) {
      engine_options o;
      o.table_mib = 0;
      o.use_undo = undo;
      o.pvs = policy == 1 || policy == 4 || policy == 5;
      o.mtdf = policy == 2 || policy == 4;
      if (policy == 3 || policy == 5) o.aspiration = 3.0;
      sets.push_back({std::string(names[policy]) + (undo ? ", undo" : ", copy"), o});
    }
  }
  engine_options unordered;
  unordered.table_mib = 0;
  unordered.move_ordering = false;
  sets.push_back({"unordered", unordered});
  return sets;
}


// How many random positions of each kind the differential tests solve: 10^4, or fewer in the
// sanitizer (2,500) and coverage (1,000) builds (tests/CMakeLists.txt,
// GAMETREE_RANDOM_POSITIONS).
#ifndef GAMETREE_RANDOM_POSITIONS
#define GAMETREE_RANDOM_POSITIONS 10000
#endif
constexpr int random_positions = GAMETREE_RANDOM_POSITIONS;
static_assert(random_positions > 0);


}  // namespace

TEST_CASE("every option set solves random tic-tac-toe positions as plain negamax does") {
  report<games::tic_tac_toe>(differential_solve(tic_tac_toe_positions(random_positions), memo_reference<games::tic_tac_toe>{}));
}

TEST_CASE("every option set solves random Nim positions as plain negamax does") {
  report<games::nim>(differential_solve(nim_positions(random_positions), plain_reference{}));
}

TEST_CASE("every option set solves 10^3 random 5x4 Connect 4 positions as plain negamax does") {
  // 12 to 19 stones of 20: plain negamax over the rules (legal_moves) is the oracle; the
  // engine searches search_moves with the exact bounds, hints and horizon.
  report<small_connect_four>(differential_solve(small_connect_four_positions(1000), memo_reference<small_connect_four>{}));
}

// The narrowing chooses a test's place in the range its tests alone have narrowed (at first the
// horizon's whole line, as Pons' solver does), then moves it inside the game's bounds: every
// test lies in the range known before it, the game's bounds included.
TEST_CASE("a narrowing solve tests inside the game's bounds, and finds the value") {
  engine_options o;
  o.narrowing = true;
  o.killer_moves = false;
  o.history = false;
  engine<small_connect_four> e(o);
  std::vector<gametree::narrowing_info<small_connect_four>> steps;
  e.on_test([&](const gametree::narrowing_info<small_connect_four>& t) { steps.push_back(t); });
  std::size_t tests = 0;
  for (const small_connect_four& g : small_connect_four_positions(300)) {
    steps.clear();
    const auto r = e.solve(g);
    const auto b = g.score_bounds();
    CHECK(r.value == reference::negamax(g));
    score<int> lower = b.lower;
    score<int> upper = b.upper;
    for (const auto& step : steps) {
      CHECK(!(step.tested < lower));
      CHECK(step.tested < upper);
      lower = step.lower;
      upper = step.upper;
    }
    tests += steps.size();
  }
  CHECK(tests > 300);
}

// A weak solve with a horizon tests where the strong one would until a test above 0 fails (no
// quick win), then at 0 (is it a win?) and below it (a draw?): the sign, exact.
TEST_CASE("a weak solve tests at 0 once a test above 0 has failed, and finds the sign") {
  engine_options o;
  o.killer_moves = false;
  o.history = false;
  engine<small_connect_four> e(o);
  std::vector<gametree::narrowing_info<small_connect_four>> steps;
  e.on_test([&](const gametree::narrowing_info<small_connect_four>& t) { steps.push_back(t); });
  const score<int> zero{};
  std::size_t after_failure = 0;
  for (const small_connect_four& g : small_connect_four_positions(300)) {
    steps.clear();
    const auto r = e.solve(g, {}, gametree::solve_mode::weak);
    const auto expected = reference::negamax(g);
    CHECK((zero < r.value) == (zero < expected));
    CHECK((r.value < zero) == (expected < zero));
    bool failed_above_zero = false;
    for (const auto& step : steps) {
      if (failed_above_zero) {
        CHECK((step.tested == zero || step.tested == score<int>::of(-1)));
        ++after_failure;
      }
      if (zero < step.tested && !step.above) failed_above_zero = true;
    }
  }
  CHECK(after_failure > 20);
}

TEST_CASE("on_test reports every null-window test of a narrowing solve, the range shrinking") {
  // Tic-tac-toe with its horizon but without score bounds: the range starts infinite.
  struct horizon_only {
    using move_type = int;
    games::tic_tac_toe t;
    void legal_moves(std::vector<int>& out) const { t.legal_moves(out); }
    void play(int m) { t.play(m); }
    void undo(int m) { t.undo(m); }
    auto outcome() const { return t.outcome(); }
    auto hash() const { return t.hash(); }
    auto key() const { return t.key(); }
    int horizon() const { return t.horizon(); }
  };
  STATIC_REQUIRE(gametree::horizon_game<horizon_only>);
  STATIC_REQUIRE(!gametree::bounded_game<horizon_only>);
  engine_options o;
  o.narrowing = true;
  engine<horizon_only> e(o);
  std::vector<gametree::narrowing_info<horizon_only>> steps;
  e.on_test([&](const gametree::narrowing_info<horizon_only>& t) { steps.push_back(t); });
  std::mt19937_64 rng(12);
  for (int i = 0; i < 200; ++i) {
    const auto t = random_position(games::tic_tac_toe{}, rng, 0, 6);
    if (t.outcome()) continue;
    steps.clear();
    const auto r = e.solve(horizon_only{t});
    const auto expected = reference::negamax(t);
    REQUIRE(r.value == expected);
    REQUIRE(!steps.empty());
    for (std::size_t k = 0; k < steps.size(); ++k) {
      const auto& step = steps[k];
      // The answer is on the side it says, and the range holds the value and only shrinks.
      CHECK(step.above == (step.tested < step.value));
      CHECK(!(expected < step.lower));
      CHECK(!(step.upper < expected));
      if (k > 0) {
        CHECK(!(step.lower < steps[k - 1].lower));
        CHECK(!(steps[k - 1].upper < step.upper));
        CHECK(steps[k - 1].nodes <= step.nodes);
      }
    }
    CHECK(steps.back().lower == expected);
    CHECK(steps.back().upper == expected);
  }
  // Weak: the same tests, stopped once the sign is known.
  steps.clear();
  const auto w = e.solve(horizon_only{games::tic_tac_toe::from_moves("1")}, {}, gametree::solve_mode::weak);
  CHECK(w.value == score<int>{});
  CHECK(!steps.empty());
}

TEST_CASE("every option set solves random game trees as plain negamax does") {
  SECTION("payoffs, alternating turns") {
    report<payoff_game>(differential_solve(tree_positions<payoff_game>(random_positions, 12, false), plain_reference{}));
  }
  SECTION("payoffs, extra turns") {
    report<payoff_game>(differential_solve(tree_positions<payoff_game>(random_positions, 12, true), plain_reference{}));
  }
  SECTION("wins, losses and draws, extra turns") {
    report<decisive_game>(differential_solve(tree_positions<decisive_game>(random_positions, 10, true), plain_reference{}));
  }
}

TEST_CASE("depth-limited searches without a table return negamax to that depth") {
  // With a table, a state met again with more depth to go may answer from the deeper search,
  // which is better play but not the depth-d value; so only the table-less sets are compared.
  const std::vector<option_set> sets = deepening_sets();
  std::vector<std::string> failures;
  auto check = [&](const auto& g, int depth, const auto& r, const auto& name) {
    const auto expected = reference::negamax(g, depth);
    bool ok = r.value == expected && r.bound == score_bound::exact &&
              (r.solved || r.depth == depth) &&
              reference::move_value(g, *r.best_move, r.solved ? -1 : depth) == (r.solved ? reference::negamax(g) : expected);
    // The line: each move keeps the value searched to the depth that is left (to the end, solved).
    const std::string line = ok ? line_defect(g, r.pv, r.solved ? -1 : depth, engine_options{}.max_pv_length) : "";
    ok = ok && line.empty();
    if (!ok && failures.size() < 10) failures.push_back(name + ": depth " + std::to_string(depth) + " engine " + gametree::to_string(r.value) + " negamax " + gametree::to_string(expected) + " " + line);
  };
  std::mt19937_64 rng(99);
  for (const auto& s : sets) {
    engine<games::tic_tac_toe> e(s.options);
    engine<payoff_game> random_engine(s.options);
    gametree_test::random_game<signed char, true>::params extreme{1, 6, 12, true, true, 2};
    engine<gametree_test::random_game<signed char, true>> extreme_engine(s.options);
    for (int i = 0; i < 300; ++i) {
      const int depth = 1 + i % 4;
      const auto t = random_position(games::tic_tac_toe{}, rng, 1, 7);
      if (!t.outcome()) check(t, depth, e.search(t, {.max_depth = depth}), s.name);
      const payoff_game g({static_cast<std::uint64_t>(i) + 1, 7, 16, true, false, 2});
      check(g, depth, random_engine.search(g, {.max_depth = depth}), s.name);
      extreme.seed = static_cast<std::uint64_t>(i) + 1;
      const gametree_test::random_game<signed char, true> x(extreme);
      check(x, depth, extreme_engine.search(x, {.max_depth = depth}), s.name + " (extreme values)");
    }
  }
  report<int>(failures);
}

TEST_CASE("every deepening policy, with a table, ends at the exact value") {
  std::vector<std::string> failures;
  for (const auto& s : deepening_sets()) {
    engine_options o = s.options;
    o.table_mib = 1;
    engine<games::tic_tac_toe> e(o);
    engine<decisive_game> random_engine(o);
    std::mt19937_64 rng(8);
    for (int i = 0; i < 200; ++i) {
      const auto t = random_position(games::tic_tac_toe{}, rng, 2, 7);
      if (!t.outcome()) {
        const auto r = e.search(t);
        if (!(r.solved && r.value == reference::negamax(t)) && failures.size() < 10) {
          failures.push_back(s.name + ": tic-tac-toe " + gametree::to_string(r.value));
        }
      }
      const decisive_game g({static_cast<std::uint64_t>(i) + 7, 6, 10, true, false, 2});
      const auto rg = random_engine.search(g);
      if (!(rg.solved && rg.value == reference::negamax(g)) && failures.size() < 10) {
        failures.push_back(s.name + ": random game " + gametree::to_string(rg.value));
      }
    }
  }
  report<int>(failures);
}

TEST_CASE("heuristic scores of floating-point type, with infinities, search as plain negamax") {
  struct float_game : payoff_game {
    using payoff_game::payoff_game;
    double evaluate() const {
      const int v = payoff_game::evaluate();
      return v > 40 ? std::numeric_limits<double>::infinity() : v < -40 ? -std::numeric_limits<double>::infinity() : v / 4.0;
    }
    std::optional<double> outcome() const {
      const auto o = payoff_game::outcome();
      return o ? std::optional<double>(*o * 0.5) : std::nullopt;
    }
  };
  STATIC_REQUIRE(std::is_same_v<gametree::game_value_t<float_game>, double>);
  engine<float_game> e;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    const float_game g(payoff_game::params{seed, 6, 12, false, false, 2});
    CHECK(e.solve(g).value == reference::negamax(g));
    engine_options o;
    o.table_mib = 0;
    engine<float_game> plain(o);
    CHECK(plain.search(g, {.max_depth = 3}).value == reference::negamax(g, 3));
    o.aspiration = 0.25;
    o.pvs = true;
    engine<float_game> aspiring(o);
    CHECK(aspiring.search(g, {.max_depth = 4}).value == reference::negamax(g, 4));
    o.aspiration.reset();
    o.mtdf = true;
    engine<float_game> mtdf(o);
    CHECK(mtdf.search(g, {.max_depth = 4}).value == reference::negamax(g, 4));
  }
}

TEST_CASE("with ordering and the table off, an iteration enters exactly the nodes alpha_beta enters") {
  engine_options o;
  o.table_mib = 0;
  o.move_ordering = false;
  engine<plain_tic_tac_toe> e(o);
  engine<payoff_game> random_engine(o);
  std::mt19937_64 rng(5);
  for (int i = 0; i < 200; ++i) {
    plain_tic_tac_toe t{random_position(games::tic_tac_toe{}, rng, 0, 6)};
    if (t.outcome()) continue;
    const auto r = e.search(t, {.max_depth = 1 + i % 9});
    const auto depth = static_cast<std::int64_t>(r.stats.nodes_by_depth.size());
    const auto a = gametree::alpha_beta(gametree::game_tree_view(t, depth));
    CHECK(r.value == a.value);
    CHECK(r.stats.nodes_by_depth.back() == a.interior_nodes_visited + a.leaves_evaluated);

    const payoff_game g({static_cast<std::uint64_t>(i) + 1, 7, 64, false, false, 2});
    const auto rg = random_engine.search(g, {.max_depth = 1 + i % 7});
    const auto dg = static_cast<std::int64_t>(rg.stats.nodes_by_depth.size());
    const auto ag = gametree::alpha_beta(gametree::game_tree_view(g, dg));
    CHECK(rg.value == ag.value);
    CHECK(rg.stats.nodes_by_depth.back() == ag.interior_nodes_visited + ag.leaves_evaluated);
  }
}

TEST_CASE("the empty tic-tac-toe board is a draw, with a legal line of best play") {
  const auto r = gametree::solve(games::tic_tac_toe{});
  CHECK(r.value == score<int>{});
  CHECK(r.solved);
  CHECK(r.pv.size() == 9);  // a draw fills the board
  CHECK(pv_replays(games::tic_tac_toe{}, r));
  auto end = games::tic_tac_toe{};
  for (const int m : r.pv) end.play(m);
  CHECK(end.outcome() == gametree::game_outcome::draw);

  const auto s = gametree::search(games::tic_tac_toe{}, {.max_depth = 3});
  CHECK(s.depth == 3);
  CHECK(!s.solved);
  CHECK(s.stats.nodes_by_depth.size() == 3);
  CHECK(s.best_move == 4);  // the centre
}

TEST_CASE("wins come as fast as possible and losses as late as possible") {
  // X to move can win at once (square 3 completes the top row... here: X on 1 2, O on 4 5).
  const auto t = games::tic_tac_toe::from_moves("1425");
  const auto r = gametree::solve(t);
  CHECK(r.value == score<int>::win_in(1));
  CHECK(r.best_move == 2);
  // O to move cannot stop both of X's threats (X on 1 3 7, O on 2 9: X wins on 4 or on 5).
  const auto lost = games::tic_tac_toe::from_moves("12397");
  const auto l = gametree::solve(lost);
  CHECK(l.value == reference::negamax(lost));
  CHECK(l.value.is_loss());
  CHECK(l.value.plies() == 2);
}

TEST_CASE("the engine keeps its table between searches") {
  engine<games::tic_tac_toe> e;
  const auto first = e.solve(games::tic_tac_toe{});
  const auto second = e.solve(games::tic_tac_toe{});
  CHECK(second.value == first.value);
  CHECK(second.stats.nodes < first.stats.nodes);
  CHECK(second.stats.tt_cutoffs > 0);
  CHECK(e.table()->statistics().stores > 0);
  // A user reads the table through a const engine: the root's entry is the solve's result.
  const engine<games::tic_tac_toe>& read_only = e;
  const auto* root = read_only.probe(games::tic_tac_toe{});
  REQUIRE(root != nullptr);
  CHECK(root->bound == score_bound::exact);
  CHECK(root->depth == gametree::unlimited_depth);
  CHECK(root->value == first.value);
  CHECK(root->has_move);
  CHECK(root->move == *second.best_move);
  CHECK(engine<games::tic_tac_toe>{}.probe(games::tic_tac_toe{}) == nullptr);  // nothing searched yet
  CHECK(engine<games::tic_tac_toe>({.table_mib = 0}).probe(games::tic_tac_toe{}) == nullptr);  // no table
  struct unhashed {  // no hash(): never a table
    using move_type = int;
    int left = 2;
    void legal_moves(std::vector<int>& out) const { out.push_back(1); }
    void play(int m) { left -= m; }
    std::optional<gametree::game_outcome> outcome() const {
      return left == 0 ? std::optional(gametree::game_outcome::loss) : std::nullopt;
    }
  };
  engine<unhashed> plain;
  CHECK(plain.solve(unhashed{}).value == score<int>::loss_in(2));  // two forced moves: the opponent takes the last
  CHECK(plain.probe(unhashed{}) == nullptr);
  // Tic-tac-toe's key() is a packed board (an unsigned integer): the table keeps it, as a
  // 64-bit word, in place of the hash. The same lookup by hand, through the table.
  STATIC_REQUIRE(std::is_same_v<engine<games::tic_tac_toe>::key_type, std::uint64_t>);
  const games::tic_tac_toe start;
  const auto hash = static_cast<std::uint64_t>(start.hash());
  CHECK(read_only.table()->probe(hash, std::uint64_t{start.key()}) == root);
  // Nim's key() is its heaps: the table stores them beside the hash.
  STATIC_REQUIRE(std::is_same_v<engine<games::nim>::key_type, gametree::table_key<std::vector<unsigned>>>);
  engine<games::nim> heaps;
  const games::nim n({1, 2, 3});
  (void)heaps.solve(n);
  const auto nim_hash = static_cast<std::uint64_t>(n.hash());
  CHECK(heaps.table()->probe(nim_hash, gametree::table_key_ref<std::vector<unsigned>>{nim_hash, &n.key()}) == heaps.probe(n));
  CHECK(heaps.probe(n) != nullptr);
  e.clear();
  const auto third = e.solve(games::tic_tac_toe{});
  CHECK(third.stats.nodes == first.stats.nodes);
}

namespace {

// Solves 300 random non-terminal tic-tac-toe positions, wrapped as Wrapped (a tic-tac-toe whose
// hash is constant), with each engine in `engines`; returns, per engine, how many answers
// differ from the reference negamax, and how many positions were solved.
template <class Wrapped, std::size_t N>
std::pair<std::array<int, N>, int> constant_hash_wrong_answers(std::array<engine<Wrapped>*, N> engines,
                                                               std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::array<int, N> wrong{};
  int solved = 0;
  for (int i = 0; i < 300; ++i) {
    Wrapped t;
    static_cast<games::tic_tac_toe&>(t) = random_position(games::tic_tac_toe{}, rng, 2, 6);
    if (t.outcome()) continue;
    const auto expected = reference::negamax(static_cast<const games::tic_tac_toe&>(t));
    for (std::size_t k = 0; k < N; ++k) wrong[k] += engines[k]->solve(t).value == expected ? 0 : 1;
    ++solved;
  }
  return {wrong, solved};
}

}  // namespace

TEST_CASE("a game whose hash is constant is solved exactly in exact-key mode") {
  engine<constant_hash_tic_tac_toe> exact;
  engine<constant_hash_tic_tac_toe> hash_only({.exact_keys = false});
  const auto [wrong, solved] = constant_hash_wrong_answers<constant_hash_tic_tac_toe, 2>({&exact, &hash_only}, 11);
  CHECK(solved > 100);
  CHECK(wrong[0] == 0);
  // The hash alone is unsafe: with every state alike, many answers come out wrong.
  CHECK(wrong[1] > 0);
}

TEST_CASE("a packed key is the table's key in both key modes: exact, in 32-byte entries") {
  engine<constant_hash_packed_tic_tac_toe> hash_only({.exact_keys = false});
  const auto [wrong, solved] = constant_hash_wrong_answers<constant_hash_packed_tic_tac_toe, 1>({&hash_only}, 12);
  CHECK(wrong[0] == 0);
  CHECK(solved > 100);
  CHECK(hash_only.table()->statistics().stores > 0);
  // Two entries of a game with a packed key and an int move fill one cache line, and the
  // table's storage starts on one.
  using ttt_table = engine<games::tic_tac_toe>::table_type;
  STATIC_REQUIRE(sizeof(ttt_table::entry) == 32);
  engine<games::tic_tac_toe> ttt({.table_mib = 1});
  CHECK(ttt.table()->capacity() == 32768);  // 1 MiB of 32-byte entries, all of it
  const games::tic_tac_toe board;
  (void)ttt.solve(board);
  const auto* root = ttt.probe(board);
  REQUIRE(root != nullptr);
  CHECK(reinterpret_cast<std::uintptr_t>(root) % 32 == 0);  // so a bucket never straddles a line
}

// Connect 4 with a key_bits that its keys exceed.
struct short_key_connect_four : games::connect_four<> {
  static constexpr int key_bits = 20;
};

// Connect 4 whose canonical() names a transform beyond 255.
struct bad_transform_connect_four : games::connect_four<> {
  gametree::canonical_form<std::uint64_t> canonical() const { return {key(), 300}; }
};

TEST_CASE("a game with key_bits has a compact table: 8-byte entries, seven to a line, exact") {
  using c4_table = engine<games::connect_four<>>::table_type;
  STATIC_REQUIRE(std::is_same_v<c4_table, gametree::compact_table<int, int, 49>>);
  engine<games::connect_four<>> c4({.table_mib = 1});
  CHECK(c4.table()->capacity() == 16384 * 7);  // 1 MiB of 64-byte buckets
  const auto board = games::connect_four<>::from_moves("7422341735647741166133573473242566");  // Pons' Test_L3_R1
  const auto r = c4.solve(board);
  CHECK(r.value == score<int>::win_in(7));  // Pons' score 1: the mover wins with its last stone, the 41st
  const auto root = c4.probe(board);
  REQUIRE(root);
  CHECK(root->value == r.value);
  CHECK(root->depth == gametree::unlimited_depth);
  // Weighed by its work: the root's result took every node of the search but the root.
  CHECK(root->work == gametree::detail::work_class(r.stats.nodes - 1));
  CHECK(root->work >= 2);  // 16 nodes: not the class of a result that took none
  CHECK(c4.table()->statistics().rejected == 0);
  // A key beyond key_bits breaks the contract.
  engine<short_key_connect_four> lying;
  short_key_connect_four g;
  for (const int column : {6, 6, 6, 5}) g.play(column);
  CHECK_THROWS_WITH(lying.solve(g), ContainsSubstring("key() must be below 2^key_bits = 2^20, but returned"));
  // So does a transform that the table cannot keep.
  STATIC_REQUIRE(gametree::symmetric_game<bad_transform_connect_four>);
  engine<bad_transform_connect_four> bad;
  CHECK_THROWS_WITH(bad.solve(bad_transform_connect_four{}),
                    ContainsSubstring("canonical() must give a transform of 0 .. 255, not 300"));
}

TEST_CASE("a game without key_bits: the table weighs each result by the nodes its search took") {
  engine<games::tic_tac_toe> ttt;
  const games::tic_tac_toe start;
  const auto r = ttt.solve(start);
  const auto root = ttt.probe(start);
  REQUIRE(root != nullptr);
  CHECK(root->depth == gametree::unlimited_depth);
  CHECK(r.stats.nodes == 2628);
  CHECK(root->work == gametree::detail::work_class(r.stats.nodes - 1));  // 2,627 nodes below the root: class 6
  // Near the end the work is small whenever the state was searched: two empty squares leave
  // at most four nodes below a state (class 0 or 1), however many the search had entered.
  std::mt19937 rng(5);
  std::vector<int> moves;
  std::size_t stored = 0;
  for (int i = 0; i < 2000; ++i) {
    games::tic_tac_toe g;
    for (int k = 0; k < 7 && !g.outcome(); ++k) {
      moves.clear();
      g.legal_moves(moves);
      g.play(moves[rng() % moves.size()]);
    }
    if (g.outcome()) continue;
    if (const auto e = ttt.probe(g)) {
      ++stored;
      CHECK(e->work <= 1);
    }
  }
  CHECK(stored > 50);
}

TEST_CASE("node limits are exact and give the same result on every run") {
  engine<games::nim> e;
  const games::nim n({3, 4, 5, 6});
  for (const std::uint64_t limit : {1ULL, 2ULL, 10ULL, 1000ULL, 12345ULL}) {
    e.clear();
    const auto a = e.search(n, {.max_nodes = limit});
    e.clear();
    const auto b = e.search(n, {.max_nodes = limit});
    CHECK(a.stats.nodes <= limit);
    CHECK(a.stats.nodes == b.stats.nodes);
    CHECK(a.best_move == b.best_move);
    CHECK(a.value == b.value);
    CHECK(a.pv == b.pv);
    CHECK(a.depth == b.depth);
    REQUIRE(a.best_move);
    games::nim copy = n;
    CHECK_NOTHROW(gametree::play_checked(copy, *a.best_move));
    if (a.reason == stop_reason::nodes) CHECK(a.stats.nodes == limit);
  }
  // A limit that ends exactly where an iteration ends: the next iteration's root is not
  // entered either.
  e.clear();
  const auto two = e.search(n, {.max_depth = 2});
  const std::uint64_t boundary = two.stats.nodes_by_depth[0];
  e.clear();
  const auto at_boundary = e.search(n, {.max_depth = 2, .max_nodes = boundary});
  CHECK(at_boundary.stats.nodes == boundary);
  CHECK(at_boundary.depth == 1);
  CHECK(at_boundary.reason == stop_reason::nodes);
  // No time limit in practice: the deadline saturates instead of overflowing.
  e.clear();
  const auto forever = e.search(games::nim({2, 3}), {.max_time = std::chrono::nanoseconds::max()});
  CHECK(forever.reason == stop_reason::completed);
  CHECK(forever.solved);
  const auto one = e.search(n, {.max_nodes = 1});
  CHECK(one.reason == stop_reason::nodes);
  CHECK(one.depth == 0);
  CHECK(one.bound == score_bound::unknown);
  CHECK(one.best_move == games::nim_move{0, 1});  // nothing searched: the first move generated
}

TEST_CASE("a budget ends the search with the last completed iteration's move") {
  engine<games::nim> e;
  const games::nim n({5, 6, 7, 8});
  std::vector<std::int64_t> depths;
  e.on_iteration([&](const auto& info) { depths.push_back(info.depth); CHECK(!info.pv.empty()); CHECK(info.nodes > 0); });
  const auto r = e.search(n, {.max_nodes = 200000});
  CHECK(r.reason == stop_reason::nodes);
  REQUIRE(!depths.empty());
  CHECK(r.depth == depths.back());
  CHECK(r.stats.nodes_by_depth.size() == depths.size());
  for (std::size_t i = 0; i < depths.size(); ++i) CHECK(depths[i] == static_cast<std::int64_t>(i) + 1);
  CHECK(pv_replays(n, r));

  const auto timed = e.search(games::nim({20, 21, 22, 23, 24}), {.max_time = std::chrono::milliseconds(2)});
  CHECK(timed.reason == stop_reason::time);
  CHECK(timed.best_move);
}

TEST_CASE("stop() from another thread ends a search, which still returns a legal move") {
  engine<games::nim> e;
  std::atomic<bool> iterated{false};
  e.on_iteration([&](const auto&) { iterated = true; });
  std::thread stopper([&] {
    while (!iterated) std::this_thread::yield();
    e.stop();
  });
  const games::nim n({9, 10, 11, 12, 13});
  const auto r = e.search(n);
  stopper.join();
  CHECK(r.reason == stop_reason::stopped);
  REQUIRE(r.best_move);
  games::nim copy = n;
  CHECK_NOTHROW(gametree::play_checked(copy, *r.best_move));

  std::atomic<bool> flag{true};
  const auto flagged = e.search(n, {.stop = &flag});
  CHECK(flagged.reason == stop_reason::stopped);
  CHECK(flagged.stats.nodes <= 1024);
  CHECK(flagged.best_move);
}

TEST_CASE("stop() made before a search starts ends that search at once, and the next one runs") {
  const games::nim n({3, 4, 5});
  engine<games::nim> e;
  e.stop();  // no search runs: kept for the next one
  const auto stopped = e.search(n);
  CHECK(stopped.reason == stop_reason::stopped);
  CHECK(stopped.stats.nodes == 0);
  CHECK(stopped.bound == score_bound::unknown);
  REQUIRE(stopped.best_move);
  games::nim copy = n;
  CHECK_NOTHROW(gametree::play_checked(copy, *stopped.best_move));
  // The search that ended cleared the request: the next one solves.
  const auto solved = e.solve(n);
  CHECK(solved.reason == stop_reason::completed);
  CHECK(solved.solved);
  CHECK(solved.value == reference::negamax(n));
  // A stop() inside a search (from its callback) ends that search only.
  e.clear();
  e.on_iteration([&](const auto&) { e.stop(); });
  const auto first = e.search(games::nim({9, 10, 11, 12}));
  CHECK(first.reason == stop_reason::stopped);
  e.on_iteration({});
  CHECK(e.solve(n).reason == stop_reason::completed);
  // A search that ends by an exception clears it too: here the stopped search throws when it
  // asks for a move to return.
  struct failing_nim : games::nim {
    using games::nim::nim;
    bool fail = false;
    void legal_moves(std::vector<gametree::games::nim_move>& out) const {
      if (fail) throw std::runtime_error("the game failed");
      games::nim::legal_moves(out);
    }
  };
  engine<failing_nim> t;
  failing_nim bad({3, 4});
  bad.fail = true;
  t.stop();
  CHECK_THROWS_AS(t.search(bad), std::runtime_error);
  CHECK(t.solve(failing_nim({3, 4})).reason == stop_reason::completed);
}

TEST_CASE("an engine can be moved between searches, table and all") {
  std::vector<engine<games::tic_tac_toe>> engines;
  engines.emplace_back();
  const auto board = games::tic_tac_toe::from_moves("15");
  const auto first = engines[0].solve(board);
  engines.emplace_back();  // the first engine moves to the new buffer
  engine<games::tic_tac_toe> moved = std::move(engines[0]);
  const auto again = moved.solve(board);
  CHECK(again.value == first.value);
  CHECK(again.stats.nodes < first.stats.nodes);  // the table came along
  auto make = [] {
    engine<games::tic_tac_toe> e({.table_mib = 1});
    e.stop();
    return e;
  };
  engine<games::tic_tac_toe> returned = make();
  CHECK(returned.options().table_mib == 1);
  CHECK(returned.search(board).reason == stop_reason::stopped);  // the pending stop came along
  STATIC_REQUIRE(std::is_move_constructible_v<engine<games::nim>>);
  STATIC_REQUIRE(std::is_move_assignable_v<engine<games::nim>>);
  STATIC_REQUIRE(!std::is_copy_constructible_v<engine<games::nim>>);
}

TEST_CASE("engines can share one table: what one stores, the other finds") {
  const auto board = games::tic_tac_toe::from_moves("15");
  engine<games::tic_tac_toe> first;
  const auto alone = first.solve(board);
  engine<games::tic_tac_toe> second({}, first.shared_table());
  REQUIRE(second.table() != nullptr);
  CHECK(second.table() == first.table());
  const auto shared = second.solve(board);
  CHECK(shared.value == alone.value);
  CHECK(shared.best_move == alone.best_move);
  CHECK(shared.stats.nodes < alone.stats.nodes);  // the first engine's entries answered
  CHECK(shared.stats.tt_cutoffs > 0);
  engine<games::tic_tac_toe> own;  // a table of its own: as much work as the first did
  CHECK(own.solve(board).stats.nodes == alone.stats.nodes);
  CHECK(own.table() != first.table());

  engine<games::tic_tac_toe> none({.table_mib = 16}, nullptr);  // no table, whatever table_mib says
  CHECK(none.table() == nullptr);
  CHECK(none.shared_table() == nullptr);
  const auto untabled = none.solve(board);
  CHECK(untabled.value == alone.value);
  CHECK(untabled.stats.tt_probes == 0);
  CHECK(none.probe(board) == nullptr);

  REQUIRE(first.probe(board) != nullptr);
  second.clear();  // forgets the table for every engine that shares it
  CHECK(first.probe(board) == nullptr);
  engine<games::tic_tac_toe> after_clear({}, first.shared_table());  // no killers, no history yet
  CHECK(after_clear.solve(board).stats.nodes == alone.stats.nodes);

  std::shared_ptr<engine<games::tic_tac_toe>::table_type> kept;
  {
    engine<games::tic_tac_toe> gone({.table_mib = 1});
    kept = gone.shared_table();
    (void)gone.solve(board);
  }
  CHECK(kept->statistics().stores > 0);  // the table outlives the engine that made it
  engine<games::tic_tac_toe> heir({}, kept);
  CHECK(heir.solve(board).stats.nodes < alone.stats.nodes);
  CHECK_THROWS_AS((engine<games::tic_tac_toe>({.aspiration = -1.0}, kept)), std::invalid_argument);
}

TEST_CASE("a terminal root has a score and no move") {
  const auto r = gametree::solve(games::nim({0, 0}));
  CHECK(!r.best_move);
  CHECK(r.value == score<int>::loss_in(0));
  CHECK(r.solved);
  CHECK(r.stats.nodes == 1);
}

TEST_CASE("limits and options are checked") {
  engine<games::nim> e;
  const games::nim n({1});
  CHECK_THROWS_WITH(e.search(n, {.max_depth = 0}), ContainsSubstring("max_depth must be at least 1"));
  CHECK_THROWS_WITH(e.search(n, {.max_nodes = 0}), ContainsSubstring("max_nodes must be at least 1"));
  CHECK_THROWS_WITH(e.search(n, {.max_time = std::chrono::nanoseconds(-1)}), ContainsSubstring("max_time must not be negative"));
  CHECK_THROWS_WITH(e.solve(n, {.max_depth = 3}), ContainsSubstring("solve: max_depth must be empty"));
  engine_options o;
  for (const double width : {0.0, -1.0, std::numeric_limits<double>::infinity(), std::nan("")}) {
    o.aspiration = width;
    CHECK_THROWS_WITH(engine<games::nim>(o), ContainsSubstring("aspiration must be a positive, finite width"));
  }
  o = {};
  o.table_entries = 0;
  CHECK_THROWS_WITH(engine<games::nim>(o), ContainsSubstring("at least one entry"));
  o = {};
  o.table_mib = 0;
  CHECK(engine<games::nim>(o).table() == nullptr);
}

TEST_CASE("a game without evaluate() can be solved but not searched to a depth") {
  struct countdown {
    using move_type = int;
    int n = 5;
    void legal_moves(std::vector<int>& out) const { out.push_back(1); }
    void play(int m) { n -= m; }
    std::optional<int> outcome() const { return n == 0 ? std::optional<int>(3) : std::nullopt; }
  };
  engine<countdown> e;
  const auto r = e.search(countdown{});
  CHECK(r.value == score<int>::of(-3));  // 5 plies: the player to move at the end is the other
  CHECK(r.solved);
  CHECK(r.pv.size() == 5);
  CHECK_THROWS_WITH(e.search(countdown{}, {.max_depth = 2}), ContainsSubstring("needs a game with evaluate()"));
}

TEST_CASE("a game that breaks the contract gets an exception naming the rule") {
  struct broken {
    using move_type = int;
    int kind = 0;  // 1: no move; 2: clears the buffer; 3: NaN evaluation; 4: bad bounds; 5: bad undo;
                   // 6: negative horizon
    int plies = 0;
    void legal_moves(std::vector<int>& out) const {
      if (kind == 1 && plies == 1) return;
      if (kind == 2 && plies == 1) {
        out.clear();
        out.push_back(0);
        return;
      }
      out.push_back(0);
      out.push_back(1);
    }
    int drift = 0;  // kind 5: changed by play, not restored by undo
    void play(int) {
      ++plies;
      drift += kind == 5 ? 1 : 0;
    }
    void undo(int) { --plies; }
    std::optional<gametree::game_outcome> outcome() const {
      return plies >= 3 ? std::optional(gametree::game_outcome::draw) : std::nullopt;
    }
    double evaluate() const { return kind == 3 ? std::nan("") : 0.0; }
    std::uint64_t hash() const { return static_cast<std::uint64_t>(plies + 1000 * drift); }
    gametree::score_range<double> score_bounds() const {
      if (kind == 4) return {score<double>::win_in(1), score<double>::loss_in(1)};
      return {score<double>::loss_in(0), score<double>::win_in(0)};
    }
    int horizon() const { return kind == 6 ? -1 : 3 - plies; }
  };
  engine<broken> e;
  CHECK_THROWS_WITH(e.solve(broken{1}), ContainsSubstring("must have a legal move"));
  CHECK_THROWS_WITH(e.solve(broken{2}), ContainsSubstring("must append to out"));
  CHECK_THROWS_WITH(e.search(broken{3}, {.max_depth = 2}), ContainsSubstring("evaluate() returned NaN"));
  CHECK_THROWS_AS(e.search(broken{3}, {.max_depth = 2}), gametree::game_contract_error);
  CHECK_THROWS_WITH(e.solve(broken{4}), ContainsSubstring("score_bounds() returned a least score"));
  CHECK_THROWS_WITH(e.solve(broken{5}), ContainsSubstring("undo(move) must restore"));
  engine_options narrowing;
  narrowing.narrowing = true;
  engine<broken> n(narrowing);
  CHECK_THROWS_WITH(n.solve(broken{6}), ContainsSubstring("horizon() must not be negative, but returned -1"));
  CHECK(n.solve(broken{0}).value == score<double>{});
  // The engine is usable again after each of them.
  const auto r = e.solve(broken{0});
  CHECK(r.value == score<double>{});
  CHECK(r.solved);

  struct nan_payoff {
    using move_type = int;
    bool done = false;
    void legal_moves(std::vector<int>& out) const { out.push_back(0); }
    void play(int) { done = true; }
    std::optional<double> outcome() const { return done ? std::optional<double>(std::nan("")) : std::nullopt; }
  };
  CHECK_THROWS_WITH(gametree::solve(nan_payoff{}), ContainsSubstring("NaN payoff"));
  struct stuck_root {
    using move_type = int;
    void legal_moves(std::vector<int>&) const {}
    void play(int) {}
    std::optional<int> outcome() const { return std::nullopt; }
  };
  CHECK_THROWS_WITH(gametree::solve(stuck_root{}), ContainsSubstring("must have a legal move"));
}

TEST_CASE("[deep] a subtraction game 10^5 plies long is solved exactly", "[deep]") {
  // The value by the rules, heap by heap from 0 (iterative): take 1 or 2, no move loses.
  const std::uint64_t n = 100000;
  std::vector<score<int>> value(n + 1);
  value[0] = score<int>::loss_in(0);
  value[1] = reference::to_parent(value[0], false);
  for (std::uint64_t h = 2; h <= n; ++h) {
    const auto a = reference::to_parent(value[h - 1], false);
    const auto b = reference::to_parent(value[h - 2], false);
    value[h] = a < b ? b : a;
  }
  for (const bool undo : {true, false}) {
    engine_options o;
    o.use_undo = undo;
    engine<games::subtraction_game> e(o);
    const auto r = e.solve(games::subtraction_game(n));
    CHECK(r.value == value[n]);
    CHECK(r.value == score<int>::win_in(2 * (n / 3) + 1));
    CHECK(r.best_move == 1U);  // leave a multiple of 3
    CHECK(r.depth == static_cast<std::int64_t>(n));  // the longest line: one object at a time
    CHECK(r.pv.size() == 64);
    // The whole line of best play, 66,667 moves: each one keeps the value, and it ends the game.
    engine_options whole = o;
    whole.max_pv_length = n;
    engine<games::subtraction_game> f(whole);
    const auto line = f.solve(games::subtraction_game(n));
    CHECK(line.value == value[n]);
    CHECK(line.pv.size() == 2 * (n / 3) + 1);
    std::uint64_t heap = n;
    bool kept = true;
    for (const std::uint64_t take : line.pv) {
      kept = kept && take <= heap && reference::to_parent(value[heap - take], false) == value[heap];
      heap -= std::min(take, heap);
    }
    CHECK(kept);
    CHECK(heap == 0);
    const auto m = gametree::minimax(gametree::game_tree_view(games::subtraction_game(n, {1})));
    CHECK(m.value == score<int>::loss_in(static_cast<std::int64_t>(n)));  // 10^5 forced moves
  }
}

// ---- engine_trace: the tree one search walks ----

namespace {

using ttt_trace = gametree::engine_trace<games::tic_tac_toe>;
using trace_status = ttt_trace::status;

// The state at trace entry i, replayed from root along the recorded moves; ok turns false if
// a move on the way is not one the state offers.
template <class G>
G state_at(const G& root, const gametree::engine_trace<G>& t, std::size_t i, bool& ok) {
  std::vector<typename G::move_type> line;
  for (std::size_t at = i; t.nodes()[at].parent != gametree::engine_trace<G>::no_parent; at = t.nodes()[at].parent) {
    line.push_back(*t.nodes()[at].move);
  }
  G g = root;
  std::vector<typename G::move_type> moves;
  for (auto m = line.rbegin(); m != line.rend(); ++m) {
    moves.clear();
    g.legal_moves(moves);
    ok = ok && std::find(moves.begin(), moves.end(), *m) != moves.end();
    g.play(*m);
  }
  return g;
}

// What every trace must satisfy: parents come first, one ply up, along legal moves; each
// searched node's value is the best of its children's (the last search of each move: PVS
// searches a move twice), and each cut node's best reached beta; the moves of a node's
// children, pruned ones included, are its moves, each once; terminal entries are over and
// evaluated ones score evaluate(). Failures are counted and the first one named, so that a
// trace of thousands of nodes costs one assertion.
template <class G>
void check_trace(const G& root, const gametree::engine_trace<G>& t) {
  using T = gametree::engine_trace<G>;
  using S = typename T::score_type;
  const auto& nodes = t.nodes();
  REQUIRE(!nodes.empty());
  std::size_t failures = 0;
  std::string first;
  const auto expect = [&](bool ok, std::size_t i, const char* what) {
    if (ok) return;
    if (failures++ == 0) first = "entry " + std::to_string(i) + ": " + what;
  };
  expect(nodes[0].parent == T::no_parent && !nodes[0].move, 0, "the root has no parent and no move");
  std::vector<std::vector<std::size_t>> children(nodes.size());
  for (std::size_t i = 1; i < nodes.size(); ++i) {
    if (nodes[i].parent >= i) FAIL("entry " << i << " comes before its parent");
    expect(nodes[i].ply == nodes[nodes[i].parent].ply + 1, i, "one ply below its parent");
    children[nodes[i].parent].push_back(i);
  }
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const auto& e = nodes[i];
    bool legal = true;
    const G g = state_at(root, t, i, legal);
    expect(legal, i, "reached by legal moves");
    if (e.state == T::status::terminal) expect(g.outcome() && *e.value == reference::terminal(g), i, "game over, its score");
    if (e.state == T::status::horizon) expect(*e.value == S::of(g.evaluate()), i, "evaluated: evaluate()");
    if (e.state == T::status::pruned) {
      expect(!e.value && nodes[e.parent].state == T::status::cut, i, "pruned under a cut, no value");
    }
    if (e.state != T::status::searched && e.state != T::status::cut) {
      expect(children[i].empty(), i, "answered at once: no children");
      continue;
    }
    std::vector<typename G::move_type> moves;
    if constexpr (gametree::pruning_game<G>) {
      g.search_moves(moves);
    } else {
      g.legal_moves(moves);
    }
    std::vector<typename G::move_type> seen;
    std::optional<S> best;
    for (std::size_t k = 0; k < children[i].size(); ++k) {
      const auto& c = nodes[children[i][k]];
      const bool again = k + 1 < children[i].size() && *nodes[children[i][k + 1]].move == *c.move;
      if (!again) seen.push_back(*c.move);
      if (again || c.state == T::status::pruned) continue;
      if (!c.value) FAIL("entry " << children[i][k] << ": a searched child without a value");
      bool ok = true;
      const S s = reference::to_parent(*c.value, reference::same_player(g, state_at(root, t, children[i][k], ok)));
      if (!best || s > *best) best = s;
    }
    std::sort(seen.begin(), seen.end());
    expect(std::adjacent_find(seen.begin(), seen.end()) == seen.end(), i, "each move once");
    std::sort(moves.begin(), moves.end());
    expect(seen == moves, i, "its children are its moves");
    if (!best) FAIL("entry " << i << ": searched, but no child has a value");
    expect(*e.value == *best, i, "the best of its children");
    if (e.state == T::status::cut) expect(!(*best < e.beta), i, "a cut reached beta");
  }
  INFO(first);
  CHECK(failures == 0);
}

}  // namespace

TEST_CASE("engine_trace: recording changes nothing the search finds, and every trace is consistent") {
  std::mt19937_64 rng(11);
  for (const auto& set : every_option_set()) {
    CAPTURE(set.name);
    for (int k = 0; k < 4; ++k) {
      const auto g = random_position(games::tic_tac_toe{}, rng, 0, 6);
      if (g.outcome()) continue;
      engine<games::tic_tac_toe> plain(set.options);
      engine<games::tic_tac_toe> traced(set.options);
      ttt_trace t;
      traced.set_trace(&t);
      for (const bool solving : {false, true}) {
        const auto a = solving ? plain.solve(g) : plain.search(g, {.max_depth = 4});
        const auto b = solving ? traced.solve(g) : traced.search(g, {.max_depth = 4});
        CHECK(a.value == b.value);
        CHECK(a.best_move == b.best_move);
        CHECK(a.pv == b.pv);
        CHECK(a.stats.nodes == b.stats.nodes);
        check_trace(g, t);
        CHECK(t.omitted() == 0);
        CHECK(t.nodes()[0].value == b.value);
      }
    }
  }
  for (const auto& set : deepening_sets()) {
    CAPTURE(set.name);
    engine<games::connect_four<>> e(set.options);
    gametree::engine_trace<games::connect_four<>> t;
    e.set_trace(&t);
    const auto g = games::connect_four<>::from_moves("4453");
    (void)e.search(g, {.max_depth = 5});
    check_trace(g, t);
  }
}

TEST_CASE("engine_trace: one full-window search is recorded node for node, with its statistics") {
  engine_options o;
  o.narrowing = false;  // one search with the full window: the statistics are the trace's
  for (const auto& moves : {"", "5", "51", "519", "5193"}) {
    CAPTURE(moves);
    const auto g = games::tic_tac_toe::from_moves(moves);
    engine<games::tic_tac_toe> e(o);
    ttt_trace t;
    e.set_trace(&t);
    (void)e.solve(g);  // fills the table
    const auto r = e.solve(g);
    std::size_t entered = 0;
    std::uint64_t table = 0;
    std::uint64_t leaves = 0;
    std::uint64_t cuts = 0;
    for (const auto& n : t.nodes()) {
      entered += n.state != trace_status::pruned ? 1 : 0;
      table += n.state == trace_status::table ? 1 : 0;
      leaves += n.state == trace_status::terminal || n.state == trace_status::horizon ? 1 : 0;
      cuts += n.state == trace_status::cut ? 1 : 0;
    }
    CHECK(entered == r.stats.nodes);
    CHECK(table == r.stats.tt_cutoffs);
    CHECK(leaves == r.stats.leaves);
    CHECK(cuts == r.stats.cutoffs);
    CHECK(!t.depth());
    check_trace(g, t);
    // The principal variation is marked from the root, move by move.
    std::size_t at = 0;
    CHECK(t.nodes()[0].pv);
    std::size_t marked = 1;
    for (const int m : r.pv) {
      std::size_t next = ttt_trace::no_parent;
      for (std::size_t i = 0; i < t.nodes().size(); ++i) {
        if (t.nodes()[i].parent == at && t.nodes()[i].pv) {
          CHECK(*t.nodes()[i].move == m);
          next = i;
        }
      }
      if (next == ttt_trace::no_parent) break;
      ++marked;
      at = next;
    }
    std::size_t pv_nodes = 0;
    for (const auto& n : t.nodes()) pv_nodes += n.pv ? 1 : 0;
    CHECK(pv_nodes == marked);
    CHECK(marked >= 2);
  }
}

TEST_CASE("engine_trace: depth-limited iterations, the cap, budgets and the DOT picture") {
  const auto g = games::tic_tac_toe::from_moves("5193");
  engine<games::tic_tac_toe> e;
  SECTION("the last iteration stays, with its depth") {
    ttt_trace t;
    e.set_trace(&t);
    const auto r = e.search(g, {.max_depth = 3});
    REQUIRE(t.depth() == 3);
    std::size_t entered = 0;
    for (const auto& n : t.nodes()) entered += n.state != trace_status::pruned ? 1 : 0;
    CHECK(entered == r.stats.nodes_by_depth.back());
    e.set_trace(nullptr);  // and no more recording
    (void)e.search(games::tic_tac_toe{}, {.max_depth = 2});
    CHECK(t.depth() == 3);
  }
  SECTION("a budget that ends an iteration leaves the last completed one, the one reported") {
    ttt_trace t;
    e.set_trace(&t);
    const auto r = e.search(games::tic_tac_toe{}, {.max_depth = 9, .max_nodes = 300});
    REQUIRE(r.reason == stop_reason::nodes);
    REQUIRE(r.depth >= 1);
    CHECK(t.depth() == r.depth);
    std::size_t entered = 0;
    for (const auto& n : t.nodes()) entered += n.state != trace_status::pruned ? 1 : 0;
    CHECK(entered == r.stats.nodes_by_depth.back());
    CHECK(t.nodes()[0].value == r.value);
    std::size_t pv_nodes = 0;
    for (const auto& n : t.nodes()) pv_nodes += n.pv ? 1 : 0;
    CHECK(pv_nodes == r.pv.size() + 1);  // the line was found in the iteration shown
  }
  SECTION("at most max_nodes entries; the rest are counted") {
    ttt_trace t(5);
    e.set_trace(&t);
    (void)e.search(g, {.max_depth = 3});
    CHECK(t.nodes().size() == 5);
    ttt_trace all;  // the same search on a fresh engine, uncapped
    engine<games::tic_tac_toe> again;
    again.set_trace(&all);
    (void)again.search(g, {.max_depth = 3});
    CHECK(t.nodes().size() + t.omitted() == all.nodes().size());
    CHECK_THROWS_WITH(ttt_trace(0), ContainsSubstring("max_nodes must be at least 1"));
  }
  SECTION("a budget leaves the open nodes unfinished") {
    ttt_trace t;
    e.set_trace(&t);
    const auto r = e.solve(games::tic_tac_toe{}, {.max_nodes = 30});
    CHECK(r.reason == stop_reason::nodes);
    std::size_t unfinished = 0;
    for (const auto& n : t.nodes()) unfinished += n.state == trace_status::unfinished ? 1 : 0;
    CHECK(unfinished >= 1);
    CHECK(t.nodes()[0].state == trace_status::unfinished);
    CHECK_THAT(t.to_dot(), ContainsSubstring("unfinished"));
  }
  SECTION("DOT: a node per entry, an edge per move, the moves as the caller writes them") {
    ttt_trace t;
    e.set_trace(&t);
    (void)e.search(g, {.max_depth = 3});
    const std::string dot = t.to_dot([](int square) { return "sq" + std::to_string(square + 1); });
    CHECK(dot.rfind("digraph engine_search {\n", 0) == 0);
    std::size_t edges = 0;
    for (std::size_t at = dot.find(" -> "); at != std::string::npos; at = dot.find(" -> ", at + 1)) ++edges;
    CHECK(edges == t.nodes().size() - 1);
    CHECK_THAT(dot, ContainsSubstring("[label=\"sq2\", penwidth=3"));  // the block, on the line of best play
    CHECK_THAT(dot, ContainsSubstring("label=\"pruned\""));
    CHECK_THAT(dot, ContainsSubstring("label=\"table\\nwin in 1 (at least)\""));  // a lower bound
    CHECK_THAT(dot, ContainsSubstring("iteration of depth 3: "));
    const std::string plain = t.to_dot();  // moves by number
    CHECK_THAT(plain, ContainsSubstring("[label=\"1\", penwidth=3"));
  }
  SECTION("the cap named in the caption, moves without text as '?', a finished game leaves nothing") {
    ttt_trace capped(5);
    e.set_trace(&capped);
    (void)e.search(g, {.max_depth = 3});
    CHECK_THAT(capped.to_dot(), ContainsSubstring(" more not drawn"));
    (void)e.search(games::tic_tac_toe::from_moves("14253"), {.max_depth = 3});  // X has won
    CHECK(capped.nodes().empty());
    struct take {  // neither a number nor printable
      int n = 1;
      bool operator==(const take&) const = default;
    };
    struct countdown {
      using move_type = take;
      int left = 2;
      void legal_moves(std::vector<take>& out) const { out.push_back({}); }
      void play(const take& t) { left -= t.n; }
      std::optional<gametree::game_outcome> outcome() const {
        return left == 0 ? std::optional(gametree::game_outcome::loss) : std::nullopt;
      }
    };
    engine<countdown> n;
    gametree::engine_trace<countdown> unnamed;
    n.set_trace(&unnamed);
    (void)n.solve(countdown{});
    CHECK_THAT(unnamed.to_dot(), ContainsSubstring("[label=\"?\""));
    // A search stopped before it began records nothing, on a fresh trace as on a used one.
    ttt_trace fresh;
    e.set_trace(&fresh);
    e.stop();
    CHECK(e.search(g, {.max_depth = 3}).reason == stop_reason::stopped);
    CHECK(fresh.nodes().empty());
    e.set_trace(&capped);
    (void)e.search(g, {.max_depth = 2});
    REQUIRE(!capped.nodes().empty());
    e.stop();
    (void)e.search(games::tic_tac_toe::from_moves("1"), {.max_depth = 3});
    CHECK(capped.nodes().empty());
    CHECK(capped.omitted() == 0);
  }
  SECTION("game over, evaluations and the game's bounds as the picture shows them") {
    ttt_trace t;
    e.set_trace(&t);
    (void)e.solve(games::tic_tac_toe::from_moves("1243"));
    const std::string dot = t.to_dot();
    CHECK_THAT(dot, ContainsSubstring("game over\\n"));
    CHECK_THAT(dot, ContainsSubstring("unlimited search: "));
    bool bounds = false;
    for (const auto& n : t.nodes()) bounds = bounds || n.state == trace_status::bounds;
    REQUIRE(bounds);
    CHECK_THAT(dot, ContainsSubstring("label=\"bounds\\n"));
  }
}
