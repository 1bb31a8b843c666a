#pragma once
// The game concept of the engine: what a user's game type provides (moves, play, the outcome)
// and the optional capabilities the engine detects (evaluate, undo, hash, key, player_to_move,
// search_moves, move hints, score bounds, horizon, chance states, state indices). Also the engine's score type, and
// game_tree_view, which shows any game to the static-tree algorithms of alpha_beta.hpp
// (minimax, alpha_beta).
//
// Scores are negamax scores: always from the point of view of the player to move.

#include <algorithm>
#include <cmath>
#include <compare>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace gametree {

/// The result of a finished game for the player to move.
enum class game_outcome : signed char { loss = -1, draw = 0, win = 1 };

/// Thrown when a game breaks the contract of the game concept at run time: no legal move at a
/// state that is not terminal, a move generator that removes moves from the buffer, a NaN
/// evaluation or payoff, score bounds whose least value exceeds the greatest, a negative
/// horizon(), undo() that does not restore the state (checked by hash(), so only for games
/// that have one). The message names the rule. A move the generator did not produce is
/// play_checked's illegal_move_error.
class game_contract_error : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// Thrown by play_checked when a move is not among the state's legal moves.
class illegal_move_error : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

namespace detail {
template <class Value>
struct score_access;
// A score's rank: 0 for values, decisive_rank - plies for wins, plies - decisive_rank for
// losses; the search's infinities lie beyond every rank a score can have.
inline constexpr std::int64_t decisive_rank = std::int64_t{1} << 28;
inline constexpr std::int64_t infinite_rank = std::int64_t{1} << 30;
// Values of at most 32 bits share one 64-bit word with the rank (rank * 2^32 + value), so the
// search compares and negates scores as single integers.
template <class Value>
inline constexpr bool packed_score = std::is_integral_v<Value> && sizeof(Value) <= 4;
}  // namespace detail

namespace detail {
template <class Value, bool = packed_score<Value>>
struct score_storage {
  std::int64_t code_ = 0;  // rank * 2^32 + value
  friend constexpr bool operator==(const score_storage&, const score_storage&) = default;
};
template <class Value>
struct score_storage<Value, false> {
  std::int64_t rank_ = 0;
  Value value_{};
  friend constexpr bool operator==(const score_storage&, const score_storage&) = default;
};
}  // namespace detail

/// A negamax score: a win in n plies, a loss in n plies, or a value (a heuristic evaluation, a
/// numeric payoff, or 0 for a draw). Order: every loss < every value < every win; a faster win
/// is greater than a slower one and a slower loss greater than a faster one, so a search that
/// maximises scores prefers short wins and long losses without the game encoding it.
/// Value is a signed integer or floating-point type. Distances below 2^27 plies.
template <class Value>
class score : private detail::score_storage<Value> {
  static_assert(std::is_floating_point_v<Value> ||
                    (std::is_integral_v<Value> && std::is_signed_v<Value> &&
                     !std::same_as<Value, bool>),
                "score<Value>: Value must be a signed integer or floating-point type");

 public:
  using value_type = Value;

  /// A value of 0: a draw.
  constexpr score() = default;

  /// A win for the player to move in plies plies (0: the game has just been won).
  /// Throws std::invalid_argument unless 0 <= plies < 2^27.
  [[nodiscard]] static constexpr score win_in(std::int64_t plies) {
    check_plies(plies);
    return score(detail::decisive_rank - plies, Value{});
  }
  /// A loss for the player to move in plies plies. Throws as win_in does.
  [[nodiscard]] static constexpr score loss_in(std::int64_t plies) {
    check_plies(plies);
    return score(plies - detail::decisive_rank, Value{});
  }
  /// A value (evaluation or payoff). For an integer Value, lowest() is read as lowest() + 1 so
  /// that every value can be negated. Throws std::invalid_argument if value is NaN.
  [[nodiscard]] static constexpr score of(Value value) {
    if constexpr (std::is_floating_point_v<Value>) {
      if (std::isnan(value)) throw std::invalid_argument("score::of: the value is NaN");
    } else {
      if (value == std::numeric_limits<Value>::lowest()) ++value;
    }
    return score(0, value);
  }

  [[nodiscard]] constexpr bool is_win() const noexcept { return rank() > 0; }
  [[nodiscard]] constexpr bool is_loss() const noexcept { return rank() < 0; }
  /// Neither a win nor a loss: value() holds the score.
  [[nodiscard]] constexpr bool is_value() const noexcept { return rank() == 0; }
  /// For a win or a loss, its distance in plies; 0 for a value.
  [[nodiscard]] constexpr std::int64_t plies() const noexcept {
    const std::int64_t r = rank();
    return r > 0 ? detail::decisive_rank - r : r < 0 ? r + detail::decisive_rank : 0;
  }
  /// The value; Value{} for a win or a loss.
  [[nodiscard]] constexpr Value value() const noexcept {
    if constexpr (packed) {
      return static_cast<Value>(this->code_ - (rank() << 32));
    } else {
      return this->value_;
    }
  }

  friend constexpr bool operator==(const score&, const score&) = default;
  friend constexpr std::partial_ordering operator<=>(const score& a, const score& b) noexcept {
    if constexpr (packed) {
      return a.code_ <=> b.code_;
    } else {
      if (a.rank_ != b.rank_) return a.rank_ <=> b.rank_;
      return a.value_ <=> b.value_;
    }
  }

  /// "win in 3", "loss in 0", or the value ("12", "-0.5").
  friend std::ostream& operator<<(std::ostream& out, const score& s) {
    if (s.is_win()) return out << "win in " << s.plies();
    if (s.is_loss()) return out << "loss in " << s.plies();
    if constexpr (sizeof(Value) == 1) return out << static_cast<int>(s.value());
    return out << s.value();
  }

 private:
  friend struct detail::score_access<Value>;
  static constexpr bool packed = detail::packed_score<Value>;

  constexpr score(std::int64_t rank, Value value) noexcept {
    if constexpr (packed) {
      this->code_ = rank * (std::int64_t{1} << 32) + static_cast<std::int64_t>(value);
    } else {
      this->rank_ = rank;
      this->value_ = value;
    }
  }

  [[nodiscard]] constexpr std::int64_t rank() const noexcept {
    if constexpr (packed) {
      return (this->code_ + (std::int64_t{1} << 31)) >> 32;  // |value| < 2^31
    } else {
      return this->rank_;
    }
  }

  static constexpr void check_plies(std::int64_t plies) {
    if (plies < 0 || plies >= detail::decisive_rank / 2) {
      throw std::invalid_argument("score: a win or loss distance must be in [0, 2^27) plies, not " +
                                  std::to_string(plies));
    }
  }

};

/// score as text: "win in 3", "loss in 0", "12".
template <class Value>
[[nodiscard]] std::string to_string(const score<Value>& s) {
  std::ostringstream out;
  out << s;
  return out.str();
}

/// What a reported score is: the exact value at the searched depth, a lower bound or an upper
/// bound; unknown when a search ended before it completed its first iteration.
enum class score_bound : std::uint8_t { exact, lower, upper, unknown };

/// The least and greatest score still reachable from a state (score_bounds() of a game).
template <class Value>
struct score_range {
  score<Value> lower;
  score<Value> upper;
};

namespace detail {

// The engine's arithmetic on scores. Inside a search, wins and losses are counted in plies
// from the root rather than from the node (as chess programs do with mate scores): a score
// then passes to the parent by negation alone, or unchanged when the same player moves again.
// to_root and to_node convert at the edges: terminal states, the game's bounds, the table.
template <class Value>
struct score_access {
  using score_type = score<Value>;
  static constexpr bool packed = packed_score<Value>;
  static constexpr std::int64_t sign(std::int64_t r) noexcept { return (r > 0) - (r < 0); }
  static constexpr score_type neg_inf() noexcept { return score_type(-infinite_rank, Value{}); }
  static constexpr score_type pos_inf() noexcept { return score_type(infinite_rank, Value{}); }
  static constexpr score_type from_code(std::int64_t code) noexcept {
    score_type s;
    s.code_ = code;
    return s;
  }
  static constexpr score_type negate(const score_type& s) noexcept {
    score_type n;
    if constexpr (packed) {
      n.code_ = -s.code_;
    } else {
      n.rank_ = -s.rank_;
      n.value_ = static_cast<Value>(-s.value_);
    }
    return n;
  }
  // A score of a node ply plies below the root, counted from the node, counted from the root.
  static constexpr score_type to_root(const score_type& s, std::int64_t ply) noexcept {
    return shift(s, -ply);
  }
  // The inverse: counted from the root, counted from the node.
  static constexpr score_type to_node(const score_type& s, std::int64_t ply) noexcept {
    return shift(s, ply);
  }
  static constexpr bool greater(const score_type& a, const score_type& b) noexcept {
    if constexpr (packed) {
      return a.code_ > b.code_;
    } else {
      return a.rank_ > b.rank_ || (a.rank_ == b.rank_ && a.value_ > b.value_);
    }
  }
  // The next score above s and the next below it as far as comparisons go: no real score
  // lies strictly between s and successor(s), so (s, successor(s)) is a null window. Window
  // bounds only: they need not be scores a game can reach, but they negate without overflow.
  static constexpr score_type successor(const score_type& s) noexcept {
    if constexpr (packed) {
      return from_code(s.code_ + 1);
    } else {
      if (s.value_ < top()) return score_type(s.rank_, next_value(s.value_, true));
      return score_type(s.rank_ + 1, bottom());
    }
  }
  static constexpr score_type predecessor(const score_type& s) noexcept {
    if constexpr (packed) {
      return from_code(s.code_ - 1);
    } else {
      if (s.value_ > bottom()) return score_type(s.rank_, next_value(s.value_, false));
      return score_type(s.rank_ - 1, top());
    }
  }
  // A score m with lo <= m < hi (given lo < hi), about half way: the test point of a search
  // that narrows [lo, hi] by null windows.
  static constexpr score_type midpoint(const score_type& lo, const score_type& hi) noexcept {
    if constexpr (packed) {
      // In unsigned arithmetic: hi - lo may exceed the int64 range (it is 2^63 for the
      // infinities); half of it does not.
      const std::uint64_t gap = static_cast<std::uint64_t>(hi.code_) - static_cast<std::uint64_t>(lo.code_) - 1;
      return from_code(lo.code_ + static_cast<std::int64_t>(gap / 2));
    } else {
      if (lo.rank_ != hi.rank_) {
        const std::int64_t r = lo.rank_ + (hi.rank_ - lo.rank_ - 1) / 2;
        return r == lo.rank_ ? lo : score_type(r, Value{});
      }
      const long double m = (static_cast<long double>(lo.value_) + static_cast<long double>(hi.value_)) / 2;
      const auto v = static_cast<Value>(m);
      if (!(m == m) || !(lo.value_ <= v && v < hi.value_)) return lo;  // infinities, rounding
      return score_type(lo.rank_, v);
    }
  }

 private:
  // The least and greatest values a window bound takes (integers keep lowest() out, so that
  // it negates).
  static constexpr Value top() noexcept {
    if constexpr (std::is_floating_point_v<Value>) return std::numeric_limits<Value>::infinity();
    return std::numeric_limits<Value>::max();
  }
  static constexpr Value bottom() noexcept {
    if constexpr (std::is_floating_point_v<Value>) return -std::numeric_limits<Value>::infinity();
    return static_cast<Value>(std::numeric_limits<Value>::lowest() + 1);
  }
  static constexpr Value next_value(Value v, bool up) noexcept {
    if constexpr (std::is_floating_point_v<Value>) {
      return std::nextafter(v, up ? top() : bottom());
    } else {
      return static_cast<Value>(up ? v + 1 : v - 1);
    }
  }
  // Moves a decisive rank by plies away from 0 (towards 0 for negative plies).
  static constexpr score_type shift(const score_type& s, std::int64_t plies) noexcept {
    const std::int64_t r = s.rank();
    if (r == 0) return s;
    return score_type(r + sign(r) * plies, Value{});
  }
};

template <class T>
concept signed_score_value =
    std::is_floating_point_v<T> ||
    (std::is_integral_v<T> && std::is_signed_v<T> && !std::same_as<T, bool>);

template <class T>
struct optional_payoff : std::false_type {};
template <class T>
  requires signed_score_value<T>
struct optional_payoff<std::optional<T>> : std::true_type {
  using type = T;
};

template <class T>
concept outcome_result = std::same_as<T, std::optional<game_outcome>> || optional_payoff<T>::value;

}  // namespace detail

/// The required part of a game: a copyable state type G with
///   typename G::move_type                      a small regular type (compared with ==);
///   g.legal_moves(std::vector<move_type>& out) appends every legal move to out and leaves what
///                                              is already in out alone (the engine reuses
///                                              one buffer for all plies: no allocation per
///                                              node once it is warm);
///   g.play(move)                               plays one of those moves;
///   g.outcome()                                std::optional<gametree::game_outcome> (win, loss or
///                                              draw for the player to move) or
///                                              std::optional<P> for a numeric final payoff P
///                                              (signed integer or floating point); empty
///                                              while the game goes on.
/// A state that is not terminal must have a legal move. The game must be finite: every line of
/// play ends (no cycles).
template <class G>
concept game = std::copyable<G> && requires { typename G::move_type; } &&
               std::regular<typename G::move_type> &&
               requires(G& g, const G& cg, std::vector<typename G::move_type>& out,
                        const typename G::move_type& m) {
                 cg.legal_moves(out);
                 g.play(m);
                 { cg.outcome() } -> detail::outcome_result;
               };

/// Optional: g.evaluate() -> a signed arithmetic heuristic for the player to move. Needed for
/// depth-limited search; a game without it can only be solved.
template <class G>
concept evaluated_game = game<G> && requires(const G& g) {
  { g.evaluate() } -> detail::signed_score_value;
};

namespace detail {
// An evaluate() the engine cannot negate (unsigned, bool, char): the game is then not an
// evaluated_game, and the engine says why at compile time rather than refusing a depth limit.
template <class G>
concept unsigned_evaluation = requires(const G& g) {
  { g.evaluate() };
  requires std::is_arithmetic_v<std::remove_cvref_t<decltype(g.evaluate())>> &&
               !signed_score_value<std::remove_cvref_t<decltype(g.evaluate())>>;
};
// Stated where a search takes a game type (the engine, game_tree_view).
template <class G>
constexpr bool negatable_evaluation() {
  static_assert(!unsigned_evaluation<G>,
                "gametree: evaluate() returns an unsigned (or bool) type, which negamax cannot negate: "
                "return a signed integer or floating-point value for the player to move");
  return true;
}
}  // namespace detail

/// Optional: g.undo(move) takes back the last move played. The engine then makes and unmakes
/// moves on one state instead of copying the state at every node.
template <class G>
concept undoable_game = game<G> && requires(G& g, const typename G::move_type& m) { g.undo(m); };

/// Optional: g.hash() -> a 64-bit hash of the state. Enables the transposition table.
template <class G>
concept hashed_game = game<G> && requires(const G& g) {
  { g.hash() } -> std::convertible_to<std::uint64_t>;
};

/// Optional, with hash(): g.key() -> any regular value that identifies the state exactly (it
/// may return a const reference). The table then stores and compares keys in full, so a hash
/// collision can never change a result.
template <class G>
concept keyed_game = hashed_game<G> && requires(const G& g) {
  { g.key() };
  requires std::regular<std::remove_cvref_t<decltype(g.key())>>;
};

/// Optional, with a key() of an unsigned integer type: G::key_bits, a constant 1 .. 64 such
/// that every key() is below 2^key_bits (Connect 4's 7 x 6 board: 49). With an integer score
/// value and an integer or enum move, and key_bits at most 52, the engine then keeps its table
/// in compact_table's 8-byte entries (the key is given back by the bucket and a check of at
/// most 40 bits: exact, with no key stored), 3.5 times the entries of the same memory. That
/// table holds decisive distances and |values| up to 255, depths up to 47 and moves 0 .. 62;
/// it does not store a result whose score is beyond that (table_statistics::rejected counts
/// them). A key() of key_bits bits or more is a contract error.
template <class G>
concept compact_key_game = keyed_game<G> && requires(const G& g) {
  requires std::unsigned_integral<std::remove_cvref_t<decltype(g.key())>>;
  { std::integral_constant<int, G::key_bits>::value } -> std::convertible_to<int>;
  requires G::key_bits >= 1 && G::key_bits <= 64;
};

/// What g.canonical() returns: the key of the state's canonical image under the game's
/// symmetries (the same for every image of one state), and which symmetry takes the state
/// there (0 .. 255; 0: none, the state is its own canonical image).
template <class Key>
struct canonical_form {
  Key key{};
  int transform = 0;
};

/// Optional, with a key() of an unsigned integer type: g.canonical() -> canonical_form<Key>,
/// g.to_canonical(move, transform) and g.from_canonical(move, transform), for a game whose
/// symmetric states (Connect 4's mirror images) have the same value. The table then keeps
/// one entry for all images of a state: it is placed by the canonical key, and its move is
/// stored as played in the canonical image (to_canonical) and read back for the state at hand
/// (from_canonical, the inverse). A transform outside 0 .. 255 is a contract error.
template <class G>
concept symmetric_game = keyed_game<G> && requires(const G& g, const typename G::move_type& m, int t) {
  requires std::unsigned_integral<std::remove_cvref_t<decltype(g.key())>>;
  { g.canonical() } -> std::convertible_to<canonical_form<std::remove_cvref_t<decltype(g.key())>>>;
  { g.to_canonical(m, t) } -> std::convertible_to<typename G::move_type>;
  { g.from_canonical(m, t) } -> std::convertible_to<typename G::move_type>;
};

/// Optional: g.player_to_move() -> any equality-comparable, default-constructible value. Turns
/// need not alternate: the engine negates a score only where the player changes (an extra
/// move keeps the sign).
template <class G>
concept turn_reporting_game = game<G> && requires(const G& g) {
  { g.player_to_move() };
  requires std::equality_comparable<std::remove_cvref_t<decltype(g.player_to_move())>> &&
               std::semiregular<std::remove_cvref_t<decltype(g.player_to_move())>>;
};

/// One outcome of a chance state (a die's face, a card dealt) and its probability.
template <class Move>
struct chance_outcome {
  Move move{};
  double probability = 0;
  friend bool operator==(const chance_outcome&, const chance_outcome&) = default;
};

/// How far the probabilities of a chance state's outcomes may sum from 1.
inline constexpr double chance_tolerance = 1e-9;

/// Optional: chance states (a roll of the dice, a shuffle), for a game with player_to_move()
/// and a floating-point payoff. g.is_chance() says whether the state is one; at a chance state
/// g.chance_outcomes(out) appends every outcome with its probability to out (at least one;
/// each probability in (0, 1], together 1 within chance_tolerance) and play(outcome.move)
/// applies one; legal_moves() there appends the same moves in the same order (so that
/// play_checked accepts a roll typed by a person). A chance state's value is for its
/// player_to_move(): the probability-weighted mean of its outcomes' values, each for that
/// player (negated where an outcome's state has another player to move).
///
/// Scoring: an expected value mixes payoffs, so a chance game's outcome() is a number (a game
/// won or lost pays +1 or -1, and its value is then P(win) - P(loss)); wins and losses carry no
/// distance.
template <class G>
concept chance_game = game<G> && requires(const G& g, std::vector<chance_outcome<typename G::move_type>>& out) {
  { g.is_chance() } -> std::convertible_to<bool>;
  g.chance_outcomes(out);
};

/// The least and greatest value a chance game's payoffs and evaluations take (payoff_bounds()).
struct payoff_bounds {
  double lower = -1;
  double upper = 1;
};

/// Optional, for a chance game: g.payoff_bounds() -> payoff_bounds, the same at every state,
/// with every payoff and every evaluate() within [lower, upper] (lower < upper, both finite).
/// The engine then prunes at chance states (Ballard's Star1): a state whose outcomes so far
/// cannot bring the mean inside the window is cut. A payoff or evaluation outside the bounds
/// is a contract error (it would make the cuts wrong).
template <class G>
concept payoff_bounded_game = chance_game<G> && requires(const G& g) {
  { g.payoff_bounds() } -> std::convertible_to<payoff_bounds>;
};

namespace detail {
template <class G>
concept floating_payoff = requires(const G& g) {
  requires std::is_floating_point_v<typename optional_payoff<decltype(g.outcome())>::type>;
};
// Stated where a solver takes a chance game: what chance_game asks beyond its two functions.
template <class G>
constexpr bool well_formed_chance_game() {
  if constexpr (chance_game<G>) {
    static_assert(turn_reporting_game<G>,
                  "gametree: a game with chance states needs player_to_move(): a chance state's value is for "
                  "the player it names");
    static_assert(floating_payoff<G>,
                  "gametree: a game with chance states needs a floating-point payoff (outcome() returning "
                  "std::optional<double>, say): an expected value mixes payoffs");
  }
  return true;
}
// The payoff bounds of a chance game, checked (payoff_bounded_game).
template <class G>
payoff_bounds checked_payoff_bounds(const G& g) {
  const payoff_bounds b = g.payoff_bounds();
  if (!(std::isfinite(b.lower) && std::isfinite(b.upper) && b.lower < b.upper)) {
    throw game_contract_error("game contract: payoff_bounds() must give finite bounds with lower < upper, not [" +
                              std::to_string(b.lower) + ", " + std::to_string(b.upper) + "]");
  }
  return b;
}
// Stated where a search does not take chance states: game_tree_view.
template <class G>
constexpr bool without_chance_states() {
  static_assert(!chance_game<G>,
                "gametree: this search does not take games with chance states (is_chance()); "
                "engine<G> (gametree/search.hpp), mcts<G> (gametree/mcts.hpp) and solve_by_value_iteration "
                "(gametree/value_iteration.hpp) do");
  return true;
}
}  // namespace detail

/// Optional: the states numbered densely, for solvers that keep a value per state
/// (solve_by_value_iteration). g.state_count() -> std::size_t, the same at every state of one
/// game; g.state_index() -> std::size_t below it; g.state_at(i) -> G, a state whose
/// state_index() is i, for every i below state_count(). States with one index must be alike
/// for the rest of the game: the same outcome, the same moves (or outcomes) leading to states
/// of the same indices, seen by the player to move (a game may so number a position once
/// whichever player is which, and every finished game under one index).
template <class G>
concept indexed_game = game<G> && requires(const G& g, std::size_t i) {
  { g.state_count() } -> std::convertible_to<std::size_t>;
  { g.state_index() } -> std::convertible_to<std::size_t>;
  { g.state_at(i) } -> std::convertible_to<G>;
};

/// Optional: g.search_moves(out) appends the moves worth searching: some of the legal moves
/// (at least one), among them a best one. The engine searches these instead of all legal
/// moves; what play_checked and game_tree_view accept stays legal_moves(). Connect 4 leaves
/// out the moves that lose at once.
template <class G>
concept pruning_game = game<G> && requires(const G& g, std::vector<typename G::move_type>& out) {
  g.search_moves(out);
};

/// Optional: g.move_hint(move) -> an arithmetic score; higher is searched first (after the
/// table's move, the killers and the history). Without hints, generation order breaks ties.
template <class G>
concept hinted_game = game<G> && requires(const G& g, const typename G::move_type& m) {
  { g.move_hint(m) } -> std::convertible_to<double>;
};

/// The score value type of a game: evaluate()'s type, else the payoff type (their common type
/// when it has both), else int.
template <game G>
struct game_value {
  using type = int;
};
template <game G>
  requires evaluated_game<G> && (!detail::optional_payoff<decltype(std::declval<const G&>().outcome())>::value)
struct game_value<G> {
  using type = std::remove_cvref_t<decltype(std::declval<const G&>().evaluate())>;
};
template <game G>
  requires(!evaluated_game<G>) && detail::optional_payoff<decltype(std::declval<const G&>().outcome())>::value
struct game_value<G> {
  using type = typename detail::optional_payoff<decltype(std::declval<const G&>().outcome())>::type;
};
template <game G>
  requires evaluated_game<G> && detail::optional_payoff<decltype(std::declval<const G&>().outcome())>::value
struct game_value<G> {
  using type = std::common_type_t<
      std::remove_cvref_t<decltype(std::declval<const G&>().evaluate())>,
      typename detail::optional_payoff<decltype(std::declval<const G&>().outcome())>::type>;
};
template <game G>
using game_value_t = typename game_value<G>::type;

/// Optional: g.score_bounds() -> score_range<game_value_t<G>>, the least and greatest score
/// the player to move can still reach (for instance: no win sooner than in 5 plies). The
/// search cuts a node whose range lies outside its window, and narrows the window with it.
template <class G>
concept bounded_game = game<G> && requires(const G& g) {
  { g.score_bounds() } -> std::convertible_to<score_range<game_value_t<G>>>;
};

/// Optional: g.expand(out) -> score_range<game_value_t<G>>, for a game with score_bounds()
/// and search_moves() that computes both from the same work (Connect 4's winning cells): in
/// one call, appends what search_moves(out) would and returns what score_bounds() would. The
/// engine then calls it once per node in place of both, and drops the moves when the bounds
/// alone answer the node.
template <class G>
concept expanding_game = bounded_game<G> && pruning_game<G> &&
                         requires(const G& g, std::vector<typename G::move_type>& out) {
                           { g.expand(out) } -> std::convertible_to<score_range<game_value_t<G>>>;
                         };

/// Optional: g.expand_child(out), for an expanding_game: what expand(out) gives, at a state
/// the search reached by one of the moves expand() listed at a state whose bounds were not
/// exact (a search move the engine searched). The game may use what its own expand()
/// promises of such moves; Connect 4's leave the opponent no win at once, so expand_child()
/// skips looking for one. The engine calls it two plies and more below the root, where the
/// parent's moves came from expand(); elsewhere (the root's children, a chance state's
/// outcomes) expand(). It must give exactly what expand() would there.
template <class G>
concept child_expanding_game = expanding_game<G> && requires(const G& g, std::vector<typename G::move_type>& out) {
  { g.expand_child(out) } -> std::convertible_to<score_range<game_value_t<G>>>;
};

/// Optional: g.horizon() -> an integer, the most plies the game can still last from this state
/// (Connect 4: the empty cells). solve() uses it to choose the scores it tests when it
/// narrows the value: wins and losses then lie on a line of known length, and the cheap tests
/// near its ends come first, in weak mode too. Meant for games whose state fixes its ply (the
/// stones on a board), where a bound the table holds answers every later test of the state;
/// Nim, whose states recur at many plies, does better without. A horizon that is too small or
/// too large costs time, never correctness; a negative one is a contract error.
template <class G>
concept horizon_game = game<G> && requires(const G& g) {
  { g.horizon() } -> std::convertible_to<std::int64_t>;
};

namespace detail {

// The score of a terminal state for the player to move.
template <class Value, class Outcome>
score<Value> terminal_score(const Outcome& o) {
  if constexpr (std::same_as<Outcome, game_outcome>) {
    if (o == game_outcome::win) return score<Value>::win_in(0);
    if (o == game_outcome::loss) return score<Value>::loss_in(0);
    return score<Value>{};
  } else {
    if constexpr (std::is_floating_point_v<Outcome>) {
      if (std::isnan(o)) throw game_contract_error("game contract: outcome() returned a NaN payoff");
    }
    return score<Value>::of(static_cast<Value>(o));
  }
}

template <class G>
score<game_value_t<G>> evaluation(const G& g) {
  const auto v = g.evaluate();
  if constexpr (std::is_floating_point_v<std::remove_cvref_t<decltype(v)>>) {
    if (std::isnan(v)) throw game_contract_error("game contract: evaluate() returned NaN");
  }
  return score<game_value_t<G>>::of(static_cast<game_value_t<G>>(v));
}

template <class G>
void check_generated(std::size_t before, std::size_t after) {
  if (after < before) {
    throw game_contract_error(
        "game contract: legal_moves(out) must append to out, but it removed " +
        std::to_string(before - after) + " element(s) already there");
  }
  if (after == before) {
    throw game_contract_error(
        "game contract: a state that is not terminal (outcome() is empty) must have a legal "
        "move, but legal_moves() produced none");
  }
}

template <class G>
void check_bounds(const score_range<game_value_t<G>>& r) {
  if (r.upper < r.lower) {
    throw game_contract_error("game contract: score_bounds() returned a least score (" +
                              to_string(r.lower) + ") above the greatest (" + to_string(r.upper) +
                              ")");
  }
}

// The outcomes of a chance state, as chance_game asks: at least one, each probability in
// (0, 1], together 1 within chance_tolerance.
template <class Move>
void check_chance_outcomes(const std::vector<chance_outcome<Move>>& outcomes, std::size_t first) {
  if (outcomes.size() <= first) {
    throw game_contract_error("game contract: a chance state must have an outcome, but chance_outcomes() produced none");
  }
  double sum = 0;
  for (std::size_t i = first; i < outcomes.size(); ++i) {
    const double p = outcomes[i].probability;
    if (!(p > 0 && p <= 1)) {
      throw game_contract_error("game contract: a chance outcome's probability must be in (0, 1], but outcome " +
                                std::to_string(i - first + 1) + " has " + std::to_string(p));
    }
    sum += p;
  }
  if (!(std::abs(sum - 1) <= chance_tolerance)) {
    std::ostringstream text;
    text.precision(17);
    text << sum;
    throw game_contract_error("game contract: a chance state's probabilities must sum to 1 (within 1e-9), but they sum to " +
                              text.str());
  }
}

// The outcome that a uniform u in [0, 1) draws from outcomes[first, end): the first whose
// cumulative probability exceeds u (the last, where rounding leaves u beyond them all).
template <class Move>
std::size_t draw_outcome(const std::vector<chance_outcome<Move>>& outcomes, std::size_t first, double u) noexcept {
  double cumulative = 0;
  for (std::size_t i = first; i + 1 < outcomes.size(); ++i) {
    cumulative += outcomes[i].probability;
    if (u < cumulative) return i;
  }
  return outcomes.size() - 1;
}

// Whether g is a chance state.
template <class Game>
bool at_chance(const Game& g) {
  if constexpr (chance_game<Game>) {
    return static_cast<bool>(g.is_chance());
  } else {
    (void)g;
    return false;
  }
}

// At chance state g, an outcome drawn by the probabilities (checked) with random.unit(), a
// uniform double in [0, 1) (playout_random's).
template <class Game, class Random>
chance_outcome<typename Game::move_type> roll(const Game& g, Random& random) {
  std::vector<chance_outcome<typename Game::move_type>> outcomes;
  if constexpr (chance_game<Game>) g.chance_outcomes(outcomes);
  check_chance_outcomes(outcomes, 0);
  return outcomes[draw_outcome(outcomes, 0, random.unit())];
}

template <class Game>
concept move_texted = requires(const Game& g, const typename Game::move_type& m) {
  { g.move_text(m) } -> std::convertible_to<std::string>;
};

template <class T>
std::string describe(const T& value) {
  if constexpr (requires(std::ostream& out) { out << value; }) {
    std::ostringstream out;
    out << value;
    return out.str();
  } else {
    return "(a move)";
  }
}

// A move as an error names it: the game's move_text(move) at g where it has one, else as
// describe() writes it.
template <class G>
std::string describe_move(const G& g, const typename G::move_type& move) {
  if constexpr (move_texted<G>) {
    return std::string(g.move_text(move));
  } else {
    (void)g;
    return describe(move);
  }
}

}  // namespace detail

/// What the engine's transposition table stores for a game with key(): the hash beside the
/// key, so that the hash rejects most mismatches at once. With engine_options::exact_keys
/// false, key stays default-constructed and only the hash counts. engine<G>::key_type is this
/// type, except for a key() of an unsigned integer type of at most 64 bits, which the table
/// stores itself as a std::uint64_t, and a game without key() (std::uint64_t, the hash).
template <class Key>
struct table_key_ref;

template <class Key>
struct table_key {
  std::uint64_t hash = 0;
  Key key{};
  friend bool operator==(const table_key&, const table_key&) = default;
  /// Copies the referenced key in place (a vector's storage is reused).
  table_key& operator=(const table_key_ref<Key>& r) {
    hash = r.hash;
    if (r.key != nullptr) key = *r.key;
    return *this;
  }
};

/// What the engine looks a state up with: its hash and, with exact keys, a pointer to its key
/// (nullptr: the hash alone), so that no key is copied for a lookup.
template <class Key>
struct table_key_ref {
  std::uint64_t hash = 0;
  const Key* key = nullptr;
  friend bool operator==(const table_key<Key>& a, const table_key_ref& b) {
    return a.hash == b.hash && (b.key == nullptr || a.key == *b.key);
  }
};

/// Plays move on g after checking that it is one of g's legal moves, so a move typed by a
/// person or read from a file cannot break the game's own invariants.
/// Complexity: one move generation. Throws illegal_move_error naming the move if g is over or
/// the move is not legal there; what legal_moves and play throw.
template <game G>
void play_checked(G& g, const typename G::move_type& move) {
  if (g.outcome()) {
    throw illegal_move_error("illegal move " + detail::describe_move(g, move) + ": the game is over");
  }
  std::vector<typename G::move_type> moves;
  g.legal_moves(moves);
  if (std::find(moves.begin(), moves.end(), move) == moves.end()) {
    throw illegal_move_error("illegal move " + detail::describe_move(g, move) +
                             ": not among the legal moves of this state");
  }
  g.play(move);
}

/// Shows a game, searched to a depth, as a game_tree (alpha_beta.hpp): minimax(view) and
/// alpha_beta(view) then run on any game, with their exact node and leaf counts. A node is a
/// state; its children are its legal moves in generation order; a leaf is a terminal state
/// (its outcome) or a state at the depth limit (its evaluate()). Values are scores from the
/// root player's point of view, with wins and losses counted in plies from the root, so the
/// root's minimax value is the engine's negamax score. Where a player moves twice in a row
/// (player_to_move()), a pass node with a single child keeps MAX and MIN levels alternating.
/// Not thread-safe: child_count and child generate moves into one buffer of the view.
template <game G>
class game_tree_view {
  static_assert(detail::negatable_evaluation<G>());
  static_assert(detail::without_chance_states<G>());

 public:
  using value_type = score<game_value_t<G>>;
  struct node_type {
    std::optional<G> state;       // optional: the searches want default-constructible nodes
    std::int64_t ply = 0;        // moves played from the root
    std::int64_t depth_left = 0;  // plies still to search; < 0: no limit
    bool max_level = true;       // MAX level of the tree (even tree depth)
    bool mover_is_root = true;   // the player to move is the root's player
  };

  /// The whole game tree under root (every line to its end).
  explicit game_tree_view(G root) : root_{std::move(root), 0, -1, true, true} {}
  /// The tree under root cut at depth plies; states at the cut are evaluated.
  /// Throws std::invalid_argument if depth < 0 or the game has no evaluate().
  game_tree_view(G root, std::int64_t depth) : root_{std::move(root), 0, depth, true, true} {
    if (depth < 0) throw std::invalid_argument("game_tree_view: depth must be >= 0, not " + std::to_string(depth));
    if constexpr (!evaluated_game<G>) {
      throw std::invalid_argument("game_tree_view: a depth limit needs a game with evaluate()");
    }
  }

  [[nodiscard]] node_type root() const { return root_; }

  /// 0 for a leaf, 1 for a pass node, else the number of legal moves. O(one generation).
  [[nodiscard]] std::size_t child_count(const node_type& n) const {
    if (n.max_level != n.mover_is_root) return 1;
    if (n.state->outcome() || n.depth_left == 0) return 0;
    generate(*n.state);
    return buffer_.size();
  }

  /// The i-th child. O(one generation and one play).
  [[nodiscard]] node_type child(const node_type& n, std::size_t i) const {
    if (n.max_level != n.mover_is_root) {
      node_type pass = n;
      pass.max_level = !n.max_level;
      return pass;
    }
    generate(*n.state);
    node_type c{n.state, n.ply + 1, n.depth_left < 0 ? -1 : n.depth_left - 1, !n.max_level,
                !n.mover_is_root};
    c.state->play(buffer_.at(i));
    if constexpr (turn_reporting_game<G>) {
      if (c.state->player_to_move() == n.state->player_to_move()) c.mover_is_root = n.mover_is_root;
    }
    return c;
  }

  /// The leaf's score from the root player's point of view.
  [[nodiscard]] value_type leaf_value(const node_type& n) const {
    value_type s;
    if (const auto o = n.state->outcome()) {
      s = detail::terminal_score<game_value_t<G>>(*o);
    } else if constexpr (evaluated_game<G>) {
      s = detail::evaluation(*n.state);
    }
    using access = detail::score_access<game_value_t<G>>;
    const value_type from_root = access::to_root(s, n.ply);
    return n.mover_is_root ? from_root : access::negate(from_root);
  }

 private:
  void generate(const G& g) const {
    buffer_.clear();
    g.legal_moves(buffer_);
    if (buffer_.empty()) detail::check_generated<G>(0, 0);
  }

  node_type root_;
  mutable std::vector<typename G::move_type> buffer_;
};

}  // namespace gametree
