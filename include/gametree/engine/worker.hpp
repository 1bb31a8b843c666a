#pragma once
// detail::search_worker: one search thread of an engine. It holds what is the thread's own:
// the explicit stack of frames that negamax alpha-beta (fail-soft, with PVS as an option)
// walks instead of recursing, the states (one, made and unmade, or a copy per ply), the
// moves of every frame, the move ordering (killers, history), the line of best play, the
// statistics and the node budget. What the threads of one engine share it reaches by
// pointer: the transposition table; the clock and the stop flags come in a budget per
// search. One iteration from the root at a time; the root drivers (engine/drivers.hpp) make
// a search of iterations, and the engine (search.hpp) a result of the search.
//
// Alpha-beta with fail-soft bounds: Knuth & Moore, "An analysis of alpha-beta pruning",
// Artificial Intelligence 6 (1975); Fishburn, "Three optimizations of alpha-beta search"
// (1983) for fail-soft. Principal variation search: Reinefeld (1983).

#include <gametree/detail/budget.hpp>
#include <gametree/detail/inline.hpp>
#include <gametree/detail/thread_pool.hpp>
#include <gametree/engine/options.hpp>
#include <gametree/engine/ordering.hpp>
#include <gametree/engine/trace.hpp>
#include <gametree/compact_table.hpp>
#include <gametree/detail/hash.hpp>
#include <gametree/game.hpp>
#include <gametree/transposition_table.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace gametree::detail {

// A key() of an unsigned integer type of at most 64 bits (a packed board, as Connect 4's and
// tic-tac-toe's): the table stores it in place of the hash.
template <class G>
concept packed_key_game = keyed_game<G> && std::unsigned_integral<std::remove_cvref_t<decltype(std::declval<const G&>().key())>> &&
                          sizeof(std::remove_cvref_t<decltype(std::declval<const G&>().key())>) <= 8;

// The key a table stores for Game: for a packed key, the key itself as a 64-bit word, in
// either key mode (it costs no more than the hash, and no collision can confuse two states);
// for another key() of type K, table_key<K> (the hash, and the key beside it); without key(),
// the hash alone.
template <class G>
struct engine_key {
  using type = std::uint64_t;
};
template <keyed_game G>
struct engine_key<G> {
  using type = table_key<std::remove_cvref_t<decltype(std::declval<const G&>().key())>>;
};
template <packed_key_game G>
struct engine_key<G> {
  using type = std::uint64_t;
};

// A game whose table is a compact_table: a key of key_bits <= 52 (a smallest table of at most
// 2^12 buckets, 256 KiB), an integer score value, an integer or enum move.
template <class G>
concept compact_table_game = compact_key_game<G> && (G::key_bits <= 52) && std::is_integral_v<game_value_t<G>> &&
                             (std::is_integral_v<typename G::move_type> || std::is_enum_v<typename G::move_type>);

// A game whose table entries are shared by symmetric states: a symmetric_game with a packed
// key (the canonical key is then the table's key and hash).
template <class G>
concept symmetric_table_game = symmetric_game<G> && packed_key_game<G>;

// The engine's table for G, and where a state goes in it, found once a node: the hash, or a
// compact table's place (the key mixed, which picks the bucket and the entry's check). bits():
// the place as a number, as distinct as the states (the busy marks').
template <class G>
struct engine_table {
  using type = transposition_table<typename engine_key<G>::type, typename G::move_type, game_value_t<G>>;
  using place = std::uint64_t;
  static place locate(std::uint64_t hash) noexcept { return hash; }
  static std::uint64_t bits(place at) noexcept { return at; }
};
template <compact_table_game G>
struct engine_table<G> {
  using type = compact_table<typename G::move_type, game_value_t<G>, G::key_bits>;
  using place = typename type::place_type;
  static place locate(std::uint64_t key) noexcept { return type::locate(key); }
  static std::uint64_t bits(place at) noexcept { return at.bits(); }
};

// The type of player_to_move() for a game that reports it; else bool, never compared.
template <class G>
struct engine_player {
  using type = bool;
};
template <turn_reporting_game G>
struct engine_player<G> {
  using type = std::remove_cvref_t<decltype(std::declval<const G&>().player_to_move())>;
};
template <class G>
using player_t = typename engine_player<G>::type;

// The player to move at g, where the game says; else nothing to compare.
template <game Game>
player_t<Game> player_at(const Game& g) {
  if constexpr (turn_reporting_game<Game>) {
    return g.player_to_move();
  } else {
    (void)g;
    return player_t<Game>{};
  }
}

// What the threads of one parallel search share besides the table and the budget: the nodes
// all of them have entered (for max_nodes), the thread that ended the search for all (it
// finished, or it threw), which every other thread sees within 1024 nodes, and the states
// some thread is searching now (busy), which the others put off.
// On cache lines of its own: every thread reads it at every node (the marks), and a line
// shared with what a thread writes at every node would pass between the cores.
struct alignas(64) search_team {
  std::atomic<std::uint64_t> nodes{0};
  std::atomic<int> finisher{-1};

  // The helpers of a search start once thread 0 finds release past its deadline (it looks
  // every 1024 nodes): a search that ends sooner is made by thread 0 alone, without waking
  // them. Read and written by thread 0 alone (and by the engine after the search).
  thread_pool* pool = nullptr;
  budget release;
  bool released = true;
  void release_helpers() {
    released = true;
    pool->release();
  }

  // The busy marks: a state's place (engine_table<G>::bits() of its table place) in one of
  // busy_slots words, overwritten by the next state that lands there; so a mark may be lost
  // (two threads then search the state at once, as without marks) or, rarely, a state taken
  // for another (put off for nothing). Only the order of moves depends on them, never a value.
  static constexpr std::size_t busy_slots = std::size_t{1} << 14;
  std::vector<std::atomic<std::uint64_t>> busy = std::vector<std::atomic<std::uint64_t>>(busy_slots);

  static std::size_t busy_index(std::uint64_t hash) noexcept {
    return static_cast<std::size_t>(mix64(hash) >> 50);  // the top 14 bits
  }
  // The word a mark writes: never 0 (an empty slot).
  static std::uint64_t busy_word(std::uint64_t hash) noexcept { return hash | 1U; }
  void mark(std::uint64_t hash) noexcept {
    busy[busy_index(hash)].store(busy_word(hash), std::memory_order_relaxed);
  }
  void unmark(std::uint64_t hash) noexcept {
    std::atomic<std::uint64_t>& slot = busy[busy_index(hash)];
    std::uint64_t w = busy_word(hash);
    (void)slot.compare_exchange_strong(w, 0, std::memory_order_relaxed);  // unless another state took it
  }
  [[nodiscard]] bool is_busy(std::uint64_t hash) const noexcept {
    return busy[busy_index(hash)].load(std::memory_order_relaxed) == busy_word(hash);
  }
  // Before a search: no nodes, no finisher, no marks. O(busy_slots).
  void reset() noexcept {
    nodes.store(0, std::memory_order_relaxed);
    finisher.store(-1, std::memory_order_relaxed);
    for (std::atomic<std::uint64_t>& w : busy) w.store(0, std::memory_order_relaxed);
  }
  // Thread index ends the search for all, unless another thread did first.
  bool claim(int index) noexcept {
    int none = -1;
    return finisher.compare_exchange_strong(none, index, std::memory_order_acq_rel) || none == index;
  }
  [[nodiscard]] bool ended_for(int index) const noexcept {
    const int f = finisher.load(std::memory_order_relaxed);
    return f >= 0 && f != index;
  }
};

// Tells a table that several threads probe and store at once from now on (a
// transposition_table then locks its buckets; a compact_table reads and writes its words as
// atomics), or no longer. Only while no other thread uses it. nullptr: no table.
template <class Table>
void set_table_concurrent(Table* t, bool on) {
  if (t != nullptr) t->set_concurrent(on);
}

// One thread's search: its frames, states, moves, counts and budget checks, written at every
// node by that thread alone. The engine makes its helpers' workers on the caller's thread, so
// a helper's worker was allocated beside thread 0's buffers: in one run its first fields
// shared a cache line with the end of thread 0's state, which changes at every move, and the
// line passed between the cores at every node. So a worker has cache lines of its own
// (alignas), and its buffers are allocated by begin(), on the thread that searches with them.
// Two threads solving Connect 4 after 4444 (weak, 64 MiB) entered 1.26x to 1.65x one
// thread's nodes a second before, and 1.69x to 2.17x after (docs/parallel.md).
template <game Game>
class alignas(64) search_worker {
 public:
  using move_type = typename Game::move_type;
  using value_type = game_value_t<Game>;
  using score_type = score<value_type>;
  using trace_type = engine_trace<Game>;
  using key_type = typename engine_key<Game>::type;
  using table_type = typename engine_table<Game>::type;
  using table_spot = typename engine_table<Game>::place;
  // An entry found in the table (a pointer into it, or a compact table's copy), or none.
  using lookup = typename table_type::lookup;

  // The depth of an unlimited search: decremented like any other, it never reaches 0 (the
  // horizon), and only an entry of unlimited_depth (no depth limit under it) answers it.
  static constexpr std::int64_t unlimited = std::int64_t{1} << 62;

  // What the last iteration found at the root (its score, whether no depth limit touched it,
  // what the score is, the move): the drivers read it, and change it where a series of
  // iterations concludes more than its last one did.
  struct root_result {
    score_type value{};
    bool exact = false;
    score_bound bound = score_bound::exact;
    std::optional<move_type> move;
  };

  // table: shared with the other workers of the engine, or nullptr (no table).
  search_worker(const engine_options& options, table_type* table)
      : options_(options), order_(options), table_(table) {
    use_undo_ = undoable_game<Game> && options_.use_undo;
    exact_keys_ = keyed_game<Game> && options_.exact_keys;
    pv_cap_ = std::min(options_.max_pv_length, pv_rows);
  }

  // A search from root begins: statistics and buffers reset, max_nodes nodes allowed, the
  // clock and the stop flags in b; team: the parallel search this worker is thread index of
  // (max_nodes then counts the nodes of every thread), or nullptr.
  void begin(const Game& root, std::uint64_t max_nodes, const budget& b, search_team* team = nullptr,
             int index = 0) {
    budget_ = b;
    max_nodes_ = max_nodes;
    team_ = team;
    index_ = index;
    // Thread 0 of a team whose helpers start later searches as one thread until they do.
    share_table(team_ != nullptr && (index_ != 0 || team_->released));
    reported_ = 0;
    table_counts_ = {};
    next_check_ = team_ != nullptr ? 1024 : std::min<std::uint64_t>(max_nodes_, 1024);
    stats_ = engine_statistics{};
    reason_ = stop_reason::completed;
    moves_.clear();
    partial_move_.reset();
    // The buffers are made here, on the thread that searches with them, not in the
    // constructor: the allocator then takes them from that thread's memory, away from what
    // another thread writes (see the class's alignas).
    if (pv_length_.size() != pv_cap_) {
      pv_.resize(pv_cap_ * pv_cap_);
      pv_length_.resize(pv_cap_);
    }
    if (states_.empty()) {
      states_.push_back(root);
    } else {
      states_[0] = root;
    }
    if (table_ != nullptr && index_ == 0) table_->new_search();  // once a search, by thread 0 before the others start
    order_.age();
    if constexpr (payoff_bounded_game<Game>) {
      const payoff_bounds range = checked_payoff_bounds(root);
      payoff_low_ = range.lower;
      payoff_high_ = range.upper;
      // A payoff is for the player to move at the end: for the player of a state above, where
      // the player changed, it is negated. So a state's value lies in this range.
      value_low_ = std::min(range.lower, -range.upper);
      value_high_ = std::max(range.upper, -range.lower);
    }
  }

  // One iteration at the given depth from the root state, with the window (alpha, beta),
  // traced to trace (or not at all; a trace keeps the iteration once it completes). Returns
  // false if a budget ended it; the root's best move so far is then partial_move().
  bool iterate(std::int64_t depth, const score_type& alpha, const score_type& beta, trace_type* trace) {
    const bool done = iterate_with(depth, alpha, beta, trace);
    if (done && trace != nullptr) trace->commit();
    return done;
  }

  [[nodiscard]] Game& root_state() noexcept { return states_[0]; }
  // Its thread index in a team (0 alone).
  [[nodiscard]] int index() const noexcept { return index_; }
  // In a team, the table stores it made since begin() (a concurrent table counts none).
  [[nodiscard]] const table_statistics& table_counts() const noexcept { return table_counts_; }
  // A stop was asked for (the budget's stop flags).
  [[nodiscard]] bool stop_requested() const noexcept { return budget_.stop_requested(); }
  [[nodiscard]] root_result& root() noexcept { return root_; }
  [[nodiscard]] engine_statistics& stats() noexcept { return stats_; }
  [[nodiscard]] stop_reason& reason() noexcept { return reason_; }
  [[nodiscard]] const std::optional<move_type>& partial_move() const noexcept { return partial_move_; }
  // The line of best play the last iteration collected, at most line_capacity() moves.
  [[nodiscard]] std::span<const move_type> line() const noexcept {
    return pv_cap_ == 0 ? std::span<const move_type>() : std::span<const move_type>(pv_.data(), pv_length_[0]);
  }
  [[nodiscard]] std::size_t line_capacity() const noexcept { return pv_cap_; }

  // What the table holds for state g, or none (no table, no entry). Changes nothing.
  [[nodiscard]] lookup probe(const Game& g) const {
    if constexpr (hashed_game<Game>) {
      if (table_ == nullptr) return lookup{};
      const table_spot hash = table_place(g).hash;
      if constexpr (compact_table_game<Game>) {
        return table_->probe(hash);
      } else {
        return with_key(g, hash, [&](const auto& k) { return table_->probe(hash, k); });
      }
    } else {
      (void)g;
      return lookup{};
    }
  }

  // The move of g's table entry if the entry is exact, of the given remaining depth (or of no
  // limit), holds the value v the line expects at this ply, and its move is legal. For a game
  // with hash() (without, there is no table to ask).
  std::optional<move_type> exact_table_move(const Game& g, const score_type& v, std::int64_t ply,
                                            std::int64_t remaining) {
    if (table_ == nullptr) return std::nullopt;
    const place at = table_place(g);
    const auto e = table_probe(g, at.hash);
    if (!e || !e->has_move || e->bound != score_bound::exact ||
        (e->depth != unlimited_depth && e->depth != remaining) || access::to_root(e->value, ply) != v) {
      return std::nullopt;
    }
    const move_type m = map_table_move(g, e->move, at.transform, false);
    const std::size_t first = moves_.size();
    g.legal_moves(moves_);
    const bool legal = std::find(moves_.begin() + static_cast<std::ptrdiff_t>(first), moves_.end(), m) != moves_.end();
    moves_.resize(first);
    if (!legal) return std::nullopt;
    return m;
  }

  // The first move generated at g (of search_moves() where the game has it): the answer of a
  // search that completed no iteration and saw no move.
  move_type first_move(const Game& g) {
    moves_.clear();
    generate(g);
    if (moves_.empty()) check_generated<Game>(0, 0);
    return moves_.front();
  }

  // Forgets the killers and the history.
  void clear() { order_.clear(); }

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

 private:
  using access = score_access<value_type>;
  using player_type = player_t<Game>;

  // Where a frame is with the child it searches: with the frame's window, with a null window
  // around alpha (PVS's probe), or about to search the same child again with the full window
  // because the probe beat alpha.
  enum class stage : std::uint8_t { full, probe, research };

  // One node of the search path; frames_[p] is the node at ply p.
  struct frame {
    score_type alpha, beta, best;
    table_spot hash;          // where it goes in the table (table_place)
    std::uint32_t first, last, next, best_index;  // its moves: moves_[first, last)
    std::uint32_t fresh_end;  // moves_[fresh_end, last): put off once (a thread was on them)
    std::int64_t depth;  // plies to go; >= unlimited: no limit
    std::uint64_t entered;  // stats_.nodes when it was entered: the table weighs a result by its work
    bool same_player;  // this node's player moved at the parent too
    bool exact;        // no depth limit touched the subtree searched so far
    bool improved;     // alpha rose: the best score is not an upper bound
    stage at;          // the child being searched, or the next one
    std::uint8_t transform;  // the symmetry to its canonical image (table_place)
    bool marked;             // busy in the team's marks while it is searched
    bool chance;             // a chance state: its value is the mean of its outcomes'
    bool probe_only;         // Star2's probe of an outcome: its first move alone is searched
    player_type player;
  };

  // What a chance state's frame adds (chance_[p] for the frame at ply p): the probability-
  // weighted sum of the outcomes searched, the window the outcome being searched has (for the
  // frame's player), the bounds of the outcomes after it summed with their probabilities, and
  // the outcome the line of best play assumes (the most probable, the first among equals).
  // Each outcome's own bounds are in outcome_low_ and outcome_high_, beside its move.
  struct chance_frame {
    double sum = 0;
    double low = 0, high = 0;  // the outcome's window; -inf / +inf: none on that side
    double after_low = 0, after_high = 0;
    std::uint32_t line_outcome = 0;
    bool pruned = false;   // the game's payoff bounds give windows and cuts (Star1, Star2)
    bool probing = false;  // Star2's first pass: one move of each outcome's state, for bounds
    bool wide = false;     // the outcome is searched again with no window (a cut rounding denied)
  };

  // A node answered at once (a terminal, the depth limit, the table, the game's bounds), or
  // pushed: its frame is on the path.
  struct answer {
    score_type value;
    bool exact;
    bool pushed;
    bool put_off = false;  // not entered: another thread is searching it (enter's busy check)
  };

  static constexpr std::uint32_t npos = static_cast<std::uint32_t>(-1);
  // The plies from the root whose states a thread of a team marks busy while it searches them.
  static constexpr std::size_t busy_plies = 16;
  // ... if at least this many plies remain to the depth limit (a solve has none): below, a
  // subtree is too small to be worth sharing, and a mark costs more than it saves (the
  // marks' cache lines pass between the cores at every node). Of 0, 2, 3, 4, 5, 6 and 8, 5 and
  // 6 measured best on depth-limited Connect 4 and tic-tac-toe searches (docs/parallel.md).
  static constexpr std::int64_t busy_depth = 6;
  // The most plies of a line a search collects itself (the drivers extend it): the buffer is
  // pv_rows^2 moves, whatever max_pv_length is.
  static constexpr std::size_t pv_rows = 64;

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

  // Where g goes in the table: the hash, or a compact table's place of its key, or for a
  // symmetric game of its canonical key (checked against key_bits for a compact table); and
  // the symmetry that takes g to its canonical image (0: none), which the table's moves are
  // stored under.
  struct place {
    table_spot hash;
    std::uint8_t transform;
  };
  place table_place(const Game& g) const {
    std::uint64_t k = 0;
    std::uint8_t transform = 0;
    if constexpr (symmetric_table_game<Game>) {
      const canonical_form<std::remove_cvref_t<decltype(g.key())>> c = g.canonical();
      if (c.transform < 0 || c.transform > 255) [[unlikely]] {
        throw game_contract_error("game contract: canonical() must give a transform of 0 .. 255, not " +
                                  std::to_string(c.transform));
      }
      k = static_cast<std::uint64_t>(c.key);
      transform = static_cast<std::uint8_t>(c.transform);
    } else if constexpr (compact_table_game<Game>) {
      k = static_cast<std::uint64_t>(g.key());
    } else {
      return {static_cast<std::uint64_t>(g.hash()), 0};
    }
    if constexpr (compact_table_game<Game>) {
      if constexpr (Game::key_bits < 64) {
        if ((k >> Game::key_bits) != 0) [[unlikely]] {
          throw game_contract_error("game contract: key() must be below 2^key_bits = 2^" +
                                    std::to_string(Game::key_bits) + ", but returned " + std::to_string(k));
        }
      }
    }
    return {engine_table<Game>::locate(k), transform};
  }

  // A move as the table keeps it, played in g's canonical image (into), or the table's move as
  // played in g (!into).
  static move_type map_table_move(const Game& g, const move_type& m, std::uint8_t transform, bool into) {
    if constexpr (symmetric_table_game<Game>) {
      if (transform == 0) return m;
      return static_cast<move_type>(into ? g.to_canonical(m, transform) : g.from_canonical(m, transform));
    } else {
      (void)g;
      (void)transform;
      (void)into;
      return m;
    }
  }

  // A copy of the table's entry for g, placed at hash (table_place), or none: safe while
  // other threads store into the table.
  auto table_probe(const Game& g, table_spot hash) const {
    if constexpr (compact_table_game<Game>) {
      (void)g;
      return table_->probe(hash);
    } else {
      return with_key(g, hash, [&](const auto& k) { return table_->read(hash, k); });
    }
  }

  // Calls f with what the table looks g up by: a packed key itself (for a symmetric game the
  // canonical key, which is the hash); the hash, or the hash and
  // a reference to g.key() (no copy of the key is made unless an entry stores it).
  template <class F>
  decltype(auto) with_key(const Game& g, std::uint64_t hash, F&& f) const {
    if constexpr (symmetric_table_game<Game>) {
      (void)g;
      return f(hash);
    } else if constexpr (packed_key_game<Game>) {
      (void)hash;
      return f(static_cast<std::uint64_t>(g.key()));
    } else if constexpr (keyed_game<Game>) {
      using ref = table_key_ref<std::remove_cvref_t<decltype(g.key())>>;
      if (exact_keys_) {
        const auto& k = g.key();
        return f(ref{hash, &k});
      }
      return f(ref{hash, nullptr});
    } else {
      return f(hash);
    }
  }

  // Whether other threads use the table too: its stores are then counted here, and the
  // first busy_plies plies are marked.
  void share_table(bool on) noexcept {
    shares_table_ = on;
    mark_plies_ = on && table_ != nullptr ? busy_plies : 0;
  }

  // Checked before every node but the root: the node budget exactly, the clock and the stop
  // flags every 1024 nodes. One comparison in the common case: next_check_ is the nearer of
  // the node limit and the next multiple of 1024.
  GAMETREE_DETAIL_INLINE bool out_of_budget() {
    if (stats_.nodes < next_check_) return false;
    return slow_budget_check();
  }

  // In a team, the nodes since the last check go to the team's count every 1024 nodes, and
  // the search also ends when another thread has ended it for all.
  bool slow_budget_check() {
    if (team_ != nullptr) {
      const std::uint64_t fresh = stats_.nodes - reported_;
      reported_ = stats_.nodes;
      if (team_->nodes.fetch_add(fresh, std::memory_order_relaxed) + fresh >= max_nodes_) {
        reason_ = stop_reason::nodes;
        return true;
      }
      if (team_->ended_for(index_)) {
        reason_ = stop_reason::stopped;
        return true;
      }
      next_check_ = (stats_.nodes | 1023U) + 1;
    } else {
      if (stats_.nodes >= max_nodes_) {
        reason_ = stop_reason::nodes;
        return true;
      }
      next_check_ = std::min(max_nodes_, (stats_.nodes | 1023U) + 1);
    }
    if (budget_.stop_requested()) {
      reason_ = stop_reason::stopped;
      return true;
    }
    if (budget_.past_deadline()) {
      reason_ = stop_reason::time;
      return true;
    }
    // Not in a check that ends the search: the helpers would start for nothing.
    if (team_ != nullptr && index_ == 0 && !team_->released && team_->release.past_deadline()) {
      // Between two nodes of thread 0's, so the table is not in use: from now on shared. The
      // states on thread 0's path stay unmarked until it leaves them.
      set_table_concurrent(table_, true);
      share_table(true);
      team_->release_helpers();
    }
    return false;
  }

  // The root, once per iteration, through a call that is not inlined: the search loop then
  // holds one inlined copy of enter, at its one call for a child.
  [[gnu::noinline]] answer enter_root(const score_type& alpha, const score_type& beta, std::int64_t depth) {
    return enter(alpha, beta, depth, false, 0, false, false);
  }

  // Enters the current state with window (alpha, beta) and depth plies to go: answers it at
  // once, or pushes its frame. The node and how it was answered go to tracing_, if set.
  // put_off_busy: a state another thread of the team is searching is not entered but put
  // off (answer::put_off), to be searched after the frame's other moves. probe_only: Star2's
  // probe, a frame that searches its first move alone.
  GAMETREE_DETAIL_INLINE answer enter(score_type alpha, score_type beta, std::int64_t depth,
                                      bool same_player, std::size_t p, bool put_off_busy, bool probe_only) {
    const Game& g = *game_;
    const auto ply = static_cast<std::int64_t>(p);
    table_spot hash{};
    std::uint8_t transform = 0;
    if constexpr (hashed_game<Game>) {
      // A node at the horizon is answered by outcome() or evaluate(), never by the table: it
      // needs no place (a hash, a canonical key) and no bucket, and no thread puts it off.
      if (table_ != nullptr && (!evaluated_game<Game> || depth != 0)) {
        const place at = table_place(g);
        hash = at.hash;
        transform = at.transform;
        if (put_off_busy && team_->is_busy(engine_table<Game>::bits(hash))) return {score_type{}, false, false, true};
        table_->prefetch(hash);  // the bucket arrives while outcome() and the bounds run
      }
    }
    (void)put_off_busy;
    ++stats_.nodes;
    using status = typename trace_type::status;
    trace_type* const tracing = tracing_;  // read once: the calls below could change it, as far as the compiler knows
    auto answered = [&](const answer& a, status how, score_bound bound = score_bound::exact) {
      if (tracing != nullptr) [[unlikely]] tracing->leave(p, a.value, how, bound);
      return a;
    };
    if (tracing != nullptr) [[unlikely]] tracing->enter(p, p == 0 ? nullptr : &moves_[frames_[p - 1].next - 1], alpha, beta);
    if (const auto o = g.outcome()) {
      ++stats_.leaves;
      const score_type v = terminal_score<value_type>(*o);
      if constexpr (payoff_bounded_game<Game>) check_in_bounds(v, "outcome() returned the payoff");
      return answered({access::to_root(v, ply), true, false}, status::terminal);
    }
    if constexpr (evaluated_game<Game>) {
      if (depth == 0) {
        ++stats_.leaves;
        const score_type v = evaluation(g);
        if constexpr (payoff_bounded_game<Game>) check_in_bounds(v, "evaluate() returned");
        return answered({v, false, false}, status::horizon);
      }
    }
    // The game's bounds before the table: a node they answer needs no probe, and the work
    // they take hides part of the wait for the table's bucket (prefetched above).
    const std::size_t first = moves_.size();
    bool generated = false;  // by expand(), with the bounds
    if constexpr (bounded_game<Game>) {
      if (p > 0) {
        score_range<value_type> r;
        if constexpr (child_expanding_game<Game>) {
          // Below the root's children, a state reached by one of the moves its parent's
          // expand() listed (its bounds not exact, or it would not have searched them).
          r = p >= 2 && !frames_[p - 1].chance ? g.expand_child(moves_) : g.expand(moves_);
          generated = true;
        } else if constexpr (expanding_game<Game>) {
          r = g.expand(moves_);
          generated = true;
        } else {
          r = g.score_bounds();
        }
        check_bounds<Game>(r);
        const score_type lower = access::to_root(r.lower, ply);
        const score_type upper = access::to_root(r.upper, ply);
        // Answered by the bounds: the moves expand() appended are not searched.
        const auto bounded = [&](const score_type& v, score_bound bound) {
          moves_.resize(first);
          return answered({v, true, false}, status::bounds, bound);
        };
        if (!(alpha < upper)) return bounded(upper, score_bound::upper);
        if (!(lower < beta)) return bounded(lower, score_bound::lower);
        if (lower == upper) return bounded(lower, score_bound::exact);  // the game knows the value
        // Narrowed to just outside [lower, upper], so that a child scoring lower or upper
        // still counts as inside the window (an exact score, on the line of best play).
        const score_type below = access::predecessor(lower);
        const score_type above = access::successor(upper);
        if (alpha < below) alpha = below;
        if (above < beta) beta = above;
      }
    }
    std::optional<move_type> table_move;
    if constexpr (hashed_game<Game>) {
      if (table_ != nullptr) {
        ++stats_.tt_probes;
        const auto e = table_probe(g, hash);
        if (e) {
          ++stats_.tt_hits;
          if (e->has_move) {
            table_move = map_table_move(g, e->move, transform, false);
            if (tracing != nullptr) [[unlikely]] tracing->table_move(p);
          }
          if (p > 0 && (e->depth == unlimited_depth || e->depth >= depth)) {
            const score_type v = access::to_root(e->value, ply);
            if (e->bound == score_bound::exact ||
                (e->bound == score_bound::lower && !(v < beta)) ||
                (e->bound == score_bound::upper && !(alpha < v))) {
              ++stats_.tt_cutoffs;
              moves_.resize(first);
              return answered({v, e->depth == unlimited_depth, false}, status::table, e->bound);
            }
          }
        }
      }
    }
    bool chance = false;
    if constexpr (chance_game<Game>) chance = static_cast<bool>(g.is_chance());
    if (chance) {
      moves_.resize(first);  // what expand() appended: a chance state's moves are its outcomes
      if constexpr (chance_game<Game>) generate_outcomes(g, first);
    } else if (!generated) {
      generate(g);
    }
    const std::size_t last = moves_.size();
    if (last <= first) check_generated<Game>(first, last);
    // GCOVR_EXCL_START: 2^32 moves on one path need more than 16 GiB of moves.
    if (last > std::numeric_limits<std::uint32_t>::max()) {
      throw std::length_error("search: more than 2^32 moves on the search path");
    }
    // GCOVR_EXCL_STOP
    // A chance state's outcomes keep their order: the mean is summed in it.
    if (options_.move_ordering && !chance) order_.order(g, moves_, first, last, table_move, p);
    if (p >= frames_.size()) frames_.resize(p + 1);
    if (ply >= stats_.max_ply) stats_.max_ply = ply + 1;  // its children are entered
    if (p < pv_cap_) pv_length_[p] = 0;
    frame& f = frames_[p];
    f.alpha = alpha;
    f.beta = beta;
    f.best = access::neg_inf();
    f.hash = hash;
    f.transform = transform;
    f.first = static_cast<std::uint32_t>(first);
    f.last = static_cast<std::uint32_t>(last);
    f.next = static_cast<std::uint32_t>(first);
    f.fresh_end = static_cast<std::uint32_t>(last);
    f.best_index = npos;
    f.marked = p < mark_plies_ && depth >= busy_depth;
    if (f.marked) team_->mark(engine_table<Game>::bits(hash));
    f.depth = depth;
    f.entered = stats_.nodes;
    f.same_player = same_player;
    f.exact = true;
    f.improved = false;
    f.at = stage::full;
    f.chance = chance;
    if constexpr (turn_reporting_game<Game>) f.player = g.player_to_move();
    if constexpr (chance_game<Game>) {
      f.probe_only = false;
      if (chance) {
        if (p >= chance_.size()) chance_.resize(p + 1);
        chance_frame& c = chance_[p];
        c = chance_frame{};
        auto line = static_cast<std::uint32_t>(first);
        for (auto i = static_cast<std::uint32_t>(first); i < last; ++i) {
          if (probabilities_[i] > probabilities_[line]) line = i;
          outcome_low_[i] = value_low_;
          outcome_high_[i] = value_high_;
        }
        c.line_outcome = line;
        f.best_index = line;  // the outcome the table keeps and a chance root reports
        c.pruned = payoff_bounded_game<Game> && options_.chance != chance_pruning::none;
        // Star2's probes are searched again in the second pass, where the table answers them:
        // without a table they would be searched twice, and below a probe, probes of probes
        // multiply that. So Star1 there.
        c.probing = c.pruned && options_.chance == chance_pruning::star2 && table_ != nullptr && probes_open_ == 0;
      } else if (probe_only) {
        f.probe_only = true;
        f.last = f.first + 1;
        ++probes_open_;
      }
    } else {
      (void)probe_only;
    }
    return {score_type{}, true, true};
  }

  // Appends the outcomes of chance state g to the moves (from first), their probabilities to
  // probabilities_ at the same places.
  void generate_outcomes(const Game& g, std::size_t first) {
    outcomes_.clear();
    g.chance_outcomes(outcomes_);
    check_chance_outcomes(outcomes_, 0);
    if (probabilities_.size() < first + outcomes_.size()) {
      probabilities_.resize(first + outcomes_.size());
      outcome_low_.resize(first + outcomes_.size());
      outcome_high_.resize(first + outcomes_.size());
    }
    for (std::size_t k = 0; k < outcomes_.size(); ++k) {
      moves_.push_back(outcomes_[k].move);
      probabilities_[first + k] = outcomes_[k].probability;
    }
  }

  // A chance game's payoff or evaluation v lies within its payoff_bounds (Star1's cuts count
  // on it).
  void check_in_bounds(const score_type& v, const char* what) const {
    const double x = as_real(v);
    if (!(x >= payoff_low_ && x <= payoff_high_)) {
      throw game_contract_error(std::string("game contract: ") + what + " " + std::to_string(x) +
                                ", outside payoff_bounds() [" + std::to_string(payoff_low_) + ", " +
                                std::to_string(payoff_high_) + "]");
    }
  }

  // A score of a chance game as a real number (a bound beyond every value: an infinity), and back.
  static double as_real(const score_type& s) noexcept {
    if (s.is_win()) return std::numeric_limits<double>::infinity();
    if (s.is_loss()) return -std::numeric_limits<double>::infinity();
    return static_cast<double>(s.value());
  }
  static score_type from_real(double x) {
    if (x == std::numeric_limits<double>::infinity()) return access::pos_inf();
    if (x == -std::numeric_limits<double>::infinity()) return access::neg_inf();
    return score_type::of(static_cast<value_type>(x));
  }

  // Before outcome i of the chance frame f at ply p (Ballard's *-minimax, 1983): with the
  // outcomes searched so far summing to S and every other outcome j still open within its
  // bounds [lo_j, hi_j] (the values the payoff bounds allow at first, for either player;
  // Star2's probes narrow them), the frame is cut
  // at once if its mean is sure to be at or below alpha or at or above beta; an outcome whose
  // value is known already is taken; else outcome i gets the window that decides a cut: at or
  // below (alpha - S - sum p_j hi_j) / p_i the mean fails low, at or above
  // (beta - S - sum p_j lo_j) / p_i high. Returns whether outcome i is to be searched. In
  // Star2's first pass every other outcome is open and S is 0.
  bool chance_before(frame& f, std::uint32_t i, std::size_t p) {
    chance_frame& c = chance_[p];
    constexpr double inf = std::numeric_limits<double>::infinity();
    c.low = -inf;
    c.high = inf;
    if (!c.pruned || c.wide) return true;
    double rest_low = 0;
    double rest_high = 0;
    for (std::uint32_t j = c.probing ? f.first : i; j < f.last; ++j) {
      if (j == i) continue;
      rest_low += probabilities_[j] * outcome_low_[j];
      rest_high += probabilities_[j] * outcome_high_[j];
    }
    const double pi = probabilities_[i];
    const double sum = c.probing ? 0.0 : c.sum;
    const double alpha = as_real(f.alpha);
    const double beta = as_real(f.beta);
    const double most = sum + rest_high + pi * outcome_high_[i];
    const double least = sum + rest_low + pi * outcome_low_[i];
    if (most <= alpha || least >= beta) {
      const bool high = least >= beta;
      f.best = from_real(high ? least : most);
      f.improved = high;  // a lower bound at or above beta, or an upper one at or below alpha
      c.probing = false;
      ++stats_.cutoffs;
      f.next = f.last;
      if (tracing_ != nullptr) [[unlikely]] tracing_->prune(p, &moves_[i], moves_.data() + f.last);
      return false;
    }
    if (!c.probing && outcome_low_[i] == outcome_high_[i]) {  // a probe found its value
      c.sum += pi * outcome_low_[i];
      if (i == c.line_outcome && p < pv_cap_) update_pv(i, p, false);
      if (f.next == f.last) {
        f.best = from_real(c.sum);
        f.improved = true;
      }
      return false;
    }
    const double low = (alpha - sum - rest_high) / pi;
    const double high = (beta - sum - rest_low) / pi;
    if (low >= outcome_low_[i]) c.low = low;  // below the outcome's least value it could not fail low
    if (high <= outcome_high_[i]) c.high = high;
    if (!(c.low < c.high)) c.high = std::nextafter(c.low, inf);  // rounding closed it
    c.after_low = rest_low;
    c.after_high = rest_high;
    return true;
  }

  // Outcome i of the chance frame f at ply p returned v (for the frame's player). In Star2's
  // first pass it narrows the outcome's bounds: an answer at once (fail-soft: exact inside its
  // window, else a bound on that side), or a probe's first move, which bounds the outcome's
  // state from below for its own player (probe_lower: it beat the probe's alpha) - from above
  // for the frame's where the player changes (not same). In the second pass the frame is cut
  // where v, a bound, proves its mean outside the frame's window; if rounding leaves the proof
  // short, the outcome is searched again with no window.
  void absorb_outcome(frame& f, std::uint32_t i, const score_type& value, bool child_exact, bool same, std::size_t p,
                      bool child_line, bool probe_lower) {
    chance_frame& c = chance_[p];
    const double v = as_real(value);
    f.exact = f.exact && child_exact;
    if (c.probing) {
      double& lo = outcome_low_[i];
      double& hi = outcome_high_[i];
      if (child_line) {
        if (probe_lower) {
          if (same) {
            lo = std::max(lo, v);
          } else {
            hi = std::min(hi, v);
          }
        }
      } else if (v <= c.low) {
        hi = std::min(hi, v);
      } else if (v >= c.high) {
        lo = std::max(lo, v);
      } else {
        lo = v;
        hi = v;
      }
      return;
    }
    const double pi = probabilities_[i];
    if (v <= c.low || v >= c.high) {
      const bool low = v <= c.low;
      const double bound = c.sum + pi * v + (low ? c.after_high : c.after_low);
      if (low ? bound <= as_real(f.alpha) : bound >= as_real(f.beta)) {
        f.best = from_real(bound);
        f.improved = !low;  // a lower bound above beta, or an upper one below alpha
        if (f.next < f.last) {
          ++stats_.cutoffs;
          f.next = f.last;
        }
        return;
      }
      c.wide = true;
      f.next = i;
      return;
    }
    c.wide = false;
    c.sum += pi * v;
    if (i == c.line_outcome && p < pv_cap_) update_pv(i, p, child_line);
    if (f.next == f.last) {
      f.best = from_real(c.sum);
      f.improved = true;
    }
  }

  // The moves to search: search_moves() where the game has it, else every legal move.
  void generate(const Game& g) {
    if constexpr (pruning_game<Game>) {
      g.search_moves(moves_);
    } else {
      g.legal_moves(moves_);
    }
  }

  // The line at ply p becomes moves_[i] followed by the child's line (child_line: whether the
  // child was searched, rather than answered at once with no line). Inlined for the common
  // case, a line of one move (the child answered at once, or its own line empty).
  GAMETREE_DETAIL_INLINE void update_pv(std::size_t i, std::size_t p, bool child_line) {
    pv_[p * pv_cap_] = moves_[i];
    pv_length_[p] = 1;
    if (child_line && p + 1 < pv_cap_ && pv_length_[p + 1] != 0) append_child_line(p);
  }
  void append_child_line(std::size_t p) {
    const std::size_t cap = pv_cap_;
    move_type* row = &pv_[p * cap];
    const move_type* below = &pv_[(p + 1) * cap];
    const std::size_t take = std::min(pv_length_[p + 1], cap - 1);
    for (std::size_t j = 0; j < take; ++j) row[j + 1] = below[j];
    pv_length_[p] = take + 1;
  }

  // The child searched from moves_[i] returned child (its own point of view).
  // probe_lower: see absorb_outcome.
  GAMETREE_DETAIL_INLINE void absorb(frame& f, std::uint32_t i, const score_type& child,
                                     bool child_exact, bool same, std::size_t p, bool child_line,
                                     bool probe_lower = false) {
    const score_type s = same ? child : access::negate(child);
    if constexpr (chance_game<Game>) {
      if (f.chance) {
        absorb_outcome(f, i, s, child_exact, same, p, child_line, probe_lower);
        return;
      }
    } else {
      (void)probe_lower;
    }
    if (f.at == stage::probe) {
      f.at = stage::full;
      if (access::greater(s, f.alpha) && access::greater(f.beta, s)) {
        f.next = i;  // beat the null window: the same move again, with the full window
        f.at = stage::research;
        return;
      }
    }
    f.exact = f.exact && child_exact;
    if (!access::greater(s, f.best)) return;
    f.best = s;
    f.best_index = i;
    if (!access::greater(s, f.alpha)) return;
    f.alpha = s;
    f.improved = true;
    if (p < pv_cap_) update_pv(i, p, child_line);
    if (access::greater(f.beta, s)) return;
    if (options_.move_ordering) order_.reward(moves_[i], f.depth, p);
    if (f.next < f.last) {
      ++stats_.cutoffs;
      f.next = f.last;
    }
  }

  // The frame at the current ply is done: its result goes to the table.
  GAMETREE_DETAIL_INLINE void store(const frame& f, score_bound bound, std::size_t p) {
    if constexpr (hashed_game<Game>) {
      if (table_ != nullptr) {
        const score_type value = access::to_node(f.best, static_cast<std::int64_t>(p));
        const std::int32_t depth =
            f.exact ? unlimited_depth : static_cast<std::int32_t>(std::min<std::int64_t>(f.depth, unlimited_depth - 1));
        const move_type best = map_table_move(*game_, moves_[f.best_index], f.transform, true);
        const std::uint64_t work = stats_.nodes - f.entered;
        bool written = false;
        if constexpr (compact_table_game<Game>) {
          written = table_->store(f.hash, best, value, depth, bound, work);
        } else {
          written = with_key(*game_, f.hash, [&](const auto& k) { return table_->store(f.hash, k, best, value, depth, bound, work); });
        }
        if (shares_table_) ++(written ? table_counts_.stores : table_counts_.rejected);
      }
    } else {
      (void)f;
      (void)bound;
      (void)p;
    }
  }

  // One iteration at the given depth from the root. Returns false if a budget ended it; the

  // One iteration, traced to trace (or not at all), with make/unmake if use_undo_. Tracing is
  // a run-time choice, a branch that goes the same way at every node: a copy of the loop per
  // choice made each engine about a sixth slower to compile and was no faster. Undo is a
  // template argument: one loop for both ways measured 3 to 15% slower.
  bool iterate_with(std::int64_t depth, const score_type& root_alpha, const score_type& root_beta,
                    trace_type* trace) {
    tracing_ = trace;
    if constexpr (undoable_game<Game>) {
      if (use_undo_) return iterate_loop<true>(depth, root_alpha, root_beta);
    }
    return iterate_loop<false>(depth, root_alpha, root_beta);
  }

  template <bool Undo>
  bool iterate_loop(std::int64_t depth, const score_type& root_alpha, const score_type& root_beta) {
    if (stats_.nodes >= max_nodes_) {  // an iteration after the first enters its root too
      reason_ = stop_reason::nodes;
      return false;
    }
    moves_.clear();
    game_ = &states_[0];
    trace_type* const tracing = tracing_;  // the same for the whole iteration
    if (tracing != nullptr) [[unlikely]] tracing->begin(depth >= unlimited ? std::nullopt : std::optional<std::int64_t>(depth));
    (void)enter_root(root_alpha, root_beta, depth);  // the root is expanded
    std::size_t p = 0;  // the ply of the node on top of the path
    while (true) {
      frame& f = frames_[p];
      if (f.next < f.last) {
        const std::uint32_t i = f.next++;
        if (out_of_budget()) {
          if (frames_[0].best_index != npos) partial_move_ = moves_[frames_[0].best_index];
          for (std::size_t q = 0; q <= p; ++q) {
            if (frames_[q].marked) team_->unmark(engine_table<Game>::bits(frames_[q].hash));
          }
          for (; p > 0; --p) unmake<Undo>(moves_[frames_[p - 1].next - 1], p - 1);
          return false;
        }
        const score_type alpha = f.alpha;
        // In a team, a move after the frame's first whose state another thread is searching
        // is put off until the frame's other moves are searched (once: a move put off is
        // searched when its turn comes again), so that the threads share the work rather
        // than race through the same subtree (the idea of Weill's ABDADA, 1996, in the
        // simplified form of busy marks). Not while tracing: the trace follows move order.
        bool put_off_busy = p + 1 < mark_plies_ && f.depth - 1 >= busy_depth && i > f.first && i < f.fresh_end &&
                            f.at != stage::research && tracing == nullptr;
        // PVS: after the first move, a null window around alpha unless this is the re-search.
        bool probe = options_.pvs && f.best_index != npos && f.at != stage::research;
        score_type window_alpha = alpha;
        bool probing = false;
        if constexpr (chance_game<Game>) {
          if (f.chance) {  // the outcomes in their order, each with its window
            put_off_busy = false;
            probe = false;
            if (!chance_before(f, i, p)) continue;  // cut, or its value known
            window_alpha = from_real(chance_[p].low);
            probing = chance_[p].probing;
          }
        }
        f.at = probe ? stage::probe : stage::full;
        score_type beta = probe ? access::successor(alpha) : f.beta;
        if constexpr (chance_game<Game>) {
          if (f.chance) beta = from_real(chance_[p].high);
        }
        const std::int64_t child_depth = f.depth - 1;
        [[maybe_unused]] const player_type player = f.player;
        make<Undo>(moves_[i], p);
        if constexpr (chance_game<Game>) {
          if (probing && game_->is_chance()) {  // Star2 probes the states where a player moves
            unmake<Undo>(moves_[i], p);
            continue;
          }
        }
        bool same = false;
        if constexpr (turn_reporting_game<Game>) same = game_->player_to_move() == player;
        // One call, so that the loop holds one inlined copy of enter.
        const score_type child_alpha = same ? window_alpha : access::negate(beta);
        const score_type child_beta = same ? beta : access::negate(window_alpha);
        const answer a = enter(child_alpha, child_beta, child_depth, same, p + 1, put_off_busy, probing);
        if (a.pushed) {
          ++p;
          continue;
        }
        unmake<Undo>(moves_[i], p);
        if (a.put_off) {
          frame& at = frames_[p];
          std::rotate(moves_.begin() + i, moves_.begin() + i + 1, moves_.begin() + at.last);
          --at.fresh_end;
          at.next = i;
          at.at = stage::full;
          continue;
        }
        absorb(frames_[p], i, a.value, a.exact, same, p, false);
        if (tracing != nullptr) [[unlikely]] trace_cut(p, i);
      } else {
        bool probe_lower = false;  // a Star2 probe's first move beat its alpha
        if constexpr (chance_game<Game>) {
          if (f.chance && chance_[p].probing) {  // Star2's first pass is over: the outcomes again
            chance_[p].probing = false;
            f.next = f.first;
            continue;
          }
          probe_lower = f.probe_only && f.improved;
          if (f.probe_only) --probes_open_;
        }
        const score_bound bound = !f.improved                       ? score_bound::upper
                                  : access::greater(f.beta, f.best) ? score_bound::exact
                                                                    : score_bound::lower;
        if constexpr (chance_game<Game>) {
          // A probe knows its state's value from below, and only if its one move beat alpha.
          if (!f.probe_only) {
            store(f, bound, p);
          } else if (probe_lower) {
            store(f, score_bound::lower, p);
          }
        } else {
          store(f, bound, p);
        }
        if (f.marked) team_->unmark(engine_table<Game>::bits(f.hash));
        if (tracing != nullptr) [[unlikely]] tracing->leave(p, f.best, trace_type::status::searched, bound);
        if (p == 0) {
          root_.move = moves_[f.best_index];
          root_.value = f.best;
          root_.exact = f.exact;
          root_.bound = bound;
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
        absorb(parent, i, value, exact, same, p, true, probe_lower);
        if (tracing != nullptr) [[unlikely]] trace_cut(p, i);
      }
    }
  }

  // After move i of the frame at ply p was absorbed: if it cut, the moves after it were pruned.
  void trace_cut(std::size_t p, std::uint32_t i) {
    const frame& f = frames_[p];
    if (f.next == f.last && i + 1 < f.last) tracing_->prune(p, &moves_[i + 1], moves_.data() + f.last);
  }

  engine_options options_;
  move_order<Game> order_;
  table_type* table_;
  bool use_undo_ = false;
  bool exact_keys_ = false;
  std::vector<Game> states_;        // [0] in make/unmake mode; one per ply in copy-make mode
  std::vector<move_type> moves_;    // the moves of every frame, one range each
  std::vector<frame> frames_;       // frames_[p]: the node at ply p (grown, never shrunk)
  std::vector<move_type> pv_;       // triangular, pv_cap_ rows: row p holds the line from ply p
  std::vector<std::size_t> pv_length_;
  Game* game_ = nullptr;            // the state on top of the search path
  std::size_t pv_cap_ = 0;          // min(options_.max_pv_length, pv_rows)
  root_result root_;
  std::optional<move_type> partial_move_;
  engine_statistics stats_;
  stop_reason reason_ = stop_reason::completed;
  std::uint64_t max_nodes_ = 0;
  std::uint64_t next_check_ = 0;
  budget budget_;
  search_team* team_ = nullptr;     // the parallel search this worker is a thread of, or none
  int index_ = 0;                   // its thread index there
  std::size_t mark_plies_ = 0;      // sharing a table in a team: busy_plies (the plies it marks), else 0
  std::uint64_t reported_ = 0;      // nodes already added to the team's count
  table_statistics table_counts_;   // sharing the table: the stores it made (the shared table counts none)
  bool shares_table_ = false;       // other threads use the table too (they have started)
  trace_type* tracing_ = nullptr;   // the iteration under way's trace, or none
  // Chance games: the chance frames by ply, the outcomes' probabilities beside the moves
  // (probabilities_[i] for moves_[i] of a chance frame), a buffer for chance_outcomes(), and
  // the payoff bounds (payoff_bounded_game).
  std::vector<chance_frame> chance_;
  std::vector<double> probabilities_;
  std::vector<double> outcome_low_, outcome_high_;
  std::size_t probes_open_ = 0;  // Star2 probes on the path: no probe pass below one
  std::vector<chance_outcome<move_type>> outcomes_;
  double payoff_low_ = -std::numeric_limits<double>::infinity();
  double payoff_high_ = std::numeric_limits<double>::infinity();
  double value_low_ = -std::numeric_limits<double>::infinity();  // a state's value for its player
  double value_high_ = std::numeric_limits<double>::infinity();
};

}  // namespace gametree::detail
