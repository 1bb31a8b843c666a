// The engine on games of chance: expectimax at chance states, with Star1 and Star2 where the
// game declares payoff bounds, against plain expectimax (reference/expectimax_reference.hpp)
// on random game trees of chance (reference/random_chance_game.hpp: symmetric payoff bounds,
// none, and bounds [0, 1]) and on Pig, with every option set, solved and depth-limited; the
// pruning against plain expectimax's nodes; the line of best play through chance states; the
// rules a chance game must keep, and the options that do not apply.

#include <gametree/games/pig.hpp>
#include <gametree/search.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "reference/expectimax_reference.hpp"
#include "reference/random_chance_game.hpp"
#include "support/catch.hpp"

#ifndef GAMETREE_RANDOM_POSITIONS
#define GAMETREE_RANDOM_POSITIONS 10000
#endif

using gametree::engine;
using gametree::engine_options;
using gametree::score_bound;
using gametree_test::ContainsSubstring;
using gametree_test::random_chance_game;
namespace reference = gametree_test::reference;

namespace {

// Star1's cuts are decided on bounds summed in another order than the mean itself: a value
// may then differ from plain expectimax's in its last bits.
constexpr double tolerance = 1e-12;

struct option_set {
  std::string name;
  engine_options options;
};

// One thread each: the same searches with threads are in tests/parallel_test.cpp (which CI
// also runs under ThreadSanitizer, and whose coverage counters are atomic).
std::vector<option_set> option_sets() {
  std::vector<option_set> sets;
  sets.push_back({"default", {}});
  engine_options o;
  o.table_mib = 0;
  sets.push_back({"no table", o});
  o = {};
  o.table_entries = 1;
  sets.push_back({"one-entry table", o});
  o = {};
  o.move_ordering = false;
  sets.push_back({"no ordering", o});
  o = {};
  o.pvs = true;
  sets.push_back({"pvs", o});
  o = {};
  o.use_undo = false;
  sets.push_back({"copy-make", o});
  o = {};
  o.aspiration = 0.25;
  sets.push_back({"aspiration", o});
  o = {};
  o.chance = gametree::chance_pruning::star1;
  sets.push_back({"star1", o});
  o.pvs = true;
  o.table_entries = 1;
  sets.push_back({"star1, pvs, one-entry table", o});
  o = {};
  o.chance = gametree::chance_pruning::none;
  sets.push_back({"no chance pruning", o});
  return sets;
}

template <class G>
bool same_player(const G& a, const G& b) {
  return a.player_to_move() == b.player_to_move();
}

// The value of playing m at g, for g's player, by plain expectimax to depth (< 0: the end).
template <class G>
double move_value(const G& g, int m, int depth) {
  G child = g;
  child.play(m);
  const double v = reference::expectimax(child, depth < 0 ? depth : depth - 1);
  return same_player(g, child) ? v : -v;
}

// Every option set solves (and searches to depths 1 - 4) positions random trees of chance:
// the value is plain expectimax's, exact, and the best move (at a decision root) achieves it.
template <class G>
void differential(std::uint64_t seed_base, int positions) {
  for (const option_set& set : option_sets()) {
    INFO("option set " << set.name);
    engine<G> e(set.options);
    for (int n = 0; n < positions; ++n) {
      const G g({.seed = seed_base + static_cast<std::uint64_t>(n), .max_ply = 6, .width = 12});
      INFO("seed " << seed_base + static_cast<std::uint64_t>(n));
      const double expected = reference::expectimax(g);
      const auto r = e.solve(g);
      REQUIRE(r.value.is_value());
      CHECK(std::abs(r.value.value() - expected) <= tolerance);
      CHECK(r.bound == score_bound::exact);
      CHECK(r.solved);
      REQUIRE(r.best_move);
      if (!g.is_chance()) CHECK(std::abs(move_value(g, *r.best_move, -1) - expected) <= tolerance);
      if (n % 4 == 0) {
        e.clear();  // the solve's exact entries would answer the depth-limited searches
        for (int depth = 1; depth <= 4; ++depth) {
          const auto d = e.search(g, {.max_depth = depth});
          const double at_depth = reference::expectimax(g, depth);
          CHECK(std::abs(d.value.value() - at_depth) <= tolerance);
          if (!g.is_chance() && d.best_move) CHECK(std::abs(move_value(g, *d.best_move, depth) - at_depth) <= tolerance);
        }
      }
    }
  }
}

}  // namespace

TEST_CASE("expectimax: with payoff bounds (Star1, Star2), every option set gives plain expectimax's values") {
  differential<random_chance_game<true>>(1, GAMETREE_RANDOM_POSITIONS / 2);
}

TEST_CASE("expectimax: without payoff bounds, every option set gives plain expectimax's values") {
  differential<random_chance_game<false>>(500000, GAMETREE_RANDOM_POSITIONS / 4);
}

TEST_CASE("expectimax: with payoff bounds that are not symmetric, every option set gives plain expectimax's values") {
  // Payoffs in [0, 1]: a state's value for its player (a payoff negated where the other player
  // moves at the end) lies in [-1, 1], which the cuts must take.
  differential<gametree_test::shifted_chance_game>(900000, GAMETREE_RANDOM_POSITIONS / 4);
}

TEST_CASE("expectimax: Pig searched to depths 1 - 7 gets plain expectimax's values with every option set but the table") {
  using gametree::games::pig;
  std::mt19937_64 rng(2004);
  std::vector<pig> positions;
  std::vector<int> depths;
  for (int n = 0; n < GAMETREE_RANDOM_POSITIONS / 10; ++n) {
    const int goal = std::vector<int>{8, 30, 100}[rng() % 3];
    const int mine = static_cast<int>(rng() % static_cast<std::uint64_t>(goal));
    const int turn = static_cast<int>(rng() % static_cast<std::uint64_t>(goal - mine));
    const int theirs = static_cast<int>(rng() % static_cast<std::uint64_t>(goal));
    positions.push_back(pig::at(goal, mine, theirs, turn, rng() % 3 == 0, static_cast<int>(rng() % 2)));
    depths.push_back(1 + static_cast<int>(rng() % 7));
  }
  // Without a table: Pig's states recur at other depths (a turn total of 0 after either
  // player's roll of 1), and an entry of a deeper search then answers a shallower one, as it
  // should in play, with a value plain expectimax to that depth does not have.
  for (option_set set : option_sets()) {
    INFO("option set " << set.name << ", no table");
    set.options.table_mib = 0;
    set.options.table_entries.reset();
    engine<pig> e(set.options);
    for (std::size_t n = 0; n < positions.size(); ++n) {
      const pig& g = positions[n];
      INFO("goal " << g.goal() << ", scores " << g.score_of(g.player_to_move()) << " - " << g.score_of(1 - g.player_to_move())
                   << ", turn " << g.turn_total() << (g.is_chance() ? ", rolled" : "") << ", depth " << depths[n]);
      const auto r = e.search(g, {.max_depth = depths[n]});
      const double expected = reference::expectimax(g, depths[n]);
      CHECK(std::abs(r.value.value() - expected) <= tolerance);
      if (!g.is_chance()) {
        pig child = g;
        child.play(*r.best_move);
        const double v = reference::expectimax(child, depths[n] - 1);
        CHECK(std::abs((same_player(g, child) ? v : -v) - expected) <= tolerance);
      }
    }
  }
}

TEST_CASE("expectimax: Star1 searches fewer nodes than expectimax on the same trees, for the same values") {
  // Without a table or move ordering, so that the two differ only at chance states, where a
  // narrower window can only leave nodes out. Star2 probes only with a table: without, it is Star1.
  using G = random_chance_game<true>;
  const auto bare = [](gametree::chance_pruning c) {
    return engine_options{.table_mib = 0, .move_ordering = false, .chance = c};
  };
  engine<G> plain(bare(gametree::chance_pruning::none));
  engine<G> star1(bare(gametree::chance_pruning::star1));
  engine<G> star2(bare(gametree::chance_pruning::star2));
  std::uint64_t plain_nodes = 0;
  std::uint64_t star1_nodes = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    const G g({.seed = seed, .max_ply = 8});
    INFO("seed " << seed);
    const auto a = plain.solve(g);
    const auto b = star1.solve(g);
    const auto c = star2.solve(g);
    CHECK(std::abs(a.value.value() - b.value.value()) <= tolerance);
    CHECK(b.stats.nodes <= a.stats.nodes);
    CHECK(c.stats.nodes == b.stats.nodes);
    plain_nodes += a.stats.nodes;
    star1_nodes += b.stats.nodes;
  }
  CHECK(star1_nodes < plain_nodes);
}

TEST_CASE("expectimax: Star2's probes prune Pig's deep searches beyond Star1, for the same values") {
  // Pig from 40 positions to depth 10, a table each; the probes need one (the second pass
  // finds their moves there). The values agree only where the table does not mix depths
  // (Pig's states recur at other depths), so they are compared with the table's help off
  // at depth 6, where it is cheap.
  using gametree::games::pig;
  std::mt19937_64 rng(1983);
  std::uint64_t nodes[3] = {0, 0, 0};
  for (int n = 0; n < 40; ++n) {
    const int mine = static_cast<int>(rng() % 100);
    const int turn = static_cast<int>(rng() % static_cast<std::uint64_t>(100 - mine));
    const pig g = pig::at(100, mine, static_cast<int>(rng() % 100), turn);
    INFO("position " << n);
    double values[3] = {0, 0, 0};
    for (const auto c : {gametree::chance_pruning::none, gametree::chance_pruning::star1, gametree::chance_pruning::star2}) {
      const auto k = static_cast<std::size_t>(c);
      engine<pig> e({.table_mib = 1, .chance = c});
      nodes[k] += e.search(g, {.max_depth = 10}).stats.nodes;
      engine<pig> bare({.table_mib = 0, .chance = c});
      values[k] = bare.search(g, {.max_depth = 6}).value.value();
    }
    CHECK(std::abs(values[1] - values[0]) <= tolerance);
    CHECK(std::abs(values[2] - values[0]) <= tolerance);
  }
  CHECK(nodes[1] < nodes[0]);
  CHECK(nodes[2] < nodes[1]);
}

TEST_CASE("expectimax: the line of best play goes through chance states on the outcome it assumes") {
  engine<random_chance_game<true>> e;
  std::size_t through_chance = 0;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    const random_chance_game<true> root({.seed = seed, .max_ply = 6});
    const auto r = e.solve(root);
    REQUIRE(!r.pv.empty());
    CHECK(r.pv.front() == *r.best_move);
    random_chance_game<true> g = root;
    for (const int m : r.pv) {
      REQUIRE(!g.outcome());
      std::vector<int> legal;
      g.legal_moves(legal);
      REQUIRE(std::find(legal.begin(), legal.end(), m) != legal.end());
      if (g.is_chance()) {  // the most probable outcome, the first among equals
        std::vector<gametree::chance_outcome<int>> outcomes;
        g.chance_outcomes(outcomes);
        const auto most = std::max_element(outcomes.begin(), outcomes.end(),
                                           [](const auto& a, const auto& b) { return a.probability < b.probability; });
        CHECK(m == most->move);
        ++through_chance;
      }
      g.play(m);
    }
  }
  CHECK(through_chance > 50);
}

namespace {

// One chance state of two outcomes (probabilities given), each a finished game paying the
// payoffs given; payoff_bounds [-1, 1].
struct dice {
  using move_type = int;
  int state = 0;  // 0: the roll; 1, 2: finished by outcome 0 or 1
  double p0 = 0.5, p1 = 0.5;
  double pay0 = 1, pay1 = -1;
  gametree::payoff_bounds bounds{-1, 1};
  void legal_moves(std::vector<int>& out) const {
    out.push_back(0);
    out.push_back(1);
  }
  void play(int m) { state = m + 1; }
  [[nodiscard]] std::optional<double> outcome() const {
    if (state == 0) return std::nullopt;
    return state == 1 ? pay0 : pay1;
  }
  [[nodiscard]] int player_to_move() const { return 0; }
  [[nodiscard]] bool is_chance() const { return state == 0; }
  void chance_outcomes(std::vector<gametree::chance_outcome<int>>& out) const {
    out.push_back({0, p0});
    out.push_back({1, p1});
  }
  [[nodiscard]] gametree::payoff_bounds payoff_bounds() const { return bounds; }
};

}  // namespace

TEST_CASE("expectimax: a chance root's value is its mean, and its move the outcome the line assumes") {
  engine<dice> e;
  dice d;
  d.p0 = 0.25;
  d.p1 = 0.75;
  const auto r = e.solve(d);
  CHECK(r.value.value() == 0.25 * 1 + 0.75 * -1);
  CHECK(*r.best_move == 1);
}

TEST_CASE("expectimax: a chance game that breaks its contract is named at fault") {
  engine<dice> e;
  dice d;
  d.pay0 = 1.5;
  CHECK_THROWS_WITH(e.solve(d), ContainsSubstring("outcome() returned the payoff 1.5"));
  CHECK_THROWS_WITH(e.solve(d), ContainsSubstring("outside payoff_bounds() [-1.000000, 1.000000]"));
  d.pay0 = 1;
  d.bounds = {1, -1};
  CHECK_THROWS_WITH(e.solve(d), ContainsSubstring("payoff_bounds() must give finite bounds with lower < upper"));
  d.bounds = {-1, 1};
  d.p1 = 0.6;
  CHECK_THROWS_WITH(e.solve(d), ContainsSubstring("probabilities must sum to 1 (within 1e-9), but they sum to 1.1"));
  d.p1 = 0.5;
  CHECK(e.solve(d).value.value() == 0.0);  // the engine is still usable
}

TEST_CASE("expectimax: the options that need wins and losses or null windows are refused") {
  CHECK_THROWS_WITH(engine<dice>({.narrowing = true}), ContainsSubstring("narrowing does not apply to a game with chance states"));
  CHECK_THROWS_WITH(engine<dice>({.mtdf = true}), ContainsSubstring("mtdf does not apply"));
  engine<dice> e;
  CHECK_THROWS_WITH(e.solve(dice{}, {}, gametree::solve_mode::weak), ContainsSubstring("weak mode needs wins and losses"));
}
