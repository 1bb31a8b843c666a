#pragma once
// The engine's differential tests, shared by tests/search_test.cpp (one thread) and
// tests/parallel_test.cpp (several): every option set solves random positions of the shipped
// games and of random game trees, each result checked against plain negamax
// (reference/negamax_reference.hpp): the value, the bound, the best move's value and the line
// of best play move by move.

#include <gametree/games/connect_four.hpp>
#include <gametree/games/nim.hpp>
#include <gametree/games/tic_tac_toe.hpp>
#include <gametree/search.hpp>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "reference/negamax_reference.hpp"
#include "reference/random_game.hpp"
#include "support/catch.hpp"

namespace gametree_test {

// The names the engine's test files use; `using namespace gametree_test;` brings them in.
using gametree::engine;
using gametree::engine_options;
using gametree::score;
using gametree::score_bound;
using gametree::search_limits;
using gametree::stop_reason;
namespace games = gametree::games;

struct option_set {
  std::string name;
  engine_options options;
};

// Every combination the engine offers: table off / one entry / 4096 entries, ordering on/off,
// make/unmake vs copy-make, exact keys vs the hash alone; every set searches with threads
// threads, the helpers joining after helpers_after (0: from the start, however short the
// search).
inline std::vector<option_set> every_option_set(std::size_t threads = 1,
                                                std::chrono::nanoseconds helpers_after = {}) {
  std::vector<option_set> sets;
  for (int table = 0; table < 3; ++table) {
    for (const bool ordering : {true, false}) {
      for (const bool undo : {true, false}) {
        for (const bool exact : {true, false}) {
          engine_options o;
          o.table_mib = table == 0 ? 0 : 1;
          if (table == 1) o.table_entries = 1;
          if (table == 2) o.table_entries = 4096;
          o.move_ordering = ordering;
          o.use_undo = undo;
          o.exact_keys = exact;
          const std::string name = std::string(table == 0 ? "no table" : table == 1 ? "1-entry table" : "table") +
                                   (ordering ? ", ordered" : ", unordered") + (undo ? ", undo" : ", copy") +
                                   (exact ? ", exact keys" : ", hash only");
          sets.push_back({name, o});
        }
      }
    }
  }
  // The search policies, each with and without a table: one full-window solve instead of
  // narrowing, principal variation search with either.
  for (const bool table : {true, false}) {
    for (int policy = 0; policy < 3; ++policy) {
      engine_options o;
      o.table_mib = table ? 1 : 0;
      o.narrowing = policy != 0;
      o.pvs = policy != 1;
      const std::string name = std::string(table ? "table" : "no table") +
                               (o.narrowing ? ", narrowing" : ", one full window") + (o.pvs ? ", PVS" : "");
      sets.push_back({name, o});
    }
  }
  // What the Connect 4 program runs: narrowing, the game's hints alone, no line.
  engine_options hints_only;
  hints_only.table_mib = 1;
  hints_only.narrowing = true;
  hints_only.killer_moves = false;
  hints_only.history = false;
  hints_only.max_pv_length = 0;
  sets.push_back({"table, narrowing, hints only, no line", hints_only});
  for (option_set& s : sets) {
    s.options.threads = threads;
    s.options.oversubscribe = true;  // every thread runs, whatever the CPUs,
    s.options.helpers_after = helpers_after;
  }
  return sets;
}

template <class G>
G random_position(G g, std::mt19937_64& rng, int min_plies, int max_plies) {
  const int plies = std::uniform_int_distribution<int>(min_plies, max_plies)(rng);
  std::vector<typename G::move_type> moves;
  for (int i = 0; i < plies && !g.outcome(); ++i) {
    moves.clear();
    g.legal_moves(moves);
    g.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
  }
  return g;
}

template <class G>
using score_of_game = gametree::score<gametree::game_value_t<G>>;

template <class G>
std::string describe(const G&, const gametree::engine_result<G>& r) {
  std::ostringstream out;
  out << r.value << " (depth " << r.depth << ", " << r.stats.nodes << " nodes)";
  return out.str();
}

// Replays the principal variation with play_checked: every move must be legal in turn.
template <class G>
bool pv_replays(G g, const gametree::engine_result<G>& r) {
  try {
    for (const auto& m : r.pv) gametree::play_checked(g, m);
  } catch (const gametree::illegal_move_error&) {
    return false;
  }
  return r.pv.empty() || r.pv.front() == *r.best_move;
}

// What is wrong with the line pv from g, checked against plain negamax: every move must keep
// the value of the position it is played at (the move's value equals the position's,
// distances included), searched depth plies deep less the moves before it (depth < 0: to the
// end); a line shorter than max_pv_length must reach the end of the game, or the depth.
// Empty when nothing is wrong.
template <class G>
std::string line_defect(const G& g, const std::vector<typename G::move_type>& pv, int depth,
                        std::size_t max_pv_length) {
  using key_type = std::remove_cvref_t<decltype(g.key())>;
  std::map<std::pair<key_type, int>, reference::score_of<G>> memo;  // the states of g's tree
  auto value = [&](const G& s, int d) {
    const auto k = std::make_pair(key_type(s.key()), d);
    const auto it = memo.find(k);
    return it != memo.end() ? it->second : (memo[k] = reference::negamax(s, d));
  };
  G at = g;
  for (std::size_t k = 0; k < pv.size(); ++k) {
    const int d = depth < 0 ? -1 : depth - static_cast<int>(k);
    if (at.outcome() || d == 0) return "move " + std::to_string(k + 1) + " of the line is past its end";
    G child = at;
    child.play(pv[k]);
    const auto kept = reference::to_parent(value(child, d < 0 ? -1 : d - 1), reference::same_player(at, child));
    if (kept != value(at, d)) {
      return "move " + std::to_string(k + 1) + " of the line scores " + gametree::to_string(kept) + " where " +
             gametree::to_string(value(at, d)) + " is the value";
    }
    at = child;
  }
  const bool at_end = at.outcome() || (depth >= 0 && pv.size() == static_cast<std::size_t>(depth));
  if (pv.size() < max_pv_length && !at_end) {
    return "the line stops after " + std::to_string(pv.size()) + " moves, before the game ends";
  }
  return {};
}

// Solves every position with every option set and compares with plain negamax: the value, the
// value of the returned move, the bound and the line of best play (line_defect). One engine
// per option set solves every position, so what one search leaves in the table meets the next.
// threads and helpers_after: the engines' (every_option_set); joined, if given, counts the
// solves more than one thread searched. Returns the failures.
template <class G, class Reference>
std::vector<std::string> differential_solve(const std::vector<G>& positions, Reference&& value_of,
                                            std::size_t threads = 1, std::chrono::nanoseconds helpers_after = {},
                                            std::size_t* joined = nullptr) {
  const auto sets = every_option_set(threads, helpers_after);
  std::vector<std::unique_ptr<engine<G>>> engines;
  for (const auto& s : sets) engines.push_back(std::make_unique<engine<G>>(s.options));
  std::vector<std::string> failures;
  std::vector<typename G::move_type> moves;
  std::vector<reference::score_of<G>> move_values;
  for (std::size_t p = 0; p < positions.size(); ++p) {
    const G& g = positions[p];
    const auto expected = value_of(g);
    moves.clear();
    move_values.clear();
    if (!g.outcome()) g.legal_moves(moves);
    for (const auto& m : moves) move_values.push_back(value_of(g, m));
    // The lines met at g, each checked once (moves need only ==, so a list).
    std::vector<std::pair<std::vector<typename G::move_type>, std::string>> line_defects;
    auto defect_of = [&](const std::vector<typename G::move_type>& pv, std::size_t max_pv_length) {
      for (const auto& [line, defect] : line_defects) {
        if (line == pv) return defect;
      }
      line_defects.emplace_back(pv, line_defect(g, pv, -1, max_pv_length));
      return line_defects.back().second;
    };
    for (std::size_t k = 0; k < sets.size(); ++k) {
      const auto r = engines[k]->solve(g);
      if (joined != nullptr && r.stats.threads > 1) ++*joined;
      bool ok = r.value == expected && r.solved && r.bound == score_bound::exact &&
                r.reason == stop_reason::completed && (sets[k].options.max_pv_length > 0 || r.pv.empty());
      std::string line;
      if (ok && !moves.empty()) {
        const auto it = r.best_move ? std::find(moves.begin(), moves.end(), *r.best_move) : moves.end();
        ok = it != moves.end() && move_values[static_cast<std::size_t>(it - moves.begin())] == expected &&
             pv_replays(g, r);
        if (ok && sets[k].options.max_pv_length > 0) {
          line = defect_of(r.pv, sets[k].options.max_pv_length);
          ok = line.empty();
        }
      }
      if (!ok && failures.size() < 10) {
        std::ostringstream out;
        out << "position " << p << ", " << sets[k].name << ": engine " << describe(g, r)
            << ", negamax " << expected << (line.empty() ? "" : ": ") << line;
        failures.push_back(out.str());
      }
    }
    // Weak solving (the first and the last option set): the sign, a bound of that sign, and
    // a move that keeps it.
    for (const std::size_t k : {std::size_t{0}, sets.size() - 1}) {
      const auto w = engines[k]->solve(g, {}, gametree::solve_mode::weak);
      const score_of_game<G> zero{};
      auto sign = [&](const auto& v) { return zero < v ? 1 : v < zero ? -1 : 0; };
      bool ok = sign(w.value) == sign(expected) &&
                (sign(expected) == 0 ? w.bound == score_bound::exact
                 : sign(expected) > 0 ? w.bound != score_bound::upper && !(expected < w.value)
                                      : w.bound != score_bound::lower && !(w.value < expected));
      if (ok && !moves.empty()) {
        const auto it = w.best_move ? std::find(moves.begin(), moves.end(), *w.best_move) : moves.end();
        ok = it != moves.end() && sign(move_values[static_cast<std::size_t>(it - moves.begin())]) == sign(expected);
        // A bound has no line that keeps it: the best move alone. A draw is exact: the line.
        const std::size_t max_pv = sets[k].options.max_pv_length;
        if (ok && max_pv > 0) {
          ok = w.bound == score_bound::exact ? defect_of(w.pv, max_pv).empty()
                                             : w.pv == std::vector<typename G::move_type>{*w.best_move};
        }
      }
      if (!ok && failures.size() < 10) {
        std::ostringstream out;
        out << "position " << p << ", weak, " << sets[k].name << ": engine " << describe(g, w)
            << ", negamax " << expected;
        failures.push_back(out.str());
      }
    }
  }
  return failures;
}

// The reference with memory: tic-tac-toe positions repeat among random samples.
template <class G>
struct memo_reference {
  std::map<std::uint64_t, reference::score_of<G>> memo;
  reference::score_of<G> operator()(const G& g) {
    const std::uint64_t k = static_cast<std::uint64_t>(g.key());
    const auto it = memo.find(k);
    if (it != memo.end()) return it->second;
    return memo[k] = reference::negamax(g);
  }
  reference::score_of<G> operator()(const G& g, const typename G::move_type& m) {
    G child = g;
    child.play(m);
    return reference::to_parent((*this)(child), false);
  }
};

struct plain_reference {
  template <class G>
  auto operator()(const G& g) const {
    return reference::negamax(g);
  }
  template <class G>
  auto operator()(const G& g, const typename G::move_type& m) const {
    return reference::move_value(g, m);
  }
};

template <class G>
void report(const std::vector<std::string>& failures) {
  for (const auto& f : failures) UNSCOPED_INFO(f);
  CHECK(failures.empty());
}

using payoff_game = gametree_test::random_game<int, true>;
using decisive_game = gametree_test::random_game<int, false>;

// The random positions the differential tests solve, n of each kind: tic-tac-toe after 2 to 8
// moves, Nim of 1 to 4 heaps and at most 6 objects, 5x4 Connect 4 after 12 to 19 stones (not
// over), and random game trees by seed (payoffs or wins and losses, with or without extra
// turns).
inline std::vector<gametree::games::tic_tac_toe> tic_tac_toe_positions(int n) {
  std::mt19937_64 rng(2024);
  std::vector<gametree::games::tic_tac_toe> positions;
  for (int i = 0; i < n; ++i) positions.push_back(random_position(gametree::games::tic_tac_toe{}, rng, 2, 8));
  return positions;
}

inline std::vector<gametree::games::nim> nim_positions(int n) {
  std::mt19937_64 rng(1901);
  std::vector<gametree::games::nim> positions;
  for (int i = 0; i < n; ++i) {
    const std::size_t heaps = std::uniform_int_distribution<std::size_t>(1, 4)(rng);
    std::vector<unsigned> sizes(heaps);
    unsigned total = 0;
    for (auto& h : sizes) {
      h = std::uniform_int_distribution<unsigned>(0, 6 - std::min(total, 6U))(rng);
      total += h;
    }
    positions.emplace_back(sizes);
  }
  return positions;
}

using small_connect_four = gametree::games::connect_four<5, 4>;
inline std::vector<small_connect_four> small_connect_four_positions(std::size_t n) {
  std::mt19937_64 rng(4444);
  std::vector<small_connect_four> positions;
  while (positions.size() < n) {
    const small_connect_four g = random_position(small_connect_four{}, rng, 12, 19);
    if (!g.outcome()) positions.push_back(g);
  }
  return positions;
}

template <class G>
std::vector<G> tree_positions(int n, int width, bool extra_turns) {
  std::vector<G> positions;
  for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(n); ++seed) {
    positions.emplace_back(typename G::params{seed, 5, static_cast<std::uint64_t>(width), extra_turns, false, 2});
  }
  return positions;
}

}  // namespace gametree_test
