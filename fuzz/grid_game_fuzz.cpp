// The grid game against references. The first byte picks the mode, the next two the size:
//   even first byte: a '+'/'-' grid (up to 64 x 64, one bit per cell), solve(rows) against the
//     seed's DP (tests/reference) and, while there are few paths, the exhaustive game search;
//     solve_path(rows) against the reference line of play. Bit 1 of the first byte plants one
//     byte that may not be '+' or '-': solve must then name its row and column.
//   odd first byte: any payoff (up to 20 x 20, one byte per cell) through solve(H, W, payoff)
//     and solve_path, against a DP that detects every int64 overflow: solve throws
//     overflow_error exactly when some cell's value does not fit, solve_path also when a
//     running total of its line does not. Bits 1-2 pick the weights: small (int8), int64
//     extremes, uint64 (some above int64), and again small as signed char.
// Grids are shrunk to what the input's length can fill, so short inputs are fast.
#include <gametree/grid_game.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "reference/grid_game_reference.hpp"

namespace {

namespace grid = gametree::grid;

void check(bool ok) {
  if (!ok) std::abort();
}

grid::outcome outcome_of(std::int64_t score) {
  return score > 0 ? grid::outcome::first : score < 0 ? grid::outcome::second : grid::outcome::draw;
}

// What solve and solve_path must return for the payoff table p (row-major, h x w), computed
// in the mover's terms: g(c) = best over the next cells n of q(n), q(n) = p(n) - g(n), every
// subtraction checked. The line of play goes down only when that is strictly better.
struct expected_game {
  bool overflow = false;
  std::int64_t score = 0;
  bool path_overflow = false;
  std::string moves;
  std::vector<std::int64_t> running;
};

void expect(const std::vector<std::int64_t>& p, std::size_t h, std::size_t w,
            expected_game& e) {
  static std::vector<std::int64_t> q;
  q.assign(h * w, 0);
  e.overflow = false;
  e.path_overflow = false;
  e.moves.clear();
  e.running.clear();
  const auto g = [&](std::size_t y, std::size_t x) {
    if (y + 1 == h && x + 1 == w) return std::int64_t{0};
    if (y + 1 == h) return q[y * w + x + 1];
    if (x + 1 == w) return q[(y + 1) * w + x];
    return std::max(q[y * w + x + 1], q[(y + 1) * w + x]);
  };
  for (std::size_t y = h; y-- > 0;) {
    for (std::size_t x = w; x-- > 0;) {
      if (y == 0 && x == 0) continue;
      e.overflow |= __builtin_sub_overflow(p[y * w + x], g(y, x), &q[y * w + x]);
    }
  }
  if (e.overflow) return;
  e.score = g(0, 0);
  std::size_t y = 0;
  std::size_t x = 0;
  std::int64_t total = 0;
  while (y + 1 < h || x + 1 < w) {
    const bool first = (y + x) % 2 == 0;
    if (x + 1 == w || (y + 1 < h && q[(y + 1) * w + x] > q[y * w + x + 1])) {
      ++y;
      e.moves.push_back('D');
    } else {
      ++x;
      e.moves.push_back('R');
    }
    std::int64_t step = p[y * w + x];
    if (!first) e.path_overflow |= __builtin_sub_overflow(std::int64_t{0}, step, &step);
    e.path_overflow |= __builtin_add_overflow(total, step, &total);
    if (e.path_overflow) return;
    e.running.push_back(total);
  }
  check(e.running.empty() || e.running.back() == e.score);
}

void check_path(const grid::path_result& r, const expected_game& e) {
  check(r.score == e.score && r.winner == outcome_of(e.score));
  check(r.moves == e.moves && r.running == e.running);
}

// C(h + w - 2, h - 1), the number of lines of play, capped.
std::size_t paths(std::size_t h, std::size_t w, std::size_t cap) {
  std::size_t c = 1;
  for (std::size_t k = 1; k < h; ++k) {
    c = c * (w - 1 + k) / k;
    if (c > cap) return cap + 1;
  }
  return c;
}

// h x w, each side shrunk until the grid has at most `cells` cells, so that short inputs
// (the fuzzer's preferred ones) stay small grids.
void fit(std::size_t& h, std::size_t& w, std::size_t cells) {
  while (h * w > cells) (h > w ? h : w) /= 2;
}

void signs(const std::uint8_t* data, std::size_t size) {
  std::size_t h = 1 + data[1] % 64U;
  std::size_t w = 1 + data[2] % 64U;
  fit(h, w, std::max<std::size_t>(16, 8 * (size - 3)));
  const bool plant = (data[0] & 2U) != 0;
  std::size_t at = 3;
  static std::vector<std::string> rows;
  rows.resize(h);
  static std::vector<std::int64_t> p;
  p.assign(h * w, 0);
  std::size_t bit = 0;
  for (std::size_t y = 0; y < h; ++y) {
    rows[y].assign(w, '-');
    for (std::size_t x = 0; x < w; ++x, ++bit) {
      const std::size_t byte = at + bit / 8;
      if (byte < size && ((data[byte] >> (bit % 8)) & 1U)) rows[y][x] = '+';
      p[y * w + x] = rows[y][x] == '+' ? 1 : -1;
    }
  }
  at += (h * w + 7) / 8;
  if (plant && at + 2 < size) {
    const std::size_t y = data[at] % h;
    const std::size_t x = data[at + 1] % w;
    const char c = static_cast<char>(data[at + 2]);
    rows[y][x] = c;
    if (c != '+' && c != '-') {
      const std::string where =
          "row " + std::to_string(y) + ", column " + std::to_string(x) + " is ";
      for (int pass = 0; pass < 2; ++pass) {
        try {
          if (pass == 0) {
            (void)grid::solve(rows);
          } else {
            (void)grid::solve_path(rows);
          }
          check(false);
        } catch (const std::invalid_argument& e) {
          check(std::string_view(e.what()).find(where) != std::string_view::npos);
        }
      }
      return;
    }
    p[y * w + x] = c == '+' ? 1 : -1;
  }
  const std::int64_t score = gametree_test::reference_score(rows);
  if (paths(h, w, 100) <= 100) check(gametree_test::brute_force(rows) == score);
  const grid::result r = grid::solve(rows);
  check(r.score == score && r.winner == outcome_of(score));
  static expected_game e;
  expect(p, h, w, e);
  check(!e.overflow && !e.path_overflow && e.score == score);
  check_path(grid::solve_path(rows), e);
}

template <class Payoff>
void payoffs(const std::uint8_t* data, std::size_t size, Payoff decode) {
  std::size_t h = 1 + data[1] % 20U;
  std::size_t w = 1 + data[2] % 20U;
  fit(h, w, std::max<std::size_t>(4, size - 3));
  static std::vector<std::uint8_t> cells;
  cells.assign(h * w, 0);
  for (std::size_t i = 0; i < cells.size() && 3 + i < size; ++i) cells[i] = data[3 + i];
  static std::vector<std::int64_t> p;
  p.assign(h * w, 0);
  bool out_of_range = false;
  for (std::size_t i = 1; i < cells.size(); ++i) {  // (0, 0) is never entered
    const auto v = decode(cells[i]);
    out_of_range |= !std::in_range<std::int64_t>(v);
    p[i] = static_cast<std::int64_t>(v);
  }
  std::size_t calls = 0;
  const auto payoff = [&](std::size_t y, std::size_t x) {
    check(y < h && x < w && (y != 0 || x != 0));
    ++calls;
    return decode(cells[y * w + x]);
  };
  static expected_game e;
  if (!out_of_range) expect(p, h, w, e);
  try {
    const grid::result r = grid::solve(h, w, payoff);
    check(!out_of_range && !e.overflow);
    check(r.score == e.score && r.winner == outcome_of(e.score));
    check(calls == h * w - 1);
  } catch (const std::overflow_error&) {
    check(out_of_range || e.overflow);
  }
  try {
    check_path(grid::solve_path(h, w, payoff), e);
    check(!out_of_range && !e.overflow && !e.path_overflow);
  } catch (const std::overflow_error&) {
    check(out_of_range || e.overflow || e.path_overflow);
  }
  if (!out_of_range && !e.overflow) {
    // Small weights cannot overflow: also the seed's DP, in the first player's terms.
    bool small = true;
    for (const std::int64_t v : p) small = small && v > -(std::int64_t{1} << 40) && v < (std::int64_t{1} << 40);
    if (small) {
      std::vector<std::vector<std::int64_t>> table(h, std::vector<std::int64_t>(w));
      for (std::size_t i = 0; i < p.size(); ++i) table[i / w][i % w] = p[i];
      check(gametree_test::reference_table(table)[0][0] == e.score);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 3 || size > 4096) return 0;
  if ((data[0] & 1U) == 0) {
    signs(data, size);
    return 0;
  }
  constexpr std::int64_t lo = std::numeric_limits<std::int64_t>::min();
  constexpr std::int64_t hi = std::numeric_limits<std::int64_t>::max();
  switch ((data[0] >> 1) & 3U) {
    case 0:
      payoffs(data, size, [](std::uint8_t c) { return static_cast<int>(static_cast<std::int8_t>(c)); });
      break;
    case 1:
      payoffs(data, size, [](std::uint8_t c) {
        constexpr std::int64_t table[8] = {lo, hi, lo / 2, hi / 2, -1, 0, 1, std::int64_t{1} << 62};
        return c < 128 ? table[c % 8] : static_cast<std::int64_t>(c) - 192;
      });
      break;
    case 2:
      payoffs(data, size, [](std::uint8_t c) {
        constexpr std::uint64_t top = std::numeric_limits<std::uint64_t>::max();
        constexpr std::uint64_t table[6] = {0, 1, static_cast<std::uint64_t>(hi),
                                            static_cast<std::uint64_t>(hi) + 1, top, 2};
        return c < 64 ? table[c % 6] : std::uint64_t{c};
      });
      break;
    default:
      payoffs(data, size, [](std::uint8_t c) { return static_cast<signed char>(c); });
      break;
  }
  return 0;
}
