#pragma once
// The value kernel for grids of '+' and '-' cells (grid_game.hpp's fast path).
//
// Negamax form of the seed's recurrence: with g(c) the score of the player to move at cell c
// minus the other's, and q(c) = p(c) - g(c) for p(c) = +1 on '+' and -1 on '-', every cell obeys
//   q(y, x) = p(y, x) - max(q(y + 1, x), q(y, x + 1)),
// whoever moves, so one loop body serves both players. `below` carries one row of q, starting
// at a virtual row H whose only finite entry is below[W - 1] = 0: that makes the terminal cell's
// g zero without a special case.
//
// Rows are taken 16 at a time. Inside such a strip the cells with equal y + x (an
// anti-diagonal) do not depend on each other, so the 16 rows become 16 SIMD lanes that sweep
// leftwards in a wavefront: at step d lane i is at column d - i. The lane data for 16 steps is
// one 16 x 16 byte block, loaded as 16 row slices skewed by one column each and transposed in
// registers, so the grid is read once, in its own row-major layout, and only one row of q is
// kept (O(W) memory instead of a diagonal-major copy of the grid).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#if defined(__SSE2__) || defined(_M_X64) || (defined(_M_IX86_FP) && _M_IX86_FP >= 2)
#include <emmintrin.h>
#define GAMETREE_GRID_SSE2 1
#else
#define GAMETREE_GRID_SSE2 0
#endif

namespace gametree::detail {

/// +1 for '+', -1 for '-' ('+' is 43 and '-' is 45). Other characters give other values; the
/// kernel reports them through its `bad` flag and the caller throws.
constexpr int grid_sign_payoff(char c) noexcept { return 44 - static_cast<int>(c); }

constexpr bool grid_sign_cell_ok(char c) noexcept { return c == '+' || c == '-'; }

/// "No cell" in the kernel's rows: below every value, and two above the type's minimum so
/// that the SIMD strip can store it as 1 - none.
template <class T>
constexpr T grid_sign_none() noexcept {
  return static_cast<T>(std::numeric_limits<T>::min() + 2);
}

/// One row, right to left, scalar: the fallback and the rows that do not fill a strip.
template <class T>
void grid_sign_row(const char* row, T* below, std::size_t width, bool& bad) noexcept {
  for (std::size_t x = width; x-- > 0;) {
    const char c = row[x];
    bad |= !grid_sign_cell_ok(c);
    // below[x] is still q of the row underneath, below[x + 1] already this row's right cell.
    using wide = std::common_type_t<T, int>;
    const wide m = std::max(below[x], below[x + 1]);
    below[x] = static_cast<T>(static_cast<wide>(grid_sign_payoff(c)) - m);
  }
}

#if GAMETREE_GRID_SSE2

inline constexpr std::size_t grid_strip_rows = 16;

/// One strip of 16 rows (rows[0] on top) as a 16-lane wavefront of int16 values; on return
/// below[x] holds q of rows[0]. below uses grid_sign_none<std::int16_t>() for "no cell".
inline void grid_sign_strip_sse2(const char* const* rows, std::int16_t* below, std::size_t width,
                                 bool& bad) noexcept {
  constexpr int lanes = 16;
  const std::int16_t none = grid_sign_none<std::int16_t>();
  const auto w = static_cast<std::ptrdiff_t>(width);

  // Lane values (q, indexed by row) between vector blocks: the first and last steps of a
  // strip run scalar because some lanes are outside the grid there.
  std::int16_t lane[lanes];
  std::fill(lane, lane + lanes, none);

  const auto scalar_step = [&](std::ptrdiff_t d) noexcept {
    for (int i = 0; i < lanes; ++i) {
      const std::ptrdiff_t x = d - i;
      if (x < 0 || x >= w) {
        lane[i] = none;  // the right neighbour of a lane entering the grid at x = W - 1
        continue;
      }
      const auto ux = static_cast<std::size_t>(x);
      const std::int16_t down = i == lanes - 1 ? below[ux] : lane[i + 1];  // not yet updated
      const char c = rows[i][ux];
      bad |= !grid_sign_cell_ok(c);
      lane[i] = static_cast<std::int16_t>(grid_sign_payoff(c) - std::max(down, lane[i]));
      if (i == 0) below[ux] = lane[0];
    }
  };

  // Steps run from d = W + 14 (lane 15 enters) down to 0 (lane 0 leaves). A block of 16 steps
  // [s, s + 15] is vectorised when every lane stays inside the grid: s >= 15 and s + 15 < W.
  std::ptrdiff_t d = w + lanes - 2;
  for (; d >= w; --d) scalar_step(d);  // at most 15 steps
  if (d - (lanes - 1) < lanes - 1) {
    for (; d >= 0; --d) scalar_step(d);
    return;
  }

  // Register e holds the even rows (lane m = row 2m), o the odd rows (lane m = row 2m + 1):
  // the cell below an even row is then in the same lane of o, and only o's down neighbours
  // need a lane shift (plus the row under the strip in lane 7).
  //
  // Values alternate between two forms so that a step is one max or min and one add or sub:
  // after steps with even offset j in a block they are q, after odd ones 1 - q. With
  // u = c - '+' (0 for '+', 2 for '-', so p = 1 - u):
  //   from q:     1 - q' = u + max(q_right, q_down)
  //   from 1 - q: q'     = min(1 - q_right, 1 - q_down) - u.
  // grid_sign_none() = min + 2, so 1 - none still fits and is the largest value there.
  const auto to_int16 = [](int v) noexcept { return static_cast<std::int16_t>(v); };
  __m128i e = _mm_setr_epi16(lane[0], lane[2], lane[4], lane[6], lane[8], lane[10], lane[12],
                             lane[14]);
  __m128i o = _mm_setr_epi16(lane[1], lane[3], lane[5], lane[7], lane[9], lane[11], lane[13],
                             lane[15]);
  const __m128i zero = _mm_setzero_si128();
  const __m128i k_plus = _mm_set1_epi8('+');
  __m128i seen = zero;  // OR of all u: a byte other than 0 or 2 means a bad character
  for (; d - (lanes - 1) >= lanes - 1; d -= lanes) {
    const std::ptrdiff_t s = d - (lanes - 1);
    __m128i a[lanes];
    __m128i b[lanes];
    for (int i = 0; i < lanes; ++i) {
      a[i] = _mm_sub_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(rows[i] + (s - i))),
                          k_plus);
      seen = _mm_or_si128(seen, a[i]);
    }
    // Each round maps (register r, byte c) to its 8-bit index rotated left by one. After three,
    // b[k] with k = 8 * (row & 1) + j / 2 holds in byte 8 * (j & 1) + row / 2 the cell of lane
    // `row` at step s + j (row s - row + j of the slice): even rows in b[0..7], odd in b[8..15],
    // two steps per register.
    for (int k = 0; k < 8; ++k) {
      b[2 * k] = _mm_unpacklo_epi8(a[k], a[k + 8]);
      b[2 * k + 1] = _mm_unpackhi_epi8(a[k], a[k + 8]);
    }
    for (int k = 0; k < 8; ++k) {
      a[2 * k] = _mm_unpacklo_epi8(b[k], b[k + 8]);
      a[2 * k + 1] = _mm_unpackhi_epi8(b[k], b[k + 8]);
    }
    for (int k = 0; k < 8; ++k) {
      b[2 * k] = _mm_unpacklo_epi8(a[k], a[k + 8]);
      b[2 * k + 1] = _mm_unpackhi_epi8(a[k], a[k + 8]);
    }
    for (int k = 7; k >= 0; --k) {
      // Odd step j = 2k + 1, from q to 1 - q.
      std::ptrdiff_t step = s + 2 * k + 1;
      __m128i down = _mm_insert_epi16(_mm_srli_si128(e, 2),
                                      below[static_cast<std::size_t>(step - (lanes - 1))], 7);
      __m128i ne = _mm_add_epi16(_mm_unpackhi_epi8(b[k], zero), _mm_max_epi16(e, o));
      o = _mm_add_epi16(_mm_unpackhi_epi8(b[k + 8], zero), _mm_max_epi16(o, down));
      e = ne;
      below[static_cast<std::size_t>(step)] = to_int16(1 - to_int16(_mm_cvtsi128_si32(e)));
      // Even step j = 2k, from 1 - q to q.
      --step;
      down = _mm_insert_epi16(
          _mm_srli_si128(e, 2), 1 - below[static_cast<std::size_t>(step - (lanes - 1))], 7);
      ne = _mm_sub_epi16(_mm_min_epi16(e, o), _mm_unpacklo_epi8(b[k], zero));
      o = _mm_sub_epi16(_mm_min_epi16(o, down), _mm_unpacklo_epi8(b[k + 8], zero));
      e = ne;
      below[static_cast<std::size_t>(step)] = to_int16(_mm_cvtsi128_si32(e));
    }
  }
  const __m128i other_bits = _mm_and_si128(seen, _mm_set1_epi8(static_cast<char>(~2)));
  bad |= _mm_movemask_epi8(_mm_cmpeq_epi8(other_bits, zero)) != 0xffff;
  alignas(16) std::int16_t even[8];
  alignas(16) std::int16_t odd[8];
  _mm_store_si128(reinterpret_cast<__m128i*>(even), e);
  _mm_store_si128(reinterpret_cast<__m128i*>(odd), o);
  for (int m = 0; m < 8; ++m) {
    lane[2 * m] = even[m];
    lane[2 * m + 1] = odd[m];
  }
  for (; d >= 0; --d) scalar_step(d);
}

#endif  // GAMETREE_GRID_SSE2

/// q(0, 0) of a '+'/'-' grid given by row pointers (height, width >= 1; every row has width
/// characters). T must hold +-(height + width) with three values to spare below. Sets
/// bad when some character is neither '+' nor '-' (the result is then meaningless). O(W) memory.
template <class T>
T grid_sign_q00(const char* const* rows, std::size_t height, std::size_t width,
                bool& bad) {
  std::vector<T> below(width + 1, grid_sign_none<T>());
  below[width - 1] = 0;
  std::size_t y = height;
#if GAMETREE_GRID_SSE2
  if constexpr (sizeof(T) == 2) {
    for (std::size_t r = height % grid_strip_rows; r > 0; --r) {
      --y;
      grid_sign_row(rows[y], below.data(), width, bad);
    }
    while (y > 0) {
      y -= grid_strip_rows;
      grid_sign_strip_sse2(rows + y, below.data(), width, bad);
    }
  }
#endif
  while (y > 0) {
    --y;
    grid_sign_row(rows[y], below.data(), width, bad);
  }
  return below[0];
}

}  // namespace gametree::detail
