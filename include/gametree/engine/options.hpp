#pragma once
// What a search is asked and what it answers: the budgets (search_limits), the engine's
// switches (engine_options), the result with its statistics, and what the progress callbacks
// see. Included by <gametree/search.hpp>.

#include <gametree/game.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace gametree {

/// The budgets of one search. Every field is optional; with none the search runs until the
/// root's value is exact (the game is solved).
struct search_limits {
  /// Deepest iteration, in plies (>= 1). Needs a game with evaluate().
  std::optional<std::int32_t> max_depth{};
  /// Nodes the search may enter (>= 1), counted as engine_statistics::nodes. Exact with one
  /// thread: the search never enters more, and the same limit gives the same result on every
  /// run. With engine_options::threads above 1 it counts the nodes of all threads, checked
  /// every 1024 nodes a thread (so it may be overrun by that much a thread), and is not
  /// reproducible.
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

/// How the engine prunes at the chance states of a game that declares payoff_bounds() (see
/// docs/chance.md): Ballard's *-minimax (1983).
enum class chance_pruning : std::uint8_t {
  none,   ///< plain expectimax: every outcome searched with no window
  star1,  ///< each outcome searched with the window that decides a cut, the others' values
          ///< taken at the payoff bounds
  star2,  ///< Star1, after a first pass that searches one move of each outcome's state for a
          ///< bound on its value (a cut may then need no full search at all)
};

/// How an engine searches. The defaults are the fastest; the switches exist so that every
/// combination can be compared with plain minimax.
struct engine_options {
  /// Transposition table size in MiB (<= 2^20); 0: no table. Used only if the game has hash().
  std::size_t table_mib = 16;
  /// If set (>= 1), the table has this many entries instead (a transposition_table rounds
  /// down to a power of two; a compact_table has entries / 7 buckets of seven).
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
  /// Store and compare key() in full when the game has it; if false, trust the hash alone. A
  /// key() of an unsigned integer type (at most 64 bits) is stored either way: it takes the
  /// hash's place at no cost, so no collision can change a result.
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
  /// Threads that search (1 .. 1024). With more than one, Lazy SMP: every thread searches
  /// the same root with its own stack, killers and history, sharing only the table (which
  /// is why a game without hash() gains nothing from them), and the first thread to complete
  /// the search ends it for all and gives the result (see docs/parallel.md). A solve's value
  /// is exact whatever the interleaving; node counts, the line and a depth-limited search's
  /// score may differ from run to run. 1: one thread, the same search on every run.
  /// At most as many threads search as the process may run on CPUs (its affinity mask, else
  /// std::thread::hardware_concurrency()), unless oversubscribe is set: Lazy SMP's threads
  /// repeat part of each other's work, and threads beyond the cores add that repetition
  /// without adding cores (on 2 cores, 4 threads took 1.15x the time of 2; see
  /// docs/parallel.md). engine_statistics::threads says how many searched.
  std::size_t threads = 1;
  /// Run all `threads` threads even where the process has fewer CPUs (to test a parallel
  /// search's interleavings on a small machine, or to share the cores with other work).
  bool oversubscribe = false;
  /// With threads above 1: the other threads join a search once it has run this long (thread
  /// 0 looks every 1024 nodes), so a search that ends sooner is made by one thread, without
  /// the cost of waking the others (tens of microseconds) or of sharing a small table's
  /// entries between cores at every node (see docs/parallel.md). 0: they start at once. Not
  /// negative.
  std::chrono::nanoseconds helpers_after = std::chrono::milliseconds(1);
  /// Games with chance states: how chance states are pruned. Needs payoff_bounds() (without,
  /// every outcome is searched with no window whatever this says). The values are the same.
  chance_pruning chance = chance_pruning::star2;
};

/// What solve() finds: the exact value (strong), or only whether the player to move wins,
/// draws or loses (weak: the score is then a bound of the right sign, and cheaper to find).
enum class solve_mode : std::uint8_t { strong, weak };

/// Work done by one search; with several threads, the sum over them (max_ply the deepest, and
/// nodes_by_depth the iterations of the thread whose result it is).
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
  /// threads that searched: engine_options::threads, or fewer where the process has fewer
  /// CPUs (see engine_options::oversubscribe), or 1 where the search ended before
  /// engine_options::helpers_after
  std::size_t threads = 1;
  /// nodes_by_depth[d - 1]: nodes of the iteration of depth d (one entry for solve()).
  std::vector<std::uint64_t> nodes_by_depth;
  std::chrono::duration<double> elapsed{0};
  /// Adds the counts of another search of the same root (a helper thread's): nodes_by_depth
  /// and elapsed are left as they are.
  void add(const engine_statistics& o) noexcept {
    nodes += o.nodes;
    leaves += o.leaves;
    cutoffs += o.cutoffs;
    tt_probes += o.tt_probes;
    tt_hits += o.tt_hits;
    tt_cutoffs += o.tt_cutoffs;
    pv_nodes += o.pv_nodes;
    max_ply = std::max(max_ply, o.max_ply);
  }
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

}  // namespace gametree
