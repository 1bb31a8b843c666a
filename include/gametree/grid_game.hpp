#pragma once
// The grid walk game (seed 003, AtCoder ABC201 D "Game in Momotetsu World").
//
// A piece starts on the top-left cell of an H x W grid; the first player (Takahashi) and the
// second (Aoki) alternate, first player first, each moving it one cell down or right and scoring
// the entered cell's payoff (+1 for '+', -1 for '-' in the original). The game ends on the
// bottom-right cell. The mover at (y, x) is the first player iff y + x is even.
//
// Minimax over the cells, evaluated bottom-up without recursion: every cell's value depends only
// on its lower and right neighbours, so one row of values (O(W) memory) is enough for the
// score; the optimal path needs one choice bit per cell on top.

#include <gametree/detail/grid_sign_kernel.hpp>

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <limits>
#include <ranges>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace gametree::grid {

/// Who wins under optimal play.
enum class outcome { first, second, draw };

/// The value of a game: score = the first player's points minus the second's under optimal
/// play, and who wins by it.
struct result {
  std::int64_t score = 0;
  outcome winner = outcome::draw;

  friend bool operator==(const result&, const result&) = default;
};

/// A value together with one optimal line of play: moves[i] is 'R' (right) or 'D' (down) and
/// running[i] the first player's points minus the second's after moves[i]; moves has
/// H + W - 2 letters and running.back() == score (running is empty for a 1 x 1 grid).
struct path_result {
  std::int64_t score = 0;
  outcome winner = outcome::draw;
  std::string moves;
  std::vector<std::int64_t> running;
};

/// A callable giving the payoff of entering cell (y, x) as any integer type.
template <class Payoff>
concept payoff_function = std::invocable<Payoff&, std::size_t, std::size_t> &&
                          std::integral<std::remove_cvref_t<
                              std::invoke_result_t<Payoff&, std::size_t, std::size_t>>> &&
                          !std::same_as<std::remove_cvref_t<std::invoke_result_t<
                                            Payoff&, std::size_t, std::size_t>>,
                                        bool>;

/// A range of rows usable by solve(rows): a forward range whose elements convert to
/// std::string_view without dangling (std::string, std::string_view, const char*, char arrays).
template <class Rows>
concept row_range =
    std::ranges::forward_range<Rows> &&
    std::convertible_to<std::ranges::range_reference_t<Rows>, std::string_view> &&
    (std::is_lvalue_reference_v<std::ranges::range_reference_t<Rows>> ||
     std::same_as<std::remove_cv_t<std::ranges::range_reference_t<Rows>>, std::string_view> ||
     std::same_as<std::remove_cv_t<std::ranges::range_reference_t<Rows>>, const char*>);

namespace detail {

inline outcome outcome_of(std::int64_t score) noexcept {
  return score > 0 ? outcome::first : score < 0 ? outcome::second : outcome::draw;
}

[[noreturn]] inline void throw_overflow(const char* what, std::size_t y, std::size_t x) {
  throw std::overflow_error(std::string("gametree::grid: ") + what + " at row " +
                            std::to_string(y) + ", column " + std::to_string(x) +
                            " does not fit in std::int64_t; keep |payoff| * (H + W - 2) "
                            "below 2^63");
}

// Not folded into a check_size(): GCC 12 sees through a [[noreturn]] call in the caller, not
// through an inlined conditional throw, and would warn about below[width - 1] for width 0.
[[noreturn]] inline void throw_empty(std::size_t height, std::size_t width) {
  throw std::invalid_argument("gametree::grid: the grid is empty (" + std::to_string(height) +
                              " rows x " + std::to_string(width) +
                              " columns); it needs at least one cell");
}

template <class Payoff>
std::int64_t payoff_at(Payoff& payoff, std::size_t y, std::size_t x) {
  const auto p = std::invoke(payoff, y, x);
  if (!std::in_range<std::int64_t>(p)) throw_overflow("the payoff", y, x);
  return static_cast<std::int64_t>(p);
}

// p - m, or overflow_error naming the cell; m is a finite cell value here (never the sentinel).
inline std::int64_t checked_q(std::int64_t p, std::int64_t m, std::size_t y, std::size_t x) {
  constexpr std::int64_t lo = std::numeric_limits<std::int64_t>::min();
  constexpr std::int64_t hi = std::numeric_limits<std::int64_t>::max();
  if ((m > 0 && p < lo + m) || (m < 0 && p > hi + m)) {
    throw_overflow("the score of the game from the cell", y, x);
  }
  return p - m;
}

inline std::string show_char(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u < 0x7f) return std::string("'") + c + "'";
  constexpr const char* hex = "0123456789abcdef";
  return std::string("byte 0x") + hex[u >> 4] + hex[u & 15];
}

// Row views and the size rules shared by solve(rows) and solve_path(rows).
template <class Rows>
std::vector<std::string_view> row_views(const Rows& rows) {
  std::vector<std::string_view> views;
  if constexpr (std::ranges::sized_range<Rows>) views.reserve(std::ranges::size(rows));
  for (auto&& row : rows) views.emplace_back(std::string_view(row));
  if (views.empty()) {
    throw std::invalid_argument("gametree::grid: the grid is empty (no rows); it needs at "
                                "least one cell");
  }
  const std::size_t width = views.front().size();
  if (width == 0) {
    throw std::invalid_argument("gametree::grid: the grid is empty (row 0 has no cells); it "
                                "needs at least one cell");
  }
  for (std::size_t y = 1; y < views.size(); ++y) {
    if (views[y].size() != width) {
      throw std::invalid_argument("gametree::grid: row " + std::to_string(y) + " has " +
                                  std::to_string(views[y].size()) + " cells but row 0 has " +
                                  std::to_string(width) +
                                  "; all rows must have the same length (rows count from 0)");
    }
  }
  return views;
}

// Called only once a fast pass has seen a bad character, to name the first one.
[[noreturn]] inline void throw_bad_cell(const std::vector<std::string_view>& views) {
  for (std::size_t y = 0; y < views.size(); ++y) {
    for (std::size_t x = 0; x < views[y].size(); ++x) {
      if (!gametree::detail::grid_sign_cell_ok(views[y][x])) {
        throw std::invalid_argument("gametree::grid: row " + std::to_string(y) + ", column " +
                                    std::to_string(x) + " is " + show_char(views[y][x]) +
                                    "; cells must be '+' or '-' (rows and columns count from 0)");
      }
    }
  }
  // Unreachable: callers come here only after seeing a bad cell, which the loops find.
  throw std::logic_error("gametree::grid: bad cell reported but not found");  // GCOVR_EXCL_LINE
}

inline void check_cells(const std::vector<std::string_view>& views) {
  bool bad = false;
  for (const std::string_view row : views) {
    for (const char c : row) bad |= !gametree::detail::grid_sign_cell_ok(c);
  }
  if (bad) throw_bad_cell(views);
}

}  // namespace detail

/// Solves the game on any payoff: payoff(y, x) is what the mover scores by entering cell
/// (y, x) (0-based, y down, x right), any integer type. Scores are computed in std::int64_t;
/// they cannot overflow while max |payoff| * (height + width - 2) < 2^63.
/// payoff is called once per cell except (0, 0), which is never entered, in no promised order.
/// Complexity: O(height * width) time, O(width) memory; no recursion.
/// Throws std::invalid_argument if height or width is 0; std::overflow_error if a payoff is
/// outside std::int64_t or the score of the game from some cell does not fit in it;
/// whatever payoff throws.
template <payoff_function Payoff>
result solve(std::size_t height, std::size_t width, Payoff&& payoff) {
  if (height == 0 || width == 0) detail::throw_empty(height, width);
  constexpr std::int64_t none = std::numeric_limits<std::int64_t>::min();
  // below[x] = q(y + 1, x) = payoff(y + 1, x) - g(y + 1, x), g being the mover's score minus
  // the other player's from that cell on (see detail/grid_sign_kernel.hpp). Row H is virtual:
  // its 0 at W - 1 gives the terminal cell g = 0.
  std::vector<std::int64_t> below(width + 1, none);
  below[width - 1] = 0;
  for (std::size_t y = height; y-- > 1;) {
    for (std::size_t x = width; x-- > 0;) {
      const std::int64_t m = std::max(below[x], below[x + 1]);
      below[x] = detail::checked_q(detail::payoff_at(payoff, y, x), m, y, x);
    }
  }
  for (std::size_t x = width; x-- > 1;) {
    const std::int64_t m = std::max(below[x], below[x + 1]);
    below[x] = detail::checked_q(detail::payoff_at(payoff, 0, x), m, 0, x);
  }
  // The first player moves at (0, 0), so its g is the score itself.
  const std::int64_t score = std::max(below[0], below[1]);
  return {score, detail::outcome_of(score)};
}

/// Solves the '+'/'-' game (AtCoder ABC201 D) on rows of equal length: '+' is worth +1 to the
/// player entering it, '-' is worth -1. |score| <= height + width - 2, so no size that fits
/// in memory overflows.
/// Complexity: O(height * width) time, O(height + width) memory. On x86-64 (SSE2) 16 rows are
/// solved at once as SIMD lanes when height + width <= 32000; otherwise row by row.
/// Throws std::invalid_argument (naming the row, column or lengths) for an empty grid, rows of
/// unequal length, or a character other than '+' or '-'.
template <row_range Rows>
result solve(const Rows& rows) {
  const std::vector<std::string_view> views = detail::row_views(rows);
  const std::size_t height = views.size();
  const std::size_t width = views.front().size();
  std::vector<const char*> data(height);
  for (std::size_t y = 0; y < height; ++y) data[y] = views[y].data();

  bool bad = false;
  std::int64_t q00 = 0;
  // |q| <= height + width - 1 and the type needs one value below that for "no cell".
  if (height <= 32000 && width <= 32000 - height) {
    q00 = gametree::detail::grid_sign_q00<std::int16_t>(data.data(), height, width, bad);
  } else if (height < (std::size_t{1} << 30) && width < (std::size_t{1} << 30)) {
    q00 = gametree::detail::grid_sign_q00<std::int32_t>(data.data(), height, width, bad);
  } else {
    // GCOVR_EXCL_START: a side of 2^30 cells needs 8 GiB for the kernel's row of int64
    // values, more than a test can allocate; the int64 kernel is tested on its own.
    q00 = gametree::detail::grid_sign_q00<std::int64_t>(data.data(), height, width, bad);
    // GCOVR_EXCL_STOP
  }
  if (bad) detail::throw_bad_cell(views);
  // q(0, 0) = p(0, 0) - g(0, 0), and g(0, 0) is the first player's score.
  const std::int64_t score = gametree::detail::grid_sign_payoff(views[0][0]) - q00;
  return {score, detail::outcome_of(score)};
}

/// solve(rows) for a braced list: solve({"---", "+-+", "+--"}).
inline result solve(std::initializer_list<std::string_view> rows) {
  return solve<std::initializer_list<std::string_view>>(rows);
}

/// Like solve(height, width, payoff), plus one optimal line of play (ties go right). The
/// running totals are checked like the scores.
/// Complexity: O(height * width) time, height * width bits + O(height + width) words of memory.
/// Throws what solve(height, width, payoff) throws; std::overflow_error also when a running
/// total does not fit in std::int64_t; std::invalid_argument if height * width overflows
/// std::size_t; std::bad_alloc if the choice bits do not fit in memory.
template <payoff_function Payoff>
path_result solve_path(std::size_t height, std::size_t width, Payoff&& payoff) {
  if (height == 0 || width == 0) detail::throw_empty(height, width);
  if (width > std::numeric_limits<std::size_t>::max() / height) {
    throw std::invalid_argument("gametree::grid: " + std::to_string(height) + " x " +
                                std::to_string(width) + " cells overflow std::size_t");
  }
  constexpr std::int64_t none = std::numeric_limits<std::int64_t>::min();
  // down[y * words + x / 64] bit x % 64: the mover at (y, x) goes down. Value-only solve()
  // keeps none of this, so it does not pay for the path.
  const std::size_t words = (width + 63) / 64;
  std::vector<std::uint64_t> down(height * words, 0);
  std::vector<std::int64_t> below(width + 1, none);
  below[width - 1] = 0;
  std::int64_t score = 0;
  for (std::size_t y = height; y-- > 0;) {
    std::uint64_t* bits = down.data() + y * words;
    for (std::size_t x = width; x-- > 0;) {
      // Decided by position at the edges: a real value may equal the sentinel.
      const bool go_down =
          x + 1 == width || (y + 1 < height && below[x] > below[x + 1]);
      if (go_down) bits[x / 64] |= std::uint64_t{1} << (x % 64);
      const std::int64_t m = go_down ? below[x] : below[x + 1];
      if (y == 0 && x == 0) {
        score = m;
      } else {
        below[x] = detail::checked_q(detail::payoff_at(payoff, y, x), m, y, x);
      }
    }
  }

  path_result out{score, detail::outcome_of(score), {}, {}};
  out.moves.reserve(height + width - 2);
  out.running.reserve(height + width - 2);
  std::size_t y = 0;
  std::size_t x = 0;
  std::int64_t total = 0;
  while (y + 1 < height || x + 1 < width) {
    const bool first_moves = (y + x) % 2 == 0;
    if ((down[y * words + x / 64] >> (x % 64)) & 1U) {
      ++y;
      out.moves.push_back('D');
    } else {
      ++x;
      out.moves.push_back('R');
    }
    // Payoffs are called a second time along the path: cheaper than storing them.
    const std::int64_t p = detail::payoff_at(payoff, y, x);
    const std::int64_t step = first_moves ? p : detail::checked_q(0, p, y, x);
    if ((step > 0 && total > std::numeric_limits<std::int64_t>::max() - step) ||
        (step < 0 && total < std::numeric_limits<std::int64_t>::min() - step)) {
      detail::throw_overflow("the running total", y, x);
    }
    total += step;
    out.running.push_back(total);
  }
  return out;
}

/// solve(rows) plus one optimal line of play (ties go right); see solve_path(height, width,
/// payoff). Complexity: O(height * width) time, height * width bits of memory.
/// Throws what solve(rows) throws, and std::bad_alloc if the choice bits do not fit in memory.
template <row_range Rows>
path_result solve_path(const Rows& rows) {
  const std::vector<std::string_view> views = detail::row_views(rows);
  detail::check_cells(views);
  return solve_path(views.size(), views.front().size(), [&views](std::size_t y, std::size_t x) {
    return gametree::detail::grid_sign_payoff(views[y][x]);
  });
}

/// solve_path(rows) for a braced list.
inline path_result solve_path(std::initializer_list<std::string_view> rows) {
  return solve_path<std::initializer_list<std::string_view>>(rows);
}

}  // namespace gametree::grid
