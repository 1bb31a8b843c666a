#pragma once
// The engine: iterative-deepening negamax alpha-beta (fail-soft) over any game of game.hpp,
// with a transposition table, move ordering (the table's move, killers, history, the game's
// hints), budgets (depth, nodes, time, a stop flag) and an exact solver. The one include a
// user needs; the parts live in include/gametree/engine/:
//   options.hpp   what a search is asked (search_limits, engine_options) and answers
//                 (engine_result, engine_statistics, search_info, narrowing_info)
//   trace.hpp     engine_trace, the tree of a search for a picture
//   ordering.hpp  move ordering: the table's move, killers, history, hints
//   worker.hpp    one search thread: the explicit stack of frames and the alpha-beta loop
//   drivers.hpp   the root policies: deepening, aspiration, MTD(f), narrowing, the line
// and detail/budget.hpp, the clock and stop flags MCTS obeys too. What is per thread (the
// worker) and what is shared (the options, the table, the stop request) are apart, so that
// several engines, or several workers, can share one table.
//
// The search keeps its own stack of frames instead of recursing, so a game 10^5 plies long
// needs no call stack.

#include <gametree/detail/budget.hpp>
#include <gametree/detail/stop_request.hpp>
#include <gametree/detail/thread_pool.hpp>
#include <gametree/engine/drivers.hpp>
#include <gametree/engine/options.hpp>
#include <gametree/engine/ordering.hpp>
#include <gametree/engine/trace.hpp>
#include <gametree/engine/worker.hpp>
#include <gametree/game.hpp>
#include <gametree/transposition_table.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace gametree {

/// An engine for one game type: keeps its transposition table, killers, history and buffers
/// between searches, so a program can play a whole game move by move with one engine.
/// One search at a time; stop() may be called from any thread. Several engines of one game
/// may share a table (shared_table()): one search at a time among them.
template <game Game>
class engine {
  static_assert(detail::negatable_evaluation<Game>());
  static_assert(detail::well_formed_chance_game<Game>());

 public:
  using move_type = typename Game::move_type;
  using value_type = game_value_t<Game>;
  using score_type = score<value_type>;
  using result_type = engine_result<Game>;
  using info_type = search_info<Game>;
  using trace_type = engine_trace<Game>;
  /// The key the table stores: for a key() of an unsigned integer type of at most 64 bits (a
  /// packed board), that key as a std::uint64_t, in either key mode; for another key() of
  /// type K, table_key<K> (the hash, and key() beside it, left default-constructed when
  /// options().exact_keys is false); without key(), the hash alone (std::uint64_t).
  using key_type = typename detail::search_worker<Game>::key_type;
  /// transposition_table<key_type, move, value>, or compact_table for a game with key_bits
  /// (see compact_key_game).
  using table_type = typename detail::search_worker<Game>::table_type;

  /// Complexity: O(table size). Throws std::invalid_argument for an aspiration width that is
  /// not positive and finite, and, for a game with hash() (the only one with a table), a
  /// table_entries of 0 or a table_mib above 2^20; std::bad_alloc.
  explicit engine(engine_options options = {}) : engine(options, make_table(options)) {}

  /// An engine that uses table, which other engines may use too (another engine's
  /// shared_table()), instead of a table of its own: options.table_mib and table_entries are
  /// not used. nullptr: no table. Throws std::invalid_argument for an aspiration width that is
  /// not positive and finite.
  engine(engine_options options, std::shared_ptr<table_type> table)
      : options_(checked(options)),
        threads_(options_.oversubscribe ? options_.threads : std::min(options_.threads, detail::usable_cpus())),
        table_(std::move(table)),
        worker_(options_, table_.get()) {}

  /// Iterative deepening: searches depth 1, 2, ... up to limits.max_depth, and stops early
  /// when the root is solved or a budget runs out; the result is that of the last completed
  /// iteration. A game without evaluate() is searched in one unlimited iteration (solve()).
  /// Complexity: O(b^d) nodes in the worst case, about b^(d/2) with good move order.
  /// Throws std::invalid_argument for a max_depth < 1, a max_nodes of 0, a negative max_time,
  /// or a max_depth for a game without evaluate(); game_contract_error when the game breaks
  /// its contract; std::length_error for more than 2^32 moves on the search path; whatever
  /// the game throws (the engine stays usable).
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

  /// The exact value of game: no depth limit and no iterative deepening, so its score is the
  /// game-theoretic value (wins and losses with their distance) and its move one that achieves
  /// it. With options().narrowing (off by default) a series of null-window searches narrows
  /// the score down, else one search with the full window (weak mode always narrows). Budgets
  /// in limits still apply (max_depth must be empty); a solve they end has depth 0 and bound
  /// unknown. Complexity: O(size of the game tree); with a table,
  /// O(number of distinct states) when the table holds them all. Throws as search() does, and
  /// std::invalid_argument for a max_depth.
  /// mode weak: only the sign is sure (a win, a draw or a loss): value is a lower bound above
  /// 0 for a win, an upper bound below 0 for a loss, exactly 0 for a draw, and best_move a move
  /// that keeps it.
  result_type solve(const Game& game, const search_limits& limits = {},
                    solve_mode mode = solve_mode::strong) {
    if (limits.max_depth) throw std::invalid_argument("solve: max_depth must be empty");
    if constexpr (chance_game<Game>) {
      if (mode == solve_mode::weak) {
        throw std::invalid_argument("solve: weak mode needs wins and losses, which a game with chance states does not have");
      }
    }
    check_limits(limits);
    return run(game, limits, false, mode);
  }

  /// Ends the search in progress as soon as it next checks (every 1024 nodes). Made while no
  /// search runs, the request is kept for the next search, which then ends before it enters
  /// a node (with reason stopped and the first move generated: of search_moves() where the
  /// game has it): a stop() sent just before a search starts is not lost. Every search clears
  /// the request when it ends, however it ends. Thread-safe.
  void stop() noexcept { stop_requested_.request(); }

  /// Forgets the table (for every engine that shares it), the killers and the history. O(1)
  /// for the table (an epoch), O(plies searched) for the killers, and the 4096 history
  /// counters.
  void clear() {
    if (table_) table_->clear();
    worker_.clear();
    for (const auto& h : helpers_) h->clear();
  }

  /// Called after every completed iteration (and after a solve); not for a terminal root.
  void on_iteration(std::function<void(const info_type&)> callback) { callback_ = std::move(callback); }

  /// Called after every null-window test of solve()'s narrowing and of MTD(f): progress on a
  /// long solve, one line per step.
  void on_test(std::function<void(const narrowing_info<Game>&)> callback) {
    test_callback_ = std::move(callback);
  }

  /// Records the tree of every later search into trace (the last iteration of each search
  /// stays; see engine_trace), or stops recording (nullptr). The trace must outlive the
  /// searches it records. Recording costs time and memory per node; a search without a trace
  /// runs code that has no trace in it at all.
  void set_trace(engine_trace<Game>* trace) noexcept { trace_ = trace; }

  /// The table, or nullptr when there is none (table_mib 0, or no hash()).
  [[nodiscard]] const table_type* table() const noexcept { return table_.get(); }
  /// The table, to give to another engine of the same game (see the constructor), or nullptr.
  [[nodiscard]] std::shared_ptr<table_type> shared_table() const noexcept { return table_; }
  /// What the table holds for state g (its score counted from g, bound, remaining depth and
  /// move), or none when there is no table or no entry for g: a pointer to the entry
  /// (nullptr: none), or for a compact_table a std::optional copy of it. For a
  /// symmetric_game, the entry of g's canonical image, its move as played there. Changes
  /// nothing. O(1) plus g.hash() (a compact table's g.key(), a symmetric game's canonical())
  /// and a comparison of keys.
  [[nodiscard]] typename table_type::lookup probe(const Game& g) const { return worker_.probe(g); }
  [[nodiscard]] const engine_options& options() const noexcept { return options_; }

 private:
  static constexpr std::int64_t unlimited = detail::search_worker<Game>::unlimited;

  static const engine_options& checked(const engine_options& options) {
    if (options.threads < 1 || options.threads > 1024) {
      throw std::invalid_argument("engine_options: threads must be 1 .. 1024, not " + std::to_string(options.threads));
    }
    if (options.helpers_after < std::chrono::nanoseconds::zero()) {
      throw std::invalid_argument("engine_options: helpers_after must not be negative, not " +
                                  std::to_string(options.helpers_after.count()) + " ns");
    }
    if (options.aspiration && !(*options.aspiration > 0 && std::isfinite(*options.aspiration))) {
      throw std::invalid_argument("engine_options: aspiration must be a positive, finite width, not " +
                                  std::to_string(*options.aspiration));
    }
    if constexpr (chance_game<Game>) {
      // A chance state's value is a mean of real numbers: a null window narrows it by one
      // representable value at a time.
      if (options.narrowing || options.mtdf) {
        throw std::invalid_argument(std::string("engine_options: ") + (options.mtdf ? "mtdf" : "narrowing") +
                                    " does not apply to a game with chance states (their values are means, which "
                                    "null-window tests narrow one representable value at a time)");
      }
    }
    return options;
  }

  static std::shared_ptr<table_type> make_table(const engine_options& options) {
    if constexpr (hashed_game<Game>) {
      checked(options);  // the aspiration's error comes first, as it always has
      if (options.table_entries) return std::make_shared<table_type>(table_type::with_entries(*options.table_entries));
      if (options.table_mib != 0) return std::make_shared<table_type>(options.table_mib);
    }
    return nullptr;
  }

  static void check_limits(const search_limits& limits) {
    if (limits.max_depth && *limits.max_depth < 1) {
      throw std::invalid_argument("search_limits: max_depth must be at least 1, not " +
                                  std::to_string(*limits.max_depth));
    }
    if (limits.max_nodes && *limits.max_nodes == 0) {
      throw std::invalid_argument("search_limits: max_nodes must be at least 1");
    }
    detail::budget::check_max_time(limits.max_time, "search_limits");
  }

  result_type run(const Game& game, const search_limits& limits, bool deepening,
                  solve_mode mode = solve_mode::strong) {
    const auto start = std::chrono::steady_clock::now();
    const detail::stop_request::clear_at_end clear_stop(stop_requested_);
    const detail::budget budget(start, limits.max_time, limits.stop, &stop_requested_);
    const std::uint64_t max_nodes = limits.max_nodes.value_or(std::numeric_limits<std::uint64_t>::max());
    const std::size_t threads = threads_;
    // The helpers start at once, or once thread 0 finds the search has run helpers_after.
    const bool deferred = options_.helpers_after > std::chrono::nanoseconds::zero();
    if (threads > 1) {
      if (!team_) team_ = std::make_unique<detail::search_team>();
      if (!pool_) pool_ = std::make_unique<detail::thread_pool>(threads - 1);
      team_->reset();
      team_->pool = pool_.get();
      team_->release = detail::budget(start, options_.helpers_after, nullptr, nullptr);  // its deadline alone
      team_->released = !deferred;
    }
    detail::search_team* team = threads > 1 ? team_.get() : nullptr;
    worker_.begin(game, max_nodes, budget, team, 0);
    if (trace_ != nullptr) trace_->start();  // a terminal root leaves it empty
    if (const auto o = game.outcome()) {
      result_type r;
      r.stats = std::move(worker_.stats());
      r.stats.nodes = 1;
      r.stats.leaves = 1;
      r.value = detail::terminal_score<value_type>(*o);
      r.bound = score_bound::exact;
      r.solved = true;
      r.stats.elapsed = std::chrono::steady_clock::now() - start;
      return r;
    }
    if (threads == 1) {
      result_type r;
      search_thread(worker_, game, limits, deepening, mode, start, nullptr, r);
      r.stats.elapsed = std::chrono::steady_clock::now() - start;
      return r;
    }

    // Lazy SMP: every thread searches the root, sharing the table; the first to complete the
    // search ends it for all and gives the result, else (a budget ended every thread) the
    // thread that got furthest does.
    while (helpers_.size() < threads - 1) {
      helpers_.push_back(std::make_unique<detail::search_worker<Game>>(options_, table_.get()));
    }
    const concurrent_table shared(table_.get(), !deferred);  // else thread 0 shares it when the helpers start
    std::vector<result_type> results(threads);
    pool_->run([&](std::size_t i) {
      detail::search_worker<Game>& w = i == 0 ? worker_ : *helpers_[i - 1];
      const int index = static_cast<int>(i);
      try {
        if (i != 0) w.begin(game, max_nodes, budget, team, index);
        search_thread(w, game, limits, deepening, mode, start, team, results[i]);
      } catch (...) {
        (void)team->claim(index);  // the others stop too
        throw;
      }
    }, deferred);
    // Helpers that were never started searched nothing (and their workers hold the counts
    // of an earlier search).
    const std::size_t ran = team->released ? threads : 1;
    if (table_) {
      table_->add_statistics(worker_.table_counts());
      for (std::size_t i = 1; i < ran; ++i) table_->add_statistics(helpers_[i - 1]->table_counts());
    }
    const int finisher = team->finisher.load(std::memory_order_acquire);
    std::size_t chosen = 0;
    if (finisher >= 0) {
      chosen = static_cast<std::size_t>(finisher);
    } else {
      for (std::size_t i = 1; i < ran; ++i) {
        if (results[i].depth > results[chosen].depth) chosen = i;
      }
    }
    result_type r = std::move(results[chosen]);
    for (std::size_t i = 0; i < ran; ++i) {
      if (i == chosen) continue;
      r.stats.add(results[i].stats);
    }
    r.stats.threads = ran;
    r.stats.elapsed = std::chrono::steady_clock::now() - start;
    return r;
  }

  // Marks a table shared by the threads of a search from the start (on) or not yet, and not
  // shared once the search has ended (detail::set_table_concurrent).
  class concurrent_table {
   public:
    concurrent_table(table_type* t, bool on) : t_(t) { detail::set_table_concurrent(t_, on); }
    concurrent_table(const concurrent_table&) = delete;
    concurrent_table& operator=(const concurrent_table&) = delete;
    ~concurrent_table() { detail::set_table_concurrent(t_, false); }

   private:
    table_type* t_;
  };

  // One thread's search from game, begun on w: iterative deepening (deepening) or a solve,
  // into r. Thread 0 traces and calls the callbacks; in a team, a thread that completes the
  // search claims it (team->claim), and one that finds it claimed gives up. Helper threads
  // stagger their depths: odd ones start an iteration deeper.
  void search_thread(detail::search_worker<Game>& w, const Game& game, const search_limits& limits,
                     bool deepening, solve_mode mode, std::chrono::steady_clock::time_point start,
                     detail::search_team* team, result_type& r) {
    const int index = team == nullptr ? 0 : w.index();
    const bool main = index == 0;
    static const std::function<void(const narrowing_info<Game>&)> no_test;
    detail::root_driver<Game> driver(w, options_, main ? trace_ : nullptr, main ? test_callback_ : no_test, start);
    engine_statistics& stats = w.stats();
    r.pv.reserve(w.line_capacity());
    stats.nodes_by_depth.reserve(64);
    std::uint64_t root_hash = 0;
    if constexpr (hashed_game<Game>) root_hash = static_cast<std::uint64_t>(game.hash());

    const std::int64_t last_depth = deepening ? limits.max_depth.value_or(unlimited_depth - 1) : unlimited;
    const bool narrowed = mode == solve_mode::weak || options_.narrowing;
    std::optional<score_type> previous;
    // A stop requested before the search began ends it before its root is entered.
    const bool stopped = w.stop_requested();
    if (stopped) w.reason() = stop_reason::stopped;
    const std::int64_t first_depth = std::min<std::int64_t>(1 + index % 2, last_depth);
    for (std::int64_t depth = deepening ? first_depth : unlimited; !stopped; ++depth) {
      const std::uint64_t nodes_before = stats.nodes;
      const bool done = driver.step(depth, previous, deepening, narrowed, mode);
      w.check_restored(root_hash);
      if (!done) break;
      const auto& root = w.root();
      const bool last = root.exact || depth >= last_depth;
      if (last && team != nullptr && !team->claim(index)) {
        w.reason() = stop_reason::stopped;  // another thread completed the search first
        break;
      }
      previous = root.value;
      stats.nodes_by_depth.push_back(stats.nodes - nodes_before);
      r.best_move = root.move;
      r.value = root.value;
      r.bound = root.bound;
      r.solved = root.exact;
      r.depth = root.exact ? stats.max_ply : depth;
      driver.collect_pv(game, r, depth);
      if (callback_ && main) {
        const auto elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start);
        info_type info{r.depth, r.value, r.bound, stats.nodes, elapsed,
                       elapsed.count() > 0 ? static_cast<double>(stats.nodes) / elapsed.count() : 0.0,
                       std::span<const move_type>(r.pv)};
        callback_(info);
      }
      if (last) break;
    }
    r.reason = w.reason();
    if (trace_ != nullptr && main) {
      trace_->finish();
      trace_->mark_pv(r.pv);
    }
    if (!r.best_move) {
      // No iteration completed: the best root move seen so far, else the first one generated.
      r.best_move = w.partial_move() ? *w.partial_move() : w.first_move(game);
    }
    r.stats = std::move(stats);
  }

  engine_options options_;
  std::size_t threads_;  // threads that search: options_.threads, capped at the CPUs unless oversubscribe
  std::shared_ptr<table_type> table_;  // shared with the engines given shared_table(), or none
  detail::search_worker<Game> worker_;  // thread 0's
  std::vector<std::unique_ptr<detail::search_worker<Game>>> helpers_;  // the other threads', made at first need
  std::unique_ptr<detail::thread_pool> pool_;                          // their threads
  std::unique_ptr<detail::search_team> team_;                          // what the threads share
  detail::stop_request stop_requested_;
  std::function<void(const info_type&)> callback_;
  std::function<void(const narrowing_info<Game>&)> test_callback_;
  trace_type* trace_ = nullptr;
};

/// search(game, limits) with a fresh engine<Game> (default options). See engine::search.
template <game Game>
[[nodiscard]] engine_result<Game> search(const Game& game, const search_limits& limits = {}) {
  engine<Game> e;
  return e.search(game, limits);
}

/// solve(game, limits) with a fresh engine<Game> (default options, a strong solve). See
/// engine::solve.
template <game Game>
[[nodiscard]] engine_result<Game> solve(const Game& game, const search_limits& limits = {}) {
  engine<Game> e;
  return e.solve(game, limits);
}

}  // namespace gametree
