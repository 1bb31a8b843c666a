// Monte Carlo tree search (include/gametree/mcts.hpp): the solver against plain negamax and
// the xor rule, play against the exact solver and a random player, tree reuse, budgets, the
// memory cap, the hooks, contract errors, and reproducibility; games of chance ("[chance]")
// against plain expectimax and Pig's value iteration.
#include <gametree/games/connect_four.hpp>
#include <gametree/games/nim.hpp>
#include <gametree/games/pig.hpp>
#include <gametree/games/tic_tac_toe.hpp>
#include <gametree/mcts.hpp>
#include <gametree/search.hpp>
#include <gametree/value_iteration.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "reference/expectimax_reference.hpp"
#include "reference/negamax_reference.hpp"
#include "reference/random_chance_game.hpp"
#include "reference/random_game.hpp"
#include "support/catch.hpp"
#include "support/chance_checks.hpp"
#include "support/connect4_sets.hpp"
#include "support/mcts_walk.hpp"

namespace {

using gametree::mcts;
using gametree::mcts_limits;
using gametree::mcts_options;
using gametree::games::connect_four;
using gametree::games::nim;
using gametree_test::walk;
using gametree::games::subtraction_game;
using gametree::games::tic_tac_toe;
using c4 = connect_four<7, 6>;

mcts_limits iterations(std::uint64_t n) { return {.max_iterations = n}; }
// For searches meant to end solved: far more than they need, so a solver that never proves
// the root fails the test instead of hanging it.
const mcts_limits enough{.max_iterations = 2'000'000};

// The reward a negamax score stands for: the sign of a win, loss or draw, or the payoff.
template <class Value>
double reward(const gametree::score<Value>& s) {
  if (s.is_win()) return 1;
  if (s.is_loss()) return -1;
  return static_cast<double>(s.value());
}

// Solves g with MCTS: the proven value must be negamax's, and the move must achieve it.
template <class G>
void check_solved(const G& g, const mcts_options& options) {
  mcts<G> m(options);
  const auto r = m.search(g, enough);
  REQUIRE(r.solved);
  const double expected = reward(gametree_test::reference::negamax(g));
  CHECK(*r.proven_value == expected);
  REQUIRE(r.best_move);
  CHECK(reward(gametree_test::reference::move_value(g, *r.best_move)) == expected);
}

// A random tic-tac-toe position still in play, `plies` moves from the start.
tic_tac_toe random_position(std::mt19937_64& rng, int plies) {
  while (true) {
    tic_tac_toe t;
    for (int p = 0; p < plies && !t.outcome(); ++p) {
      std::vector<int> moves;
      t.legal_moves(moves);
      t.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
    if (!t.outcome()) return t;
  }
}

// A digest of a result: every root move's statistics, bit for bit.
template <class G>
std::uint64_t digest(const gametree::mcts_result<G>& r) {
  std::uint64_t h = 0;
  const auto add = [&h](std::uint64_t x) { h = gametree::detail::mix64(h ^ x) + 0x9e37; };
  const auto bits = [](double d) {
    std::uint64_t u = 0;
    std::memcpy(&u, &d, sizeof u);
    return u;
  };
  for (const auto& m : r.moves) {
    add(static_cast<std::uint64_t>(std::hash<typename G::move_type>{}(m.move)));
    add(m.visits);
    add(bits(m.mean));
    add(bits(m.lower));
    add(bits(m.upper));
  }
  add(r.stats.iterations);
  add(r.stats.tree_nodes);
  return h;
}

// Connect 4 with a playout policy of its own: the first legal move (or a bad index).
struct scripted_playouts : c4 {
  std::uint64_t* calls = nullptr;
  std::size_t offset = 0;
  std::size_t playout_move(std::span<const int>, gametree::playout_random&) const {
    ++*calls;
    return offset;
  }
};

// Tic-tac-toe whose moves (of the state object) may throw.
struct fragile_ttt : tic_tac_toe {
  static inline bool fail = false;
  fragile_ttt() = default;
  fragile_ttt(const fragile_ttt&) = default;
  fragile_ttt& operator=(const fragile_ttt&) = default;
  fragile_ttt(fragile_ttt&& other) : tic_tac_toe(other) {
    if (fail) throw std::runtime_error("move");
  }
  fragile_ttt& operator=(fragile_ttt&& other) {
    if (fail) throw std::runtime_error("move");
    tic_tac_toe::operator=(other);
    return *this;
  }
  ~fragile_ttt() = default;
};

// A game that breaks the concept: no legal move at a state that is not over.
struct stuck_game {
  using move_type = int;
  int plies = 0;
  void legal_moves(std::vector<int>& out) const {
    if (plies < 2) out.push_back(0);
  }
  void play(int) { ++plies; }
  std::optional<gametree::game_outcome> outcome() const { return std::nullopt; }
};

// A payoff game whose payoff is NaN.
struct nan_game {
  using move_type = int;
  int plies = 0;
  void legal_moves(std::vector<int>& out) const { out.push_back(0); }
  void play(int) { ++plies; }
  std::optional<double> outcome() const {
    if (plies < 1) return std::nullopt;
    return std::numeric_limits<double>::quiet_NaN();
  }
};

// The text of a file of the source tree (this file is tests/mcts_test.cpp).
std::string source_text(const char* relative) {
  const auto path = std::filesystem::path(__FILE__).parent_path().parent_path() / relative;
  std::ifstream in(path);
  INFO(path.string());
  REQUIRE(in.is_open());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string trimmed(const std::string& s) {
  const auto first = s.find_first_not_of(' ');
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(' ') + 1 - first);
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// A data member as the header declares it: "type name = init;" or "type name{};" (init "{}").
struct member_decl {
  std::string type;
  std::string name;
  std::string init;  // empty: no initializer
  bool documented = false;  // a /// comment above it or a ///< after it
};

// The data members of "struct <name> {" in a header, in order (the options and limits structs
// hold nothing else).
std::vector<member_decl> members_of(const std::string& header, const std::string& name) {
  const auto open = header.find("struct " + name + " {\n");
  INFO("struct " << name);
  REQUIRE(open != std::string::npos);
  const auto body = header.find('\n', open) + 1;
  std::vector<member_decl> out;
  bool doc_above = false;
  for (const auto& raw : lines_of(header.substr(body, header.find("\n};", body) - body))) {
    std::string line = trimmed(raw);
    if (line.rfind("//", 0) == 0) {
      doc_above = doc_above || line.rfind("///", 0) == 0;
      continue;
    }
    member_decl m;
    m.documented = doc_above;
    doc_above = false;
    if (const auto comment = line.find("///<"); comment != std::string::npos) {
      m.documented = true;
      line = trimmed(line.substr(0, comment));
    }
    REQUIRE(line.size() > 1);
    REQUIRE(line.back() == ';');
    std::string declaration = line.substr(0, line.size() - 1);
    if (const auto eq = declaration.find(" = "); eq != std::string::npos) {
      m.init = declaration.substr(eq + 3);
      declaration.resize(eq);
    } else if (declaration.ends_with("{}")) {
      m.init = "{}";
      declaration.resize(declaration.size() - 2);
    }
    const auto space = declaration.rfind(' ');
    m.type = declaration.substr(0, space);
    m.name = declaration.substr(space + 1);
    out.push_back(m);
  }
  return out;
}

// The rows of the table under the heading "### `<name>`" of a Markdown text, as cells.
std::vector<std::vector<std::string>> table_under(const std::string& markdown, const std::string& name) {
  const auto lines = lines_of(markdown);
  const auto heading = std::find(lines.begin(), lines.end(), "### `" + name + "`");
  INFO("docs/mcts.md: ### `" << name << "`");
  REQUIRE(heading != lines.end());
  auto row = std::find_if(heading, lines.end(), [](const std::string& l) { return l.rfind("|---", 0) == 0; });
  REQUIRE(row != lines.end());
  std::vector<std::vector<std::string>> rows;
  for (++row; row != lines.end() && row->rfind("| ", 0) == 0; ++row) {
    std::vector<std::string> cells;
    const std::string inner = row->substr(2, row->size() - 4);  // without "| " and " |"
    std::size_t at = 0;
    for (auto bar = inner.find(" | "); bar != std::string::npos; bar = inner.find(" | ", at)) {
      cells.push_back(inner.substr(at, bar - at));
      at = bar + 3;
    }
    cells.push_back(inner.substr(at));
    rows.push_back(cells);
  }
  return rows;
}

}  // namespace

TEST_CASE("mcts: docs/mcts.md has a table of every field of the options and limits structs") {
  const std::string doc = source_text("docs/mcts.md");
  const std::pair<const char*, const char*> structs[] = {
      {"include/gametree/mcts.hpp", "mcts_options"},
      {"include/gametree/mcts.hpp", "mcts_limits"},
      {"include/gametree/match.hpp", "match_options"},
      {"include/gametree/match.hpp", "match_player"},
  };
  for (const auto& [header, name] : structs) {
    const auto members = members_of(source_text(header), name);
    const auto rows = table_under(doc, name);
    INFO(name);
    REQUIRE(!members.empty());
    CHECK(rows.size() == members.size());  // a row per field, and no row for a field gone
    for (std::size_t i = 0; i < std::min(rows.size(), members.size()); ++i) {
      const auto& m = members[i];
      INFO(m.name);
      CHECK(m.documented);  // the header says what it is too
      REQUIRE(rows[i].size() == 4);  // field, type, default, meaning
      CHECK(rows[i][0] == "`" + m.name + "`");
      CHECK(rows[i][1] == "`" + m.type + "`");
      // The default as the header writes it; an empty one (no initializer or {}) in words.
      if (m.init.empty() || m.init == "{}") {
        CHECK((rows[i][2].rfind("none", 0) == 0 || rows[i][2].rfind("empty", 0) == 0));
      } else {
        CHECK(rows[i][2].rfind("`" + m.init + "`", 0) == 0);
      }
      CHECK(!rows[i][3].empty());
    }
  }
}

TEST_CASE("mcts: playout_random is reproducible and below() is uniform") {
  gametree::playout_random a(7), b(7), c(8);
  std::vector<std::uint64_t> xs;
  for (int i = 0; i < 100; ++i) {
    const auto x = a();
    xs.push_back(x);
    CHECK(x == b());
  }
  bool differs = false;
  for (int i = 0; i < 100; ++i) differs |= c() != xs[static_cast<std::size_t>(i)];
  CHECK(differs);
  a.reseed(7);
  CHECK(a() == xs[0]);

  // Close to 2^32 most draws land in the rejection zone's test: the results stay in range.
  for (int i = 0; i < 1000; ++i) CHECK(a.below(0xc0000001u) < 0xc0000001u);
  for (std::size_t n : {1u, 2u, 7u, 1000u}) {
    std::vector<int> counts(n, 0);
    const int draws = 70000;
    for (int i = 0; i < draws; ++i) {
      const std::size_t k = a.below(n);
      REQUIRE(k < n);
      ++counts[k];
    }
    // Chi-square with n - 1 degrees of freedom: far below the 1e-6 tail for a uniform draw.
    const double expected = static_cast<double>(draws) / static_cast<double>(n);
    double chi = 0;
    for (int k : counts) chi += (k - expected) * (k - expected) / expected;
    const double df = static_cast<double>(n) - 1;
    CHECK(chi <= df + 10 * std::sqrt(2 * df) + 25);
  }
  for (int i = 0; i < 1000; ++i) {
    const double u = a.unit();
    CHECK(u >= 0);
    CHECK(u < 1);
  }
}

TEST_CASE("mcts: the portable logarithm agrees with std::log") {
  // Within three units in the last place of std::log's: portable_log is within 2.5 of ln x
  // (its table's points carry series_log's error, up to 1.9), std::log within about half of
  // one. The table's points, the middles between them, integers, and arguments spread over
  // [1, 2^60).
  const auto ulps = [](double x) {
    const double exact = std::log(x);
    const double unit = std::nextafter(exact, std::numeric_limits<double>::infinity()) - exact;
    return std::abs(gametree::detail::portable_log(x) - exact) / unit;
  };
  double worst = 0;
  for (int k = 1; k <= 2 * gametree::detail::log_table::steps; ++k) {
    worst = std::max(worst, ulps(1 + k / 256.0));
    worst = std::max(worst, ulps(std::ldexp(1 + k / 256.0, 20)));
  }
  for (double x = 2; x < 1e7; x = x * 1.37 + 1) worst = std::max(worst, ulps(x));
  for (std::uint64_t n = 2; n < 100000; ++n) worst = std::max(worst, ulps(static_cast<double>(n)));
  gametree::playout_random random(3);
  for (int i = 0; i < 100000; ++i) {
    worst = std::max(worst, ulps(1 + random.unit() * std::ldexp(1.0, static_cast<int>(random.below(60)))));
  }
  CHECK(worst <= 3);
  CHECK(gametree::detail::portable_log(1) == 0);
  CHECK(gametree::detail::portable_log(2) == gametree::detail::series_log(2));
  CHECK(std::abs(gametree::detail::series_log(1.5) - std::log(1.5)) <= 4e-16 * std::log(1.5));
}

TEST_CASE("mcts: the solver finds tic-tac-toe a draw from the empty board") {
  mcts<tic_tac_toe> m;
  const auto r = m.search(tic_tac_toe{}, enough);
  CHECK(r.solved);
  CHECK(r.reason == gametree::mcts_stop::solved);
  REQUIRE(r.proven_value);
  CHECK(*r.proven_value == 0);
  REQUIRE(r.best_move);
  CHECK(reward(gametree_test::reference::move_value(tic_tac_toe{}, *r.best_move)) == 0);
  CHECK(r.stats.iterations > 0);
  CHECK(r.stats.tree_nodes == m.tree_size());
}

TEST_CASE("mcts: solved tic-tac-toe positions match negamax, and the move keeps the value") {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 300; ++i) {
    const tic_tac_toe t = random_position(rng, 1 + i % 7);
    for (const bool undo : {true, false}) {
      INFO("position " << i << (undo ? " make/unmake" : " copy-make"));
      check_solved(t, {.seed = static_cast<std::uint64_t>(i), .use_undo = undo});
    }
  }
}

TEST_CASE("mcts: the solver proves Nim positions by the xor rule") {
  // Every position of up to three heaps of at most 4.
  for (unsigned a = 0; a <= 4; ++a) {
    for (unsigned b = 0; b <= 4; ++b) {
      for (unsigned c = 0; c <= 4; ++c) {
        const nim g({a, b, c});
        mcts<nim> m;
        const auto r = m.search(g, enough);
        INFO(a << " " << b << " " << c);
        REQUIRE(r.solved);
        CHECK(*r.proven_value == ((a ^ b ^ c) != 0 ? 1 : -1));
        if ((a | b | c) == 0) {
          CHECK(!r.best_move);
          continue;
        }
        REQUIRE(r.best_move);
        if ((a ^ b ^ c) != 0) {  // the move must leave a xor of 0
          nim child = g;
          child.play(*r.best_move);
          const auto& h = child.heaps();
          CHECK((h[0] ^ h[1] ^ h[2]) == 0);
        }
      }
    }
  }
}

TEST_CASE("mcts: the solver handles extra turns and numeric payoffs (random games vs negamax)") {
  using payoff_game = gametree_test::random_game<int, true>;
  using outcome_game = gametree_test::random_game<int, false>;
  for (std::uint64_t seed = 1; seed <= 120; ++seed) {
    const bool extra = seed % 2 == 0;
    const payoff_game p({.seed = seed, .max_ply = 6, .width = 12, .extra_turns = extra});
    const outcome_game o({.seed = seed, .max_ply = 6, .width = 12, .extra_turns = extra});
    INFO("seed " << seed << (extra ? " with extra turns" : ""));
    for (const bool undo : {true, false}) {
      check_solved(p, {.seed = seed, .use_undo = undo});
      check_solved(o, {.seed = seed, .use_undo = undo});
    }
  }
}

TEST_CASE("mcts: payoff_scale divides payoffs") {
  using payoff_game = gametree_test::random_game<int, true>;
  const payoff_game p({.seed = 5, .max_ply = 5, .width = 12});
  mcts<payoff_game> m({.payoff_scale = 10});
  const auto r = m.search(p, enough);
  REQUIRE(r.solved);
  CHECK(*r.proven_value == reward(gametree_test::reference::negamax(p)) / 10);
}

TEST_CASE("mcts: search_moves in the tree, or every legal move") {
  const c4 g = c4::from_moves("4455");
  mcts<c4> pruned({.seed = 1});
  mcts<c4> all({.seed = 1, .use_search_moves = false});
  const auto rp = pruned.search(g, iterations(3000));
  const auto ra = all.search(g, iterations(3000));
  std::vector<int> legal;
  g.legal_moves(legal);
  std::vector<int> searched;
  g.search_moves(searched);
  CHECK(ra.moves.size() == legal.size());
  CHECK(rp.moves.size() == searched.size());
  REQUIRE(ra.best_move);
  CHECK((*ra.best_move == 2 || *ra.best_move == 5));
}

TEST_CASE("mcts: advance keeps the values right where a move keeps the turn") {
  using game = gametree_test::random_game<int, false>;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const game g({.seed = seed, .max_ply = 6, .width = 12, .extra_turns = true});
    mcts<game> probe({.seed = seed});
    const auto r = probe.search(g, enough);
    REQUIRE(r.solved);
    for (const auto& info : r.moves) {
      // The searcher that played the move must agree with a fresh solve of the position.
      mcts<game> m({.seed = seed});
      (void)m.search(g, enough);
      m.advance(info.move);
      game child = g;
      child.play(info.move);
      const auto after = m.search(enough);
      REQUIRE(after.solved);
      CHECK(*after.proven_value == reward(gametree_test::reference::negamax(child)));
    }
  }
}

TEST_CASE("mcts: make/unmake and copy-make build the same tree") {
  const c4 g = c4::from_moves("4453");
  mcts<c4> a({.seed = 3, .use_undo = true});
  mcts<c4> b({.seed = 3, .use_undo = false});
  const auto ra = a.search(g, iterations(3000));
  const auto rb = b.search(g, iterations(3000));
  CHECK(digest(ra) == digest(rb));
  CHECK(ra.best_move == rb.best_move);
  CHECK(a.root().key() == g.key());  // the root is restored after every iteration
}

TEST_CASE("mcts: the same seed gives the same result, another seed another") {
  const c4 g;
  mcts<c4> a({.seed = 42});
  const auto first = a.search(g, iterations(2000));
  const auto again = a.search(g, iterations(2000));  // search(game) resets: the same run
  mcts<c4> b({.seed = 42});
  const auto other_engine = b.search(g, iterations(2000));
  mcts<c4> c({.seed = 43});
  const auto other_seed = c.search(g, iterations(2000));
  CHECK(digest(first) == digest(again));
  CHECK(digest(first) == digest(other_engine));
  CHECK(digest(first) != digest(other_seed));
}

TEST_CASE("mcts: the same seed gives the same tree with every compiler and build") {
  // Pinned digests, recorded from the first g++ Release build: every build of CI (g++ and
  // clang++, Release, ASan at -O1, coverage at -O0) must reproduce them bit for bit.
  const c4 g = c4::from_moves("44");
  mcts<c4> m({.seed = 2026});
  const auto r4 = m.search(g, iterations(5000));
  mcts<tic_tac_toe> t({.selection = gametree::mcts_selection::puct, .seed = 7});
  const auto rt = t.search(tic_tac_toe{}, iterations(3000));
  using payoff_game = gametree_test::random_game<double, true>;
  mcts<payoff_game> p({.seed = 9});
  const auto rp = p.search(payoff_game({.seed = 9, .max_ply = 10, .width = 40, .extra_turns = true}), iterations(4000));
  CHECK(digest(r4) == 0x13af7552f427e83bu);
  CHECK(digest(rt) == 0xff9dd1ea4f955620u);
  CHECK(digest(rp) == 0xab22e77c617b9718u);
}

TEST_CASE("mcts: keeps the win in Pons' Connect 4 end games (Test_L3_R1)") {
#ifndef GAMETREE_CONNECT4_DATA
  SKIP("Pons' test sets not found (GAMETREE_CONNECT4_DATA)");
#else
  std::vector<c4> won;
  for (const auto& [moves, score] : gametree_test::read_set("Test_L3_R1", 1000)) {
    if (score > 0) won.push_back(c4::from_moves(moves));
  }
  REQUIRE(won.size() == 327);  // of the 1000, those with a positive score
  gametree::engine<c4> exact;
  // With the solver, and as plain UCT (no proofs: the playouts alone must find the way).
  for (const bool solver : {true, false}) {
    mcts<c4> m({.solver = solver, .seed = 1});
    std::size_t kept = 0;
    for (const c4& g : won) {
      const auto r = m.search(g, iterations(2000));
      REQUIRE(r.best_move);
      c4 child = g;
      child.play(*r.best_move);
      if (exact.solve(child, {}, gametree::solve_mode::weak).value.is_loss()) ++kept;
    }
    INFO((solver ? "solver: " : "plain UCT: ") << kept << " of " << won.size() << " keep the win");
    CHECK(kept * 100 >= won.size() * 95);
    if (solver) CHECK(kept == won.size());
  }
#endif
}

TEST_CASE("mcts: never loses tic-tac-toe to a uniform random player in 1000 games") {
  std::mt19937_64 rng(2024);
  mcts<tic_tac_toe> m({.seed = 5});
  int losses = 0;
  int wins = 0;
  for (int game = 0; game < 1000; ++game) {
    const bool mcts_first = game % 2 == 0;
    tic_tac_toe t;
    m.reset(t);
    bool mcts_to_move = mcts_first;
    while (!t.outcome()) {
      int move;
      if (mcts_to_move) {
        move = *m.search(iterations(1000)).best_move;
      } else {
        std::vector<int> moves;
        t.legal_moves(moves);
        move = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
      }
      t.play(move);
      m.advance(move);
      mcts_to_move = !mcts_to_move;
    }
    // The player to move at the end has lost, or it is a draw.
    if (*t.outcome() == gametree::game_outcome::loss) {
      if (mcts_to_move) {
        UNSCOPED_INFO("game " << game << " lost");
        ++losses;
      } else {
        ++wins;
      }
    }
  }
  CHECK(losses == 0);
  CHECK(wins > 700);  // and it wins most of them
}

TEST_CASE("mcts: tree reuse keeps the subtree's statistics exactly and frees the rest") {
  const c4 g = c4::from_moves("4");
  mcts<c4> m({.seed = 8});
  (void)m.search(g, iterations(4000));
  std::vector<int> line;
  std::map<std::vector<int>, gametree::mcts_move_info<c4>> before;
  walk(m, line, before);
  CHECK(m.tree_size() == before.size() + 1);
  const std::size_t allocated = m.search(iterations(1)).stats.nodes_allocated;  // one more iteration
  before.clear();
  walk(m, line, before);

  const int move = m.children().front().move;
  m.advance(move);
  std::map<std::vector<int>, gametree::mcts_move_info<c4>> after;
  walk(m, line, after);
  // Exactly the old subtree under move, one move shorter.
  std::map<std::vector<int>, gametree::mcts_move_info<c4>> expected;
  for (const auto& [l, info] : before) {
    if (l.size() >= 2 && l.front() == move) expected.emplace(std::vector<int>(l.begin() + 1, l.end()), info);
  }
  REQUIRE(after.size() == expected.size());
  REQUIRE(!after.empty());
  for (const auto& [l, info] : expected) {
    const auto it = after.find(l);
    REQUIRE(it != after.end());
    CHECK(it->second.visits == info.visits);
    CHECK(it->second.mean == info.mean);
    CHECK(it->second.lower == info.lower);
    CHECK(it->second.upper == info.upper);
  }
  CHECK(m.tree_size() == after.size() + 1);  // the rest went back to the pool
  c4 played = g;
  played.play(move);
  CHECK(m.root().key() == played.key());
  // The freed nodes are reused before the pool grows.
  const auto r = m.search(iterations(200));
  CHECK(r.stats.nodes_allocated == allocated);
  CHECK(r.stats.tree_nodes > after.size() + 1);
}

TEST_CASE("mcts: advance on an unexpanded root, and an illegal move leaves the tree alone") {
  mcts<tic_tac_toe> m;
  m.reset(tic_tac_toe{});
  m.advance(4);  // nothing searched yet
  CHECK(m.tree_size() == 1);
  (void)m.search(iterations(100));
  const std::size_t size = m.tree_size();
  CHECK_THROWS_AS(m.advance(4), gametree::illegal_move_error);  // taken
  CHECK_THROWS_AS(m.advance(9), gametree::illegal_move_error);
  CHECK(m.tree_size() == size);
  const auto r = m.search(iterations(100));
  REQUIRE(r.best_move);
  CHECK(*r.best_move != 4);
}

TEST_CASE("mcts: advance after a copy-make search checks the move at the root") {
  // Without make/unmake an iteration plays on a copy of the root, which is left where the last
  // playout ended: advance must check the move at the root, not there.
  mcts<c4> m({.seed = 3, .use_undo = false});
  (void)m.search(c4{}, iterations(300));
  m.advance(3);
  CHECK(m.root().key() == c4::from_moves("4").key());
  CHECK_THROWS_AS(m.advance(7), gametree::illegal_move_error);
  const auto r = m.search(iterations(300));
  REQUIRE(r.best_move);
  m.advance(*r.best_move);
  c4 expected = c4::from_moves("4");
  expected.play(*r.best_move);
  CHECK(m.root().key() == expected.key());
}

TEST_CASE("mcts: budgets, the stop flag and stop()") {
  const c4 g;
  mcts<c4> m;
  SECTION("iterations are exact") {
    const auto r = m.search(g, iterations(1234));
    CHECK(r.stats.iterations == 1234);
    CHECK(r.reason == gametree::mcts_stop::iterations);
    const auto more = m.search(iterations(10));  // continues the same tree
    CHECK(more.stats.iterations == 10);
    std::uint64_t visits = 0;
    for (const auto& info : more.moves) visits += info.visits;
    CHECK(visits == 1244);
  }
  SECTION("a flag already set: no iteration, still a legal move") {
    std::atomic<bool> flag{true};
    const auto r = m.search(g, {.stop = &flag});
    CHECK(r.reason == gametree::mcts_stop::stopped);
    CHECK(r.stats.iterations == 0);
    REQUIRE(r.best_move);
    CHECK(g.can_play(*r.best_move));
  }
  SECTION("no time: no iteration") {
    const auto r = m.search(g, {.max_time = std::chrono::nanoseconds(0)});
    CHECK(r.reason == gametree::mcts_stop::time);
    CHECK(r.stats.iterations == 0);
    REQUIRE(r.best_move);
  }
  SECTION("a flag that stays down, and a time budget too long to matter") {
    std::atomic<bool> flag{false};
    const auto r = m.search(g, {.max_iterations = 50, .max_time = std::chrono::nanoseconds::max(), .stop = &flag});
    CHECK(r.reason == gametree::mcts_stop::iterations);
    CHECK(r.stats.iterations == 50);
  }
  SECTION("a time budget ends an unbounded search") {
    const auto r = m.search(g, {.max_time = std::chrono::milliseconds(30)});
    CHECK(r.reason == gametree::mcts_stop::time);
    CHECK(r.stats.iterations > 0);
  }
  SECTION("stop() from another thread") {
    std::atomic<bool> started{false};
    gametree::mcts_result<c4> r;
    std::thread searcher([&] {
      m.reset(g);
      started = true;
      r = m.search();
    });
    while (!started) std::this_thread::yield();
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    m.stop();
    searcher.join();
    CHECK(r.reason == gametree::mcts_stop::stopped);
    REQUIRE(r.best_move);
  }
}

TEST_CASE("mcts: stop() before a search ends that search at once, and only that one") {
  const c4 g;
  mcts<c4> m({.seed = 4});
  SECTION("a new root: no iteration, the first root move") {
    m.stop();
    const auto r = m.search(g, iterations(500));
    CHECK(r.reason == gametree::mcts_stop::stopped);
    CHECK(r.stats.iterations == 0);
    REQUIRE(r.best_move);
    CHECK(g.can_play(*r.best_move));
    const auto next = m.search(iterations(500));  // the request was spent
    CHECK(next.reason == gametree::mcts_stop::iterations);
    CHECK(next.stats.iterations == 500);
  }
  SECTION("a kept tree: left as it is, and its best move") {
    const auto searched = m.search(g, iterations(300));
    m.stop();
    const auto r = m.search(iterations(300));
    CHECK(r.reason == gametree::mcts_stop::stopped);
    CHECK(r.stats.iterations == 0);
    CHECK(r.best_move == searched.best_move);
    REQUIRE(r.moves.size() == searched.moves.size());
    for (std::size_t i = 0; i < r.moves.size(); ++i) CHECK(r.moves[i].visits == searched.moves[i].visits);
    CHECK(r.stats.tree_nodes == searched.stats.tree_nodes);
    CHECK(m.search(iterations(300)).stats.iterations == 300);
  }
  SECTION("a request made during a search ends with it") {
    bool asked = false;
    m.set_rollout_policy([&](const c4&, std::span<const int> moves, gametree::playout_random& random) {
      if (!std::exchange(asked, true)) m.stop();
      return random.below(moves.size());
    });
    const auto r = m.search(g, iterations(500));
    CHECK(r.reason == gametree::mcts_stop::stopped);
    CHECK(r.stats.iterations == 1);
    CHECK(m.search(iterations(500)).stats.iterations == 500);
  }
  SECTION("a search that throws spends the request too") {
    m.set_rollout_policy([&](const c4&, std::span<const int>, gametree::playout_random&) -> std::size_t {
      m.stop();
      throw std::runtime_error("hook");
    });
    CHECK_THROWS_AS(m.search(g, iterations(500)), std::runtime_error);
    m.set_rollout_policy({});
    CHECK(m.search(iterations(500)).stats.iterations == 500);
  }
  SECTION("a call rejected for its arguments is no search: the request waits") {
    m.stop();
    CHECK_THROWS_AS(m.search(g, {.max_iterations = 0}), std::invalid_argument);
    CHECK(m.search(iterations(100)).stats.iterations == 0);
    CHECK(m.search(iterations(100)).stats.iterations == 100);
    mcts<c4> fresh;
    fresh.stop();
    CHECK_THROWS_AS(fresh.search(), std::logic_error);  // no root
    CHECK(fresh.search(g, iterations(100)).reason == gametree::mcts_stop::stopped);
    CHECK(fresh.search(iterations(100)).stats.iterations == 100);
  }
  SECTION("a stop flag of the limits is read, never cleared") {
    std::atomic<bool> flag{true};
    CHECK(m.search(g, {.stop = &flag}).reason == gametree::mcts_stop::stopped);
    CHECK(flag);
  }
}

TEST_CASE("mcts: a searcher moves with its tree, and the moved-from one is as new") {
  static_assert(std::is_nothrow_move_constructible_v<mcts<c4>>);
  static_assert(std::is_nothrow_move_assignable_v<mcts<c4>>);
  static_assert(!std::is_copy_constructible_v<mcts<c4>> && !std::is_copy_assignable_v<mcts<c4>>);
  const c4 g = c4::from_moves("43");
  const mcts_options options{.seed = 11};
  // Searched, returned from a function (moved, unless the move is elided).
  const auto searched = [&] {
    mcts<c4> m(options);
    (void)m.search(g, iterations(1500));
    return m;
  };

  // Without any move: search, advance, search again.
  mcts<c4> still = searched();
  const int move = still.children().front().move;
  still.advance(move);
  const auto expected = still.search(iterations(1500));

  // The same with the tree moved into a vector, through its growth, and assigned over a
  // searcher with a tree and options of its own.
  std::vector<mcts<c4>> kept;
  kept.reserve(1);
  kept.push_back(searched());
  kept.emplace_back(mcts_options{.seed = 12});  // the vector grows: the first searcher moves
  kept[0].advance(move);
  mcts<c4> target({.solver = false, .seed = 99});
  (void)target.search(c4{}, iterations(50));
  target = std::move(kept[0]);
  const auto r = target.search(iterations(1500));
  CHECK(digest(r) == digest(expected));  // bit for bit: the random state moved too
  CHECK(r.best_move == expected.best_move);
  CHECK(target.options().seed == 11);
  CHECK(target.options().solver);
  std::vector<int> line;
  std::map<std::vector<int>, gametree::mcts_move_info<c4>> tree_still;
  std::map<std::vector<int>, gametree::mcts_move_info<c4>> tree_moved;
  walk(still, line, tree_still);
  walk(target, line, tree_moved);
  REQUIRE(tree_moved.size() == tree_still.size());
  for (const auto& [l, info] : tree_still) {
    const auto& other = tree_moved.at(l);
    CHECK(other.visits == info.visits);
    CHECK(other.mean == info.mean);
    CHECK(other.lower == info.lower);
    CHECK(other.upper == info.upper);
  }
  CHECK(target.root().key() == still.root().key());

  // The moved-from searcher: no root, its options, the random sequence from its seed.
  mcts<c4>& left = kept[0];
  CHECK(!left.has_root());
  CHECK(left.tree_size() == 0);
  CHECK_THROWS_AS(left.search(), std::logic_error);
  CHECK(left.options().seed == 11);
  mcts<c4> fresh(options);
  CHECK(digest(left.search(g, iterations(500))) == digest(fresh.search(g, iterations(500))));

  // Hooks and a pending stop() go along; the moved-from searcher has neither.
  std::uint64_t calls = 0;
  mcts<c4> a;
  a.set_rollout_policy([&calls](const c4&, std::span<const int> moves, gametree::playout_random& random) {
    ++calls;
    return random.below(moves.size());
  });
  a.reset(g);
  a.stop();
  mcts<c4> b(std::move(a));
  CHECK(b.search(iterations(10)).reason == gametree::mcts_stop::stopped);
  const auto hooked = b.search(iterations(10));
  CHECK(hooked.stats.iterations == 10);
  CHECK(calls == hooked.stats.playout_plies);
  CHECK(calls > 0);
  CHECK(a.search(g, iterations(10)).reason == gametree::mcts_stop::iterations);
  CHECK(calls == hooked.stats.playout_plies);

  // A move to itself changes nothing.
  mcts<c4>& self = b;
  b = std::move(self);
  CHECK(b.has_root());
  CHECK(b.search(iterations(10)).stats.iterations == 10);

  // A game whose move throws: the searchers it leaves have no root, and work after reset().
  static_assert(!std::is_nothrow_move_constructible_v<mcts<fragile_ttt>>);
  mcts<fragile_ttt> x;
  (void)x.search(fragile_ttt{}, iterations(50));
  mcts<fragile_ttt> y;
  (void)y.search(fragile_ttt{}, iterations(50));
  fragile_ttt::fail = true;
  CHECK_THROWS_AS(mcts<fragile_ttt>(std::move(x)), std::runtime_error);
  CHECK(!x.has_root());
  (void)x.search(fragile_ttt{}, iterations(50));
  CHECK_THROWS_AS(y = std::move(x), std::runtime_error);
  fragile_ttt::fail = false;
  CHECK(!x.has_root());
  CHECK(!y.has_root());
  CHECK(y.search(fragile_ttt{}, iterations(50)).stats.iterations == 50);
}

TEST_CASE("mcts: at the memory cap the tree stops growing and the iterations go on") {
  const c4 g;
  const std::size_t node_bytes = [] {
    mcts<c4> probe({.max_memory_bytes = 1 << 20});
    return (std::size_t{1} << 20) / probe.max_nodes();
  }();
  mcts<c4> m({.max_memory_bytes = 100 * node_bytes});
  CHECK(m.max_nodes() == 100);
  const auto r = m.search(g, iterations(5000));
  CHECK(r.stats.iterations == 5000);
  CHECK(r.stats.tree_full);
  CHECK(r.stats.tree_nodes <= 100);
  CHECK(r.stats.nodes_allocated <= 100);
  std::uint64_t visits = 0;
  for (const auto& info : r.moves) visits += info.visits;
  CHECK(visits == 5000);  // every iteration counted, through the leaves the tree has
  REQUIRE(r.best_move);

  mcts<c4> tiny({.max_memory_bytes = node_bytes});  // the root alone: no room for its moves
  const auto t = tiny.search(g, iterations(50));
  CHECK(t.stats.tree_full);
  CHECK(t.moves.empty());
  REQUIRE(t.best_move);
  std::vector<int> first;
  g.search_moves(first);
  CHECK(*t.best_move == first.front());  // the first move the tree would have
  CHECK(t.stats.iterations == 50);

  mcts<c4> roomy;
  CHECK_FALSE(roomy.search(g, iterations(5000)).stats.tree_full);
}

TEST_CASE("mcts: final move rules") {
  const c4 g = c4::from_moves("44");
  for (const auto rule : {gametree::mcts_final_move::most_visits, gametree::mcts_final_move::highest_mean}) {
    mcts<c4> m({.final_move = rule, .seed = 4});
    const auto r = m.search(g, iterations(3000));
    REQUIRE(r.best_move);
    const gametree::mcts_move_info<c4>* best = nullptr;
    for (const auto& info : r.moves) {
      const bool better = best == nullptr || (rule == gametree::mcts_final_move::most_visits
                                                  ? info.visits > best->visits
                                                  : info.mean > best->mean);
      if (better) best = &info;
    }
    CHECK(*r.best_move == best->move);
    CHECK(r.visits == best->visits);
  }
}

TEST_CASE("mcts: a solved root plays a move that achieves its value, never a proven loss") {
  // 1 2 3 of Nim with a pile of 1 added: xor 1, a win; every other move loses.
  const nim g({1, 2, 3, 1});
  for (const auto rule : {gametree::mcts_final_move::most_visits, gametree::mcts_final_move::highest_mean}) {
    mcts<nim> m({.final_move = rule});
    const auto r = m.search(g, enough);
    REQUIRE(r.solved);
    CHECK(*r.proven_value == 1);
    nim child = g;
    child.play(*r.best_move);
    const auto& h = child.heaps();
    CHECK((h[0] ^ h[1] ^ h[2] ^ h[3]) == 0);
    CHECK(r.value == 1);
  }
}

TEST_CASE("mcts: plain UCT and PUCT without the solver still play well") {
  const c4 g = c4::from_moves("4455");  // the first player wins by an open three: column 3 or 6
  for (const auto sel : {gametree::mcts_selection::uct, gametree::mcts_selection::puct}) {
    mcts<c4> m({.selection = sel, .solver = false, .seed = 1});
    const auto r = m.search(g, iterations(3000));
    CHECK_FALSE(r.solved);
    REQUIRE(r.best_move);
    CHECK((*r.best_move == 2 || *r.best_move == 5));
  }
}

TEST_CASE("mcts: the hooks") {
  SECTION("a perfect evaluator replaces playouts") {
    mcts<tic_tac_toe> m({.solver = false});
    int calls = 0;
    m.set_evaluator([&calls](const tic_tac_toe& t) {
      ++calls;
      return reward(gametree_test::reference::negamax(t));
    });
    const tic_tac_toe t = tic_tac_toe::from_moves("152");  // O must block at 3
    const auto r = m.search(t, iterations(300));
    CHECK(calls > 0);
    CHECK(r.stats.playout_plies == 0);
    REQUIRE(r.best_move);
    CHECK(*r.best_move == 2);
  }
  SECTION("the rollout policy chooses the playout's moves") {
    mcts<c4> m;
    std::uint64_t calls = 0;
    m.set_rollout_policy([&calls](const c4&, std::span<const int> moves, gametree::playout_random& rng) {
      ++calls;
      return rng.below(moves.size());
    });
    const auto r = m.search(c4{}, iterations(500));
    CHECK(calls == r.stats.playout_plies);
    CHECK(calls > 500);
  }
  SECTION("a game's own playout policy, unless a hook is set") {
    std::uint64_t calls = 0;
    scripted_playouts g;
    g.calls = &calls;
    static_assert(gametree::playout_game<scripted_playouts>);
    mcts<scripted_playouts> m;
    const auto r = m.search(g, iterations(300));
    CHECK(calls == r.stats.playout_plies);
    CHECK(calls > 300);
    const std::uint64_t before = calls;
    m.set_rollout_policy([](const scripted_playouts&, std::span<const int>, gametree::playout_random&) {
      return std::size_t{0};
    });
    (void)m.search(g, iterations(300));
    CHECK(calls == before);  // the hook was asked instead
    m.set_rollout_policy({});
    g.offset = 7;  // never a valid index: at most 7 columns
    CHECK_THROWS_WITH(m.search(g, iterations(300)), Catch::Matchers::Contains("playout_move(): returned index 7"));
  }
  SECTION("PUCT follows the prior") {
    mcts<c4> m({.selection = gametree::mcts_selection::puct, .seed = 1});
    m.set_evaluator([](const c4&) { return 0.0; });  // every move alike but for its prior
    m.set_prior([](const c4&, std::span<const int> moves, std::span<double> priors) {
      for (std::size_t i = 0; i < moves.size(); ++i) priors[i] = moves[i] == 0 ? 0.9 : 0.1 / 6;
    });
    const auto r = m.search(c4{}, iterations(300));
    const auto favourite = std::find_if(r.moves.begin(), r.moves.end(), [](const auto& info) { return info.move == 0; });
    REQUIRE(favourite != r.moves.end());
    CHECK(favourite->prior == 0.9);
    for (const auto& info : r.moves) {
      if (info.move != 0) CHECK(info.visits < favourite->visits);
    }
  }
}

TEST_CASE("mcts: contract errors name the rule, and the searcher stays usable") {
  SECTION("no legal move at a state that is not over") {
    mcts<stuck_game> m;
    CHECK_THROWS_WITH(m.search(stuck_game{}, iterations(10)), Catch::Matchers::Contains("must have a legal move"));
  }
  SECTION("a NaN payoff") {
    mcts<nan_game> m;
    CHECK_THROWS_WITH(m.search(nan_game{}, iterations(10)), Catch::Matchers::Contains("NaN payoff"));
  }
  SECTION("hooks") {
    const c4 g = c4::from_moves("44");
    mcts<c4> m;
    m.set_prior([](const c4&, std::span<const int>, std::span<double> p) { p[0] = -1; });
    CHECK_THROWS_WITH(m.search(g, iterations(10)), Catch::Matchers::Contains("priors must be finite and >= 0"));
    m.set_prior([](const c4&, std::span<const int>, std::span<double> p) { p[1] = std::numeric_limits<double>::infinity(); });
    CHECK_THROWS_WITH(m.search(g, iterations(10)), Catch::Matchers::Contains("priors must be finite and >= 0"));
    m.set_prior({});
    m.set_rollout_policy([](const c4&, std::span<const int> moves, gametree::playout_random&) { return moves.size(); });
    CHECK_THROWS_WITH(m.search(g, iterations(10)), Catch::Matchers::Contains("rollout hook: returned index"));
    m.set_rollout_policy({});
    m.set_evaluator([](const c4&) { return std::nan(""); });
    CHECK_THROWS_WITH(m.search(g, iterations(10)), Catch::Matchers::Contains("evaluator hook"));
    m.set_evaluator({});
    // Usable again, and the root is still the position given.
    const auto r = m.search(iterations(100));
    CHECK(r.stats.iterations == 100);
    CHECK(m.root().key() == g.key());
  }
}

TEST_CASE("mcts: bad options and limits are rejected") {
  CHECK_THROWS_AS(mcts<c4>({.exploration = 0}), std::invalid_argument);
  CHECK_THROWS_AS(mcts<c4>({.exploration = std::nan("")}), std::invalid_argument);
  CHECK_THROWS_AS(mcts<c4>({.exploration = std::numeric_limits<double>::infinity()}), std::invalid_argument);
  CHECK_THROWS_AS(mcts<c4>({.max_memory_bytes = 1}), std::invalid_argument);
  CHECK_THROWS_AS(mcts<c4>({.payoff_scale = -1}), std::invalid_argument);
  mcts<c4> m;
  CHECK_THROWS_AS(m.search(), std::logic_error);
  CHECK_THROWS_AS(m.advance(0), std::logic_error);
  CHECK_THROWS_AS(m.root(), std::logic_error);
  CHECK_THROWS_AS(m.search(c4{}, iterations(0)), std::invalid_argument);
  CHECK_THROWS_AS(m.search(c4{}, {.max_time = std::chrono::nanoseconds(-1)}), std::invalid_argument);
  m.reset(c4{});
  const std::vector<int> line{3};
  CHECK_THROWS_WITH(m.children(line), Catch::Matchers::Contains("not in the tree"));
  // The move is named as the game writes it, at the state it would be played at.
  struct named_c4 : c4 {
    std::string move_text(int column) const { return "column " + std::to_string(column + 1) + " on " + std::to_string(moves()) + " stones"; }
  };
  mcts<named_c4> named;
  named.search(named_c4{}, iterations(50));
  const std::vector<int> deep{named.children().front().move, 9};
  CHECK_THROWS_WITH(named.children(deep), Catch::Matchers::Contains("move 2 of the line (column 10 on 1 stones) is not in the tree"));
}

TEST_CASE("mcts: a terminal root") {
  const tic_tac_toe t = tic_tac_toe::from_moves("14253");  // X has won: O to move, lost
  mcts<tic_tac_toe> m;
  const auto r = m.search(t, iterations(10));
  CHECK(r.solved);
  CHECK(*r.proven_value == -1);
  CHECK(!r.best_move);
  CHECK(r.stats.iterations == 0);
}

TEST_CASE("mcts: games 10^5 plies long and trees thousands deep need no call stack", "[deep]") {
  // Playouts of 10^5 plies.
  mcts<subtraction_game> m;
  const auto r = m.search(subtraction_game(100000, {1, 2}), iterations(20));
  CHECK(r.stats.iterations == 20);
  CHECK(r.stats.playout_plies > 20 * 60000);
  // A chain (one move per state): each iteration adds one node below the last.
  mcts<subtraction_game> chain;
  const auto c = chain.search(subtraction_game(3000, {1}), enough);
  CHECK(c.solved);
  CHECK(*c.proven_value == -1);  // 3000 is even: the player to move loses
  CHECK(c.stats.tree_depth == 3000);
  chain.advance(1);  // frees a chain 3000 deep
  CHECK(chain.tree_size() == 3000);
  chain.reset(subtraction_game(10, {1}));
  CHECK(chain.tree_size() == 1);
}

// ---- Games of chance ----

namespace {

using gametree::games::pig;
using gametree_test::random_chance_game;
using gametree_test::shifted_chance_game;
namespace chance_reference = gametree_test::reference;
using gametree_test::chance_tolerance;
using gametree_test::check_chance_solved;
using gametree_test::check_tree_bounds;
using gametree_test::expectimax_after;

// A biased coin: player 0 tosses it (move 0, the only move at the start), or with `take`
// set, may take that payoff instead (move 1); the coin lands heads (0) with probability
// `heads`: player 0 wins (+1), else tails (1): player 0 loses (-1). tally, if set, counts the
// faces played.
template <bool Bounded>
struct coin_game {
  using move_type = int;
  double heads = 0.1;
  std::optional<double> take{};
  std::uint64_t* tally = nullptr;
  int plies = 0;
  int face = -1;  // -1: not tossed, or taken
  bool took = false;

  void legal_moves(std::vector<int>& out) const {
    if (plies == 0) {
      out.push_back(0);
      if (take) out.push_back(1);
    } else {
      out.push_back(0);
      out.push_back(1);
    }
  }
  [[nodiscard]] bool is_chance() const { return plies == 1 && !took; }
  void chance_outcomes(std::vector<gametree::chance_outcome<int>>& out) const {
    out.push_back({0, heads});
    out.push_back({1, 1 - heads});
  }
  void play(int m) {
    if (plies == 0 && m == 1) {
      took = true;
    } else if (plies == 1) {
      face = m;
      if (tally != nullptr) ++tally[m];
    }
    ++plies;
  }
  [[nodiscard]] std::optional<double> outcome() const {
    if (took) return *take;
    if (face < 0) return std::nullopt;
    return face == 0 ? 1.0 : -1.0;
  }
  [[nodiscard]] int player_to_move() const { return 0; }
  [[nodiscard]] gametree::payoff_bounds payoff_bounds() const
    requires Bounded
  {
    return {-1, 1};
  }
};

// A die whose outcomes, payoffs and bounds a test sets, to break the chance rules: player 0
// rolls (move 0) unless the die starts in the air (chance_root); the face rolled pays `payoff`
// to the player then to move: player 1 once the die is rolled if pass_turn, else player 0.
template <bool Bounded>
struct loaded_die {
  using move_type = int;
  std::vector<gametree::chance_outcome<int>> faces{{1, 0.5}, {2, 0.5}};
  bool chance_root = false;
  bool pass_turn = false;
  double payoff = 0.5;
  gametree::payoff_bounds bounds{-1, 1};
  int plies = 0;

  [[nodiscard]] int chance_ply() const { return chance_root ? 0 : 1; }
  void legal_moves(std::vector<int>& out) const {
    if (plies < chance_ply()) {
      out.push_back(0);
    } else {
      for (const auto& f : faces) out.push_back(f.move);
    }
  }
  [[nodiscard]] bool is_chance() const { return plies == chance_ply(); }
  void chance_outcomes(std::vector<gametree::chance_outcome<int>>& out) const {
    out.insert(out.end(), faces.begin(), faces.end());
  }
  void play(int) { ++plies; }
  [[nodiscard]] std::optional<double> outcome() const {
    if (plies <= chance_ply()) return std::nullopt;
    return payoff;
  }
  [[nodiscard]] int player_to_move() const { return pass_turn && plies > 0 ? 1 : 0; }
  [[nodiscard]] gametree::payoff_bounds payoff_bounds() const
    requires Bounded
  {
    return bounds;
  }
};

// The bytes of one node of mcts<G>: the memory cap that holds n nodes is n times it.
template <class G>
std::size_t node_bytes() {
  const std::size_t budget = std::size_t{1} << 20;
  return budget / mcts<G>({.max_memory_bytes = budget}).max_nodes();  // exact for nodes below 1 KiB
}

}  // namespace

TEST_CASE("mcts: chance states: the solver proves expectimax's values on random trees of chance", "[chance]") {
  for (std::uint64_t seed = 1; seed <= 1000; ++seed) {
    check_chance_solved<random_chance_game<true>>(seed, {.seed = seed});
    check_chance_solved<random_chance_game<false>>(seed, {.seed = seed});
    check_chance_solved<shifted_chance_game>(seed, {.seed = seed});
  }
  // The other ways to the same proofs: PUCT, copy-make, scaled payoffs.
  for (std::uint64_t seed = 1001; seed <= 1200; ++seed) {
    check_chance_solved<random_chance_game<true>>(seed, {.selection = gametree::mcts_selection::puct, .seed = seed});
    check_chance_solved<random_chance_game<false>>(seed, {.seed = seed, .use_undo = false});
    check_chance_solved<random_chance_game<true>>(seed, {.seed = seed, .payoff_scale = 4});
    check_chance_solved<random_chance_game<false>>(seed, {.seed = seed, .payoff_scale = 0.5});
  }
}

TEST_CASE("mcts: chance states: outcomes are drawn by their probabilities, in the tree and in playouts", "[chance]") {
  // The coin lands heads with probability 0.1. Each count below is binomial: 5 standard
  // deviations (sqrt(n p (1 - p))) leave a correct draw a chance below 1e-6 of failing; a
  // uniform draw (half heads) or one with the probabilities swapped is hundreds of deviations off.
  const auto check_heads = [](std::uint64_t heads, std::uint64_t n) {
    const double expected = 0.1 * static_cast<double>(n);
    const double deviation = std::sqrt(static_cast<double>(n) * 0.1 * 0.9);
    INFO(heads << " heads in " << n << " tosses");
    CHECK(std::abs(static_cast<double>(heads) - expected) <= 5 * deviation);
  };
  SECTION("in the tree: the outcomes' visits") {
    mcts<coin_game<false>> m({.solver = false, .seed = 5});  // the solver would end the search at once
    const auto r = m.search(coin_game<false>{}, iterations(20000));
    const std::vector<int> toss{0};
    const auto faces = m.children(toss);
    REQUIRE(faces.size() == 2);
    CHECK(faces[0].prior == 0.1);
    CHECK(faces[1].prior == 0.9);
    check_heads(faces[0].visits, faces[0].visits + faces[1].visits);
    CHECK(faces[0].visits + faces[1].visits == r.stats.iterations - 1);  // all but the first, a playout
    CHECK(r.stats.playout_plies == 1);
  }
  SECTION("in playouts: the tree holds the root and the toss, never the coin's outcomes") {
    std::uint64_t tally[2] = {0, 0};
    coin_game<false> g;
    g.tally = tally;
    mcts<coin_game<false>> m({.seed = 6, .max_memory_bytes = 2 * node_bytes<coin_game<false>>()});
    REQUIRE(m.max_nodes() == 2);
    const auto r = m.search(g, iterations(20000));
    CHECK(r.stats.tree_full);
    CHECK(r.stats.playout_plies == 20000);
    CHECK(tally[0] + tally[1] == 20000);
    check_heads(tally[0], 20000);
    // Rewards +1 and -1: the mean estimates 0.1 - 0.9 with a standard deviation of 0.6 / sqrt(n).
    CHECK(std::abs(r.value - (0.1 - 0.9)) <= 5 * 0.6 / std::sqrt(20000.0));
  }
}

TEST_CASE("mcts: chance states: the same seed gives the same search bit for bit", "[chance]") {
  using game = random_chance_game<true>;
  const game g({.seed = 8, .max_ply = 16, .width = 40});  // a chance root; Pig's below is a decision
  mcts<game> a({.seed = 11});
  const auto first = a.search(g, iterations(4000));
  REQUIRE_FALSE(first.solved);
  const auto again = a.search(g, iterations(4000));
  mcts<game> copy_make({.seed = 11, .use_undo = false});
  const auto other_engine = copy_make.search(g, iterations(4000));
  mcts<game> c({.seed = 12});
  const auto other_seed = c.search(g, iterations(4000));
  CHECK(digest(first) == digest(again));
  CHECK(digest(first) == digest(other_engine));
  CHECK(digest(first) != digest(other_seed));
  mcts<pig> p({.seed = 2});
  const auto rp = p.search(pig::at(20, 3, 5, 4), iterations(5000));
  mcts<pig> q({.seed = 2});
  CHECK(digest(rp) == digest(q.search(pig::at(20, 3, 5, 4), iterations(5000))));
  // Pinned, recorded from the first g++ Release build: every build must reproduce them.
  CHECK(digest(first) == 0xb4a26ea8f8f0f61eu);
  CHECK(digest(rp) == 0x90c82482f80d73bau);
}

TEST_CASE("mcts: chance states: a game that breaks the chance rules is named at fault", "[chance]") {
  using gametree_test::ContainsSubstring;
  for (const bool chance_root : {true, false}) {  // read by the tree's expansion / by a playout
    INFO((chance_root ? "a chance root" : "a chance state in a playout"));
    mcts<loaded_die<false>> m;
    loaded_die<false> d;
    d.chance_root = chance_root;
    d.faces = {{1, 0.5}, {2, 0.6}};
    CHECK_THROWS_WITH(m.search(d, iterations(10)),
                      ContainsSubstring("probabilities must sum to 1 (within 1e-9), but they sum to 1.1"));
    d.faces = {{1, 1.0}, {2, 0.0}};
    CHECK_THROWS_WITH(m.search(d, iterations(10)),
                      ContainsSubstring("a chance outcome's probability must be in (0, 1], but outcome 2 has 0"));
    d.faces = {};
    CHECK_THROWS_WITH(m.search(d, iterations(10)), ContainsSubstring("a chance state must have an outcome"));
    d.faces = {{1, 0.5}, {2, 0.5}};
    d.payoff = std::numeric_limits<double>::infinity();
    CHECK_THROWS_WITH(m.search(d, iterations(10)), ContainsSubstring("a chance game's payoffs must be finite"));
    d.payoff = 0.5;
    const auto r = m.search(d, enough);  // usable again
    REQUIRE(r.solved);
    CHECK(*r.proven_value == 0.5);

    mcts<loaded_die<true>> b;
    loaded_die<true> bounded;
    bounded.chance_root = chance_root;
    bounded.bounds = {1, -1};
    CHECK_THROWS_WITH(b.search(bounded, iterations(10)),
                      ContainsSubstring("payoff_bounds() must give finite bounds with lower < upper"));
    CHECK_FALSE(b.has_root());  // refused before the searcher took the root
    bounded.bounds = {-1, 1};
    bounded.payoff = 1.5;
    CHECK_THROWS_WITH(b.search(bounded, iterations(10)),
                      ContainsSubstring("outcome() returned the payoff 1.500000, outside payoff_bounds() [-1.000000, 1.000000]"));
  }
}

TEST_CASE("mcts: chance states: a chance root, tree reuse through outcomes, and the hooks", "[chance]") {
  SECTION("a chance root reports its value and its most probable outcome") {
    coin_game<false> tossed;
    tossed.play(0);
    REQUIRE(tossed.is_chance());
    mcts<coin_game<false>> m;
    const auto r = m.search(tossed, enough);
    REQUIRE(r.solved);
    CHECK(std::abs(*r.proven_value - (0.1 * 1 + 0.9 * -1)) <= 1e-15);
    CHECK(*r.best_move == 1);  // tails, the more probable
    CHECK(r.value == *r.proven_value);
    REQUIRE(r.moves.size() == 2);
    CHECK(r.visits == r.moves[0].visits + r.moves[1].visits);
    // Without the solver: the value is the mean of the iterations.
    mcts<coin_game<false>> plain({.solver = false});
    const auto p = plain.search(tossed, iterations(20000));
    CHECK(*p.best_move == 1);
    CHECK(std::abs(p.value - (0.1 - 0.9)) <= 5 * 0.6 / std::sqrt(20000.0));
    CHECK(p.visits == 20000);
  }
  SECTION("advance through a move and an outcome keeps the values right") {
    using game = random_chance_game<false>;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
      const game g({.seed = seed, .max_ply = 5, .width = 12});
      mcts<game> m({.seed = seed});
      (void)m.search(g, enough);
      game at = g;
      for (int step = 0; step < 2 && !at.outcome(); ++step) {  // a move or an outcome, twice
        const auto moves = m.children();
        REQUIRE(!moves.empty());
        const int move = moves.back().move;
        m.advance(move);
        at.play(move);
        if (at.outcome()) break;
        const auto r = m.search(enough);
        INFO("seed " << seed << ", step " << step);
        REQUIRE(r.solved);
        CHECK(std::abs(*r.proven_value - chance_reference::expectimax(at)) <= chance_tolerance);
      }
    }
  }
  SECTION("payoff bounds prove a move that reaches the greatest payoff at once") {
    // Take +1 (the bound) against a toss: bounded, nothing beats the take, and two iterations
    // prove the root; without bounds the toss's outcomes must be proven too.
    coin_game<true> bounded;
    bounded.take = 1.0;
    mcts<coin_game<true>> b({.payoff_scale = 2});
    const auto rb = b.search(bounded, enough);
    REQUIRE(rb.solved);
    CHECK(*rb.proven_value == 0.5);
    CHECK(rb.stats.iterations == 2);
    CHECK(rb.moves[0].lower == -0.5);  // the toss: the payoff bounds, scaled
    CHECK(rb.moves[0].upper == 0.5);
    coin_game<false> unbounded;
    unbounded.take = 1.0;
    mcts<coin_game<false>> u;
    const auto ru = u.search(unbounded, enough);
    REQUIRE(ru.solved);
    CHECK(*ru.proven_value == 1);
    CHECK(ru.stats.iterations > 2);
  }
  SECTION("payoff bounds that are not symmetric bound a value for either player") {
    // Payoffs in [0, 1] for the player to move at the end are in [-1, 0] for the other: a
    // state's value, whoever it is for, is only known to lie in [-1, 1].
    for (const bool pass_turn : {false, true}) {
      loaded_die<true> d;
      d.bounds = {0, 1};
      d.pass_turn = pass_turn;
      mcts<loaded_die<true>> m;
      const auto first = m.search(d, iterations(1));
      REQUIRE(first.moves.size() == 1);
      CHECK(first.moves[0].lower == -1);
      CHECK(first.moves[0].upper == 1);
      const auto r = m.search(d, enough);
      REQUIRE(r.solved);
      CHECK(*r.proven_value == (pass_turn ? -0.5 : 0.5));
    }
  }
  SECTION("the rollout and prior hooks see decision states only") {
    mcts<pig> m({.selection = gametree::mcts_selection::puct, .seed = 3});
    std::uint64_t rollouts = 0;
    std::uint64_t chance_seen = 0;
    m.set_rollout_policy([&](const pig& g, std::span<const pig::move_type> moves, gametree::playout_random& rng) {
      ++rollouts;
      if (g.is_chance()) ++chance_seen;
      return rng.below(moves.size());
    });
    m.set_prior([&](const pig& g, std::span<const pig::move_type>, std::span<double>) {
      if (g.is_chance()) ++chance_seen;
    });
    const auto r = m.search(pig(10), iterations(3000));
    CHECK(chance_seen == 0);
    CHECK(rollouts > 0);
    CHECK(rollouts < r.stats.playout_plies);  // the rest are the die's rolls
  }
}

TEST_CASE("mcts: chance states: Pig, against value iteration", "[chance]") {
  const int goal = 10;
  const auto exact = gametree::solve_by_value_iteration(pig(goal));
  const auto value = [&exact](const pig& g) { return exact.value(g); };
  SECTION("the best move where it is clear, and a value near the exact one") {
    // To 10 the better move is always to roll (holding is best only from goal 40 up), with a
    // margin of up to 1.4; the positions below differ by at least 0.2. MCTS's value is biased
    // by its random playouts, not only noisy: the bounds are the worst errors seen over five
    // sets of seeds, with room.
    int positions = 0;
    for (int mine = 0; mine < goal; ++mine) {
      for (int theirs = 0; theirs < goal; theirs += 2) {
        for (int turn = 1; mine + turn < goal; turn += 2) {
          const pig g = pig::at(goal, mine, theirs, turn);
          const double roll = [&] { pig c = g; c.play(pig::roll); return exact.value(c); }();
          const double hold = [&] { pig c = g; c.play(pig::hold); return -exact.value(c); }();
          if (std::abs(roll - hold) < 0.2) continue;
          ++positions;
          mcts<pig> m({.seed = static_cast<std::uint64_t>(positions)});
          const auto r = m.search(g, iterations(10000));
          INFO("scores " << mine << " and " << theirs << ", turn total " << turn);
          REQUIRE(r.best_move);
          CHECK(*r.best_move == *exact.best_move(g));
          CHECK(std::abs(r.value - exact.value(g)) <= 0.1);  // 0.06 at worst over five seed sets
          for (const auto& info : r.moves) {
            if (info.proven) CHECK(std::abs(*info.proven - (info.move == pig::roll ? roll : hold)) <= chance_tolerance);
          }
          if (positions % 16 == 1) check_tree_bounds(m, value);
        }
      }
    }
    CHECK(positions > 100);
  }
  SECTION("where holding is best (goal 50), MCTS holds") {
    const int far = 50;
    const auto exact50 = gametree::solve_by_value_iteration(pig(far));
    int positions = 0;
    for (int mine = 0; mine < far; mine += 2) {
      for (int theirs = 0; theirs < far; theirs += 2) {
        for (int turn = 1; mine + turn < far; ++turn) {
          const pig g = pig::at(far, mine, theirs, turn);
          pig rolled = g;
          rolled.play(pig::roll);
          pig held = g;
          held.play(pig::hold);
          if (-exact50.value(held) - exact50.value(rolled) < 0.08) continue;
          ++positions;
          mcts<pig> m({.seed = static_cast<std::uint64_t>(positions)});
          const auto r = m.search(g, iterations(20000));
          INFO("scores " << mine << " and " << theirs << ", turn total " << turn);
          CHECK(*r.best_move == pig::hold);
        }
      }
    }
    CHECK(positions >= 10);
  }
  SECTION("the root's value approaches the exact value") {
    double error_small = 0;
    double error_large = 0;
    int positions = 0;
    for (int mine = 0; mine < goal; mine += 3) {
      for (int theirs = 0; theirs < goal; theirs += 3) {
        const pig g = pig::at(goal, mine, theirs, 0);
        ++positions;
        mcts<pig> small({.seed = 1});
        mcts<pig> large({.seed = 1});
        error_small += std::abs(small.search(g, iterations(1000)).value - exact.value(g));
        const double e = std::abs(large.search(g, iterations(100000)).value - exact.value(g));
        INFO("scores " << mine << " and " << theirs);
        CHECK(e <= 0.05);  // 0.032 at worst over five seed sets
        error_large += e;
      }
    }
    INFO("mean errors " << error_small / positions << " at 1,000 iterations, " << error_large / positions << " at 100,000");
    CHECK(error_large < error_small / 3);
  }
}

