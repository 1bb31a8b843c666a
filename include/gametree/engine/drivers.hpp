#pragma once
// detail::root_driver: what makes iterations of a search_worker into a search. Iterative
// deepening takes one iteration per depth, by one of three policies: the full window, an
// aspiration window around the previous score, or MTD(f)'s null-window tests converging on
// it. A solve narrows the value by null-window tests (as Pons' Connect 4 solver does) or
// searches once with the full window. After each, the line of best play is collected and
// checked move by move. One driver per search thread, over that thread's worker.
//
// MTD(f): Plaat, Schaeffer, Pijls & de Bruin, "Best-first fixed-depth minimax algorithms",
// Artificial Intelligence 87 (1996).

#include <gametree/engine/options.hpp>
#include <gametree/engine/trace.hpp>
#include <gametree/engine/worker.hpp>
#include <gametree/game.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <type_traits>

namespace gametree::detail {

template <game Game>
class root_driver {
 public:
  using worker_type = search_worker<Game>;
  using move_type = typename Game::move_type;
  using value_type = game_value_t<Game>;
  using score_type = score<value_type>;
  using result_type = engine_result<Game>;
  using trace_type = engine_trace<Game>;
  using test_callback = std::function<void(const narrowing_info<Game>&)>;

  // trace: where the searches' trees go (or nullptr); on_test: called after every
  // null-window test (may be empty); start: when the search began, for the tests' elapsed.
  root_driver(worker_type& w, const engine_options& options, trace_type* trace,
              const test_callback& on_test, std::chrono::steady_clock::time_point start)
      : w_(w), options_(options), trace_(trace), on_test_(on_test), start_(start) {}

  // One step of a search from the worker's root state: the iteration of the given depth by
  // the options' policy (deepening; previous: the last iteration's score), else a solve
  // (narrowed: by null-window tests). Returns false if a budget ended it.
  bool step(std::int64_t depth, const std::optional<score_type>& previous, bool deepening, bool narrowed,
            solve_mode mode) {
    if (deepening) return deepen(depth, previous);
    if (narrowed) return narrow(mode);
    return w_.iterate(unlimited, access::neg_inf(), access::pos_inf(), trace_);
  }

  // The principal variation of the iteration just completed, at most max_pv_length moves.
  // The iteration collects the first moves of it (up to the worker's line capacity); the
  // line goes on from the table's exact entries, and where there is none by a search from the
  // end of the line with the window just around the value it must have there. Every move is checked: an entry's value and a
  // search's value must be the one the line promises (distances included), else the line ends
  // where it is, so each move of the line keeps the root's value. An unlimited (solving)
  // iteration's line then runs to the game's end; a depth-limited one's to the depth limit,
  // following only entries of the same remaining depth, or no limit at all. A root value that
  // is only a bound (a weak solve's win or loss) gets its best move alone: no line keeps a
  // bound.
  void collect_pv(const Game& root, result_type& r, std::int64_t depth) {
    r.pv.clear();
    if (w_.line_capacity() == 0) return;
    if (r.bound != score_bound::exact) {
      r.pv.push_back(*r.best_move);
      return;
    }
    const std::span<const move_type> collected = w_.line();
    r.pv.assign(collected.begin(), collected.end());
    // A line through a chance state follows the outcome it assumed, whose value is not the
    // chance state's: the checks below, each move keeping the root's value, do not hold there.
    if constexpr (chance_game<Game>) return;
    const std::size_t limit = options_.max_pv_length;
    if (r.pv.size() >= limit) return;
    const bool solving = r.solved;  // no depth limit touched the value: the line may run to the end
    // What the searches below overwrite and the caller still reads.
    const root_result found_root = w_.root();
    const stop_reason reason = w_.reason();
    const std::uint64_t nodes_before = w_.stats().nodes;
    const std::int64_t max_ply = w_.stats().max_ply;

    Game g = root;
    score_type v = r.value;  // the line's value at g, for its player to move, counted from the root
    std::size_t played = 0;  // moves of r.pv played on g
    auto advance = [&] {
      [[maybe_unused]] const player_type player = player_at(g);
      g.play(r.pv[played++]);
      bool same = false;
      if constexpr (turn_reporting_game<Game>) same = g.player_to_move() == player;
      if (!same) v = access::negate(v);
    };
    while (true) {
      while (played < r.pv.size()) advance();
      const auto ply = static_cast<std::int64_t>(played);
      if (r.pv.size() >= limit || g.outcome() || (!solving && ply >= depth)) break;
      if constexpr (hashed_game<Game>) {
        if (const auto m = w_.exact_table_move(g, v, ply, solving ? unlimited_depth : depth - ply)) {
          r.pv.push_back(*m);
          continue;
        }
      }
      // A search from g as its root: its scores count from g.
      w_.root_state() = g;
      const score_type at_g = access::to_node(v, ply);
      if (!w_.iterate(solving ? unlimited : depth - ply, access::predecessor(at_g), access::successor(at_g), nullptr) ||
          w_.root().value != at_g || (solving && !w_.root().exact)) {
        break;
      }
      const std::span<const move_type> found = w_.line();
      const std::size_t take = std::min(found.size(), limit - r.pv.size());
      r.pv.insert(r.pv.end(), found.begin(), found.begin() + static_cast<std::ptrdiff_t>(take));
    }
    if (nodes_before != w_.stats().nodes) {
      w_.root_state() = root;
      w_.stats().pv_nodes += w_.stats().nodes - nodes_before;
      w_.stats().max_ply = max_ply;
    }
    w_.root() = found_root;
    w_.reason() = reason;
  }


 private:
  // Where a series of null-window searches has got to: the value lies in [lo, hi]; move
  // achieves at least lo (it came with the test that raised lo).
  struct narrowing {
    score_type lo = access::neg_inf();
    score_type hi = access::pos_inf();
    std::optional<move_type> move;
    bool exact = true;  // no test touched the depth limit
    bool tested = false;
    // A test above 0 has failed: the win, if there is one, is slow (weak solves: see narrow()).
    bool failed_above_zero = false;
    // [lo, hi] as the tests alone have narrowed it (lo and hi start at the game's bounds):
    // where the next test goes (test_point).
    score_type tested_lo = access::neg_inf();
    score_type tested_hi = access::pos_inf();
  };

  // A null-window search at s: is the value above s? Narrows n.
  bool test(std::int64_t depth, const score_type& s, narrowing& n) {
    if (!w_.iterate(depth, s, access::successor(s), trace_)) return false;
    n.exact = n.exact && w_.root().exact;
    n.tested = true;
    if (access::greater(w_.root().value, s)) {
      if (access::greater(w_.root().value, n.lo)) {
        n.lo = w_.root().value;
        n.move = w_.root().move;
      }
      if (access::greater(w_.root().value, n.tested_lo)) n.tested_lo = w_.root().value;
    } else {
      if (access::greater(n.hi, w_.root().value)) n.hi = w_.root().value;
      if (access::greater(n.tested_hi, w_.root().value)) n.tested_hi = w_.root().value;
      if (access::greater(s, score_type{})) n.failed_above_zero = true;
    }
    if (on_test_) {
      on_test_({s, w_.root().value, access::greater(w_.root().value, s), n.lo, n.hi, w_.stats().nodes,
                      std::chrono::steady_clock::now() - start_});
    }
    return true;
  }

  // The result of a narrowing: value v. An exact v is searched once more with the window just
  // around it, (predecessor(v), successor(v)): every node on the line of best play then
  // scores inside its window, which collects the line and a move that achieves v. Without a
  // line to collect, the move of the test that raised lo to v does (it scores at least v).
  // A weak result keeps the move of the test that proved its sign (any move, for a loss).
  bool conclude(std::int64_t depth, narrowing& n, const score_type& v, score_bound bound) {
    if (bound == score_bound::exact && w_.line_capacity() == 0 && n.move && v == n.lo) bound = score_bound::lower;
    if (bound == score_bound::exact) {
      if (!w_.iterate(depth, access::predecessor(v), access::successor(v), trace_)) return false;
      w_.root().exact = w_.root().exact && n.exact;
      return true;
    }
    if (bound == score_bound::lower) w_.root().move = *n.move;
    w_.root().value = v;
    w_.root().bound = n.lo == n.hi ? score_bound::exact : bound;
    w_.root().exact = n.exact;
    return true;
  }

  // Where a strong narrowing of a game with a horizon tests next: a score s with lo <= s < hi.
  // The game lasts at most h more plies, so the decisive scores
  // lie on a line: a loss in p plies at p - h - 1, a win in p at h + 1 - p, every other score
  // at 0. In a game where a side can only win on its own moves, only every other place is
  // reachable, so the test chooses among pairs of places (places 2k and 2k + 1 make pair k,
  // one of them reachable whatever the parity of h): the middle pair of [lo, hi], or, when
  // the middle is on one side of 0, the pair half way from 0 to that end if it is further
  // out, since tests near the ends (a quick win or loss) are cheap. The test is at the
  // pair's outer place (2k + 1 above 0, -2k - 1 below): is the value beyond it? Pons
  // describes the same choice on his Connect 4 score scale, one place per reachable win.
  // narrow() passes the range its tests alone have narrowed, not the game's bounds (which
  // would pull each half way toward 0: docs/engine.md, Narrowing), and moves s inside them.
  static score_type test_point(const score_type& lo, const score_type& hi, std::int64_t horizon) {
    const score_type middle = access::midpoint(lo, hi);
    const std::int64_t h = std::clamp<std::int64_t>(horizon, 1, decisive_rank / 4);  // distances stay valid
    auto place = [h](const score_type& x) -> std::int64_t {
      if (!access::greater(access::pos_inf(), x)) return h;
      if (!access::greater(x, access::neg_inf())) return -h;
      if (x.is_win()) return std::clamp<std::int64_t>(h + 1 - x.plies(), 1, h);
      if (x.is_loss()) return std::clamp<std::int64_t>(x.plies() - h - 1, -h, -1);
      return 0;
    };
    const std::int64_t a = place(lo) / 2;  // pairs: division truncates toward 0
    const std::int64_t b = place(hi) / 2;
    std::int64_t m = a + (b - a) / 2;
    if (m <= 0 && a / 2 < m) {
      m = a / 2;
    } else if (m >= 0 && b / 2 > m) {
      m = b / 2;
    }
    m = 2 * m + (m > 0) - (m < 0);  // pair m's outer place
    const score_type t = m > 0   ? score_type::win_in(h + 1 - m)
                         : m < 0 ? score_type::loss_in(h + 1 + m)
                                 : score_type{};
    return !access::greater(lo, t) && access::greater(hi, t) ? t : middle;
  }

  // solve(): the value by null-window tests, each at test_point, until the value is known
  // (strong) or its sign is (weak). A weak solve tests at 0 without a horizon, and with one
  // once a test above 0 has failed: the tests near the ends find a quick win or loss cheaply,
  // but once no quick win is left the test at 0 settles the sign at once, where the strong
  // points would go on halving towards it (docs/engine.md, search, solve).
  bool narrow(solve_mode mode) {
    narrowing n;
    if constexpr (bounded_game<Game>) {
      const score_range<value_type> r = w_.root_state().score_bounds();
      check_bounds<Game>(r);
      n.lo = r.lower;
      n.hi = r.upper;
    }
    std::optional<std::int64_t> horizon;
    if constexpr (horizon_game<Game>) {
      horizon = static_cast<std::int64_t>(w_.root_state().horizon());
      if (*horizon < 0) {
        throw game_contract_error("game contract: horizon() must not be negative, but returned " +
                                  std::to_string(*horizon));
      }
    }
    const score_type zero{};
    while (access::greater(n.hi, n.lo)) {
      // With a horizon, Pons' choice in the range the tests narrowed, moved inside the game's
      // bounds (lo <= s < hi); without, the middle of what is known.
      score_type s = horizon ? test_point(n.tested_lo, n.tested_hi, *horizon) : access::midpoint(n.lo, n.hi);
      if (access::greater(n.lo, s)) s = n.lo;
      if (!access::greater(n.hi, s)) s = access::predecessor(n.hi);
      if (mode == solve_mode::weak) {
        if (access::greater(n.lo, zero) || access::greater(zero, n.hi)) break;  // the sign is known
        if (!horizon || n.failed_above_zero) {
          s = access::greater(n.hi, zero) ? zero : access::predecessor(zero);
        }
      }
      if (!test(unlimited, s, n)) return false;
    }
    if (!access::greater(n.hi, n.lo)) return conclude(unlimited, n, n.lo, score_bound::exact);
    // Weak, the sign known: a win needs the move that wins, a loss any move; the game's
    // bounds alone may have told the sign before any test.
    if (access::greater(n.lo, zero)) {
      if (!n.move && !test(unlimited, access::predecessor(n.lo), n)) return false;
      return conclude(unlimited, n, n.lo, score_bound::lower);
    }
    if (!n.tested && !test(unlimited, n.hi, n)) return false;
    return conclude(unlimited, n, n.hi, score_bound::upper);
  }

  // MTD(f): null-window tests from the guess until the value is pinned down.
  bool mtdf(std::int64_t depth, score_type g) {
    narrowing n;
    while (access::greater(n.hi, n.lo)) {
      const score_type s = g == n.lo ? g : access::predecessor(g);
      if (!test(depth, s, n)) return false;
      g = w_.root().value;
    }
    // With a table, tests at one depth may disagree (an entry of a deeper search answers
    // one of them): lo may pass hi. The last test's score stands then.
    return conclude(depth, n, n.lo == n.hi ? n.lo : g, score_bound::exact);
  }

  // The bound delta value units from s, strictly below it (delta < 0) or above it: an
  // infinity once that leaves the value type's range, or for an infinite s.
  static score_type offset(const score_type& s, double delta) {
    const auto v = static_cast<long double>(s.value());
    long double x = v + static_cast<long double>(delta);
    if constexpr (std::is_integral_v<value_type>) x = delta < 0 ? std::floor(x) : std::ceil(x);
    if (delta < 0) {
      if (!(x > static_cast<long double>(std::numeric_limits<value_type>::lowest())) || !(x < v)) {
        return access::neg_inf();
      }
    } else if (!(x < static_cast<long double>(std::numeric_limits<value_type>::max())) || !(x > v)) {
      return access::pos_inf();
    }
    return score_type::of(static_cast<value_type>(x));
  }

  // Aspiration: a window around the previous score, widened on the side the score fell out of.
  bool aspirate(std::int64_t depth, const score_type& previous, double delta) {
    double below = delta;
    double above = delta;
    score_type alpha = offset(previous, -below);
    score_type beta = offset(previous, above);
    while (true) {
      if (!w_.iterate(depth, alpha, beta, trace_)) return false;
      if (!access::greater(w_.root().value, alpha) && access::greater(alpha, access::neg_inf())) {
        below *= 2;
        alpha = offset(previous, -below);
      } else if (!access::greater(beta, w_.root().value) && access::greater(access::pos_inf(), beta)) {
        above *= 2;
        beta = offset(previous, above);
      } else {
        return true;
      }
    }
  }

  // One iteration of iterative deepening, by the policy the options choose.
  bool deepen(std::int64_t depth, const std::optional<score_type>& previous) {
    if (options_.mtdf) return mtdf(depth, previous.value_or(score_type{}));
    if (options_.aspiration && previous && previous->is_value()) {
      return aspirate(depth, *previous, *options_.aspiration);
    }
    return w_.iterate(depth, access::neg_inf(), access::pos_inf(), trace_);
  }

  static constexpr std::int64_t unlimited = worker_type::unlimited;
  using access = score_access<value_type>;
  using root_result = typename worker_type::root_result;
  using player_type = player_t<Game>;

  worker_type& w_;
  const engine_options& options_;
  trace_type* trace_;
  const test_callback& on_test_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace gametree::detail
