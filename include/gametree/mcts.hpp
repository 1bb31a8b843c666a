#pragma once
// Monte Carlo tree search over the game concept of game.hpp, for games without a good
// evaluation: UCT, PUCT, the MCTS-Solver, tree reuse, budgets and a node pool.
//
// UCT: Kocsis & Szepesvári, "Bandit based Monte-Carlo planning" (ECML 2006), with the UCB1
// rule of Auer, Cesa-Bianchi & Fischer (2002). PUCT: Rosin, "Multi-armed bandits with episode
// context" (2011), in the form of Silver et al., "Mastering the game of Go without human
// knowledge" (2017). MCTS-Solver: Winands, Björnsson & Saito, "Monte-Carlo tree search
// solver" (CG 2008), with draws and payoffs by the pessimistic and optimistic bounds of
// Cazenave & Saffidine, "Score bounded Monte-Carlo tree search" (CG 2010). Final move rules:
// Chaslot et al., "Progressive strategies for Monte-Carlo tree search" (2008). Random numbers:
// xoshiro256** (Blackman & Vigna 2018) seeded by SplitMix64; bounded integers by Lemire's
// multiply-and-reject (2019).
//
// Games of chance (chance_game): a chance node's outcome is drawn by its probabilities, in the
// tree and in playouts, and the solver bounds a chance node by the probability-weighted mean
// of its outcomes' bounds, an outcome it knows nothing of at the game's payoff bounds (the
// bounds of Ballard's Star1, "The *-minimax search procedure for trees containing chance
// nodes", Artificial Intelligence 21, 1983).
//
// Every iteration is a loop: no recursion whose depth the game decides.

#include <gametree/detail/huge_pages.hpp>
#include <gametree/detail/budget.hpp>
#include <gametree/detail/hash.hpp>
#include <gametree/detail/spin_lock.hpp>
#include <gametree/detail/stop_request.hpp>
#include <gametree/detail/thread_pool.hpp>
#include <gametree/game.hpp>

#include <algorithm>
#include <atomic>
#include <bit>
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
#include <type_traits>
#include <utility>
#include <vector>

namespace gametree {

namespace detail {
// ln(x) for x >= 1 by + - * / alone (each correctly rounded in IEEE 754), so UCB1 gives the
// same numbers on every platform; libm's log may differ in the last bit between libraries.
// series_log: x = m 2^e with m in [sqrt(1/2), sqrt(2)); ln m = 2 atanh((m - 1) / (m + 1)) by
// its series. Exact to an ulp or two, and slow (a division and twelve steps in a chain): it
// builds log_table at compile time, and portable_log uses that.
constexpr double series_log(double x) noexcept {
  // The exponent and mantissa from the bits (exact; x is normal and positive).
  const auto bits = std::bit_cast<std::uint64_t>(x);
  int e = static_cast<int>(bits >> 52) - 1022;
  double m = std::bit_cast<double>((bits & 0x000fffffffffffffULL) | 0x3fe0000000000000ULL);  // [0.5, 1)
  if (m < 0.70710678118654752440) {
    m *= 2;
    --e;
  }
  const double s = (m - 1) / (m + 1);  // |s| < 0.172
  const double s2 = s * s;
  const double s4 = s2 * s2;
  // 2 (s + s^3/3 + ... + s^25/25): terms 1/(4j+1) s^4j and 1/(4j+3) s^(4j+2), two Horner
  // chains in s^4 (the terms left out are below 2^-60 of the sum).
  double even = 1.0 / 25;
  double odd = 1.0 / 23;
  even = even * s4 + 1.0 / 21;
  odd = odd * s4 + 1.0 / 19;
  even = even * s4 + 1.0 / 17;
  odd = odd * s4 + 1.0 / 15;
  even = even * s4 + 1.0 / 13;
  odd = odd * s4 + 1.0 / 11;
  even = even * s4 + 1.0 / 9;
  odd = odd * s4 + 1.0 / 7;
  even = even * s4 + 1.0 / 5;
  odd = odd * s4 + 1.0 / 3;
  even = even * s4 + 1.0;
  return 2 * s * (even + s2 * odd) + e * 0.69314718055994530942;
}

// ln c and 1 / c at the 129 points c = 1 + k/128 of [1, 2], made at compile time.
struct log_table {
  static constexpr int steps = 128;
  double log[steps + 1];
  double inverse[steps + 1];
};
inline constexpr log_table log_points = [] {
  log_table t{};
  for (int k = 0; k <= log_table::steps; ++k) {
    const double c = 1 + static_cast<double>(k) / log_table::steps;
    t.log[k] = series_log(c);
    t.inverse[k] = 1 / c;
  }
  return t;
}();

// ln(x) for x >= 1: x = m 2^e with m in [1, 2), c the point of log_points nearest m,
// ln x = e ln 2 + ln c + ln(1 + r) with r = (m - c) / c, |r| <= 2^-8, and ln(1 + r) by
// seven terms of its series (the rest below 2^-64). m - c is exact, r is rounded twice
// (through 1 / c), so ln(1 + r) is off by about |r| 2^-52; ln c carries series_log's error
// (up to 1.9 ulps at the 129 points), and the whole is within 2.5 ulps of ln x, in about a
// third of series_log's time: UCB1 takes it at every node with 1,024 visits or more.
inline double portable_log(double x) noexcept {
  const auto bits = std::bit_cast<std::uint64_t>(x);
  const int e = static_cast<int>(bits >> 52) - 1023;
  const std::uint64_t fraction = bits & 0x000fffffffffffffULL;
  const double m = std::bit_cast<double>(fraction | 0x3ff0000000000000ULL);  // [1, 2)
  const auto k = static_cast<std::size_t>((fraction + (std::uint64_t{1} << 44)) >> 45);  // nearest 1/128
  const double c = 1 + static_cast<double>(k) / log_table::steps;
  const double r = (m - c) * log_points.inverse[k];
  const double r2 = r * r;
  const double r4 = r2 * r2;
  // r - r^2/2 + r^3/3 - r^4/4 + r^5/5 - r^6/6 + r^7/7, in pairs so that the chain is short.
  const double low = -0.5 + r * (1.0 / 3);
  const double high = (-0.25 + r * 0.2) + r2 * (-1.0 / 6 + r * (1.0 / 7));
  const double log_1_r = r + (r2 * low + r4 * high);
  // ln 2 in two parts: e ln2_high is exact for |e| < 2^11.
  constexpr double ln2_high = 0x1.62e42fefa3800p-1;
  constexpr double ln2_low = 0x1.ef35793c7673p-45;
  return (e * ln2_high + log_points.log[k]) + (log_1_r + e * ln2_low);
}

// sqrt(ln n) and 1 / sqrt(n), the two roots of UCB1, from tables for the small counts that
// most nodes have (built once from the same arithmetic, so the numbers do not change).
struct ucb_tables {
  static constexpr std::uint64_t size = 1024;
  double sqrt_log[size];
  double inverse_sqrt[size];
  ucb_tables() noexcept {
    sqrt_log[0] = 0;
    inverse_sqrt[0] = 0;
    for (std::uint64_t n = 1; n < size; ++n) {
      sqrt_log[n] = std::sqrt(portable_log(static_cast<double>(n)));
      inverse_sqrt[n] = 1 / std::sqrt(static_cast<double>(n));
    }
  }
  static const ucb_tables& get() noexcept {
    static const ucb_tables tables;
    return tables;
  }
};
// For n >= 1; n = 0 gives 0 from both, so a node not yet visited explores nothing.
inline double sqrt_log(std::uint64_t n) noexcept {
  if (n < ucb_tables::size) return ucb_tables::get().sqrt_log[n];
  return std::sqrt(portable_log(static_cast<double>(n)));
}
inline double inverse_sqrt(std::uint64_t n) noexcept {
  if (n < ucb_tables::size) return ucb_tables::get().inverse_sqrt[n];
  return 1 / std::sqrt(static_cast<double>(n));
}
// What MCTS keeps in place of the members only games of chance need (with
// [[no_unique_address]]: nothing), so that other games' nodes and searchers stay as they were.
struct no_chance_member {};
}  // namespace detail

/// The random numbers of MCTS: xoshiro256** seeded by SplitMix64. The same seed gives the same
/// sequence on every platform (integer arithmetic only). A uniform_random_bit_generator, so it
/// also drives the standard distributions (whose results are not portable: below() is).
class playout_random {
 public:
  using result_type = std::uint64_t;

  explicit playout_random(std::uint64_t seed = 0) noexcept { reseed(seed); }

  /// Restarts the sequence of seed.
  void reseed(std::uint64_t seed) noexcept {
    std::uint64_t x = seed;
    for (std::uint64_t& word : s_) {
      x += 0x9e3779b97f4a7c15ULL;
      word = detail::mix64(x);
    }
  }

  static constexpr result_type min() noexcept { return 0; }
  static constexpr result_type max() noexcept { return std::numeric_limits<result_type>::max(); }

  result_type operator()() noexcept {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  /// A uniform integer in [0, n). Requires n >= 1. O(1) expected.
  std::size_t below(std::size_t n) noexcept {
    const auto bound = static_cast<std::uint64_t>(n);
    if (bound <= 0xffffffffULL) {
      // 32 random bits times n: the high word is the result, the low word decides rejection.
      std::uint64_t m = ((*this)() >> 32) * bound;
      if (static_cast<std::uint32_t>(m) < bound) {
        const std::uint32_t threshold = static_cast<std::uint32_t>(-static_cast<std::uint32_t>(bound)) %
                                        static_cast<std::uint32_t>(bound);
        while (static_cast<std::uint32_t>(m) < threshold) m = ((*this)() >> 32) * bound;
      }
      return static_cast<std::size_t>(m >> 32);
    }
    const std::uint64_t threshold = (0 - bound) % bound;  // GCOVR_EXCL_LINE more than 2^32 moves
    std::uint64_t x = (*this)();                          // GCOVR_EXCL_LINE
    while (x < threshold) x = (*this)();                  // GCOVR_EXCL_LINE
    return static_cast<std::size_t>(x % bound);           // GCOVR_EXCL_LINE
  }

  /// A uniform double in [0, 1) with 53 random bits.
  double unit() noexcept { return static_cast<double>((*this)() >> 11) * 0x1.0p-53; }

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) noexcept { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4]{};
};

/// Optional, for MCTS: g.playout_move(moves, random) -> the index in moves (all the legal
/// moves of g) of the move a playout plays at g; a game's own playout policy (win at once if
/// it can, say) in place of uniform random moves. A rollout hook set on the searcher comes first.
/// Neither is asked at a chance state: the searcher draws its outcome by the probabilities.
template <class G>
concept playout_game = game<G> && requires(const G& g, std::span<const typename G::move_type> moves,
                                           playout_random& random) {
  { g.playout_move(moves, random) } -> std::convertible_to<std::size_t>;
};

/// How MCTS chooses the child to descend into.
enum class mcts_selection : std::uint8_t {
  /// UCB1: mean + c * sqrt(ln N / n); every child is tried once first, in generation order.
  uct,
  /// PUCT: mean + c * prior * sqrt(N) / (1 + n), the mean of an untried child counting as 0.
  puct,
};

/// How several threads share an MCTS search (mcts_options::threads > 1).
enum class mcts_parallelism : std::uint8_t {
  root,  ///< a tree per thread, the root moves' statistics merged at the end (the default)
  tree,  ///< one tree, changed under a spin lock, the threads kept apart by virtual loss
};

/// Which root move MCTS plays when the budget runs out.
enum class mcts_final_move : std::uint8_t {
  /// The robust child: the most visits (ties: the higher mean, then generation order).
  most_visits,
  /// The max child: the highest mean (ties: more visits, then generation order).
  highest_mean,
};

/// Why an MCTS search ended.
enum class mcts_stop : std::uint8_t {
  solved,      ///< the MCTS-Solver proved the root's value (or the root is terminal)
  iterations,  ///< max_iterations ran out
  time,        ///< max_time ran out
  stopped,     ///< the stop flag or mcts::stop() (a stop() made before the search began too)
};

/// How MCTS searches. Rewards are in [-1, 1] for win/loss/draw games (1 a win, 0 a draw, -1
/// a loss for the player it is given to) and payoff / payoff_scale for games with a numeric
/// payoff; exploration is in the same units.
struct mcts_options {
  /// The rule that chooses the child to descend into: UCT (UCB1) or PUCT.
  mcts_selection selection = mcts_selection::uct;
  /// The exploration constant c of UCB1 or PUCT, in reward units (> 0, finite).
  double exploration = 1.4;
  /// The MCTS-Solver: each node keeps the least and greatest value its player can still
  /// reach, learnt from the terminal states found (at a chance state: the probability-weighted
  /// mean of its outcomes' bounds); a node whose bounds meet is proven, the search no longer
  /// enters it nor moves whose greatest value cannot beat a sibling's least, and a solved root
  /// ends the search. Off: plain UCT or PUCT.
  bool solver = true;
  /// Which root move the result plays: the most visited or the highest mean.
  mcts_final_move final_move = mcts_final_move::most_visits;
  /// The seed of the random numbers; reset() restarts the sequence from it.
  std::uint64_t seed = 0;
  /// The memory the tree's nodes may take, in bytes (at least one node, else the constructor
  /// throws; a node is expanded only when a child for each of its moves fits; 64 KiB is
  /// plenty for a test). At the cap the tree stops growing and the iterations go on: they
  /// play out from the leaves the tree has, so the statistics keep improving but no deeper
  /// node is added; the result's stats.tree_full says so.
  std::size_t max_memory_bytes = std::size_t{1} << 30;
  /// Make/unmake with undo() when the game has it; if false, copy the root for each iteration.
  bool use_undo = true;
  /// In the tree, the game's search_moves() (when it has them) instead of legal_moves():
  /// moves that cannot be best are never tried. Playouts use legal_moves().
  bool use_search_moves = true;
  /// Games with a numeric payoff: rewards are payoff / payoff_scale (> 0, finite). The
  /// greatest absolute payoff gives rewards in [-1, 1], the range exploration is meant for.
  double payoff_scale = 1.0;
  /// Threads (1 .. 1024). 1: one tree, the same search from the same seed on every run. With
  /// more, `parallelism` says how they share the search; thread i draws its random numbers
  /// from seed + i, max_iterations counts the iterations of all threads, and the run is not
  /// reproducible. The evaluator, prior and rollout hooks are then called from every thread at
  /// once.
  std::size_t threads = 1;
  /// With threads > 1: `root` (the default), each thread grows its own tree (each within
  /// max_memory_bytes / threads) for its exact share of the iterations, a root one tree
  /// proves ends the search for all, and the result merges the root moves of every tree
  /// (visits summed, means weighted by visits, the tightest bounds); children() and
  /// tree_size() then describe the caller's thread's tree. `tree`: every thread iterates on
  /// the one tree (within max_memory_bytes, reserved whole as address space at the first
  /// search: the nodes must not move while threads read them), claiming iterations as it
  /// goes. No lock is held while a thread descends and backs up (a node's statistics are
  /// changed under the node's own one-byte lock, its solver bounds by compare-and-swap); a
  /// spin lock serialises expansion (the move generation and the prior hook included). Each
  /// node a thread enters counts a virtual loss (a visit of reward -1) until the thread backs
  /// up its real reward, so that the other threads try other lines. Root measures better
  /// where the tree's work is most of an iteration (Connect 4 with playouts); where
  /// evaluating a leaf is (a costly evaluator), both run at about the same rate and the
  /// shared tree's iterations are worth more (each one as much as one thread's):
  /// docs/parallel.md has the figures.
  mcts_parallelism parallelism = mcts_parallelism::root;
};

/// The budgets of one MCTS search. With none, the search runs until the root is solved, which
/// without the solver only a terminal root is: give a budget then.
struct mcts_limits {
  /// Iterations (>= 1) for this search, exactly (a search continuing a kept tree counts afresh).
  std::optional<std::uint64_t> max_iterations{};
  /// Wall time (>= 0), checked every 8 iterations.
  std::optional<std::chrono::nanoseconds> max_time{};
  /// A flag another thread may set to end the search (read before every iteration): the same
  /// kind as search_limits::stop. The searcher only reads it: unlike stop(), it is never cleared.
  const std::atomic<bool>* stop = nullptr;
};

/// One root move after a search. Values are rewards for the player to move at the root.
template <class Game>
struct mcts_move_info {
  typename Game::move_type move;
  std::uint64_t visits = 0;
  /// The mean reward of the iterations through this move (0 before any).
  double mean = 0;
  /// PUCT's prior; for an outcome of a chance state, its probability.
  double prior = 0;
  /// The move's exact value when proven (1 a win, 0 a draw, -1 a loss, or a scaled payoff):
  /// by the solver, or because it ends the game.
  std::optional<double> proven{};
  /// The least and greatest value the solver knows the move can have (-1 and 1, or the
  /// infinities for payoffs, when nothing is known; for a chance game with payoff_bounds() [L, U],
  /// [min(L, -U), max(U, -L)] / payoff_scale).
  double lower = 0;
  double upper = 0;
};

/// Work done by one MCTS search.
struct mcts_statistics {
  std::uint64_t iterations = 0;
  std::uint64_t playout_plies = 0;  ///< moves played in playouts (not in the tree)
  std::size_t tree_nodes = 0;       ///< nodes in the tree after the search
  std::size_t nodes_allocated = 0;  ///< nodes the pool holds (in the tree or free for reuse)
  std::size_t tree_depth = 0;       ///< the deepest node an iteration reached in the tree
  bool tree_full = false;           ///< the memory cap stopped the tree growing
  std::chrono::duration<double> elapsed{0};
  /// Adds the counts of another tree searched at the same time (a helper thread's): elapsed is
  /// left as it is.
  void add(const mcts_statistics& o) noexcept {
    iterations += o.iterations;
    playout_plies += o.playout_plies;
    tree_nodes += o.tree_nodes;
    nodes_allocated += o.nodes_allocated;
    tree_depth = std::max(tree_depth, o.tree_depth);
    tree_full = tree_full || o.tree_full;
  }
  [[nodiscard]] double iterations_per_second() const noexcept {
    return elapsed.count() > 0 ? static_cast<double>(iterations) / elapsed.count() : 0.0;
  }
};

/// What an MCTS search found.
template <class Game>
struct mcts_result {
  using move_type = typename Game::move_type;
  /// The move chosen by options().final_move (a proven best move if the root is solved);
  /// empty only when the root is terminal. At a chance root, which no player chooses at: its
  /// most probable outcome (the first among equals), as engine<G> reports.
  std::optional<move_type> best_move;
  /// The best move's mean reward (its proven value if proven; with the solver, held within its
  /// bounds), and its visits. At a chance root, the root's own: the mean of every iteration
  /// (the proven value if solved; with the solver, within the root's bounds), and their number.
  double value = 0;
  std::uint64_t visits = 0;
  /// The root's value is proven: proven_value holds it.
  bool solved = false;
  std::optional<double> proven_value{};
  mcts_stop reason = mcts_stop::solved;
  /// Every root move in generation order (of search_moves() if used; a chance root's outcomes
  /// in the order chance_outcomes() lists them); empty while the root is not expanded.
  std::vector<mcts_move_info<Game>> moves;
  mcts_statistics stats;
};

/// Monte Carlo tree search for one game type. Holds the tree between searches: search() adds
/// iterations to it, advance(move) keeps the subtree under a played move and returns the rest
/// to the pool. One search at a time; stop() may be called from any thread. Movable (not while
/// it searches), not copyable.
///
/// Games of chance: at a chance state the iteration draws the outcome by its probabilities
/// (from the searcher's random numbers, so a seed still fixes the search), in the tree and in
/// playouts alike; a chance node's value is for its player_to_move(), and the solver bounds it
/// by the probability-weighted mean of its outcomes' bounds. See docs/mcts.md.
template <game Game>
class mcts {
  static_assert(detail::well_formed_chance_game<Game>());

 public:
  using move_type = typename Game::move_type;
  using result_type = mcts_result<Game>;
  /// A value for the player to move at a state, used instead of a playout (in [-1, 1] for
  /// win/loss/draw games).
  using evaluator_type = std::function<double(const Game&)>;
  /// Fills priors[i] (>= 0, finite) for moves[i] when a node is expanded (PUCT).
  using prior_type = std::function<void(const Game&, std::span<const move_type>, std::span<double>)>;
  /// Chooses the playout's move at a decision state: an index into moves (all legal moves).
  /// Chance states' outcomes are drawn by the searcher.
  using rollout_type = std::function<std::size_t(const Game&, std::span<const move_type>, playout_random&)>;

  /// Throws std::invalid_argument for an exploration or payoff_scale that is not positive and
  /// finite, or a memory cap below one node.
  explicit mcts(mcts_options options = {}) : options_(options), main_(options.seed) {
    check_positive(options_.exploration, "exploration");
    check_positive(options_.payoff_scale, "payoff_scale");
    if (options_.threads < 1 || options_.threads > 1024) {
      throw std::invalid_argument("mcts_options: threads must be 1 .. 1024, not " + std::to_string(options_.threads));
    }
    const std::size_t trees = options_.parallelism == mcts_parallelism::root ? options_.threads : 1;
    if (options_.max_memory_bytes / trees < sizeof(node)) {
      throw std::invalid_argument("mcts_options: max_memory_bytes must hold at least one node (" +
                                  std::to_string(sizeof(node)) + " bytes) a tree, not " +
                                  std::to_string(options_.max_memory_bytes) +
                                  (trees > 1 ? " for " + std::to_string(trees) + " trees" : ""));
    }
    max_nodes_ = std::min<std::size_t>(options_.max_memory_bytes / trees / sizeof(node), npos - 1);
    use_undo_ = undoable_game<Game> && options_.use_undo;
  }

  /// Takes other's options, tree, root, random state, hooks and pending stop() request; other
  /// is left as if newly constructed with its options: no root, no hooks, no request. Neither
  /// searcher may be searching, nor see stop() during the move. O(1). Throws what Game's move
  /// constructor throws (both are then left without a root).
  mcts(mcts&& other) noexcept(nothrow_move_assignable) : mcts(other.options_) { *this = std::move(other); }

  /// As the move constructor, in place of this searcher's own tree, options and hooks (a move
  /// to itself changes nothing). O(1) plus freeing this searcher's tree. Throws what Game's
  /// move constructor and move assignment throw (both searchers are then left without a root).
  mcts& operator=(mcts&& other) noexcept(nothrow_move_assignable) {
    if (this == &other) return *this;
    if constexpr (nothrow_move_assignable) {
      take(other);
    } else {
      try {
        take(other);
      } catch (...) {
        forget();  // a root half moved matches neither tree
        other.forget();
        throw;
      }
    }
    return *this;
  }

  mcts(const mcts&) = delete;
  mcts& operator=(const mcts&) = delete;
  ~mcts() = default;

  /// A new root: the tree is emptied (its nodes go back to the pool) and the random sequence
  /// restarts from the seed. Complexity: two copies of root, plus O(tree size) for a move type
  /// with a destructor to run. Throws game_contract_error for a chance game's payoff_bounds()
  /// that are not finite and ordered (the searcher is then unchanged).
  void reset(const Game& root) {
    if constexpr (payoff_bounded_game<Game>) payoff_ = detail::checked_payoff_bounds(root);
    if (options_.threads > 1 && options_.parallelism == mcts_parallelism::tree) {
      if (walkers_.empty()) {  // made once (before anything changes, should it throw), then reseeded
        std::vector<walker> made;
        made.reserve(options_.threads - 1);
        for (std::size_t i = 1; i < options_.threads; ++i) made.emplace_back(options_.seed + i);
        walkers_ = std::move(made);
      } else {
        for (std::size_t i = 1; i < options_.threads; ++i) walkers_[i - 1].random.reseed(options_.seed + i);
      }
    }
    release_all();
    root_.emplace(root);
    main_.scratch.emplace(root);
    main_.random.reseed(options_.seed);
    root_index_ = allocate_one();
    if (options_.threads > 1 && options_.parallelism == mcts_parallelism::root) {
      while (helpers_.size() < options_.threads - 1) {
        mcts_options o = options_;
        o.threads = 1;
        o.max_memory_bytes = options_.max_memory_bytes / options_.threads;
        o.seed = options_.seed + helpers_.size() + 1;
        helpers_.push_back(std::make_unique<mcts>(o));
        helpers_.back()->evaluator_ = evaluator_;
        helpers_.back()->prior_ = prior_;
        helpers_.back()->rollout_ = rollout_;
      }
      for (const auto& h : helpers_) h->reset(root);
    }
  }

  /// Plays move at the root and keeps its subtree (with all its statistics) as the new tree;
  /// the rest of the tree goes back to the pool. Complexity: O(nodes freed) and one move
  /// generation. Throws std::logic_error without a root; illegal_move_error if move is not
  /// legal at the root (the tree is then unchanged).
  void advance(const move_type& move) {
    require_root("advance");
    // Between searches the scratch state equals the root's with make/unmake; copy-make leaves
    // it where the last iteration ended, so it is put back first.
    if (!use_undo_) *main_.scratch = *root_;
    play_checked(*main_.scratch, move);
    std::uint32_t kept = npos;
    node& r = node_at(root_index_);
    for (std::uint32_t c = r.first_child; c != npos; c = node_at(c).next_sibling) {
      if (node_at(c).move == move) kept = c;
    }
    if (kept == npos) {  // not expanded, or search_moves() left it out
      release_subtree(root_index_, npos);
      root_index_ = allocate_one();
    } else {
      release_subtree(root_index_, kept);
      node& k = node_at(root_index_);  // its values become its own player's, as the root's are
      if (!k.same_player) {
        k.mean = -k.mean;
        k.lower = -std::exchange(k.upper, -k.lower);
      }
    }
    root_->play(move);
    for (const auto& h : helpers_) h->advance(move);  // legal there too: the same root
  }

  /// Whether there is a root state (after reset(), search(game) or advance(); not after a
  /// move from this searcher). O(1).
  [[nodiscard]] bool has_root() const noexcept { return root_.has_value(); }

  /// The current root state. Throws std::logic_error without one.
  [[nodiscard]] const Game& root() const {
    require_root("root");
    return *root_;
  }

  /// reset(game), then search(limits) (which a pending stop() request ends at once: the
  /// reset does not clear it).
  result_type search(const Game& game, const mcts_limits& limits = {}) {
    reset(game);
    return search(limits);
  }

  /// Runs iterations from the current root until a budget runs out or the root is solved,
  /// adding to the tree kept so far. Complexity: O(iterations × (tree depth × branching +
  /// playout length)). Throws std::logic_error without a root; std::invalid_argument for a
  /// max_iterations of 0 or a negative max_time; game_contract_error when the game (or a
  /// hook) breaks its contract; what the game and the hooks throw (the tree stays usable).
  /// A stop() request pending when it starts ends it before its first iteration (see stop()).
  result_type search(const mcts_limits& limits = {}) {
    require_root("search");
    if (limits.max_iterations && *limits.max_iterations == 0) {
      throw std::invalid_argument("mcts_limits: max_iterations must be at least 1");
    }
    detail::budget::check_max_time(limits.max_time, "mcts_limits");
    // From here on the search runs: whatever ends it (a budget, the solver, a stop, an
    // exception) spends a request made before or during it. A call rejected above never
    // started, so a pending request waits for the next search, as the engine's does.
    const detail::stop_request::clear_at_end clear_stop(stop_);
    const auto start = std::chrono::steady_clock::now();
    const std::uint64_t max_iterations = limits.max_iterations.value_or(std::numeric_limits<std::uint64_t>::max());
    if (options_.threads > 1) {
      return options_.parallelism == mcts_parallelism::tree ? search_shared(limits, max_iterations, start)
                                                            : search_parallel(limits, max_iterations, start);
    }
    return search_tree(max_iterations, detail::budget(start, limits.max_time, limits.stop, &stop_), start);
  }

  /// Ends the search in progress before its next iteration. Made while no search runs, the
  /// request is kept for the next search, which then ends before its first iteration (with
  /// reason stopped, unless the root is already solved, and a legal best move if the root has
  /// moves: the first one when the tree has not expanded the root). Every search clears the
  /// request when it ends, whatever ended it, so a request stops one search at most; a call
  /// of search() rejected for its arguments (no root, a bad limit) is no search and leaves the
  /// request pending. The rule of engine::stop() too. Thread-safe, O(1).
  void stop() noexcept { stop_.request(); }

 private:
  // Iterations on this tree until max_iterations, the budget or a solved root ends them.
  result_type search_tree(std::uint64_t max_iterations, const detail::budget& budget,
                          std::chrono::steady_clock::time_point start) {
    walker& w = main_;
    w.stats = mcts_statistics{};
    visit_root();
    const mcts_stop reason = iterate_until<false>(w, budget, [&] { return w.stats.iterations < max_iterations; });
    w.stats.elapsed = std::chrono::steady_clock::now() - start;
    return collect(reason, w.stats);
  }

  // Why a search of several threads ended, from each thread's reason: solved if a thread
  // proved the root; else time, else iterations, if a thread ran out of either (the others
  // may have been stopped by the flag the first to end raises); else stopped.
  static mcts_stop joint_reason(const std::vector<mcts_stop>& reasons) noexcept {
    mcts_stop joint = mcts_stop::stopped;
    for (const mcts_stop r : reasons) {
      if (r == mcts_stop::solved) return r;
      if (r == mcts_stop::time || (r == mcts_stop::iterations && joint == mcts_stop::stopped)) joint = r;
    }
    return joint;
  }

  // Tree parallelisation (mcts_parallelism::tree): thread i iterates with walker i (main_,
  // then walkers_) on this searcher's tree, at once, until the iterations run out
  // (claimed one at a time from a shared count, so that they add up to max_iterations
  // exactly), the budget ends, or an iteration of any thread proves the root. The first
  // thread to end, by a return or an exception, ends the others.
  result_type search_shared(const mcts_limits& limits, std::uint64_t max_iterations,
                            std::chrono::steady_clock::time_point start) {
    if (!pool_) pool_ = std::make_unique<detail::thread_pool>(options_.threads - 1);
    visit_root();
    // The threads read nodes while one of them adds more: the pool must never move. The whole
    // cap is reserved (address space: the pages are taken as the tree grows).
    nodes_.reserve(max_nodes_);
    std::atomic<std::uint64_t> claimed{0};
    std::atomic<bool> ended{false};
    std::vector<mcts_stop> reasons(options_.threads, mcts_stop::stopped);
    pool_->run([&](std::size_t i) {
      walker& w = i == 0 ? main_ : walkers_[i - 1];
      w.stats = mcts_statistics{};
      const detail::budget budget(start, limits.max_time, limits.stop, &stop_, &ended);
      try {
        if (i > 0) w.scratch = *root_;
        reasons[i] = iterate_until<true>(w, budget, [&] {
          return claimed.fetch_add(1, std::memory_order_relaxed) < max_iterations;
        });
      } catch (...) {
        ended.store(true, std::memory_order_relaxed);
        throw;
      }
      ended.store(true, std::memory_order_relaxed);
    });
    const mcts_stop reason = proven(node_at(root_index_)) ? mcts_stop::solved : joint_reason(reasons);
    mcts_statistics stats = main_.stats;
    for (const walker& w : walkers_) stats.add(w.stats);
    stats.elapsed = std::chrono::steady_clock::now() - start;
    return collect(reason, stats);
  }

  // Root parallelisation: thread i searches tree i (this one, then the helpers) for its share
  // of the iterations, within the same clock and stop flags (this searcher's stop() reaches
  // every thread); a tree that proves the root, or throws, ends the search for all. The
  // results are merged move by move: every tree has the same root, so the same moves in the
  // same order.
  result_type search_parallel(const mcts_limits& limits, std::uint64_t max_iterations,
                              std::chrono::steady_clock::time_point start) {
    if (!pool_) pool_ = std::make_unique<detail::thread_pool>(options_.threads - 1);
    const std::size_t n = options_.threads;
    std::atomic<bool> ended{false};
    std::vector<result_type> results(n);
    pool_->run([&](std::size_t i) {
      mcts& t = i == 0 ? *this : *helpers_[i - 1];
      const bool unlimited = max_iterations == std::numeric_limits<std::uint64_t>::max();
      const std::uint64_t share = unlimited ? max_iterations : max_iterations / n + (i < max_iterations % n ? 1 : 0);
      try {
        results[i] = t.search_tree(share, detail::budget(start, limits.max_time, limits.stop, &stop_, &ended), start);
      } catch (...) {
        ended.store(true, std::memory_order_relaxed);
        throw;
      }
      if (results[i].solved) ended.store(true, std::memory_order_relaxed);
    });
    result_type r = merge(results);
    r.stats.elapsed = std::chrono::steady_clock::now() - start;
    return r;
  }

  // One result of the trees' results (see mcts_options::threads).
  result_type merge(std::vector<result_type>& results) {
    std::vector<mcts_stop> reasons;
    for (const result_type& t : results) reasons.push_back(t.reason);
    // The first tree that has the root's moves: a thread may be stopped (another tree proved
    // the root) before its first iteration, and the memory cap may leave every tree without.
    std::size_t base = 0;
    while (base + 1 < results.size() && results[base].moves.empty()) ++base;
    result_type r = std::move(results[base]);
    for (std::size_t i = 0; i < results.size(); ++i) {
      if (i == base) continue;
      const result_type& t = results[i];
      for (std::size_t k = 0; k < r.moves.size() && k < t.moves.size(); ++k) {
        mcts_move_info<Game>& m = r.moves[k];
        const mcts_move_info<Game>& o = t.moves[k];
        const std::uint64_t visits = m.visits + o.visits;
        if (visits > 0) {
          m.mean = (m.mean * static_cast<double>(m.visits) + o.mean * static_cast<double>(o.visits)) /
                   static_cast<double>(visits);
        }
        m.visits = visits;
        m.lower = std::max(m.lower, o.lower);
        m.upper = std::min(m.upper, o.upper);
        if (!m.proven && o.proven) m.proven = o.proven;
        if (m.proven) m.lower = m.upper = *m.proven;
      }
      r.solved = r.solved || t.solved;
      if (!r.proven_value) r.proven_value = t.proven_value;
      r.stats.add(t.stats);
    }
    r.reason = joint_reason(reasons);
    // The root's player is sure of the best least value of the merged moves.
    double sure = -std::numeric_limits<double>::infinity();
    if (options_.solver) {
      for (const auto& m : r.moves) sure = std::max(sure, m.lower);
    }
    if (!chance_root(r)) choose(r, sure);
    return r;
  }

 public:

  /// A value instead of a playout at each new leaf (empty: playouts).
  void set_evaluator(evaluator_type f) {
    for (const auto& h : helpers_) h->evaluator_ = f;
    evaluator_ = std::move(f);
  }
  /// The priors of PUCT (empty: 1/k for each of k moves), asked where a decision state is
  /// expanded (a chance state's outcomes have their probabilities).
  void set_prior(prior_type f) {
    for (const auto& h : helpers_) h->prior_ = f;
    prior_ = std::move(f);
  }
  /// The playout policy at decision states (empty: the game's playout_move() if it has one,
  /// else a uniformly random legal move).
  void set_rollout_policy(rollout_type f) {
    for (const auto& h : helpers_) h->rollout_ = f;
    rollout_ = std::move(f);
  }

  /// The moves at the node that line (moves from the root) leads to, with their statistics
  /// as in a result; an empty line: the root's moves. Empty if that node is not expanded.
  /// Complexity: O(line length × branching). Throws std::logic_error without a root;
  /// std::invalid_argument if the line leaves the tree.
  [[nodiscard]] std::vector<mcts_move_info<Game>> children(std::span<const move_type> line = {}) const {
    require_root("children");
    std::uint32_t at = root_index_;
    for (std::size_t k = 0; k < line.size(); ++k) {
      std::uint32_t next = npos;
      for (std::uint32_t c = node_at(at).first_child; c != npos && next == npos; c = node_at(c).next_sibling) {
        if (node_at(c).move == line[k]) next = c;
      }
      if (next == npos) {
        Game g = *root_;  // the state the move would be played at, to name it as the game does
        for (std::size_t j = 0; j < k; ++j) g.play(line[j]);
        throw std::invalid_argument("mcts::children: move " + std::to_string(k + 1) + " of the line (" +
                                    detail::describe_move(g, line[k]) + ") is not in the tree");
      }
      at = next;
    }
    std::vector<mcts_move_info<Game>> out;
    std::size_t count = 0;
    for (std::uint32_t c = node_at(at).first_child; c != npos; c = node_at(c).next_sibling) ++count;
    out.reserve(count);
    for (std::uint32_t c = node_at(at).first_child; c != npos; c = node_at(c).next_sibling) {
      const node& n = node_at(c);
      // + 0.0: a bound negated from 0 reads 0, not -0.
      mcts_move_info<Game> info{n.move, n.visits, n.mean,
                                n.prior, std::nullopt, n.lower + 0.0, n.upper + 0.0};
      if (proven(n)) info.proven = n.lower + 0.0;
      out.push_back(std::move(info));
    }
    return out;
  }

  /// Nodes in the tree (the root included; 0 without a root). O(1).
  [[nodiscard]] std::size_t tree_size() const noexcept { return live_; }
  /// The most nodes the memory cap allows.
  [[nodiscard]] std::size_t max_nodes() const noexcept { return max_nodes_; }
  [[nodiscard]] const mcts_options& options() const noexcept { return options_; }

 private:
  static constexpr std::uint32_t npos = static_cast<std::uint32_t>(-1);
  // The values nothing is known beyond: a win and a loss, or the infinities for payoffs.
  static constexpr bool payoff_game =
      detail::optional_payoff<std::remove_cvref_t<decltype(std::declval<const Game&>().outcome())>>::value;
  static constexpr double max_reward = payoff_game ? std::numeric_limits<double>::infinity() : 1.0;

  // A node's values are rewards for the player to move at its parent: the player who chooses
  // it (for an outcome: the chance state's player). The root's are for the player to move at
  // the root.
  struct node {
    // First: a node is assigned member by member in this order, so if the move's assignment
    // throws as allocate_one resets a free node, its link (next_sibling) is still intact.
    move_type move{};
    std::uint32_t first_child = npos;
    std::uint32_t next_sibling = npos;  // also the free list's link
    bool reached = false;      // its state has been seen: a terminal's bounds and same_player are known
    bool same_player = false;  // the player to move here also moved at the parent
    // A chance state (expanded): its children are its outcomes, each one's prior its probability.
    // In the padding after the flags above: a chance game's node is no larger.
    [[no_unique_address]] std::conditional_t<chance_game<Game>, bool, detail::no_chance_member> chance{};
    bool busy = false;  // a shared tree's thread holds the node's lock (update_stats), in the padding too
    std::uint64_t visits = 0;
    double mean = 0;    // of the rewards backed up through it (0 before a visit)
    double weight = 0;  // of the exploration term: 1 / sqrt(visits) (UCT), prior / (1 + visits) (PUCT)
    double lower = -max_reward;  // the solver's bounds on the node's value
    double upper = max_reward;
    double prior = 0;
  };

  static bool proven(const node& n) noexcept { return n.lower == n.upper; }

  // ---- the fields the threads of a shared tree use at once ----
  // On a shared tree (Shared) a node's visits, mean, weight, bounds and flags are read and
  // written as relaxed atomics (std::atomic_ref), and its first_child is published with
  // release once its children are written whole, and read with acquire; the children's
  // moves, priors and sibling links are not changed after that. Alone (!Shared): plain fields.
  template <bool Shared, class T>
  static T load(const T& field, std::memory_order order = std::memory_order_relaxed) noexcept {
    if constexpr (Shared) {
      return std::atomic_ref<T>(const_cast<T&>(field)).load(order);
    } else {
      (void)order;
      return field;
    }
  }
  template <bool Shared, class T>
  static void store(T& field, T value, std::memory_order order = std::memory_order_relaxed) noexcept {
    if constexpr (Shared) {
      std::atomic_ref<T>(field).store(value, order);
    } else {
      (void)order;
      field = value;
    }
  }
  template <bool Shared>
  static bool proven_now(const node& n) noexcept {
    return load<Shared>(n.lower) == load<Shared>(n.upper);
  }
  // Moves a bound of a shared tree's node to v if that tightens it (raise: a lower bound);
  // true if it did. A stale v never loosens a bound another thread tightened.
  static bool tighten(double& bound, double v, bool raise) noexcept {
    std::atomic_ref<double> b(bound);
    double old = b.load(std::memory_order_relaxed);
    while (raise ? v > old : v < old) {
      if (b.compare_exchange_weak(old, v, std::memory_order_relaxed)) return true;
    }
    return false;
  }

  // What one thread's iterations use besides the tree: the state they play on (equal to root_
  // between iterations), their random numbers, path, buffers and counts. On a cache line of
  // its own: the walkers of a shared tree are written by their threads at once.
  struct alignas(64) walker {
    explicit walker(std::uint64_t seed) : random(seed) {}
    std::optional<Game> scratch;
    playout_random random;
    std::vector<std::uint32_t> path;
    std::vector<move_type> moves;
    std::vector<move_type> played;
    std::vector<double> priors;
    // A chance state's outcomes as the game lists them.
    [[no_unique_address]] std::conditional_t<chance_game<Game>, std::vector<chance_outcome<move_type>>,
                                             detail::no_chance_member> outcomes;
    mcts_statistics stats;
    bool new_bounds = false;  // a terminal was found this iteration
  };

  static constexpr bool nothrow_move_assignable =
      std::is_nothrow_move_assignable_v<std::optional<Game>> &&
      std::is_nothrow_move_assignable_v<evaluator_type> && std::is_nothrow_move_assignable_v<prior_type> &&
      std::is_nothrow_move_assignable_v<rollout_type>;

  // Every member of other, then other as new (the move assignment; other is not this).
  void take(mcts& other) {
    options_ = other.options_;
    max_nodes_ = other.max_nodes_;
    use_undo_ = other.use_undo_;
    root_ = std::move(other.root_);
    main_ = std::move(other.main_);
    walkers_ = std::move(other.walkers_);
    nodes_ = std::move(other.nodes_);
    free_head_ = other.free_head_;
    live_ = other.live_;
    root_index_ = other.root_index_;
    stack_ = std::move(other.stack_);
    payoff_ = other.payoff_;
    stop_ = std::move(other.stop_);
    evaluator_ = std::move(other.evaluator_);
    prior_ = std::move(other.prior_);
    rollout_ = std::move(other.rollout_);
    helpers_ = std::move(other.helpers_);
    pool_ = std::move(other.pool_);
    other.forget();
  }

  // A moved-from searcher: as newly constructed with its options.
  void forget() noexcept {
    release_all();
    root_.reset();
    main_.scratch.reset();
    main_.random.reseed(options_.seed);
    main_.stats = mcts_statistics{};
    main_.new_bounds = false;
    walkers_.clear();
    root_index_ = npos;
    stop_.clear();
    evaluator_ = nullptr;
    prior_ = nullptr;
    rollout_ = nullptr;
    helpers_.clear();
  }

  static void check_positive(double x, const char* name) {
    if (!(x > 0 && std::isfinite(x))) {
      throw std::invalid_argument(std::string("mcts_options: ") + name +
                                  " must be positive and finite, not " + std::to_string(x));
    }
  }

  void require_root(const char* what) const {
    if (!root_) {
      throw std::logic_error(std::string("mcts::") + what +
                             ": no root position; call reset(game) or search(game, limits) first");
    }
  }

  // ---- the pool ----
  // Node i of the pool, through data() and not operator[]: while threads share the tree, the
  // thread that expands moves the vector's end (allocate_one, under tree_lock_) as the others
  // read nodes, and operator[] with _GLIBCXX_ASSERTIONS reads the end to check i, a data race;
  // data() reads the start alone, which cannot move then (the whole cap is reserved).
  node& node_at(std::size_t i) noexcept { return nodes_.data()[i]; }
  const node& node_at(std::size_t i) const noexcept { return nodes_.data()[i]; }

  std::uint32_t allocate_one() {
    std::uint32_t i;
    if (free_head_ != npos) {
      i = free_head_;
      const std::uint32_t next = node_at(i).next_sibling;
      node_at(i) = node{};  // if the move's assignment throws, i stays at the free list's head (node: move first)
      free_head_ = next;
    } else {
      i = static_cast<std::uint32_t>(nodes_.size());
      if (nodes_.size() == nodes_.capacity()) {  // grow by doubling, but never past the cap
        nodes_.reserve(std::min(max_nodes_, std::max<std::size_t>(1024, 2 * nodes_.capacity())));
      }
      nodes_.emplace_back();
    }
    ++live_;
    return i;
  }

  void release_one(std::uint32_t i) {
    node_at(i).next_sibling = free_head_;
    free_head_ = i;
    --live_;
  }

  // Returns the subtree under i to the pool, except the subtree under keep (npos: none),
  // which becomes the root. Iterative: trees may be as deep as games are long.
  void release_subtree(std::uint32_t i, std::uint32_t keep) {
    stack_.clear();
    stack_.push_back(i);
    while (!stack_.empty()) {
      const std::uint32_t n = stack_.back();
      stack_.pop_back();
      for (std::uint32_t c = node_at(n).first_child; c != npos; c = node_at(c).next_sibling) {
        if (c != keep) stack_.push_back(c);
      }
      release_one(n);
    }
    if (keep != npos) {
      root_index_ = keep;
      node_at(keep).next_sibling = npos;
    }
  }

  // The whole tree at once: the pool keeps its memory and hands nodes out in order again,
  // so each node's children lie side by side (a free list would scatter them).
  void release_all() noexcept {
    nodes_.clear();
    free_head_ = npos;
    live_ = 0;
  }

  // ---- one iteration ----
  void visit_root() {
    node& r = node_at(root_index_);
    if (r.reached) return;
    r.reached = true;
    if (const auto o = root_->outcome()) {
      r.lower = r.upper = reward(*o);  // the root's own player
    } else if constexpr (payoff_bounded_game<Game>) {
      unknown_bounds(r);
    }
  }

  template <class Outcome>
  double reward(const Outcome& o) const {
    const score<double> s = detail::terminal_score<double>(o);  // checks the payoff for NaN
    if constexpr (chance_game<Game>) check_payoff(s.value());
    return s.is_win() ? 1.0 : s.is_loss() ? -1.0 : s.value() / options_.payoff_scale;
  }

  // A chance game's payoffs are averaged: an infinite one would make means and bounds NaN, and
  // one outside payoff_bounds() would make the solver's bounds wrong.
  void check_payoff(double p) const {
    if constexpr (payoff_bounded_game<Game>) {
      if (!(p >= payoff_.lower && p <= payoff_.upper)) {
        throw game_contract_error("game contract: outcome() returned the payoff " + std::to_string(p) +
                                  ", outside payoff_bounds() [" + std::to_string(payoff_.lower) + ", " +
                                  std::to_string(payoff_.upper) + "]");
      }
    } else if (!std::isfinite(p)) {
      throw game_contract_error("game contract: a chance game's payoffs must be finite (its values are means), "
                                "but outcome() returned " + std::to_string(p));
    }
  }

  // Walker w's iterations until one may not start (claim() false: the iterations have run
  // out), the budget ends, or the root is proven; the reason. Shared: on the tree other
  // threads share, whose root only iterate<true>() may look at. On an exception the state w
  // plays on is put back to the root's (a move half played must not stay on it).
  template <bool Shared, class Claim>
  mcts_stop iterate_until(walker& w, const detail::budget& budget, Claim claim) {
    try {
      while (true) {
        if constexpr (!Shared) {
          if (proven(node_at(root_index_))) return mcts_stop::solved;
        }
        if (budget.stop_requested()) return mcts_stop::stopped;
        if (w.stats.iterations % 8 == 0 && budget.past_deadline()) return mcts_stop::time;
        // Claimed last, so that a claimed iteration is run: on a shared tree another thread
        // ends the search for all when its claim fails, and the last iteration may have been
        // claimed by a thread that would otherwise see that end before it runs it.
        if (!claim()) return mcts_stop::iterations;
        if (!iterate<Shared>(w)) return mcts_stop::solved;
        ++w.stats.iterations;
      }
    } catch (...) {
      *w.scratch = *root_;
      throw;
    }
  }

  // One iteration by walker w. Shared: on a tree other threads iterate on at once, without a
  // lock but for expansion (tree_lock_): each node the iteration enters counts a virtual loss
  // (a visit of reward -1) at once, so that the other threads try other lines, and the
  // back-up replaces it with the reward. False if the root was proven before the iteration
  // began (nothing done).
  template <bool Shared>
  bool iterate(walker& w) {
    Game& g = use_undo_ ? *w.scratch : (*w.scratch = *root_);
    if constexpr (Shared) {
      if (proven_now<true>(node_at(root_index_))) return false;
    }
    w.path.clear();
    w.path.push_back(root_index_);
    w.played.clear();
    w.new_bounds = false;
    // Shared: the virtual losses of the first `counted` nodes of the path, taken back should
    // the iteration throw before it backs up.
    struct losses {
      mcts& self;
      const walker& w;
      std::size_t counted = 0;
      ~losses() {
        for (std::size_t k = 0; k < counted; ++k) self.uncount_loss(self.node_at(w.path[k]));
      }
    } guard{*this, w};
    if constexpr (Shared) {
      count_visit<true>(node_at(root_index_), -1.0);
      guard.counted = 1;
    }
    std::uint32_t current = root_index_;
    double r = 0;  // for the player to move at path.back()
    bool ended = false;
    while (true) {
      node& n = node_at(current);
      if (proven_now<Shared>(n)) {  // a terminal, or a proven outcome drawn at a chance node
        r = load<Shared>(n.same_player) ? load<Shared>(n.lower) : -load<Shared>(n.lower);
        ended = true;
        if constexpr (Shared) {
          // Its parent's bounds may lag behind it (the thread that proved it has not backed the
          // proof up yet): the backup then brings them up to date.
          if (w.path.size() > 1 && !proven_now<true>(node_at(w.path[w.path.size() - 2]))) w.new_bounds = true;
        }
        break;
      }
      if (load<Shared>(n.first_child, std::memory_order_acquire) == npos) {
        if constexpr (Shared) {
          const std::lock_guard<detail::spin_mutex> hold(tree_lock_);
          // Another thread may have expanded it meanwhile (and only a holder of the lock does).
          if (n.first_child == npos && !expand<true>(w, current, g)) break;  // the cap
        } else {
          if (!expand<false>(w, current, g)) break;  // the cap: play out from here
        }
      }
      const std::uint32_t child = next_child<Shared>(w, current);
      if constexpr (Shared) {
        if (child == npos) {  // every child is no better than the node is sure of: it is proven
          update_bounds<true>(current, current == root_index_);
          w.new_bounds = true;  // for the nodes above
          continue;
        }
      }
      step<Shared>(w, g, child);
      current = child;
      std::uint64_t earlier;  // the child's visits before this iteration's
      if constexpr (Shared) {
        earlier = count_visit<true>(node_at(child), -1.0);
        ++guard.counted;
      } else {
        earlier = node_at(child).visits;
      }
      if (!proven_now<Shared>(node_at(current)) && earlier == 0) {
        break;  // a new leaf: play out from it
      }
    }
    w.stats.tree_depth = std::max(w.stats.tree_depth, w.path.size() - 1);
    if (!ended) r = evaluate_leaf(w, g);
    backpropagate<Shared>(w, r);
    guard.counted = 0;
    if (use_undo_) {
      if constexpr (undoable_game<Game>) {
        for (auto it = w.played.rbegin(); it != w.played.rend(); ++it) g.undo(*it);
      }
    }
    return true;
  }

  // Plays child's move, and on the first arrival learns whether it is terminal and who moves.
  // (On a shared tree two threads may arrive first at once: both learn the same.)
  template <bool Shared>
  void step(walker& w, Game& g, std::uint32_t child) {
    node& c = node_at(child);
    const bool reached = load<Shared>(c.reached, std::memory_order_acquire);
    if constexpr (turn_reporting_game<Game>) {
      if (!reached) {
        const auto before = g.player_to_move();
        play(w, g, c.move);
        store<Shared>(c.same_player, g.player_to_move() == before);
      } else {
        play(w, g, c.move);
      }
    } else {
      play(w, g, c.move);
    }
    w.path.push_back(child);
    if (!reached) {
      if (const auto o = g.outcome()) {
        const double own = reward(*o);
        const double v = load<Shared>(c.same_player) ? own : -own;
        store<Shared>(c.lower, v);
        store<Shared>(c.upper, v);
        w.new_bounds = true;
      }
      store<Shared>(c.reached, true, std::memory_order_release);
    }
  }

  void play(walker& w, Game& g, const move_type& m) {
    g.play(m);
    if (use_undo_) w.played.push_back(m);
  }

  void generate(const Game& g, std::vector<move_type>& out) {
    out.clear();
    if constexpr (pruning_game<Game>) {
      if (options_.use_search_moves) {
        g.search_moves(out);
      } else {
        g.legal_moves(out);
      }
    } else {
      g.legal_moves(out);
    }
    if (out.empty()) detail::check_generated<Game>(0, 0);
  }

  // Adds a child per move (per outcome at a chance state); false when the memory cap leaves no
  // room (nothing is added).
  template <bool Shared>
  bool expand(walker& w, std::uint32_t index, const Game& g) {
    if constexpr (chance_game<Game>) {
      if (g.is_chance()) return expand_chance<Shared>(w, index, g);
    }
    generate(g, w.moves);
    if (live_ + w.moves.size() > max_nodes_) {
      w.stats.tree_full = true;
      return false;
    }
    const double uniform = 1.0 / static_cast<double>(w.moves.size());
    if (prior_) {
      w.priors.assign(w.moves.size(), uniform);
      prior_(g, std::span<const move_type>(w.moves), std::span<double>(w.priors));
      for (std::size_t i = 0; i < w.priors.size(); ++i) {
        if (!(w.priors[i] >= 0 && std::isfinite(w.priors[i]))) {
          throw game_contract_error("mcts prior hook: priors must be finite and >= 0, but prior " +
                                    std::to_string(i) + " is " + std::to_string(w.priors[i]));
        }
      }
    }
    add_children<Shared>(index, w.moves.size(), [&](node& c, std::size_t i) {
      c.move = w.moves[i];
      c.prior = prior_ ? w.priors[i] : uniform;
      c.weight = c.prior;  // PUCT's at 0 visits (UCT tries an unvisited child first)
    });
    return true;
  }

  // A chance state's outcomes as children, in the order the game lists them, each with its
  // probability as its prior.
  template <bool Shared>
  bool expand_chance(walker& w, std::uint32_t index, const Game& g) {
    read_outcomes(w, g);
    if (live_ + w.outcomes.size() > max_nodes_) {
      w.stats.tree_full = true;
      return false;
    }
    if constexpr (chance_game<Game>) node_at(index).chance = true;
    add_children<Shared>(index, w.outcomes.size(), [&](node& c, std::size_t i) {
      c.move = w.outcomes[i].move;
      c.prior = w.outcomes[i].probability;
    });
    return true;
  }

  // Gives node index `count` children, the i-th set up by init(child, i), in that order, and
  // then publishes them: first_child is written last (with release on a shared tree, whose
  // other threads then see the children whole or not at all). If init throws (a move's copy)
  // or the pool cannot grow, the children made so far go back to the pool: the node stays a
  // leaf, and the tree's size is what it was.
  template <bool Shared, class Init>
  void add_children(std::uint32_t index, std::size_t count, Init init) {
    std::uint32_t first = npos;
    std::uint32_t previous = npos;
    try {
      for (std::size_t i = 0; i < count; ++i) {
        const std::uint32_t c = allocate_one();
        (previous == npos ? first : node_at(previous).next_sibling) = c;
        previous = c;
        init(node_at(c), i);
        if constexpr (payoff_bounded_game<Game>) unknown_bounds(node_at(c));
      }
    } catch (...) {
      while (first != npos) {
        const std::uint32_t next = node_at(first).next_sibling;
        release_one(first);
        first = next;
      }
      throw;
    }
    store<Shared>(node_at(index).first_child, first, std::memory_order_release);
  }

  void read_outcomes(walker& w, const Game& g) {
    w.outcomes.clear();
    g.chance_outcomes(w.outcomes);
    detail::check_chance_outcomes(w.outcomes, 0);
  }

  // What a node of a payoff-bounded game nothing is known of may be worth. payoff_bounds()
  // bound the payoffs for the player to move at the end, and a state's value, for whichever
  // player, may be such a payoff negated (the other player's): so the bounds of both sides.
  // (The same as the game's for the usual symmetric bounds.)
  void unknown_bounds(node& c) const noexcept {
    c.lower = std::min(payoff_.lower, -payoff_.upper) / options_.payoff_scale;
    c.upper = std::max(payoff_.upper, -payoff_.lower) / options_.payoff_scale;
  }

  // The child an iteration enters: at a chance node an outcome drawn by its probability (the
  // first whose cumulative probability exceeds a uniform u in [0, 1), else the last: the rule
  // of detail::draw_outcome), else the selection rule's.
  template <bool Shared>
  std::uint32_t next_child(walker& w, std::uint32_t index) {
    if constexpr (chance_game<Game>) {
      if (node_at(index).chance) {
        const double u = w.random.unit();
        double cumulative = 0;
        std::uint32_t c = node_at(index).first_child;
        for (; node_at(c).next_sibling != npos; c = node_at(c).next_sibling) {
          cumulative += node_at(c).prior;
          if (u < cumulative) break;
        }
        return c;
      }
    }
    return select<Shared>(index);
  }

  // The child to descend into. With the solver, a child whose greatest value cannot beat
  // the least its parent is sure of is left out (proven children among them), and a mean
  // counts only within the child's bounds. npos only on a shared tree, where every child may
  // have been left out while the node's own bounds lag behind its children's.
  template <bool Shared>
  std::uint32_t select(std::uint32_t index) const {
    const node& n = node_at(index);
    const bool uct = options_.selection == mcts_selection::uct;
    const bool solver = options_.solver;
    const double sure = index == root_index_ || load<Shared>(n.same_player) ? load<Shared>(n.lower)
                                                                             : -load<Shared>(n.upper);  // its own player's
    const std::uint64_t visits = load<Shared>(n.visits);
    const double factor = options_.exploration *
                          (uct ? detail::sqrt_log(visits) : std::sqrt(static_cast<double>(visits)));
    std::uint32_t best = npos;
    double best_score = -std::numeric_limits<double>::infinity();
    for (std::uint32_t i = n.first_child; i != npos; i = node_at(i).next_sibling) {
      const node& ch = node_at(i);
      double q = load<Shared>(ch.mean);
      if (solver) {
        const double upper = load<Shared>(ch.upper);
        if (upper <= sure) continue;
        q = std::clamp(q, load<Shared>(ch.lower), upper);
      }
      if (uct && load<Shared>(ch.visits) == 0) return i;
      const double u = q + factor * load<Shared>(ch.weight);
      if (best == npos || u > best_score) {
        best = i;
        best_score = u;
      }
    }
    return best;
  }

  // The bounds of node i for its own player: the best of its children's; at a chance node their
  // probability-weighted mean, summed in the outcomes' order as expectimax sums the value. An
  // outcome nothing is known of brings in the widest bounds, so the node is proven when every
  // outcome is, or when what is left open of an outcome is lost in the rounding of the sum (the
  // value is then known to that rounding).
  template <bool Shared>
  std::pair<double, double> own_bounds(std::uint32_t i) const noexcept {
    if constexpr (chance_game<Game>) {
      if (node_at(i).chance) {
        double lo = 0;
        double up = 0;
        for (std::uint32_t c = node_at(i).first_child; c != npos; c = node_at(c).next_sibling) {
          lo += node_at(c).prior * load<Shared>(node_at(c).lower);
          up += node_at(c).prior * load<Shared>(node_at(c).upper);
        }
        return {lo, up};
      }
    }
    double lo = -std::numeric_limits<double>::infinity();
    double up = lo;
    for (std::uint32_t c = node_at(i).first_child; c != npos; c = node_at(c).next_sibling) {
      lo = std::max(lo, load<Shared>(node_at(c).lower));
      up = std::max(up, load<Shared>(node_at(c).upper));
    }
    return {lo, up};
  }

  // The value of a new leaf for its player to move: the evaluator's, else a playout's.
  double evaluate_leaf(walker& w, Game& g) {
    if (evaluator_) {
      const double v = evaluator_(g);
      if (!std::isfinite(v)) {
        throw game_contract_error("mcts evaluator hook: the value must be finite, not " + std::to_string(v));
      }
      return v;
    }
    double sign = 1;
    while (true) {
      if (const auto o = g.outcome()) return sign * reward(*o);
      if constexpr (chance_game<Game>) {
        if (g.is_chance()) {
          read_outcomes(w, g);
          const std::size_t k = detail::draw_outcome(w.outcomes, 0, w.random.unit());
          ++w.stats.playout_plies;
          const auto before = g.player_to_move();
          play(w, g, w.outcomes[k].move);
          if (!(g.player_to_move() == before)) sign = -sign;
          continue;
        }
      }
      w.moves.clear();
      g.legal_moves(w.moves);
      if (w.moves.empty()) detail::check_generated<Game>(0, 0);
      std::size_t k;
      if (rollout_) {
        k = checked_index(w, rollout_(g, std::span<const move_type>(w.moves), w.random), "mcts rollout hook");
      } else if constexpr (playout_game<Game>) {
        k = checked_index(w, static_cast<std::size_t>(g.playout_move(std::span<const move_type>(w.moves), w.random)),
                          "game contract: playout_move()");
      } else {
        k = w.random.below(w.moves.size());
      }
      ++w.stats.playout_plies;
      if constexpr (turn_reporting_game<Game>) {
        const auto before = g.player_to_move();
        play(w, g, w.moves[k]);
        if (!(g.player_to_move() == before)) sign = -sign;
      } else {
        play(w, g, w.moves[k]);
        sign = -sign;
      }
    }
  }

  static std::size_t checked_index(const walker& w, std::size_t k, const char* who) {
    if (k >= w.moves.size()) {
      throw game_contract_error(std::string(who) + ": returned index " + std::to_string(k) + " for " +
                                std::to_string(w.moves.size()) + " moves");
    }
    return k;
  }

  // r: the reward for the player to move at the end of the path. Each node on it gets the
  // reward of its parent's player. A terminal found this iteration may tighten the bounds of
  // the nodes above it (the solver), as far as they change. Shared: the path's nodes already
  // count this iteration's visit, as a virtual loss, which r replaces.
  template <bool Shared>
  void backpropagate(walker& w, double r) {
    bool tighten = options_.solver && std::exchange(w.new_bounds, false);
    for (std::size_t k = w.path.size() - 1; k > 0; --k) {
      node& c = node_at(w.path[k]);
      const double v = load<Shared>(c.same_player) ? r : -r;
      back_up<Shared>(c, v);
      r = v;
      if (tighten) tighten = update_bounds<Shared>(w.path[k - 1], k - 1 == 0);
    }
    back_up<Shared>(node_at(root_index_), r);
  }

  // Reward v for c: one more visit, or on a shared tree, where c counts a virtual loss (a
  // visit of -1) for this iteration, that loss replaced by v (the visits stay).
  template <bool Shared>
  void back_up(node& c, double v) const noexcept {
    update_stats<Shared>(c, [&](std::uint64_t& visits, double& mean) {
      if constexpr (Shared) {
        mean += (v + 1.0) / static_cast<double>(visits);
      } else {
        ++visits;
        mean += (v - mean) / static_cast<double>(visits);
      }
    });
  }

  // One more visit of c, with reward v; its visits before it.
  template <bool Shared>
  std::uint64_t count_visit(node& c, double v) const noexcept {
    std::uint64_t earlier = 0;
    update_stats<Shared>(c, [&](std::uint64_t& visits, double& mean) {
      earlier = visits++;
      mean += (v - mean) / static_cast<double>(visits);
    });
    return earlier;
  }

  // Takes back a virtual loss (count_visit<true>(c, -1)) whose iteration threw.
  void uncount_loss(node& c) const noexcept {
    update_stats<true>(c, [](std::uint64_t& visits, double& mean) {
      const double sum = mean * static_cast<double>(visits) + 1.0;
      --visits;
      mean = visits > 0 ? sum / static_cast<double>(visits) : 0.0;
    });
  }

  // Changes c's visits and mean by f(visits, mean), and its exploration weight to match. On a
  // shared tree under c's own lock (its busy flag), so that no other thread's change comes in
  // between; readers read each field atomically without the lock, and may see one change
  // before the other.
  template <bool Shared, class F>
  void update_stats(node& c, F f) const noexcept {
    if constexpr (Shared) {
      detail::lock_flag(c.busy);
      std::uint64_t visits = c.visits;  // only a holder of the lock writes them
      double mean = c.mean;
      f(visits, mean);
      store<true>(c.visits, visits);
      store<true>(c.mean, mean);
      store<true>(c.weight, weight(c.prior, visits));
      detail::unlock_flag(c.busy);
    } else {
      f(c.visits, c.mean);
      c.weight = weight(c.prior, c.visits);
    }
  }

  // The exploration term's weight of a node with the given prior and visits: 1 / sqrt(visits)
  // (UCT), prior / (1 + visits) (PUCT); the prior before the first (UCT tries an unvisited
  // child first anyway).
  double weight(double prior, std::uint64_t visits) const noexcept {
    if (visits == 0) return prior;
    return options_.selection == mcts_selection::uct ? detail::inverse_sqrt(visits)
                                                     : prior / (1 + static_cast<double>(visits));
  }

  // Recomputes node i's bounds from its children's; true if they changed. On a shared tree a
  // bound only tightens: another thread may have stored what a later reading of the children
  // gives. (No two readings cross: every lower bound a node ever has is at most every upper
  // bound it ever has, for a chance node's rounded sums too, as rounding keeps order.)
  template <bool Shared>
  bool update_bounds(std::uint32_t i, bool is_root) {
    if constexpr (Shared) {
      // The bounds this thread stored below are seen by a thread that reads them after it
      // stores its own, or that thread's are seen here: two threads that each prove a child
      // (an outcome) of one node cannot both read the other's old bounds and leave the node
      // unproven for good (relaxed accesses alone would allow it).
      std::atomic_thread_fence(std::memory_order_seq_cst);
    }
    node& n = node_at(i);
    auto [lo, up] = own_bounds<Shared>(i);
    if (!is_root && !load<Shared>(n.same_player)) lo = -std::exchange(up, -lo);  // for the parent's player
    if constexpr (Shared) {
      const bool raised = tighten(n.lower, lo, true);
      return tighten(n.upper, up, false) || raised;
    } else {
      if (lo == n.lower && up == n.upper) return false;
      n.lower = lo;
      n.upper = up;
      return true;
    }
  }

  result_type collect(mcts_stop reason, const mcts_statistics& stats) {
    result_type r;
    r.reason = reason;
    r.moves = children();
    const node& root = node_at(root_index_);
    r.solved = proven(root);
    if (r.solved) r.proven_value = root.lower + 0.0;
    if (!chance_root(r) &&
        !choose(r, options_.solver ? root.lower : -std::numeric_limits<double>::infinity()) &&
        !root_->outcome()) {  // the cap left no room for the root's moves
      generate(*root_, main_.moves);
      r.best_move = main_.moves.front();
    }
    r.stats = stats;
    r.stats.tree_nodes = live_;
    r.stats.nodes_allocated = nodes_.size();
    return r;
  }

  // At a chance root (false elsewhere), r's best move, value and visits as mcts_result says:
  // no player chooses the outcome, so the most probable is reported (engine<G>'s rule), with
  // the root's value, estimated by the mean of every iteration (r.moves' means, weighted by
  // visits, so that merged trees count alike) and bounded by the mean of the outcomes' bounds.
  bool chance_root(result_type& r) {
    if constexpr (chance_game<Game>) {
      if (root_->outcome() || !root_->is_chance()) return false;
      const auto& outcomes = main_.outcomes;
      read_outcomes(main_, *root_);
      std::size_t likeliest = 0;
      for (std::size_t k = 1; k < outcomes.size(); ++k) {
        if (outcomes[k].probability > outcomes[likeliest].probability) likeliest = k;
      }
      r.best_move = outcomes[likeliest].move;
      double sum = 0;
      double lo = 0;
      double up = 0;
      r.visits = 0;
      for (const auto& m : r.moves) {
        r.visits += m.visits;
        sum += m.mean * static_cast<double>(m.visits);
        lo += m.prior * m.lower;
        up += m.prior * m.upper;
      }
      r.value = r.visits > 0 ? sum / static_cast<double>(r.visits) : 0.0;
      if (options_.solver && !r.moves.empty()) r.value = std::clamp(r.value, lo, up);
      if (r.proven_value) r.value = *r.proven_value;
      return true;
    } else {
      (void)r;
      return false;
    }
  }

  // The best of r.moves into r's best move, visits and value; false if there is none. The root's
  // player is sure of `sure`: a move is a candidate if it achieves that, or may beat it and is
  // expected to (without the solver every move is).
  bool choose(result_type& r, double sure) const {
    const mcts_move_info<Game>* best = nullptr;
    for (const auto& m : r.moves) {
      const bool achieves = m.lower >= sure;
      const bool hopeful = m.upper > sure && (m.visits == 0 || value_of(m) >= sure);
      if (options_.solver && !achieves && !hopeful) continue;
      if (best == nullptr || better(m, *best)) best = &m;
    }
    if (best == nullptr) return false;
    r.best_move = best->move;
    r.visits = best->visits;
    r.value = value_of(*best);
    return true;
  }

  double value_of(const mcts_move_info<Game>& m) const noexcept {
    if (m.proven) return *m.proven;
    return options_.solver ? std::clamp(m.mean, m.lower, m.upper) : m.mean;
  }

  bool better(const mcts_move_info<Game>& a, const mcts_move_info<Game>& b) const {
    const double va = value_of(a);
    const double vb = value_of(b);
    if (options_.final_move == mcts_final_move::most_visits) {
      return a.visits > b.visits || (a.visits == b.visits && va > vb);
    }
    return va > vb || (va == vb && a.visits > b.visits);
  }

 private:
  mcts_options options_;
  std::size_t max_nodes_ = 0;
  bool use_undo_ = false;
  std::optional<Game> root_;
  // On huge pages once large: a cold search's first touches of the pool were a third of its
  // time in page faults (docs/mcts.md, Cost).
  std::vector<node, detail::huge_page_allocator<node>> nodes_;
  std::uint32_t free_head_ = npos;
  std::size_t live_ = 0;
  std::uint32_t root_index_ = npos;
  std::vector<std::uint32_t> stack_;
  // A payoff_bounded_game's bounds, read by reset().
  [[no_unique_address]] std::conditional_t<payoff_bounded_game<Game>, payoff_bounds, detail::no_chance_member> payoff_{};
  walker main_;                  // the caller's thread's
  std::vector<walker> walkers_;  // the other threads' (mcts_parallelism::tree)
  alignas(64) detail::spin_mutex tree_lock_;  // held while a thread expands a node of the shared tree (mcts_parallelism::tree)
  detail::stop_request stop_;  // stop(): kept until a search ends
  evaluator_type evaluator_;
  prior_type prior_;
  rollout_type rollout_;
  std::vector<std::unique_ptr<mcts>> helpers_;  // the other threads' trees (options().threads > 1)
  std::unique_ptr<detail::thread_pool> pool_;   // their threads, from the first parallel search
};

}  // namespace gametree
