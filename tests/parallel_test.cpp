// The engine's parallel search (engine_options::threads, Lazy SMP on a shared table): exact
// values whatever the interleaving, against plain negamax and Pons' scores; budgets, stop()
// and a game's exceptions with several threads; the tables under heavy replacement races.
// CI also runs this file under ThreadSanitizer (the tsan preset).

#include <gametree/games/connect_four.hpp>
#include <gametree/games/nim.hpp>
#include <gametree/games/tic_tac_toe.hpp>
#include <gametree/match.hpp>
#include <gametree/mcts.hpp>
#include <gametree/search.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "reference/expectimax_reference.hpp"
#include "reference/negamax_reference.hpp"
#include "reference/random_chance_game.hpp"
#include "support/catch.hpp"
#include "support/chance_checks.hpp"
#include "support/connect4_sets.hpp"
#include "support/differential.hpp"

using namespace gametree_test;  // the engine's names and the differential tests (support/differential.hpp)

namespace {

using c4 = games::connect_four<7, 6>;

// Positions of each kind every option set solves at 2 and at 4 threads: 1.5% of the
// one-thread differential tests' count (tests/search_test.cpp, which shares the machinery),
// since this file also runs under ThreadSanitizer: 150 in the Release and ThreadSanitizer
// builds, 37 in the ASan builds (GAMETREE_RANDOM_POSITIONS 2,500) and 15 in the coverage
// build (1,000), whose counters and checks make a search of several threads far slower than
// one.
#ifndef GAMETREE_RANDOM_POSITIONS
#define GAMETREE_RANDOM_POSITIONS 10000
#endif
constexpr int positions_per_kind = std::max(3, GAMETREE_RANDOM_POSITIONS * 3 / 200);

// Whether m is a legal move at g.
template <class G>
bool legal(const G& g, const typename G::move_type& m) {
  std::vector<typename G::move_type> moves;
  g.legal_moves(moves);
  return std::find(moves.begin(), moves.end(), m) != moves.end();
}

// Connect 4 after these moves: a search of some seconds, so that budgets end it.
c4 hard_position() { return c4::from_moves("4453"); }

// One round of the stop and time tests: e solves hard_position() until stop() after a random
// wait, then under a random max_time (each up to 3 ms); each must end as asked with a legal
// move. Returns the two results.
std::pair<gametree::engine_result<c4>, gametree::engine_result<c4>> stopped_and_timed(engine<c4>& e,
                                                                                      std::mt19937_64& rng) {
  const auto wait = std::chrono::microseconds(std::uniform_int_distribution<int>(0, 3000)(rng));
  gametree::engine_result<c4> r;
  std::thread searcher([&] { r = e.solve(hard_position()); });
  std::this_thread::sleep_for(wait);
  e.stop();
  searcher.join();
  CHECK(r.reason == stop_reason::stopped);
  REQUIRE(r.best_move);
  CHECK(legal(hard_position(), *r.best_move));
  search_limits l;
  l.max_time = std::chrono::microseconds(std::uniform_int_distribution<int>(0, 3000)(rng));
  auto timed = e.solve(hard_position(), l);
  CHECK(timed.reason == stop_reason::time);
  REQUIRE(timed.best_move);
  CHECK(legal(hard_position(), *timed.best_move));
  return {std::move(r), std::move(timed)};
}

// What makes throwing<G> throw, for every G. throw_at: the ply (counted from the root) whose
// move throws, 0 for none. With helpers_only, only threads other than the test's own (caller)
// throw: the helper's exception must end the search that the caller's thread is still making.
// caller_waits_after: once the caller has played that many moves, its moves wait (up to 5 s)
// until a helper has thrown, so that a helper that joins late still plays before the caller's
// search can end.
struct throw_control {
  static inline std::atomic<int> throw_at{0};
  static inline std::atomic<bool> helpers_only{false};
  static inline std::thread::id caller{};
  static inline std::atomic<int> caller_waits_after{0};  // 0: never waits
  static inline std::atomic<int> caller_plays{0};
  static inline std::atomic<bool> helper_threw{false};
  static inline std::atomic<int> helper_plays{0};  // moves played by threads other than caller
  static void reset() {
    throw_at = 0;
    helpers_only = false;
    caller_waits_after = 0;
    caller_plays = 0;
    helper_threw = false;
    helper_plays = 0;
  }
};

// G whose play() throws as throw_control says, on the first move that reaches throw_at plies
// from the root: every solve of the games below gets there, in whichever thread gets there
// first.
template <class G>
struct throwing : G {
  throwing() = default;
  explicit throwing(G g) : G(std::move(g)) {}
  int plies = 0;
  void play(const typename G::move_type& m) {
    const bool on_caller = std::this_thread::get_id() == throw_control::caller;
    if (!on_caller) ++throw_control::helper_plays;
    if (plies + 1 == throw_control::throw_at.load() && (!throw_control::helpers_only.load() || !on_caller)) {
      if (!on_caller) throw_control::helper_threw = true;
      throw std::runtime_error("the game gave up");
    }
    if (on_caller && throw_control::caller_waits_after.load() > 0 &&
        throw_control::caller_plays.fetch_add(1) >= throw_control::caller_waits_after.load()) {
      const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(5);
      while (!throw_control::helper_threw.load() && std::chrono::steady_clock::now() < give_up) {
        std::this_thread::yield();
      }
    }
    G::play(m);
    ++plies;
  }
  void undo(const typename G::move_type& m) {
    G::undo(m);
    --plies;
  }
};

using throwing_tic_tac_toe = throwing<games::tic_tac_toe>;

}  // namespace

TEST_CASE("every option set solves random positions at 2 and 4 threads as plain negamax does") {
  // The helpers from the start, and (2 threads) once thread 0 has entered 1,024 nodes: the
  // table switches to shared in the middle of its search wherever a position takes longer.
  using std::chrono::nanoseconds;
  for (const auto& [threads, after] : {std::pair{std::size_t{2}, nanoseconds{0}}, std::pair{std::size_t{4}, nanoseconds{0}},
                                       std::pair{std::size_t{2}, nanoseconds{1}}}) {
    CAPTURE(threads, after.count());
    std::size_t joined = 0;  // solves the helpers searched in
    report<games::tic_tac_toe>(differential_solve(tic_tac_toe_positions(positions_per_kind),
                                                  memo_reference<games::tic_tac_toe>{}, threads, after, &joined));
    report<games::nim>(differential_solve(nim_positions(positions_per_kind), plain_reference{}, threads, after, &joined));
    report<small_connect_four>(differential_solve(small_connect_four_positions(positions_per_kind / 3),
                                                  memo_reference<small_connect_four>{}, threads, after, &joined));
    report<payoff_game>(differential_solve(tree_positions<payoff_game>(positions_per_kind, 12, true),
                                           plain_reference{}, threads, after, &joined));
    report<decisive_game>(differential_solve(tree_positions<decisive_game>(positions_per_kind, 10, true),
                                             plain_reference{}, threads, after, &joined));
    CHECK(joined > 0);  // late helpers too: some solves outlast thread 0's first check
  }
}

TEST_CASE("threads are checked") {
  for (const std::size_t bad : {std::size_t{0}, std::size_t{1025}}) {
    engine_options o;
    o.threads = bad;
    CHECK_THROWS_WITH(engine<games::tic_tac_toe>(o),
                      ContainsSubstring("threads must be 1 .. 1024, not " + std::to_string(bad)));
  }
}

TEST_CASE("no more threads search than the process has CPUs, unless oversubscribe is set") {
  const std::size_t cpus = gametree::detail::usable_cpus();
  const unsigned machine = std::thread::hardware_concurrency();
  CHECK(cpus >= 1);
  if (machine > 0) CHECK(cpus <= machine);
  const games::nim g({3, 4, 5});
  const auto expected = reference::negamax(g);
  for (const std::size_t threads : {std::size_t{1}, std::size_t{2}, cpus, cpus + 1, cpus + 3}) {
    for (const bool oversubscribe : {false, true}) {
      CAPTURE(threads, cpus, oversubscribe);
      engine_options o;
      o.threads = threads;
      o.oversubscribe = oversubscribe;
      o.helpers_after = {};  // the helpers start at once, however short the search
      engine<games::nim> e(o);
      const auto r = e.solve(g);
      CHECK(r.value == expected);
      CHECK(r.stats.threads == (oversubscribe ? threads : std::min(threads, cpus)));
    }
  }
  // A terminal root is answered without a search.
  engine_options o;
  o.threads = 2;
  o.oversubscribe = true;
  o.helpers_after = {};
  engine<games::nim> e(o);
  CHECK(e.solve(games::nim({0, 0})).stats.threads == 1);
}

TEST_CASE("the helpers join a search once it has run helpers_after, not before") {
  engine_options o;
  o.threads = 2;
  o.oversubscribe = true;
  // A Connect 4 solve of 41,537 nodes (9 ms alone here in Release; no machine enters them in
  // a millisecond), and Nim's few hundred nodes. Few searches: in the coverage build, whose
  // counters both threads update atomically, a solve of a million nodes took two minutes.
  const c4 long_search = c4::from_moves("6614446666373154");
  const games::nim short_search({3, 4, 5});
  for (const auto after : {std::chrono::nanoseconds{std::chrono::milliseconds(1)}, std::chrono::nanoseconds::max()}) {
    CAPTURE(after.count());
    o.helpers_after = after;
    engine<c4> e(o);
    const auto r = e.solve(long_search);
    CHECK(long_search.pons_score(r.value) == -4);  // Pons' Test_L2_R2, fifth line
    // The longest wait is never reached: thread 0 searched alone. A millisecond is, well
    // before the end: the helper searched too, and its nodes are counted.
    CHECK(r.stats.threads == (after == std::chrono::nanoseconds::max() ? 1U : 2U));
  }
  for (const auto after : {std::chrono::nanoseconds{0}, std::chrono::nanoseconds::max()}) {
    CAPTURE(after.count());
    o.helpers_after = after;
    engine<games::nim> n(o);
    const auto s = n.solve(short_search);
    CHECK(s.value == reference::negamax(short_search));
    CHECK(s.stats.threads == (after == std::chrono::nanoseconds{0} ? 2U : 1U));
  }
  o.helpers_after = std::chrono::nanoseconds{-1};
  CHECK_THROWS_WITH(engine<games::nim>(o), ContainsSubstring("helpers_after must not be negative, not -1 ns"));
}

#ifdef GAMETREE_CONNECT4_DATA
TEST_CASE("Connect 4 positions solved by 2, 3 and 4 threads have Pons' scores") {
  const auto set = gametree_test::read_set("Test_L2_R1", 40);
  for (const std::size_t threads : {std::size_t{2}, std::size_t{3}, std::size_t{4}}) {
    // The connect4 program's options; a table of 3,584 entries (512 buckets) in the second
    // round, far too small: the threads fight over every bucket.
    for (const bool crowded : {false, true}) {
      CAPTURE(threads, crowded);
      engine_options o;
      o.narrowing = true;
      o.killer_moves = false;
      o.history = false;
      o.threads = threads;
      o.oversubscribe = true;  // every thread runs, whatever the CPUs,
      o.helpers_after = {};  // from the start, however short the search
      if (crowded) o.table_entries = 7 * 512;
      engine<c4> e(o);
      std::size_t mismatches = 0;
      for (const auto& [moves, expected] : set) {
        const c4 g = c4::from_moves(moves);
        e.clear();
        const auto r = e.solve(g);
        const bool ok = r.solved && r.reason == stop_reason::completed && g.pons_score(r.value) == expected &&
                        r.best_move && legal(g, *r.best_move) && pv_replays(g, r);
        const auto w = e.solve(g, {}, gametree::solve_mode::weak);
        const int sign = expected > 0 ? 1 : expected < 0 ? -1 : 0;
        const int pons = g.pons_score(w.value);
        const bool weak_ok = (pons > 0 ? 1 : pons < 0 ? -1 : 0) == sign && w.best_move && legal(g, *w.best_move);
        if (!ok || !weak_ok) {
          if (++mismatches < 5) UNSCOPED_INFO(moves << ": " << g.pons_score(r.value) << ", weak " << pons << ", expected " << expected);
        }
      }
      CHECK(mismatches == 0);
    }
  }
}
#endif

TEST_CASE("a depth-limited search with threads reaches its depth with a legal line") {
  for (const std::size_t threads : {std::size_t{2}, std::size_t{4}}) {
    engine_options o;
    o.threads = threads;
    o.oversubscribe = true;  // every thread runs, whatever the CPUs,
    o.helpers_after = {};  // from the start, however short the search
    engine<c4> e(o);
    for (const int depth : {1, 2, 7, 10}) {
      CAPTURE(threads, depth);
      search_limits l;
      l.max_depth = depth;
      const auto r = e.search(hard_position(), l);
      CHECK(r.reason == stop_reason::completed);
      CHECK(r.depth == depth);
      CHECK(r.stats.nodes_by_depth.size() >= 1);
      REQUIRE(r.best_move);
      CHECK(legal(hard_position(), *r.best_move));
      CHECK(pv_replays(hard_position(), r));
      CHECK(r.pv.size() <= static_cast<std::size_t>(depth));
    }
    // Tic-tac-toe is solved within its nine plies: the value is the game's.
    engine<games::tic_tac_toe> t(o);
    const auto r = t.search(games::tic_tac_toe{});
    CHECK(r.solved);
    CHECK(r.value == gametree::score<int>{});
  }
}

TEST_CASE("max_nodes counts the nodes of every thread") {
  for (const std::size_t threads : {std::size_t{2}, std::size_t{4}}) {
    CAPTURE(threads);
    engine_options o;
    o.threads = threads;
    o.oversubscribe = true;  // every thread runs, whatever the CPUs,
    o.helpers_after = {};  // from the start, however short the search
    engine<c4> e(o);
    search_limits l;
    l.max_nodes = 200000;
    const auto r = e.solve(hard_position(), l);
    CHECK(r.reason == stop_reason::nodes);
    // Each thread adds its nodes to the count every 1024; the search ends once the count
    // reaches the limit, each thread within 1024 nodes of it.
    CHECK(r.stats.nodes >= 200000);
    CHECK(r.stats.nodes <= 200000 + threads * 2048);
    REQUIRE(r.best_move);
    CHECK(legal(hard_position(), *r.best_move));
  }
}

TEST_CASE("stop() and max_time end searches of 1 to 8 threads, each with a legal move") {
  std::mt19937_64 rng(77);
  for (std::size_t threads = 1; threads <= 8; ++threads) {
    CAPTURE(threads);
    engine_options o;
    o.threads = threads;
    o.oversubscribe = true;  // every thread runs, whatever the CPUs,
    o.helpers_after = {};  // from the start, however short the search
    o.narrowing = true;
    engine<c4> e(o);
    for (int round = 0; round < 6; ++round) (void)stopped_and_timed(e, rng);
    // The engine still solves after all that: a quick position, exactly.
    const auto r = e.solve(c4::from_moves("7422341735647741166133573473242566"));
    CHECK(r.solved);
    CHECK(r.value == engine<c4>().solve(c4::from_moves("7422341735647741166133573473242566")).value);
  }
}

TEST_CASE("stop() and max_time end searches whose helpers join late, before or after the end") {
  std::mt19937_64 rng(78);
  for (const std::size_t threads : {std::size_t{2}, std::size_t{4}}) {
    CAPTURE(threads);
    engine_options o;
    o.threads = threads;
    o.oversubscribe = true;  // every thread runs, whatever the CPUs
    o.narrowing = true;
    o.table_mib = 1;
    for (int round = 0; round < 6; ++round) {
      o.helpers_after = std::chrono::microseconds(std::uniform_int_distribution<int>(1, 2000)(rng));
      CAPTURE(o.helpers_after.count());
      engine<c4> e(o);
      const auto [stopped, timed] = stopped_and_timed(e, rng);
      CHECK((stopped.stats.threads == 1 || stopped.stats.threads == threads));
      CHECK((timed.stats.threads == 1 || timed.stats.threads == threads));
    }
    // Helpers that join at thread 0's first check (1,024 nodes, a few milliseconds at most in
    // any build) and a deadline far later: they searched, and the deadline ended them too.
    {
      o.helpers_after = std::chrono::nanoseconds{1};
      engine<c4> e(o);
      search_limits l;
      l.max_time = std::chrono::milliseconds(300);
      const auto r = e.solve(hard_position(), l);
      CHECK(r.reason == stop_reason::time);
      CHECK(r.stats.threads == threads);
      REQUIRE(r.best_move);
      CHECK(legal(hard_position(), *r.best_move));
    }
    // A deadline that passes by the check at which the helpers would start ends the search
    // there: they are not woken to stop at once.
    o.helpers_after = std::chrono::nanoseconds{1};
    engine<c4> e(o);
    search_limits l;
    l.max_time = std::chrono::nanoseconds{1};
    const auto r = e.solve(hard_position(), l);
    CHECK(r.reason == stop_reason::time);
    CHECK(r.stats.threads == 1);
    REQUIRE(r.best_move);
    CHECK(legal(hard_position(), *r.best_move));
  }
}

TEST_CASE("an exception in any thread ends the search and reaches the caller") {
  for (const std::size_t threads : {std::size_t{2}, std::size_t{4}}) {
    CAPTURE(threads);
    engine_options o;
    o.threads = threads;
    o.oversubscribe = true;  // every thread runs, whatever the CPUs,
    o.helpers_after = {};  // from the start, however short the search
    o.table_mib = 1;
    engine<throwing_tic_tac_toe> e(o);
    throw_control::reset();
    for (const int at : {1, 2, 4, 5}) {
      throw_control::throw_at = at;
      e.clear();
      CHECK_THROWS_WITH(e.solve(throwing_tic_tac_toe{}), "the game gave up");
    }
    throw_control::caller = std::this_thread::get_id();
    throw_control::helpers_only = true;
    throw_control::throw_at = 1;  // a helper's first move: it plays one before the table can answer
    e.clear();
    CHECK_THROWS_WITH(e.solve(throwing_tic_tac_toe{}), "the game gave up");
    throw_control::reset();
    const auto r = e.solve(throwing_tic_tac_toe{});
    CHECK(r.solved);
    CHECK(r.value == gametree::score<int>{});
  }
}

TEST_CASE("a game's exception before or after late helpers join ends the search and reaches the caller") {
  using throwing_nim = throwing<games::nim>;
  const games::nim plain({2, 3, 4, 5, 6});  // 28,569 nodes alone: thread 0 wakes the helpers at its first check (1,024)
  const throwing_nim g(plain);
  const auto expected = engine<games::nim>().solve(plain).value;
  for (const std::size_t threads : {std::size_t{2}, std::size_t{3}}) {
    CAPTURE(threads);
    engine_options o;
    o.threads = threads;
    o.oversubscribe = true;  // every thread runs, whatever the CPUs,
    o.helpers_after = std::chrono::nanoseconds{1};  // once thread 0 has entered 1,024 nodes
    o.table_mib = 1;
    engine<throwing_nim> e(o);
    // Before: thread 0's first move throws, long before its first check; no helper starts.
    throw_control::reset();
    throw_control::caller = std::this_thread::get_id();
    throw_control::throw_at = 1;
    CHECK_THROWS_WITH(e.solve(g), "the game gave up");
    CHECK(throw_control::helper_plays == 0);
    // After: a helper's first move throws, and thread 0, 4,000 moves in, waits for it.
    throw_control::reset();
    throw_control::caller = std::this_thread::get_id();
    throw_control::helpers_only = true;
    throw_control::throw_at = 1;
    throw_control::caller_waits_after = 4000;
    e.clear();
    CHECK_THROWS_WITH(e.solve(g), "the game gave up");
    CHECK(throw_control::helper_threw);
    // The engine then solves, its helpers joining.
    throw_control::reset();
    e.clear();
    const auto r = e.solve(g);
    CHECK(r.value == expected);
    CHECK(r.stats.threads == threads);
  }
}

TEST_CASE("a transposition_table game's table is locked from the moment late helpers join") {
  // Nim's keys own memory, so its table locks its entries while threads share it. Thread 0
  // searches alone with the table unlocked, then at its first check (1,024 nodes) wakes the
  // helpers and locks it, in the middle of its search. Crowded: 1,024 entries for the 840
  // states, whose collisions make the search 12 times longer (heavy replacement).
  const games::nim g({3, 4, 5, 6});  // 7,569 nodes alone
  const auto expected = engine<games::nim>().solve(g).value;
  for (const std::size_t threads : {std::size_t{2}, std::size_t{3}}) {
    for (const bool crowded : {false, true}) {
      CAPTURE(threads, crowded);
      engine_options o;
      o.threads = threads;
      o.oversubscribe = true;  // every thread runs, whatever the CPUs,
      o.helpers_after = std::chrono::nanoseconds{1};  // once thread 0 has entered 1,024 nodes
      if (crowded) o.table_entries = 1024;
      engine<games::nim> e(o);
      const auto r = e.solve(g);
      CHECK(r.value == expected);
      CHECK(r.stats.threads == threads);
      REQUIRE(e.table() != nullptr);
      CHECK(!e.table()->concurrent());
      // The next search starts alone and unlocked again, and finds what the last one stored.
      const auto again = e.solve(g);
      CHECK(again.value == expected);
      if (!crowded) CHECK(again.stats.nodes < r.stats.nodes);
    }
  }
}

TEST_CASE("a shared transposition_table is locked only while threads search") {
  engine_options o;
  o.threads = 3;
  o.oversubscribe = true;  // every thread runs, whatever the CPUs,
  o.helpers_after = {};  // from the start, however short the search
  engine<games::nim> e(o);
  const games::nim g({3, 4, 5});
  const auto r = e.solve(g);
  CHECK(r.value == reference::negamax(g));
  REQUIRE(e.table() != nullptr);
  CHECK(!e.table()->concurrent());
  // Another engine of one thread on the same table finds what the three threads stored.
  engine<games::nim> alone(engine_options{}, e.shared_table());
  const auto again = alone.solve(g);
  CHECK(again.value == r.value);
  CHECK(again.stats.nodes < r.stats.nodes);
}

TEST_CASE("an alpha-beta player of 2 threads draws every game of tic-tac-toe against one of 1") {
  // Both play perfectly from any opening (their searches solve every position), so every game
  // is a draw: the parallel player's moves keep the value, as the one-thread player's do.
  engine_options two;
  two.threads = 2;
  two.oversubscribe = true;  // every thread runs, whatever the CPUs,
  two.helpers_after = {};  // from the start, however short the search
  auto a = gametree::alpha_beta_player<games::tic_tac_toe>("two threads", two);
  auto b = gametree::alpha_beta_player<games::tic_tac_toe>("one thread");
  const auto m = gametree::play_match(games::tic_tac_toe{}, a, b, {.games = 12, .opening_plies = 1});
  CHECK(m.games > 0);
  CHECK(m.draws == m.games);
  CHECK(m.work_per_move[0] > 0);
}

namespace {

// The two ways MCTS threads share a search, to test each.
constexpr gametree::mcts_parallelism parallelisms[] = {gametree::mcts_parallelism::tree,
                                                       gametree::mcts_parallelism::root};

// The memory cap of the searchers below: a shared tree reserves its whole cap at its first
// search, and the default 1 GiB, though only address space, is slow to reserve and free under
// the sanitizers. The trees here take a few MB.
constexpr std::size_t test_tree_bytes = std::size_t{1} << 26;

const char* name(gametree::mcts_parallelism p) { return p == gametree::mcts_parallelism::tree ? "tree" : "root"; }

}  // namespace

TEST_CASE("MCTS with threads: the iterations are shared out exactly and the moves merged") {
  for (const auto parallelism : parallelisms) {
    for (const std::size_t threads : {std::size_t{2}, std::size_t{3}, std::size_t{4}}) {
      INFO(name(parallelism) << " parallelisation, " << threads << " threads");
      gametree::mcts<c4> m({.seed = 5, .max_memory_bytes = test_tree_bytes, .threads = threads, .parallelism = parallelism});
      const c4 g = hard_position();
      const auto r = m.search(g, {.max_iterations = 20'001});
      CHECK(r.reason == gametree::mcts_stop::iterations);
      CHECK(r.stats.iterations == 20'001);
      std::uint64_t visits = 0;
      for (const auto& mv : r.moves) visits += mv.visits;
      CHECK(visits == 20'001);  // every iteration goes through one root move, in one tree
      REQUIRE(r.best_move);
      CHECK(legal(g, *r.best_move));
      // The tree is kept: advance and search again, every thread's tree with it.
      m.advance(*r.best_move);
      c4 after = g;
      after.play(*r.best_move);
      const auto again = m.search({.max_iterations = 3});
      CHECK(again.stats.iterations == 3);
      REQUIRE(again.best_move);
      CHECK(legal(after, *again.best_move));
    }
  }
}

namespace {

// Connect 4 whose games end only on a full board, as a draw: the searches below cannot reach
// an end (the nearest is 42 plies away), so every reward is the evaluator's.
struct endless_c4 {
  using move_type = int;
  c4 board;
  void legal_moves(std::vector<int>& out) const { board.legal_moves(out); }
  void play(int column) { board.play(column); }
  void undo(int column) { board.undo(column); }
  [[nodiscard]] std::optional<gametree::game_outcome> outcome() const {
    if (board.horizon() == 0) return gametree::game_outcome::draw;
    return std::nullopt;
  }
};

// Walks the whole tree of m, a search from the empty Connect 4 board whose evaluator gave every leaf 0: every mean must
// be back to 0 once the virtual losses (-1 each) are replaced or taken back, and the root's
// moves count `iterations` visits. As each node is a new leaf once (a thread finding a node
// another thread plays out from goes on below it), an expanded node's visits are its
// children's plus its own first one; with `exact` false (an evaluation threw, whose node
// another thread may have gone below meanwhile) that one may be missing.
void check_zero_tree(const gametree::mcts<endless_c4>& m, std::uint64_t iterations, bool exact) {
  std::uint64_t root_visits = 0;
  for (const auto& mv : m.children()) root_visits += mv.visits;
  CHECK(root_visits == iterations);
  std::size_t nodes = 1;  // the root
  std::size_t expanded = 0;
  std::size_t deepest = 0;
  std::vector<std::vector<int>> todo{{}};
  while (!todo.empty()) {
    const auto line = todo.back();
    todo.pop_back();
    for (const auto& info : m.children(line)) {
      ++nodes;
      CHECK(!info.proven);  // no game ends
      CHECK(std::abs(info.mean) <= 1e-12);
      auto next = line;
      next.push_back(info.move);
      const auto below = m.children(next);
      std::uint64_t sum = 0;
      for (const auto& c : below) sum += c.visits;
      if (below.empty()) {
        CHECK(info.visits <= 1);
        continue;
      }
      ++expanded;
      if (exact) {
        CHECK(info.visits == sum + 1);
      } else {
        CHECK((info.visits == sum + 1 || info.visits == sum));
      }
      deepest = std::max(deepest, next.size());
      todo.push_back(std::move(next));
    }
  }
  CHECK(m.tree_size() == nodes);
  CHECK(expanded > 100);
  CHECK(deepest >= 2);
}

}  // namespace

TEST_CASE("MCTS with threads: one shared tree counts each iteration once, its virtual losses taken back") {
  const endless_c4 g;
  for (const std::size_t threads : {std::size_t{2}, std::size_t{4}, std::size_t{8}}) {
    INFO(threads << " threads");
    gametree::mcts<endless_c4> m({.solver = false,
                                  .seed = 3,
                                  .max_memory_bytes = test_tree_bytes,
                                  .threads = threads,
                                  .parallelism = gametree::mcts_parallelism::tree});
    std::atomic<std::uint64_t> evaluated{0};
    m.set_evaluator([&](const endless_c4&) {
      evaluated.fetch_add(1, std::memory_order_relaxed);
      return 0.0;
    });
    const auto r = m.search(g, {.max_iterations = 20'000});
    CHECK(r.stats.iterations == 20'000);
    CHECK(evaluated == 20'000);
    check_zero_tree(m, 20'000, true);
    // An evaluation that throws takes its virtual losses back: the tree goes on as it was.
    m.set_evaluator([&](const endless_c4&) {
      if (evaluated.load(std::memory_order_relaxed) >= 21'000) throw std::runtime_error("the evaluator gave up");
      evaluated.fetch_add(1, std::memory_order_relaxed);
      return 0.0;
    });
    CHECK_THROWS_WITH(m.search({.max_iterations = 20'000}), "the evaluator gave up");
    m.set_evaluator([&](const endless_c4&) {
      evaluated.fetch_add(1, std::memory_order_relaxed);
      return 0.0;
    });
    const auto more = m.search({.max_iterations = 5'000});
    CHECK(more.stats.iterations == 5'000);
    check_zero_tree(m, evaluated, false);
    // A prior hook that throws does so with the tree's lock held, in an expansion: the lock
    // is let go (a lock kept would hang the next search) and no virtual loss is left behind.
    std::atomic<int> priors{0};
    m.set_prior([&](const endless_c4&, std::span<const int>, std::span<double> p) {
      if (priors.fetch_add(1, std::memory_order_relaxed) >= 500) throw std::runtime_error("no prior");
      std::fill(p.begin(), p.end(), 1.0);
    });
    CHECK_THROWS_WITH(m.search({.max_iterations = 20'000}), "no prior");
    m.set_prior(nullptr);
    const auto after = m.search({.max_iterations = 5'000});
    CHECK(after.stats.iterations == 5'000);
    check_zero_tree(m, evaluated, false);
  }
}

TEST_CASE("MCTS with threads: the solver's proofs hold, whichever tree proves them") {
  for (const auto parallelism : parallelisms) {
    INFO(name(parallelism) << " parallelisation");
    std::mt19937_64 rng(31);
    gametree::mcts<games::tic_tac_toe> m({.seed = 1, .threads = 3, .parallelism = parallelism});
    int solved = 0;
    for (int i = 0; i < 300; ++i) {
      const auto g = random_position(games::tic_tac_toe{}, rng, 3, 7);
      if (g.outcome()) continue;
      const auto r = m.search(g, {.max_iterations = 30'000});
      REQUIRE(r.best_move);
      CHECK(legal(g, *r.best_move));
      if (!r.solved) continue;
      ++solved;
      CHECK(r.reason == gametree::mcts_stop::solved);
      // The solver knows wins, draws and losses, not their distances.
      auto sign = [](const gametree::score<int>& v) { return v.is_win() ? 1.0 : v.is_loss() ? -1.0 : 0.0; };
      const double expected = sign(reference::negamax(g));
      CHECK(*r.proven_value == expected);
      CHECK(sign(reference::move_value(g, *r.best_move)) == expected);  // the move played keeps it
    }
    CHECK(solved > 200);
  }
}

TEST_CASE("expectimax with threads: plain expectimax's values, Star1 and Star2, a table large or crowded") {
  // Star1 and Star2 sum the cuts' bounds in another order than the mean: the last bits may differ.
  constexpr double tolerance = 1e-12;
  std::vector<std::pair<std::string, engine_options>> sets;
  for (const std::size_t threads : {std::size_t{2}, std::size_t{4}}) {
    engine_options o;
    o.threads = threads;
    o.oversubscribe = true;  // every thread runs, whatever the CPUs,
    o.helpers_after = {};  // from the start, however short the search
    sets.emplace_back("star2", o);
    o.table_entries = 64;
    sets.emplace_back("star2, 64-entry table", o);
    o.chance = gametree::chance_pruning::star1;
    o.pvs = true;
    sets.emplace_back("star1, pvs, 64-entry table", o);
  }
  // The helpers joining at thread 0's first check (1,024 nodes), on trees deep and wide
  // enough that about a third of the solves outlast it.
  engine_options late;
  late.threads = 2;
  late.oversubscribe = true;
  late.helpers_after = std::chrono::nanoseconds{1};
  late.table_entries = 64;
  sets.emplace_back("star2, 64-entry table, helpers join late", late);
  for (const auto& [name, options] : sets) {
    INFO(name << ", " << options.threads << " threads");
    const bool joins_late = options.helpers_after > std::chrono::nanoseconds::zero();
    const int max_ply = joins_late ? 14 : 6;
    const std::uint64_t width = joins_late ? 48 : 12;
    engine<random_chance_game<true>> e(options);
    engine<random_chance_game<false>> plain(options);
    int joined = 0;  // solves the helpers joined
    for (int n = 0; n < positions_per_kind; ++n) {
      const auto seed = static_cast<std::uint64_t>(n + 1);
      INFO("seed " << seed);
      const random_chance_game<true> g({.seed = seed, .max_ply = max_ply, .width = width});
      const double expected = reference::expectimax(g);
      const auto r = e.solve(g);
      joined += r.stats.threads > 1 ? 1 : 0;
      REQUIRE(r.value.is_value());
      CHECK(std::abs(r.value.value() - expected) <= tolerance);
      REQUIRE(r.best_move);
      if (!g.is_chance()) CHECK(std::abs(expectimax_after(g, *r.best_move) - expected) <= tolerance);
      e.clear();  // the solve's exact entries would answer the depth-limited search
      const auto d = e.search(g, {.max_depth = 3});
      CHECK(std::abs(d.value.value() - reference::expectimax(g, 3)) <= tolerance);
      // Without payoff bounds: no cuts at chance states, the table and the threads alone.
      const random_chance_game<false> u({.seed = seed + 500000, .max_ply = max_ply, .width = width});
      CHECK(std::abs(plain.solve(u).value.value() - reference::expectimax(u)) <= tolerance);
    }
    CHECK(joined > 0);  // late helpers too: some solves outlast thread 0's first check
  }
}

TEST_CASE("MCTS with threads: the solver proves plain expectimax's values on random trees of chance") {
  // The checks of one thread's solves (support/chance_checks.hpp): the root's value, every
  // proven root move's and the best move's, and every node's bounds, in thread 0's tree or
  // the shared one; with payoff bounds, without, and with payoffs moved to [0, 1].
  for (const auto parallelism : parallelisms) {
    INFO(name(parallelism) << " parallelisation");
    for (std::uint64_t seed = 1; seed <= 100; ++seed) {
      const gametree::mcts_options options{
          .seed = seed, .max_memory_bytes = test_tree_bytes / 64, .threads = 2, .parallelism = parallelism};
      check_chance_solved<random_chance_game<true>>(seed, options);
      check_chance_solved<random_chance_game<false>>(seed, options);
      check_chance_solved<shifted_chance_game>(seed, options);
    }
  }
}

TEST_CASE("MCTS with threads: stop(), time and a thrown hook end every thread") {
  for (const auto parallelism : parallelisms) {
    INFO(name(parallelism) << " parallelisation");
    gametree::mcts<c4> m({.max_memory_bytes = test_tree_bytes, .threads = 4, .parallelism = parallelism});
    gametree::mcts_result<c4> r;
    std::thread searcher([&] { r = m.search(hard_position()); });
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    m.stop();
    searcher.join();
    CHECK(r.reason == gametree::mcts_stop::stopped);
    REQUIRE(r.best_move);
    CHECK(legal(hard_position(), *r.best_move));
    const auto timed = m.search(hard_position(), {.max_time = std::chrono::milliseconds(3)});
    CHECK(timed.reason == gametree::mcts_stop::time);
    std::atomic<int> calls{0};
    m.set_evaluator([&](const c4&) -> double {
      if (calls.fetch_add(1) == 500) throw std::runtime_error("the evaluator gave up");
      return 0.0;
    });
    CHECK_THROWS_WITH(m.search(hard_position(), {.max_iterations = 100'000}), "the evaluator gave up");
    m.set_evaluator(nullptr);
    const auto after = m.search(hard_position(), {.max_iterations = 1000});
    CHECK(after.stats.iterations == 1000);
  }
}

TEST_CASE("MCTS with threads: options are checked") {
  using gametree::mcts_parallelism;
  CHECK_THROWS_WITH(gametree::mcts<c4>({.threads = 0}), ContainsSubstring("threads must be 1 .. 1024, not 0"));
  const std::size_t node = (std::size_t{1} << 20) / gametree::mcts<c4>({.max_memory_bytes = std::size_t{1} << 20}).max_nodes();
  // A tree each, the default: each has a share of the memory; one shared tree has it all.
  CHECK_THROWS_WITH(gametree::mcts<c4>({.max_memory_bytes = 3 * node, .threads = 4}),
                    ContainsSubstring("a tree, not " + std::to_string(3 * node) + " for 4 trees"));
  CHECK_THROWS_WITH(gametree::mcts<c4>({.max_memory_bytes = node - 1, .threads = 4, .parallelism = mcts_parallelism::tree}),
                    ContainsSubstring("a tree, not " + std::to_string(node - 1)));
  CHECK(gametree::mcts<c4>({.max_memory_bytes = 400 * node, .threads = 4}).max_nodes() == 100);
  CHECK(gametree::mcts<c4>({.max_memory_bytes = 400 * node, .threads = 4, .parallelism = mcts_parallelism::tree})
            .max_nodes() == 400);
}
