#pragma once
// Naive oracles for the grid walk game, written the way the seed (003) reasons about it:
// dp[y][x] = first player's points minus the second's from (y, x) on, the first player
// maximising where y + x is even and the second minimising elsewhere. Plus an exhaustive
// game-tree search that remembers nothing. Small grids only (the search recurses H + W deep
// and visits every move sequence).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace gametree_test {

inline std::int64_t sign_of(char c) { return c == '+' ? 1 : -1; }

/// The seed's table, filled bottom-up; payoff[y][x] is the value of entering (y, x).
inline std::vector<std::vector<std::int64_t>> reference_table(
    const std::vector<std::vector<std::int64_t>>& payoff) {
  const std::size_t h = payoff.size();
  const std::size_t w = payoff.front().size();
  std::vector<std::vector<std::int64_t>> dp(h, std::vector<std::int64_t>(w, 0));
  for (std::size_t y = h; y-- > 0;) {
    for (std::size_t x = w; x-- > 0;) {
      if (y + 1 == h && x + 1 == w) continue;  // the game is over: 0
      const bool first = (y + x) % 2 == 0;
      std::int64_t best = first ? std::numeric_limits<std::int64_t>::min()
                                : std::numeric_limits<std::int64_t>::max();
      const auto consider = [&](std::size_t ny, std::size_t nx) {
        const std::int64_t v = dp[ny][nx] + (first ? payoff[ny][nx] : -payoff[ny][nx]);
        best = first ? std::max(best, v) : std::min(best, v);
      };
      if (y + 1 < h) consider(y + 1, x);
      if (x + 1 < w) consider(y, x + 1);
      dp[y][x] = best;
    }
  }
  return dp;
}

inline std::vector<std::vector<std::int64_t>> sign_payoffs(const std::vector<std::string>& rows) {
  std::vector<std::vector<std::int64_t>> p(rows.size());
  for (std::size_t y = 0; y < rows.size(); ++y) {
    for (const char c : rows[y]) p[y].push_back(sign_of(c));
  }
  return p;
}

/// The same table for a '+'/'-' grid, one flat row-major vector, returning dp[0][0].
inline std::int64_t reference_score(const std::vector<std::string>& rows) {
  const std::size_t h = rows.size();
  const std::size_t w = rows.front().size();
  std::vector<std::int64_t> dp(h * w, 0);
  for (std::size_t y = h; y-- > 0;) {
    for (std::size_t x = w; x-- > 0;) {
      if (y + 1 == h && x + 1 == w) continue;
      const bool first = (y + x) % 2 == 0;
      std::int64_t best = first ? std::numeric_limits<std::int64_t>::min()
                                : std::numeric_limits<std::int64_t>::max();
      const auto consider = [&](std::size_t ny, std::size_t nx) {
        const std::int64_t p = sign_of(rows[ny][nx]);
        const std::int64_t v = dp[ny * w + nx] + (first ? p : -p);
        best = first ? std::max(best, v) : std::min(best, v);
      };
      if (y + 1 < h) consider(y + 1, x);
      if (x + 1 < w) consider(y, x + 1);
      dp[y * w + x] = best;
    }
  }
  return dp[0];
}

/// Every move sequence from (y, x), minimax without memo: exponential, for H * W <= 16.
inline std::int64_t brute_force(const std::vector<std::string>& rows, std::size_t y = 0,
                                std::size_t x = 0) {
  const std::size_t h = rows.size();
  const std::size_t w = rows.front().size();
  if (y + 1 == h && x + 1 == w) return 0;
  const bool first = (y + x) % 2 == 0;
  const std::int64_t sign = first ? 1 : -1;
  bool any = false;
  std::int64_t best = 0;
  const auto option = [&](std::int64_t v) {
    if (!any || (first ? v > best : v < best)) best = v;
    any = true;
  };
  if (y + 1 < h) option(brute_force(rows, y + 1, x) + sign * sign_of(rows[y + 1][x]));
  if (x + 1 < w) option(brute_force(rows, y, x + 1) + sign * sign_of(rows[y][x + 1]));
  return best;
}

inline std::vector<std::string> random_grid(std::mt19937_64& rng, std::size_t h, std::size_t w) {
  // A per-grid bias so that wins for either side and draws all occur.
  const auto plus_in_8 = static_cast<unsigned>(rng() % 9);
  std::vector<std::string> rows(h, std::string(w, '+'));
  for (std::string& row : rows) {
    for (char& c : row) c = rng() % 8 < plus_in_8 ? '+' : '-';
  }
  return rows;
}

}  // namespace gametree_test
