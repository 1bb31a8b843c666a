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

#include <gametree/detail/dot.hpp>
#include <gametree/detail/inline.hpp>
#include <gametree/detail/stop_request.hpp>
#include <gametree/game.hpp>
#include <gametree/transposition_table.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <ostream>
#include <span>
#include <sstream>
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
  /// A flag another thread may set to end the search (read before the root, then every 1024
  /// nodes). The engine never clears it.
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
  /// Transposition table size in MiB (<= 2^20); 0: no table. Used only if the game has hash().
  std::size_t table_mib = 16;
  /// If set (>= 1), the table has this many entries instead (rounded down to a power of two).
  std::optional<std::size_t> table_entries{};
  /// The table's move, killers, history and the game's hints order the moves; if false, moves
  /// are searched in the order legal_moves() produces them.
  bool move_ordering = true;
  /// With move_ordering: the two moves that last caused a cutoff at the same ply go next after
  /// the table's move. Worth turning off where the game's hints know better (Connect 4: the
  /// threat count beats a column that cut elsewhere).
  bool killer_moves = true;
  /// With move_ordering, for a move type std::hash accepts: moves that caused cutoffs anywhere
  /// (weighted by depth squared) go first among the rest, before the game's hints break ties.
  /// Worth turning off for the same reason as killer_moves.
  bool history = true;
  /// Make/unmake with undo() when the game has it; if false, copy the state at every node.
  bool use_undo = true;
  /// Store and compare key() in full when the game has it; if false, trust the hash alone.
  bool exact_keys = true;
  /// Longest principal variation reported. 0: none (result.pv stays empty), which saves
  /// solve() the last search that collects the line once the value is known.
  std::size_t max_pv_length = 64;
  /// Principal variation search (NegaScout; Reinefeld 1983): every move after a node's first
  /// is tried with a null window around alpha first, and searched again with the full window
  /// only if it beats alpha.
  bool pvs = false;
  /// MTD(f) (Plaat et al. 1996): each iteration is a series of null-window searches that
  /// converges on the value from the previous iteration's score. Best with a table.
  bool mtdf = false;
  /// Aspiration windows (> 0, finite): each iteration after the first whose previous score is
  /// a value (not a win or a loss) starts with a window of this many value units either side
  /// of it (widened, doubling, when the score falls outside). Empty: the full window. Ignored
  /// with mtdf, and by solve(), which does not deepen.
  std::optional<double> aspiration{};
  /// solve() narrows the score by null-window searches (as Pons' Connect 4 solver does) rather
  /// than making one search with the full window. Much faster where a state is always met at
  /// the same ply (Connect 4, tic-tac-toe: the stones on the board), because then a bound the
  /// table holds for a state answers every later test there. Where one state is reached by
  /// lines of different lengths (Nim, the subtraction game), a null window asks a different
  /// question of each distance to a win, the table's bounds rarely answer, and the full window
  /// is the safe choice: a 10^4-object subtraction game takes 79 million nodes narrowed,
  /// 20,000 with the full window. solve_mode::weak always narrows (at 0, which no distance
  /// changes).
  bool narrowing = false;
};

/// What solve() finds: the exact value (strong), or only whether the player to move wins,
/// draws or loses (weak: the score is then a bound of the right sign, and cheaper to find).
enum class solve_mode : std::uint8_t { strong, weak };

/// Work done by one search.
struct engine_statistics {
  std::uint64_t nodes = 0;       ///< states entered, the root included, over all iterations
                                 ///< and the searches that extend the line (pv_nodes)
  std::uint64_t leaves = 0;      ///< terminal states and evaluations at the depth limit
  std::uint64_t cutoffs = 0;     ///< nodes left with moves unsearched (alpha >= beta)
  std::uint64_t tt_probes = 0;   ///< table lookups
  std::uint64_t tt_hits = 0;     ///< lookups that found the state
  std::uint64_t tt_cutoffs = 0;  ///< nodes answered by the table without a search
  /// nodes of the searches that extended the line of best play past what an iteration
  /// collected itself (see engine_result::pv); counted in nodes, not in nodes_by_depth
  std::uint64_t pv_nodes = 0;
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
  /// The line of best play from the root, legal and replayable, at most max_pv_length moves:
  /// every move keeps the root's value (after it, the position has the value the line
  /// promises, distances included). A solved result's line runs to the end of the game, a
  /// depth-limited one's to the depth limit, unless max_pv_length or a budget ends it first
  /// (the searches that extend it count in stats.pv_nodes). A weak solve's line is its best
  /// move alone when it proved a win or a loss (a bound: no line keeps one); a weak solve that
  /// finds a draw knows the value exactly, and its line runs on.
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

/// What the test callback sees after each null-window test (of solve()'s narrowing and of
/// MTD(f)): the score tested, the answer (value > tested: value is a lower bound, else an
/// upper one), and the range [lower, upper] the value is now known to lie in.
template <class Game>
struct narrowing_info {
  score<game_value_t<Game>> tested{};
  score<game_value_t<Game>> value{};
  bool above = false;
  score<game_value_t<Game>> lower{};
  score<game_value_t<Game>> upper{};
  std::uint64_t nodes = 0;  ///< all tests so far
  std::chrono::duration<double> elapsed{0};
};

/// Records the tree one search of an engine walks, for a picture: set it with
/// engine::set_trace, search, then write_dot. What is shown is the last root search that
/// completed, the one whose result the search reports: the deepest iteration of iterative
/// deepening (its last re-search, with aspiration), or the last search of a narrowing solve or
/// of MTD(f) (the one with the window just around the value that collects the line, else the
/// last null-window test). A search that completed none shows the unfinished one. Every node
/// entered is recorded with its window, how it was answered and its value, and the moves a
/// cutoff left unsearched as pruned children; after the search the principal variation is
/// marked. Scores are negamax scores, for the player to move at each node, counted from it.
/// At most max_nodes entries are kept; the rest are counted in omitted().
template <game Game>
class engine_trace {
 public:
  using move_type = typename Game::move_type;
  using score_type = score<game_value_t<Game>>;

  enum class status : std::uint8_t {
    searched,    ///< its moves were searched, every one
    cut,         ///< a move reached beta and the rest were pruned
    terminal,    ///< the game is over here
    horizon,     ///< the depth limit: evaluate() answered
    table,       ///< the transposition table's bound answered it, no search
    bounds,      ///< the game's score_bounds() answered it, no search
    pruned,      ///< a move a cutoff left unsearched (never entered)
    unfinished,  ///< a budget ended the search while it was open
  };

  struct entry {
    std::size_t parent = no_parent;  ///< index into nodes(); no_parent for the root
    std::int64_t ply = 0;
    std::optional<move_type> move;  ///< the move from the parent (empty at the root)
    score_type alpha{}, beta{};     ///< the window it was entered with
    std::optional<score_type> value;  ///< empty for pruned and unfinished nodes
    score_bound bound = score_bound::exact;  ///< what value is, for searched and cut nodes
    status state = status::unfinished;
    bool table_move = false;  ///< the table knew a move here, searched first
    bool pv = false;          ///< on the principal variation of the search's result
  };

  static constexpr std::size_t no_parent = static_cast<std::size_t>(-1);

  /// Keeps at most max_nodes entries (>= 1). Throws std::invalid_argument for 0.
  explicit engine_trace(std::size_t max_nodes = 100'000) : max_nodes_(max_nodes) {
    if (max_nodes == 0) throw std::invalid_argument("engine_trace: max_nodes must be at least 1");
  }

  /// The recorded nodes in the order they were entered; a node's pruned moves come right
  /// after the child that caused the cutoff's subtree.
  [[nodiscard]] const std::vector<entry>& nodes() const noexcept { return nodes_; }
  /// Nodes entered (or pruned) that the max_nodes cap left out.
  [[nodiscard]] std::uint64_t omitted() const noexcept { return omitted_; }
  /// The depth of the recorded iteration; empty for an unlimited one (a solve).
  [[nodiscard]] std::optional<std::int64_t> depth() const noexcept { return depth_; }

  /// Writes the recorded tree as a DOT digraph (dot -Tsvg): boxes for searched nodes with
  /// their value and window (red when cut), ellipses for nodes answered at once (the game's
  /// end, an evaluation, a table entry in yellow, the game's bounds), pruned moves dashed and
  /// grey, the principal variation bold. Edges carry the moves, as move_text writes them
  /// (default: the number, or operator<<). O(recorded nodes).
  void write_dot(std::ostream& out, const std::function<std::string(const move_type&)>& move_text = {}) const {
    detail::dot_begin(out, "engine_search");
    std::size_t counts[8] = {};
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
      const entry& e = nodes_[i];
      ++counts[static_cast<std::size_t>(e.state)];
      out << "  n" << i << " [" << attributes(e) << "];\n";
      if (e.parent == no_parent) continue;
      out << "  n" << e.parent << " -> n" << i << " [label=\""
          << detail::dot_escape(move_text ? move_text(*e.move) : detail::format_value(*e.move)) << '"';
      if (e.state == status::pruned) out << ", style=dashed, color=gray70, fontcolor=gray60";
      if (e.pv) out << ", penwidth=3, color=black";
      out << "];\n";
    }
    std::ostringstream caption;
    if (depth_) {
      caption << "iteration of depth " << *depth_;
    } else {
      caption << "unlimited search";
    }
    caption << ": " << nodes_.size() - counts[static_cast<std::size_t>(status::pruned)] << " nodes entered, "
            << counts[static_cast<std::size_t>(status::cut)] << " cut, " << counts[static_cast<std::size_t>(status::pruned)]
            << " moves pruned, " << counts[static_cast<std::size_t>(status::table)] << " answered by the table";
    if (omitted_ != 0) caption << ", " << omitted_ << " more not drawn";
    caption << "\nscores are for the player to move at each node; bold: the principal variation";
    detail::dot_end(out, caption.str());
  }

  /// write_dot into a string.
  [[nodiscard]] std::string to_dot(const std::function<std::string(const move_type&)>& move_text = {}) const {
    std::ostringstream out;
    write_dot(out, move_text);
    return out.str();
  }

 private:
  template <game>
  friend class engine;
  using access = detail::score_access<game_value_t<Game>>;
  static constexpr std::size_t not_kept = static_cast<std::size_t>(-2);

  // The engine's hooks. Scores arrive counted from the root, as the engine keeps them.
  // A search starts: nothing kept yet (a finished root leaves it so).
  void start() {
    nodes_.clear();
    omitted_ = 0;
    depth_.reset();
    kept_ = false;
    live_.clear();  // a search stopped before its root shows nothing, not an earlier tree
    live_omitted_ = 0;
    live_depth_.reset();
  }
  // An iteration enters its root.
  void begin(std::optional<std::int64_t> depth) {
    live_.clear();
    path_.clear();
    live_omitted_ = 0;
    live_depth_ = depth;
  }
  // The iteration being recorded completed: it becomes the one shown.
  void commit() {
    nodes_.swap(live_);
    omitted_ = live_omitted_;
    depth_ = live_depth_;
    kept_ = true;
  }
  // The search ended: without a completed iteration, the unfinished one is shown.
  void finish() {
    if (!kept_) commit();
  }
  // The node at ply p is entered (by move, from the node at ply p - 1).
  void enter(std::size_t p, const move_type* move, const score_type& alpha, const score_type& beta) {
    if (path_.size() <= p) path_.resize(p + 1);
    const std::size_t parent = p == 0 ? no_parent : path_[p - 1];
    path_[p] = add(parent, p, move);
    if (path_[p] < live_.size()) {
      live_[path_[p]].alpha = node_score(alpha, p);
      live_[path_[p]].beta = node_score(beta, p);
    }
  }
  void table_move(std::size_t p) {
    if (path_[p] < live_.size()) live_[path_[p]].table_move = true;
  }
  // The node at ply p was answered at once, or its frame is done.
  void leave(std::size_t p, const score_type& value, status how, score_bound bound = score_bound::exact) {
    if (path_[p] >= live_.size()) return;
    entry& e = live_[path_[p]];
    e.value = node_score(value, p);
    if (e.state != status::cut) e.state = how;
    e.bound = bound;
  }
  // The node at ply p cut: these moves were not searched.
  void prune(std::size_t p, const move_type* first, const move_type* last) {
    if (path_[p] < live_.size()) live_[path_[p]].state = status::cut;
    for (; first != last; ++first) {
      const std::size_t i = add(path_[p], p + 1, first);
      if (i < live_.size()) live_[i].state = status::pruned;
    }
  }
  // Called after finish(): nodes_ holds the root, unless the search never entered it.
  void mark_pv(std::span<const move_type> pv) {
    if (nodes_.empty()) return;
    std::size_t at = 0;
    nodes_[0].pv = true;
    for (const move_type& m : pv) {
      std::size_t next = no_parent;
      for (std::size_t i = at + 1; i < nodes_.size(); ++i) {  // the last search of m (PVS re-searches)
        if (nodes_[i].parent == at && nodes_[i].state != status::pruned && *nodes_[i].move == m) next = i;
      }
      if (next == no_parent) return;
      nodes_[next].pv = true;
      at = next;
    }
  }

  std::size_t add(std::size_t parent, std::size_t p, const move_type* move) {
    if (parent == not_kept || live_.size() >= max_nodes_) {
      ++live_omitted_;
      return not_kept;
    }
    entry e;
    e.parent = parent;
    e.ply = static_cast<std::int64_t>(p);
    if (move != nullptr) e.move = *move;
    live_.push_back(std::move(e));
    return live_.size() - 1;
  }

  static score_type node_score(const score_type& s, std::size_t p) {
    if (!access::greater(s, access::neg_inf()) || !access::greater(access::pos_inf(), s)) return s;
    return access::to_node(s, static_cast<std::int64_t>(p));
  }

  static std::string text(const score_type& s) {
    if (!access::greater(s, access::neg_inf())) return "-\u221e";
    if (!access::greater(access::pos_inf(), s)) return "+\u221e";
    return to_string(s);
  }

  static std::string attributes(const entry& e) {
    std::string label;
    std::string style;
    std::string value = "?";
    if (e.value) {
      value = text(*e.value);
      if (e.bound == score_bound::lower) value += " (at least)";
      if (e.bound == score_bound::upper) value += " (at most)";
    }
    switch (e.state) {
      case status::searched:
      case status::cut:
      case status::unfinished: {
        if (e.state == status::unfinished) {
          label = "unfinished";
        } else {
          label = value;
        }
        label += "\nwindow (" + text(e.alpha) + ", " + text(e.beta) + ")";
        if (e.state == status::cut) label += "\ncut";
        if (e.table_move) label += "\ntable move first";
        style = "shape=box, style=\"rounded,filled\", fillcolor=\"#dbe8fb\"";
        if (e.state == status::cut) style += ", color=\"#c62828\"";
        if (e.state == status::unfinished) style += ", fillcolor=white, style=\"rounded,dashed\"";
        break;
      }
      case status::terminal:
        label = "game over\n";
        if (*e.value == score_type{}) {
          label += "draw";
        } else {
          label += value;
        }
        style = "shape=ellipse, fillcolor=\"#c8ecc0\"";
        break;
      case status::horizon:
        label = "evaluated\n" + value;
        style = "shape=ellipse, fillcolor=\"#eeeeee\"";
        break;
      case status::table:
        label = "table\n" + value;
        style = "shape=ellipse, fillcolor=\"#fff3b0\", color=\"#b08800\"";
        break;
      case status::bounds:
        label = "bounds\n" + value;
        style = "shape=ellipse, fillcolor=\"#e6dcf5\"";
        break;
      case status::pruned:
        label = "pruned";
        style = "shape=box, style=dashed, color=gray70, fontcolor=gray60";
        break;
    }
    if (e.pv) style += ", penwidth=3";
    return "label=\"" + detail::dot_escape(label) + "\", " + style;
  }

  std::size_t max_nodes_;
  std::vector<entry> nodes_;  // the iteration shown
  std::uint64_t omitted_ = 0;
  std::optional<std::int64_t> depth_;
  bool kept_ = false;        // an iteration of this search completed
  std::vector<entry> live_;  // the iteration being recorded
  std::uint64_t live_omitted_ = 0;
  std::optional<std::int64_t> live_depth_;
  std::vector<std::size_t> path_;  // path_[p]: the entry of the node at ply p (or not_kept)
};

/// An engine for one game type: keeps its transposition table, killers, history and buffers
/// between searches, so a program can play a whole game move by move with one engine.
/// One search at a time; stop() may be called from any thread.
template <game Game>
class engine {
  static_assert(detail::negatable_evaluation<Game>());

 public:
  using move_type = typename Game::move_type;
  using value_type = game_value_t<Game>;
  using score_type = score<value_type>;
  using result_type = engine_result<Game>;
  using info_type = search_info<Game>;
  using trace_type = engine_trace<Game>;

 private:
  static constexpr bool keyed = keyed_game<Game>;
  template <class G>
  struct key_of {
    using type = std::uint64_t;
  };
  template <keyed_game G>
  struct key_of<G> {
    using type = table_key<std::remove_cvref_t<decltype(std::declval<const G&>().key())>>;
  };

 public:
  /// The key the table stores: table_key<K> (the hash, and key() beside it) for a game with
  /// key() of type K (left default-constructed when options().exact_keys is false), else the
  /// hash alone.
  using key_type = typename key_of<Game>::type;
  using table_type = transposition_table<key_type, move_type, value_type>;

  /// Complexity: O(table size). Throws std::invalid_argument for an aspiration width that is
  /// not positive and finite, and, for a game with hash() (the only one with a table), a
  /// table_entries of 0 or a table_mib above 2^20; std::bad_alloc.
  explicit engine(engine_options options = {}) : options_(options) {
    if (options_.aspiration && !(*options_.aspiration > 0 && std::isfinite(*options_.aspiration))) {
      throw std::invalid_argument("engine_options: aspiration must be a positive, finite width, not " +
                                  std::to_string(*options_.aspiration));
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
    pv_cap_ = std::min(options_.max_pv_length, pv_rows);
    pv_.resize(pv_cap_ * pv_cap_);
    pv_length_.resize(pv_cap_);
  }

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
    check_limits(limits);
    return run(game, limits, false, mode);
  }

  /// Ends the search in progress as soon as it next checks (every 1024 nodes). Made while no
  /// search runs, the request is kept for the next search, which then ends before it enters
  /// a node (with reason stopped and the first move generated: of search_moves() where the
  /// game has it): a stop() sent just before a search starts is not lost. Every search clears
  /// the request when it ends, however it ends. Thread-safe.
  void stop() noexcept { stop_requested_.request(); }

  /// Forgets the table, the killers and the history. O(1) for the table (an epoch), O(plies
  /// searched) for the killers, and the 4096 history counters.
  void clear() {
    if (table_) table_->clear();
    killers_.clear();
    if (options_.history) history_.fill(0);  // else it stays all 0
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
  [[nodiscard]] const table_type* table() const noexcept { return table_ ? &*table_ : nullptr; }
  /// What the table holds for state g (its score counted from g, bound, remaining depth and
  /// move), or nullptr when there is no table or no entry for g. Changes nothing. O(1) plus
  /// g.hash() and a comparison of keys.
  [[nodiscard]] const typename table_type::entry* probe(const Game& g) const {
    if constexpr (hashed_game<Game>) {
      if (!table_) return nullptr;
      const auto hash = static_cast<std::uint64_t>(g.hash());
      return with_key(g, hash, [&](const auto& k) { return table_->probe(hash, k); });
    } else {
      (void)g;
      return nullptr;
    }
  }
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
    bool probing;      // PVS: the child being searched has a null window around alpha
    bool researching;  // PVS: the next child is the last one again, with the full window
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
  // The depth of an unlimited search: decremented like any other, it never reaches 0 (the
  // horizon), and only an entry of unlimited_depth (no depth limit under it) answers it.
  static constexpr std::int64_t unlimited = std::int64_t{1} << 62;
  static constexpr std::size_t history_size = 4096;
  // The most plies of a line a search collects itself (collect_pv extends it): the buffer is
  // pv_rows^2 moves, whatever max_pv_length is.
  static constexpr std::size_t pv_rows = 64;
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
    if (stop_requested_.requested() ||
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

  // The root, once per iteration, through a call that is not inlined: the search loop then
  // holds one inlined copy of enter, at its one call for a child.
  [[gnu::noinline]] answer enter_root(const score_type& alpha, const score_type& beta, std::int64_t depth) {
    return enter(alpha, beta, depth, false, 0);
  }

  // Enters the current state with window (alpha, beta) and depth plies to go: answers it at
  // once, or pushes its frame. The node and how it was answered go to tracing_, if set.
  GAMETREE_DETAIL_INLINE answer enter(score_type alpha, score_type beta, std::int64_t depth,
                                      bool same_player, std::size_t p) {
    ++stats_.nodes;
    const Game& g = *game_;
    using status = typename trace_type::status;
    auto answered = [&](const answer& a, status how, score_bound bound = score_bound::exact) {
      if (tracing_ != nullptr) [[unlikely]] tracing_->leave(p, a.value, how, bound);
      return a;
    };
    if (tracing_ != nullptr) [[unlikely]] tracing_->enter(p, p == 0 ? nullptr : &moves_[frames_[p - 1].next - 1], alpha, beta);
    const auto ply = static_cast<std::int64_t>(p);
    std::uint64_t hash = 0;
    if constexpr (hashed_game<Game>) {
      if (table_) {
        hash = static_cast<std::uint64_t>(g.hash());
        table_->prefetch(hash);  // the bucket arrives while outcome() runs
      }
    }
    if (const auto o = g.outcome()) {
      ++stats_.leaves;
      return answered({access::to_root(detail::terminal_score<value_type>(*o), ply), true, false}, status::terminal);
    }
    if constexpr (evaluated_game<Game>) {
      if (depth == 0) {
        ++stats_.leaves;
        return answered({detail::evaluation(g), false, false}, status::horizon);
      }
    }
    std::optional<move_type> table_move;
    if constexpr (hashed_game<Game>) {
      if (table_) {
        ++stats_.tt_probes;
        const auto* e = with_key(g, hash, [&](const auto& k) { return table_->probe(hash, k); });
        if (e != nullptr) {
          ++stats_.tt_hits;
          if (e->has_move) {
            table_move = e->move;
            if (tracing_ != nullptr) [[unlikely]] tracing_->table_move(p);
          }
          if (p > 0 && (e->depth == unlimited_depth || e->depth >= depth)) {
            const score_type v = access::to_root(e->value, ply);
            if (e->bound == score_bound::exact ||
                (e->bound == score_bound::lower && !(v < beta)) ||
                (e->bound == score_bound::upper && !(alpha < v))) {
              ++stats_.tt_cutoffs;
              return answered({v, e->depth == unlimited_depth, false}, status::table, e->bound);
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
        if (!(alpha < upper)) return answered({upper, true, false}, status::bounds, score_bound::upper);
        if (!(lower < beta)) return answered({lower, true, false}, status::bounds, score_bound::lower);
        if (lower == upper) return answered({lower, true, false}, status::bounds);  // the game knows the value
        // Narrowed to just outside [lower, upper], so that a child scoring lower or upper
        // still counts as inside the window (an exact score, on the line of best play).
        const score_type below = access::predecessor(lower);
        const score_type above = access::successor(upper);
        if (alpha < below) alpha = below;
        if (above < beta) beta = above;
      }
    }
    const std::size_t first = moves_.size();
    generate(g);
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
    f.probing = false;
    f.researching = false;
    if constexpr (turn_reporting_game<Game>) f.player = g.player_to_move();
    return {score_type{}, true, true};
  }

  // The moves to search: search_moves() where the game has it, else every legal move.
  void generate(const Game& g) {
    if constexpr (pruning_game<Game>) {
      g.search_moves(moves_);
    } else {
      g.legal_moves(moves_);
    }
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
      } else if (options_.killer_moves && killer1 && m == *killer1) {
        rank = 2;
      } else if (options_.killer_moves && killer2 && m == *killer2) {
        rank = 1;
      }
      order_key key{rank << 58, 0.0};
      if constexpr (history_possible) {
        if (options_.history) key.primary += std::min(history_[history_slot(m)], history_cap);
      }
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
    if (options_.killer_moves && !(killers_[k] && *killers_[k] == m)) {
      killers_[k + 1] = std::move(killers_[k]);
      killers_[k] = m;
    }
    if constexpr (history_possible) {
      if (!options_.history) return;
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
    if (f.probing) {
      f.probing = false;
      if (access::greater(s, f.alpha) && access::greater(f.beta, s)) {
        f.next = i;  // beat the null window: the same move again, with the full window
        f.researching = true;
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
  bool iterate(std::int64_t depth, const score_type& alpha, const score_type& beta) {
    const bool done = iterate_with(depth, alpha, beta, trace_);
    if (done && trace_ != nullptr) trace_->commit();
    return done;
  }

  // One iteration, traced to trace (or not at all), with make/unmake if use_undo_. Tracing is a
  // run-time choice, a branch that goes the same way at every node: a copy of the loop per
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
    if (tracing_ != nullptr) [[unlikely]] tracing_->begin(depth >= unlimited ? std::nullopt : std::optional<std::int64_t>(depth));
    (void)enter_root(root_alpha, root_beta, depth);  // the root is expanded
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
        // PVS: after the first move, a null window around alpha unless this is the re-search.
        const bool probe = options_.pvs && f.best_index != npos && !f.researching;
        f.probing = probe;
        f.researching = false;
        const score_type beta = probe ? access::successor(alpha) : f.beta;
        const std::int64_t child_depth = f.depth - 1;
        [[maybe_unused]] const player_type player = f.player;
        make<Undo>(moves_[i], p);
        bool same = false;
        if constexpr (turn_reporting_game<Game>) same = game_->player_to_move() == player;
        // One call, so that the loop holds one inlined copy of enter.
        const score_type child_alpha = same ? alpha : access::negate(beta);
        const score_type child_beta = same ? beta : access::negate(alpha);
        const answer a = enter(child_alpha, child_beta, child_depth, same, p + 1);
        if (a.pushed) {
          ++p;
          continue;
        }
        unmake<Undo>(moves_[i], p);
        absorb(frames_[p], i, a.value, a.exact, same, p, false);
        if (tracing_ != nullptr) [[unlikely]] trace_cut(p, i);
      } else {
        const score_bound bound = !f.improved                       ? score_bound::upper
                                  : access::greater(f.beta, f.best) ? score_bound::exact
                                                                    : score_bound::lower;
        store(f, bound, p);
        if (tracing_ != nullptr) [[unlikely]] tracing_->leave(p, f.best, trace_type::status::searched, bound);
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
        if (tracing_ != nullptr) [[unlikely]] trace_cut(p, i);
      }
    }
  }

  // After move i of the frame at ply p was absorbed: if it cut, the moves after it were pruned.
  void trace_cut(std::size_t p, std::uint32_t i) {
    const frame& f = frames_[p];
    if (f.next == f.last && i + 1 < f.last) tracing_->prune(p, &moves_[i + 1], moves_.data() + f.last);
  }

  // The principal variation of the iteration just completed, at most max_pv_length moves.
  // The search collects the first pv_cap_ moves of it; the line goes on from the table's exact
  // entries, and where there is none by a search from the end of the line with the window
  // just around the value it must have there. Every move is checked: an entry's value and a
  // search's value must be the one the line promises (distances included), else the line ends
  // where it is, so each move of the line keeps the root's value. An unlimited (solving)
  // iteration's line then runs to the game's end; a depth-limited one's to the depth limit,
  // following only entries of the same remaining depth, or no limit at all. A root value that
  // is only a bound (a weak solve's win or loss) gets its best move alone: no line keeps a
  // bound.
  void collect_pv(const Game& root, result_type& r, std::int64_t depth) {
    r.pv.clear();
    if (pv_cap_ == 0) return;
    if (r.bound != score_bound::exact) {
      r.pv.push_back(*r.best_move);
      return;
    }
    r.pv.assign(pv_.begin(), pv_.begin() + static_cast<std::ptrdiff_t>(pv_length_[0]));
    const std::size_t limit = options_.max_pv_length;
    if (r.pv.size() >= limit) return;
    const bool solving = r.solved;  // no depth limit touched the value: the line may run to the end
    // What the searches below overwrite and the caller still reads.
    const score_type value = root_value_;
    const bool exact = root_exact_;
    const score_bound bound = root_bound_;
    const std::optional<move_type> move = root_move_;
    const stop_reason reason = reason_;
    const std::uint64_t nodes_before = stats_.nodes;
    const std::int64_t max_ply = stats_.max_ply;

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
      if (const auto m = exact_table_move(g, v, ply, solving ? unlimited_depth : depth - ply)) {
        r.pv.push_back(*m);
        continue;
      }
      // A search from g as its root: its scores count from g.
      states_[0] = g;
      const score_type at_g = access::to_node(v, ply);
      if (!iterate_with(solving ? unlimited : depth - ply, access::predecessor(at_g), access::successor(at_g), nullptr) ||
          root_value_ != at_g || (solving && !root_exact_)) {
        break;
      }
      const std::size_t take = std::min(pv_length_[0], limit - r.pv.size());
      r.pv.insert(r.pv.end(), pv_.begin(), pv_.begin() + static_cast<std::ptrdiff_t>(take));
    }
    if (nodes_before != stats_.nodes) {
      states_[0] = root;
      stats_.pv_nodes += stats_.nodes - nodes_before;
      stats_.max_ply = max_ply;
    }
    root_value_ = value;
    root_exact_ = exact;
    root_bound_ = bound;
    root_move_ = move;
    reason_ = reason;
  }

  // The player to move at g, where the game says; else nothing to compare.
  static player_type player_at(const Game& g) {
    if constexpr (turn_reporting_game<Game>) {
      return g.player_to_move();
    } else {
      (void)g;
      return player_type{};
    }
  }

  // The move of g's table entry if the entry is exact, of the given remaining depth (or of no
  // limit), holds the value v the line expects at this ply, and its move is legal.
  std::optional<move_type> exact_table_move(const Game& g, const score_type& v, std::int64_t ply,
                                            std::int64_t remaining) {
    const auto* e = probe(g);
    if (e == nullptr || !e->has_move || e->bound != score_bound::exact ||
        (e->depth != unlimited_depth && e->depth != remaining) || access::to_root(e->value, ply) != v) {
      return std::nullopt;
    }
    const std::size_t first = moves_.size();
    g.legal_moves(moves_);
    const bool legal =
        std::find(moves_.begin() + static_cast<std::ptrdiff_t>(first), moves_.end(), e->move) != moves_.end();
    moves_.resize(first);
    if (!legal) return std::nullopt;
    return e->move;
  }

  // Where a series of null-window searches has got to: the value lies in [lo, hi]; move
  // achieves at least lo (it came with the test that raised lo).
  struct narrowing {
    score_type lo = access::neg_inf();
    score_type hi = access::pos_inf();
    std::optional<move_type> move;
    bool exact = true;  // no test touched the depth limit
    bool tested = false;
  };

  // A null-window search at s: is the value above s? Narrows n.
  bool test(std::int64_t depth, const score_type& s, narrowing& n) {
    if (!iterate(depth, s, access::successor(s))) return false;
    n.exact = n.exact && root_exact_;
    n.tested = true;
    if (access::greater(root_value_, s)) {
      if (access::greater(root_value_, n.lo)) {
        n.lo = root_value_;
        n.move = root_move_;
      }
    } else if (access::greater(n.hi, root_value_)) {
      n.hi = root_value_;
    }
    if (test_callback_) {
      test_callback_({s, root_value_, access::greater(root_value_, s), n.lo, n.hi, stats_.nodes,
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
    if (bound == score_bound::exact && pv_cap_ == 0 && n.move && v == n.lo) bound = score_bound::lower;
    if (bound == score_bound::exact) {
      if (!iterate(depth, access::predecessor(v), access::successor(v))) return false;
      root_exact_ = root_exact_ && n.exact;
      return true;
    }
    if (bound == score_bound::lower) root_move_ = *n.move;
    root_value_ = v;
    root_bound_ = n.lo == n.hi ? score_bound::exact : bound;
    root_exact_ = n.exact;
    return true;
  }

  // Where a strong narrowing tests next: a score s with lo <= s < hi. Without a horizon, the
  // middle of [lo, hi]. With one (the game lasts at most h more plies), the decisive scores
  // lie on a line: a loss in p plies at p - h - 1, a win in p at h + 1 - p, every other score
  // at 0. The test goes to the middle of [lo, hi] on that line, or, when the middle is on one
  // side of 0, half way from 0 to that end if it is further out: tests near the ends (a quick
  // win or loss) are cheap, so they come first. Pons describes the same choice for his
  // Connect 4 solver.
  static score_type test_point(const score_type& lo, const score_type& hi,
                               std::optional<std::int64_t> horizon) {
    const score_type middle = access::midpoint(lo, hi);
    if (!horizon) return middle;
    const std::int64_t h = std::clamp<std::int64_t>(*horizon, 1, detail::decisive_rank / 4);  // distances stay valid
    auto place = [h](const score_type& x) -> std::int64_t {
      if (!access::greater(access::pos_inf(), x)) return h;
      if (!access::greater(x, access::neg_inf())) return -h;
      if (x.is_win()) return std::clamp<std::int64_t>(h + 1 - x.plies(), 1, h);
      if (x.is_loss()) return std::clamp<std::int64_t>(x.plies() - h - 1, -h, -1);
      return 0;
    };
    const std::int64_t a = place(lo);
    const std::int64_t b = place(hi);
    std::int64_t m = a + (b - a) / 2;
    if (m <= 0 && a / 2 < m) {
      m = a / 2;
    } else if (m >= 0 && b / 2 > m) {
      m = b / 2;
    }
    const score_type t = m > 0   ? score_type::win_in(h + 1 - m)
                         : m < 0 ? score_type::loss_in(h + 1 + m)
                                 : score_type{};
    return !access::greater(lo, t) && access::greater(hi, t) ? t : middle;
  }

  // solve(): the value by null-window tests, each at test_point, until the value is known
  // (strong) or its sign is (weak; without a horizon the tests are then at 0).
  bool narrow(solve_mode mode) {
    narrowing n;
    if constexpr (bounded_game<Game>) {
      const score_range<value_type> r = states_[0].score_bounds();
      detail::check_bounds<Game>(r);
      n.lo = r.lower;
      n.hi = r.upper;
    }
    std::optional<std::int64_t> horizon;
    if constexpr (horizon_game<Game>) {
      horizon = static_cast<std::int64_t>(states_[0].horizon());
      if (*horizon < 0) {
        throw game_contract_error("game contract: horizon() must not be negative, but returned " +
                                  std::to_string(*horizon));
      }
    }
    const score_type zero{};
    while (access::greater(n.hi, n.lo)) {
      score_type s = test_point(n.lo, n.hi, horizon);
      if (mode == solve_mode::weak) {
        if (access::greater(n.lo, zero) || access::greater(zero, n.hi)) break;  // the sign is known
        if (!horizon) s = access::greater(n.hi, zero) ? zero : access::predecessor(zero);
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
      g = root_value_;
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
      if (!iterate(depth, alpha, beta)) return false;
      if (!access::greater(root_value_, alpha) && access::greater(alpha, access::neg_inf())) {
        below *= 2;
        alpha = offset(previous, -below);
      } else if (!access::greater(beta, root_value_) && access::greater(access::pos_inf(), beta)) {
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
    return iterate(depth, access::neg_inf(), access::pos_inf());
  }

  result_type run(const Game& game, const search_limits& limits, bool deepening,
                  solve_mode mode = solve_mode::strong) {
    const auto start = std::chrono::steady_clock::now();
    const detail::stop_request::clear_at_end clear_stop(stop_requested_);
    start_ = start;
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
    if (table_) table_->new_search();
    if (options_.history) {
      for (std::int64_t& h : history_) h /= 2;  // older searches count for less
    }

    result_type r;
    r.pv.reserve(pv_cap_);
    stats_.nodes_by_depth.reserve(64);
    if (trace_ != nullptr) trace_->start();  // a terminal root leaves it empty
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
    const bool narrowed = mode == solve_mode::weak || options_.narrowing;
    std::optional<score_type> previous;
    // A stop requested before the search began ends it before its root is entered.
    const bool stopped = stop_requested_.requested() || (external_stop_ && external_stop_->load(std::memory_order_relaxed));
    if (stopped) reason_ = stop_reason::stopped;
    for (std::int64_t depth = deepening ? 1 : unlimited; !stopped; ++depth) {
      const std::uint64_t nodes_before = stats_.nodes;
      const bool done = deepening ? deepen(depth, previous)
                        : narrowed ? narrow(mode)
                                   : iterate(unlimited, access::neg_inf(), access::pos_inf());
      check_restored(root_hash);
      if (!done) break;
      previous = root_value_;
      stats_.nodes_by_depth.push_back(stats_.nodes - nodes_before);
      r.best_move = root_move_;
      r.value = root_value_;
      r.bound = root_bound_;
      r.solved = root_exact_;
      r.depth = root_exact_ ? stats_.max_ply : depth;
      collect_pv(game, r, depth);
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
    if (trace_ != nullptr) {
      trace_->finish();
      trace_->mark_pv(r.pv);
    }
    if (!r.best_move) {
      // No iteration completed: the best root move seen so far, else the first one generated.
      if (partial_move_) {
        r.best_move = partial_move_;
      } else {
        moves_.clear();
        generate(game);
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
  std::vector<move_type> pv_;       // triangular, pv_cap_ rows: row p holds the line from ply p
  std::vector<std::size_t> pv_length_;
  Game* game_ = nullptr;            // the state on top of the search path
  std::size_t pv_cap_ = 0;          // min(options_.max_pv_length, pv_rows)
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
  detail::stop_request stop_requested_;
  std::function<void(const info_type&)> callback_;
  std::function<void(const narrowing_info<Game>&)> test_callback_;
  std::chrono::steady_clock::time_point start_{};
  trace_type* trace_ = nullptr;
  trace_type* tracing_ = nullptr;   // the iteration under way's: trace_, or none for the line's searches
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
