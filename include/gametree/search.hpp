#pragma once
// The engine: iterative-deepening negamax alpha-beta (fail-soft) over any game of game.hpp,
// with a transposition table, move ordering (the table's move, killers, history, the game's
// hints), budgets (depth, nodes, time, a stop flag) and an exact solver.
//
// Alpha-beta with fail-soft bounds: Knuth & Moore, "An analysis of alpha-beta pruning",
// Artificial Intelligence 6 (1975); Fishburn, "Three optimizations of alpha-beta search" (1983)
// for fail-soft. Killer moves: Akl & Newborn (1977); the history heuristic: Schaeffer, "The
// history heuristic and alpha-beta search enhancements in practice", IEEE PAMI 11 (1989).
//
// The search keeps its own stack of frames instead of recursing, so a game 10^5 plies long
// needs no call stack.

#include <gametree/detail/inline.hpp>
#include <gametree/game.hpp>
#include <gametree/transposition_table.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace gametree {

/// The budgets of one search. Every field is optional; with none the search runs until the
/// root's value is exact (the game is solved).
struct search_limits {
  /// Deepest iteration, in plies (>= 1). Needs a game with evaluate().
  std::optional<std::int32_t> max_depth{};
  /// Nodes the search may enter (>= 1), counted as engine_statistics::nodes. Exact: the
  /// search never enters more, and the same limit gives the same result on every run.
  std::optional<std::uint64_t> max_nodes{};
  /// Wall time, checked every 1024 nodes (so it may be overrun by that much work).
  std::optional<std::chrono::nanoseconds> max_time{};
  /// A flag another thread may set to end the search (read every 1024 nodes).
  const std::atomic<bool>* stop = nullptr;
};

/// Why a search ended.
enum class stop_reason : std::uint8_t {
  completed,  ///< the root is solved, or the last iteration allowed by max_depth completed
  nodes,      ///< max_nodes ran out
  time,       ///< max_time ran out
  stopped,    ///< the stop flag or engine::stop()
};

/// How an engine searches. The defaults are the fastest; the switches exist so that every
/// combination can be compared with plain minimax.
struct engine_options {
  /// Transposition table size in MiB; 0: no table. Used only if the game has hash().
  std::size_t table_mib = 16;
  /// If set, the table has this many entries instead (rounded down to a power of two).
  std::optional<std::size_t> table_entries{};
  /// The table's move, killers, history and the game's hints order the moves; if false, moves
  /// are searched in the order legal_moves() produces them.
  bool move_ordering = true;
  /// Make/unmake with undo() when the game has it; if false, copy the state at every node.
  bool use_undo = true;
  /// Store and compare key() in full when the game has it; if false, trust the hash alone.
  bool exact_keys = true;
  /// Longest principal variation reported (>= 1).
  std::size_t max_pv_length = 64;
};

/// Work done by one search.
struct engine_statistics {
  std::uint64_t nodes = 0;       ///< states entered, the root included, over all iterations
  std::uint64_t leaves = 0;      ///< terminal states and evaluations at the depth limit
  std::uint64_t cutoffs = 0;     ///< nodes left with moves unsearched (alpha >= beta)
  std::uint64_t tt_probes = 0;   ///< table lookups
  std::uint64_t tt_hits = 0;     ///< lookups that found the state
  std::uint64_t tt_cutoffs = 0;  ///< nodes answered by the table without a search
  std::int64_t max_ply = 0;      ///< deepest ply entered
  /// nodes_by_depth[d - 1]: nodes of the iteration of depth d (one entry for solve()).
  std::vector<std::uint64_t> nodes_by_depth;
  std::chrono::duration<double> elapsed{0};
  [[nodiscard]] double nodes_per_second() const noexcept {
    return elapsed.count() > 0 ? static_cast<double>(nodes) / elapsed.count() : 0.0;
  }
};

/// What a search found.
template <class Game>
struct engine_result {
  using move_type = typename Game::move_type;
  using score_type = score<game_value_t<Game>>;
  /// The best move at the root; empty only when the root is terminal.
  std::optional<move_type> best_move;
  /// The root's score for the player to move, and what it is.
  score_type value{};
  score_bound bound = score_bound::unknown;
  /// The score is the game-theoretic value: no depth limit touched the search.
  bool solved = false;
  /// Depth of the last completed iteration (0: none completed). For solve() and for the
  /// iteration that solved the root, the deepest ply it entered.
  std::int64_t depth = 0;
  stop_reason reason = stop_reason::completed;
  /// The line of best play from the root, legal and replayable, at most max_pv_length moves.
  std::vector<move_type> pv;
  engine_statistics stats;
};

/// What the info callback sees after each completed iteration.
template <class Game>
struct search_info {
  std::int64_t depth = 0;
  score<game_value_t<Game>> value{};
  score_bound bound = score_bound::exact;
  std::uint64_t nodes = 0;  ///< all iterations so far
  std::chrono::duration<double> elapsed{0};
  double nodes_per_second = 0;
  std::span<const typename Game::move_type> pv;
};

/// An engine for one game type: keeps its transposition table, killers, history and buffers
/// between searches, so a program can play a whole game move by move with one engine.
/// One search at a time; stop() may be called from any thread.
template <game Game>
class engine {
 public:
  using move_type = typename Game::move_type;
  using value_type = game_value_t<Game>;
  using score_type = score<value_type>;
  using result_type = engine_result<Game>;
  using info_type = search_info<Game>;

 private:
  static constexpr bool keyed = keyed_game<Game>;
  template <class G>
  struct key_of {
    using type = std::uint64_t;
  };
  template <keyed_game G>
  struct key_of<G> {
    using type = detail::hashed_key<std::remove_cvref_t<decltype(std::declval<const G&>().key())>>;
  };

 public:
  /// The key the table stores: the hash, and key() beside it when the game has one (left
  /// default-constructed when options().exact_keys is false).
  using key_type = typename key_of<Game>::type;
  using table_type = transposition_table<key_type, move_type, value_type>;

  /// Complexity: O(table size). Throws std::invalid_argument for a table_entries of 0, a
  /// table_mib above 2^20 or a max_pv_length of 0; std::bad_alloc.
  explicit engine(engine_options options = {}) : options_(options) {
    if (options_.max_pv_length == 0) {
      throw std::invalid_argument("engine_options: max_pv_length must be at least 1");
    }
    if constexpr (hashed_game<Game>) {
      if (options_.table_entries) {
        table_.emplace(table_type::with_entries(*options_.table_entries));
      } else if (options_.table_mib != 0) {
        table_.emplace(options_.table_mib);
      }
    }
    use_undo_ = undoable_game<Game> && options_.use_undo;
    exact_keys_ = keyed && options_.exact_keys;
    pv_cap_ = options_.max_pv_length;
    pv_.resize(pv_cap_ * pv_cap_);
  }

  /// Iterative deepening: searches depth 1, 2, ... up to limits.max_depth, and stops early
  /// when the root is solved or a budget runs out; the result is that of the last completed
  /// iteration. A game without evaluate() is searched in one unlimited iteration (solve()).
  /// Complexity: O(b^d) nodes in the worst case, about b^(d/2) with good move order.
  /// Throws std::invalid_argument for a max_depth < 1, a max_nodes of 0, a negative max_time,
  /// or a max_depth for a game without evaluate(); game_contract_error when the game breaks
  /// its contract; whatever the game throws (the engine stays usable).
  result_type search(const Game& game, const search_limits& limits = {}) {
    check_limits(limits);
    if constexpr (!evaluated_game<Game>) {
      if (limits.max_depth) {
        throw std::invalid_argument(
            "search: a depth limit needs a game with evaluate(); use no max_depth to solve");
      }
      return run(game, limits, false);
    } else {
      return run(game, limits, true);
    }
  }

  /// The exact value of game: one search with no depth limit (no iterative deepening), so its
  /// score is the game-theoretic value (wins and losses with their distance) and its move one
  /// that achieves it. Budgets in limits still apply (max_depth must be empty); a solve they
  /// end has depth 0 and bound unknown. Complexity: O(size of the game tree); with a table,
  /// O(number of distinct states) when the table holds them all. Throws as search() does.
  result_type solve(const Game& game, const search_limits& limits = {}) {
    if (limits.max_depth) throw std::invalid_argument("solve: max_depth must be empty");
    check_limits(limits);
    return run(game, limits, false);
  }

  /// Ends the search in progress as soon as it next checks (every 1024 nodes). Thread-safe.
  void stop() noexcept { stop_requested_.store(true, std::memory_order_relaxed); }

  /// Forgets the table, the killers and the history. O(1) for the table (an epoch), O(plies
  /// searched) for the killers.
  void clear() {
    if (table_) table_->clear();
    killers_.clear();
    history_.fill(0);
  }

  /// Called after every completed iteration (and after a solve).
  void on_iteration(std::function<void(const info_type&)> callback) { callback_ = std::move(callback); }

  /// The table, or nullptr when there is none (table_mib 0, or no hash()).
  [[nodiscard]] const table_type* table() const noexcept { return table_ ? &*table_ : nullptr; }
  [[nodiscard]] const engine_options& options() const noexcept { return options_; }

 private:
  using access = detail::score_access<value_type>;
  template <class G>
  struct player_of {
    using type = bool;
  };
  template <turn_reporting_game G>
  struct player_of<G> {
    using type = std::remove_cvref_t<decltype(std::declval<const G&>().player_to_move())>;
  };
  using player_type = typename player_of<Game>::type;

  // One node of the search path; frames_[p] is the node at ply p.
  struct frame {
    score_type alpha, beta, best;
    std::uint64_t hash;
    std::uint32_t first, last, next, best_index;  // its moves: moves_[first, last)
    std::int64_t depth;  // plies to go; >= unlimited: no limit
    bool same_player;  // this node's player moved at the parent too
    bool exact;        // no depth limit touched the subtree searched so far
    bool improved;     // alpha rose: the best score is not an upper bound
    player_type player;
  };

  // A node answered at once (a terminal, the depth limit, the table, the game's bounds), or
  // pushed: its frame is on the path.
  struct answer {
    score_type value;
    bool exact;
    bool pushed;
  };

  struct order_key {
    std::int64_t primary;  // the class (3: table move, 2 and 1: killers, 0: the rest) << 58, plus history
    double hint;
    [[nodiscard]] bool before(const order_key& o) const noexcept {
      return primary > o.primary || (primary == o.primary && hint > o.hint);
    }
  };

  static constexpr std::uint32_t npos = static_cast<std::uint32_t>(-1);
  // The depth of an unlimited search: decremented like any other, it never reaches the
  // depth at which the table stores unlimited_depth.
  static constexpr std::int64_t unlimited = std::int64_t{1} << 62;
  static constexpr std::size_t history_size = 4096;
  static constexpr std::int64_t history_cap = (std::int64_t{1} << 58) - 1;  // below a killer
  static constexpr bool history_possible = requires(const move_type& m) {
    { std::hash<move_type>{}(m) } -> std::convertible_to<std::size_t>;
  };

  static void check_limits(const search_limits& limits) {
    if (limits.max_depth && *limits.max_depth < 1) {
      throw std::invalid_argument("search_limits: max_depth must be at least 1, not " +
                                  std::to_string(*limits.max_depth));
    }
    if (limits.max_nodes && *limits.max_nodes == 0) {
      throw std::invalid_argument("search_limits: max_nodes must be at least 1");
    }
    if (limits.max_time && limits.max_time->count() < 0) {
      throw std::invalid_argument("search_limits: max_time must not be negative");
    }
  }

  // Plays m at ply p (the child is at p + 1) and takes it back; Undo: make/unmake on one
  // state, else a copy per ply.
  template <bool Undo>
  GAMETREE_DETAIL_INLINE void make(const move_type& m, std::size_t p) {
    if constexpr (Undo) {
      game_->play(m);
      return;
    }
    if (states_.size() <= p + 1) {
      states_.push_back(states_[p]);
    } else {
      states_[p + 1] = states_[p];
    }
    game_ = &states_[p + 1];
    game_->play(m);
  }

  template <bool Undo>
  GAMETREE_DETAIL_INLINE void unmake(const move_type& m, std::size_t p) {
    if constexpr (Undo) {
      game_->undo(m);
    } else {
      (void)m;
      game_ = &states_[p];
    }
  }

  // Calls f with what the table looks g up by: the hash, or the hash and a reference to
  // g.key() (no copy of the key is made unless an entry stores it).
  template <class F>
  decltype(auto) with_key(const Game& g, std::uint64_t hash, F&& f) const {
    if constexpr (keyed) {
      using ref = detail::hashed_key_ref<std::remove_cvref_t<decltype(g.key())>>;
      if (exact_keys_) {
        const auto& k = g.key();
        return f(ref{hash, &k});
      }
      return f(ref{hash, nullptr});
    } else {
      return f(hash);
    }
  }

  // Checked before every node but the root: the node budget exactly, the clock and the stop
  // flags every 1024 nodes. One comparison in the common case: next_check_ is the nearer of
  // the node limit and the next multiple of 1024.
  GAMETREE_DETAIL_INLINE bool out_of_budget() {
    if (stats_.nodes < next_check_) return false;
    return slow_budget_check();
  }

  bool slow_budget_check() {
    if (stats_.nodes >= max_nodes_) {
      reason_ = stop_reason::nodes;
      return true;
    }
    next_check_ = std::min(max_nodes_, (stats_.nodes | 1023U) + 1);
    if (stop_requested_.load(std::memory_order_relaxed) ||
        (external_stop_ && external_stop_->load(std::memory_order_relaxed))) {
      reason_ = stop_reason::stopped;
      return true;
    }
    if (deadline_ && std::chrono::steady_clock::now() >= *deadline_) {
      reason_ = stop_reason::time;
      return true;
    }
    return false;
  }

  // Enters the current state with window (alpha, beta) and depth plies to go: answers it at
  // once, or pushes its frame.
  GAMETREE_DETAIL_INLINE answer enter(score_type alpha, score_type beta, std::int64_t depth,
                                      bool same_player, std::size_t p) {
    ++stats_.nodes;
    const Game& g = *game_;
    const auto ply = static_cast<std::int64_t>(p);
    if (const auto o = g.outcome()) {
      ++stats_.leaves;
      return {access::to_root(detail::terminal_score<value_type>(*o), ply), true, false};
    }
    if constexpr (evaluated_game<Game>) {
      if (depth == 0) {
        ++stats_.leaves;
        return {detail::evaluation(g), false, false};
      }
    }
    std::uint64_t hash = 0;
    std::optional<move_type> table_move;
    if constexpr (hashed_game<Game>) {
      if (table_) {
        hash = static_cast<std::uint64_t>(g.hash());
        ++stats_.tt_probes;
        const auto* e = with_key(g, hash, [&](const auto& k) { return table_->probe(hash, k); });
        if (e != nullptr) {
          ++stats_.tt_hits;
          if (e->has_move) table_move = e->move;
          if (p > 0 && (e->depth == unlimited_depth || e->depth >= depth)) {
            const score_type v = access::to_root(e->value, ply);
            if (e->bound == score_bound::exact ||
                (e->bound == score_bound::lower && !(v < beta)) ||
                (e->bound == score_bound::upper && !(alpha < v))) {
              ++stats_.tt_cutoffs;
              return {v, e->depth == unlimited_depth, false};
            }
          }
        }
      }
    }
    if constexpr (bounded_game<Game>) {
      if (p > 0) {
        const score_range<value_type> r = g.score_bounds();
        detail::check_bounds<Game>(r);
        const score_type lower = access::to_root(r.lower, ply);
        const score_type upper = access::to_root(r.upper, ply);
        if (!(alpha < upper)) return {upper, true, false};
        if (!(lower < beta)) return {lower, true, false};
        if (alpha < lower) alpha = lower;
        if (upper < beta) beta = upper;
      }
    }
    const std::size_t first = moves_.size();
    g.legal_moves(moves_);
    const std::size_t last = moves_.size();
    if (last <= first) detail::check_generated<Game>(first, last);
    // GCOVR_EXCL_START: 2^32 moves on one path need more than 16 GiB of moves.
    if (last > std::numeric_limits<std::uint32_t>::max()) {
      throw std::length_error("search: more than 2^32 moves on the search path");
    }
    // GCOVR_EXCL_STOP
    if (options_.move_ordering) order(g, first, last, table_move, p);
    if (p >= frames_.size()) frames_.resize(p + 1);
    if (ply >= stats_.max_ply) stats_.max_ply = ply + 1;  // its children are entered
    if (p < pv_cap_) pv_length_[p] = 0;
    frame& f = frames_[p];
    f.alpha = alpha;
    f.beta = beta;
    f.best = access::neg_inf();
    f.hash = hash;
    f.first = static_cast<std::uint32_t>(first);
    f.last = static_cast<std::uint32_t>(last);
    f.next = static_cast<std::uint32_t>(first);
    f.best_index = npos;
    f.depth = depth;
    f.same_player = same_player;
    f.exact = true;
    f.improved = false;
    if constexpr (turn_reporting_game<Game>) f.player = g.player_to_move();
    return {score_type{}, true, true};
  }

  void order(const Game& g, std::size_t first, std::size_t last,
             const std::optional<move_type>& table_move, std::size_t p) {
    if (keys_.size() < last) keys_.resize(moves_.capacity());
    const std::size_t k = 2 * p;
    if (killers_.size() < k + 2) killers_.resize(k + 2);
    const std::optional<move_type>& killer1 = killers_[k];
    const std::optional<move_type>& killer2 = killers_[k + 1];
    for (std::size_t i = first; i < last; ++i) {
      const move_type& m = moves_[i];
      std::int64_t rank = 0;
      if (table_move && m == *table_move) {
        rank = 3;
      } else if (killer1 && m == *killer1) {
        rank = 2;
      } else if (killer2 && m == *killer2) {
        rank = 1;
      }
      order_key key{rank << 58, 0.0};
      if constexpr (history_possible) key.primary += std::min(history_[history_slot(m)], history_cap);
      if constexpr (hinted_game<Game>) key.hint = static_cast<double>(g.move_hint(m));
      // Insertion sort, stable: a handful of moves per node, most often nearly in order.
      std::size_t j = i;
      while (j > first && key.before(keys_[j - 1])) {
        keys_[j] = keys_[j - 1];
        std::swap(moves_[j], moves_[j - 1]);
        --j;
      }
      keys_[j] = key;
    }
  }

  static std::size_t history_slot(const move_type& m) noexcept {
    if constexpr (history_possible) {
      return static_cast<std::size_t>(std::hash<move_type>{}(m)) & (history_size - 1);
    } else {
      return 0;
    }
  }

  // A cutoff by move i at the current frame: it becomes a killer of this ply, and its history
  // grows with the depth it cut at.
  void reward(const frame& f, std::size_t i, std::size_t p) {
    const move_type& m = moves_[i];
    const std::size_t k = 2 * p;
    if (!(killers_[k] && *killers_[k] == m)) {
      killers_[k + 1] = std::move(killers_[k]);
      killers_[k] = m;
    }
    if constexpr (history_possible) {
      const std::int64_t d = std::min<std::int64_t>(f.depth, 64);
      // At most 64^2 per cutoff: 2^51 cutoffs in one search before this could overflow.
      history_[history_slot(m)] += d * d;
    }
  }

  // The line at ply p becomes moves_[i] followed by the child's line (child_line: whether the
  // child was searched, rather than answered at once with no line).
  void update_pv(std::size_t i, std::size_t p, bool child_line) {
    const std::size_t cap = pv_cap_;
    move_type* row = &pv_[p * cap];
    row[0] = moves_[i];
    std::size_t n = 1;
    if (child_line && p + 1 < cap) {
      const move_type* below = &pv_[(p + 1) * cap];
      const std::size_t take = std::min(pv_length_[p + 1], cap - 1);
      for (std::size_t j = 0; j < take; ++j) row[n++] = below[j];
    }
    pv_length_[p] = n;
  }

  // The child searched from moves_[i] returned child (its own point of view).
  GAMETREE_DETAIL_INLINE void absorb(frame& f, std::uint32_t i, const score_type& child,
                                     bool child_exact, bool same, std::size_t p, bool child_line) {
    const score_type s = same ? child : access::negate(child);
    f.exact = f.exact && child_exact;
    if (!access::greater(s, f.best)) return;
    f.best = s;
    f.best_index = i;
    if (!access::greater(s, f.alpha)) return;
    f.alpha = s;
    f.improved = true;
    if (p < pv_cap_) update_pv(i, p, child_line);
    if (access::greater(f.beta, s)) return;
    if (options_.move_ordering) reward(f, i, p);
    if (f.next < f.last) {
      ++stats_.cutoffs;
      f.next = f.last;
    }
  }

  // The frame at the current ply is done: its result goes to the table.
  void store(const frame& f, score_bound bound, std::size_t p) {
    if constexpr (hashed_game<Game>) {
      if (table_) {
        with_key(*game_, f.hash, [&](const auto& k) {
          table_->store(f.hash, k, moves_[f.best_index],
                        access::to_node(f.best, static_cast<std::int64_t>(p)),
                        f.exact ? unlimited_depth : static_cast<std::int32_t>(std::min<std::int64_t>(f.depth, unlimited_depth - 1)),
                        bound);
        });
      }
    } else {
      (void)f;
      (void)bound;
      (void)p;
    }
  }

  // One iteration at the given depth from the root. Returns false if a budget ended it; the
  // root's best move so far is then in partial_move_.
  bool iterate(std::int64_t depth) {
    if constexpr (undoable_game<Game>) {
      if (use_undo_) return iterate_with<true>(depth);
    }
    return iterate_with<false>(depth);
  }

  template <bool Undo>
  bool iterate_with(std::int64_t depth) {
    if (stats_.nodes >= max_nodes_) {  // an iteration after the first enters its root too
      reason_ = stop_reason::nodes;
      return false;
    }
    moves_.clear();
    game_ = &states_[0];
    (void)enter(access::neg_inf(), access::pos_inf(), depth, false, 0);  // the root is expanded
    std::size_t p = 0;  // the ply of the node on top of the path
    while (true) {
      frame& f = frames_[p];
      if (f.next < f.last) {
        const std::uint32_t i = f.next++;
        if (out_of_budget()) {
          if (frames_[0].best_index != npos) partial_move_ = moves_[frames_[0].best_index];
          for (; p > 0; --p) unmake<Undo>(moves_[frames_[p - 1].next - 1], p - 1);
          return false;
        }
        const score_type alpha = f.alpha;
        const score_type beta = f.beta;
        const std::int64_t child_depth = f.depth - 1;
        [[maybe_unused]] const player_type player = f.player;
        make<Undo>(moves_[i], p);
        bool same = false;
        if constexpr (turn_reporting_game<Game>) same = game_->player_to_move() == player;
        const answer a = same ? enter(alpha, beta, child_depth, true, p + 1)
                              : enter(access::negate(beta), access::negate(alpha), child_depth, false, p + 1);
        if (a.pushed) {
          ++p;
          continue;
        }
        unmake<Undo>(moves_[i], p);
        absorb(frames_[p], i, a.value, a.exact, same, p, false);
      } else {
        const score_bound bound = !f.improved                       ? score_bound::upper
                                  : access::greater(f.beta, f.best) ? score_bound::exact
                                                                    : score_bound::lower;
        store(f, bound, p);
        if (p == 0) {
          root_move_ = moves_[f.best_index];
          root_value_ = f.best;
          root_exact_ = f.exact;
          root_bound_ = bound;
          return true;
        }
        const score_type value = f.best;
        const bool exact = f.exact;
        const bool same = f.same_player;
        moves_.resize(f.first);
        --p;
        frame& parent = frames_[p];
        const std::uint32_t i = parent.next - 1;
        unmake<Undo>(moves_[i], p);
        absorb(parent, i, value, exact, same, p, true);
      }
    }
  }

  // The principal variation of the iteration just completed: the collected line, extended
  // from the table's exact entries where a table answer cut it short. Every move is checked
  // against the position's legal moves.
  void collect_pv(const Game& root, result_type& r) {
    const std::size_t n = pv_length_[0];
    r.pv.assign(pv_.begin(), pv_.begin() + static_cast<std::ptrdiff_t>(n));
    if constexpr (hashed_game<Game>) {
      if (!table_ || r.pv.size() >= options_.max_pv_length) return;
      Game g = root;
      for (const move_type& m : r.pv) g.play(m);
      while (r.pv.size() < options_.max_pv_length && !g.outcome()) {
        const auto hash = static_cast<std::uint64_t>(g.hash());
        const auto* e = with_key(g, hash, [&](const auto& k) { return table_->probe(hash, k); });
        if (e == nullptr || !e->has_move || e->bound != score_bound::exact) break;
        const std::size_t first = moves_.size();
        g.legal_moves(moves_);
        const bool legal = std::find(moves_.begin() + static_cast<std::ptrdiff_t>(first),
                                     moves_.end(), e->move) != moves_.end();
        moves_.resize(first);
        if (!legal) break;
        r.pv.push_back(e->move);
        g.play(e->move);
      }
    }
  }

  result_type run(const Game& game, const search_limits& limits, bool deepening) {
    const auto start = std::chrono::steady_clock::now();
    stop_requested_.store(false, std::memory_order_relaxed);
    external_stop_ = limits.stop;
    max_nodes_ = limits.max_nodes.value_or(std::numeric_limits<std::uint64_t>::max());
    next_check_ = std::min<std::uint64_t>(max_nodes_, 1024);
    deadline_.reset();
    if (limits.max_time &&
        *limits.max_time < std::chrono::steady_clock::time_point::max() - start) {  // else: no limit
      deadline_ = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(*limits.max_time);
    }
    stats_ = engine_statistics{};
    reason_ = stop_reason::completed;
    moves_.clear();
    partial_move_.reset();
    if (states_.empty()) {
      states_.push_back(game);
    } else {
      states_[0] = game;
    }
    if (pv_length_.size() < options_.max_pv_length) pv_length_.resize(options_.max_pv_length);
    if (table_) table_->new_search();
    for (std::int64_t& h : history_) h /= 2;  // older searches count for less

    result_type r;
    r.pv.reserve(options_.max_pv_length);
    stats_.nodes_by_depth.reserve(64);
    if (const auto o = game.outcome()) {
      stats_.nodes = 1;
      stats_.leaves = 1;
      r.value = detail::terminal_score<value_type>(*o);
      r.bound = score_bound::exact;
      r.solved = true;
      r.stats = std::move(stats_);
      r.stats.elapsed = std::chrono::steady_clock::now() - start;
      return r;
    }
    std::uint64_t root_hash = 0;
    if constexpr (hashed_game<Game>) root_hash = static_cast<std::uint64_t>(game.hash());

    const std::int64_t last_depth = deepening ? limits.max_depth.value_or(unlimited_depth - 1) : unlimited;
    for (std::int64_t depth = deepening ? 1 : unlimited;; ++depth) {
      const std::uint64_t nodes_before = stats_.nodes;
      const bool done = iterate(depth);
      check_restored(root_hash);
      if (!done) break;
      stats_.nodes_by_depth.push_back(stats_.nodes - nodes_before);
      r.best_move = root_move_;
      r.value = root_value_;
      r.bound = root_bound_;
      r.solved = root_exact_;
      r.depth = root_exact_ ? stats_.max_ply : depth;
      collect_pv(game, r);
      if (callback_) {
        const auto elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start);
        info_type info{r.depth, r.value, r.bound, stats_.nodes, elapsed,
                       elapsed.count() > 0 ? static_cast<double>(stats_.nodes) / elapsed.count() : 0.0,
                       std::span<const move_type>(r.pv)};
        callback_(info);
      }
      if (root_exact_ || depth >= last_depth) break;
    }
    r.reason = reason_;
    if (!r.best_move) {
      // No iteration completed: the best root move seen so far, else the first one generated.
      if (partial_move_) {
        r.best_move = partial_move_;
      } else {
        moves_.clear();
        game.legal_moves(moves_);
        if (moves_.empty()) detail::check_generated<Game>(0, 0);
        r.best_move = moves_.front();
      }
    }
    r.stats = std::move(stats_);
    r.stats.elapsed = std::chrono::steady_clock::now() - start;
    return r;
  }

  // In make/unmake mode the root must be as it was after every iteration.
  void check_restored(std::uint64_t root_hash) {
    if constexpr (hashed_game<Game> && undoable_game<Game>) {
      if (use_undo_ && static_cast<std::uint64_t>(states_[0].hash()) != root_hash) {
        throw game_contract_error(
            "game contract: undo(move) must restore the state play(move) changed, but the "
            "root's hash differs after the search unwound");
      }
    } else {
      (void)root_hash;
    }
  }

  engine_options options_;
  std::optional<table_type> table_;
  bool use_undo_ = false;
  bool exact_keys_ = false;
  std::vector<Game> states_;        // [0] in make/unmake mode; one per ply in copy-make mode
  std::vector<move_type> moves_;    // the moves of every frame, one range each
  std::vector<order_key> keys_;     // their ordering keys
  std::vector<frame> frames_;      // frames_[p]: the node at ply p (grown, never shrunk)
  std::vector<std::optional<move_type>> killers_;  // two per ply
  std::array<std::int64_t, history_size> history_{};
  std::vector<move_type> pv_;       // triangular: row p holds the line from ply p
  std::vector<std::size_t> pv_length_;
  Game* game_ = nullptr;            // the state on top of the search path
  std::size_t pv_cap_ = 0;          // options_.max_pv_length
  score_type root_value_{};
  bool root_exact_ = false;
  score_bound root_bound_ = score_bound::exact;
  std::optional<move_type> root_move_;
  std::optional<move_type> partial_move_;
  engine_statistics stats_;
  stop_reason reason_ = stop_reason::completed;
  std::uint64_t max_nodes_ = 0;
  std::uint64_t next_check_ = 0;
  std::optional<std::chrono::steady_clock::time_point> deadline_;
  const std::atomic<bool>* external_stop_ = nullptr;
  std::atomic<bool> stop_requested_{false};
  std::function<void(const info_type&)> callback_;
};

/// search(game, limits) with a fresh engine<Game> (default options). See engine::search.
template <game Game>
[[nodiscard]] engine_result<Game> search(const Game& game, const search_limits& limits = {}) {
  engine<Game> e;
  return e.search(game, limits);
}

/// solve(game) with a fresh engine<Game> (default options). See engine::solve.
template <game Game>
[[nodiscard]] engine_result<Game> solve(const Game& game, const search_limits& limits = {}) {
  engine<Game> e;
  return e.solve(game, limits);
}

}  // namespace gametree
