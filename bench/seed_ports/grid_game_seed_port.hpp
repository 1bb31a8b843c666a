#pragma once
// Port of seed 003 (AtCoder ABC201 D, hxrxchang's Go submission): a memoised depth-first search
// over the H x W cells, dp[y][x] = Takahashi's points minus Aoki's from (y, x) on.
//
// Kept from the seed: the memo layout (one heap row per grid row of 64-bit ints, as Go's
// [][]int, and one of byte flags, as Go's [][]bool), both allocated per solve; the visit order
// (down child first, then right, each looked up through the memo); the max/min by turn.
// Changed: the recursion, which is H + W - 1 frames deep (8,000 at n = 4,000), runs on an
// explicit stack of (y, x, stage) frames. Go grows goroutine stacks on demand, C++ does not,
// and gametree's rule is no recursion whose depth depends on the input; the explicit stack
// visits the same cells in the same order and touches the same memo entries, so the memory
// traffic being measured is the seed's. Also changed: the grid is the caller's rows of chars
// rather than the seed's [][]string of one-character strings (which would only make the port
// slower, so the ratios reported against it are conservative).

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace grid_game_bench {

inline std::int64_t seed_solve(const std::vector<std::string>& grid) {
  const std::size_t h = grid.size();
  const std::size_t w = grid.front().size();
  std::vector<std::vector<std::int64_t>> dp(h, std::vector<std::int64_t>(w, 0));
  std::vector<std::vector<unsigned char>> visited(h, std::vector<unsigned char>(w, 0));

  struct frame {
    std::size_t y;
    std::size_t x;
    int stage;  // 0: called, 1: back from the down child, 2: back from the right child
  };
  std::vector<frame> stack;
  stack.reserve(h + w);
  stack.push_back({0, 0, 0});
  std::int64_t ret = 0;  // the value the last finished call returned

  const auto take = [&](std::size_t y, std::size_t x, std::int64_t child, char entered) {
    if ((y + x) % 2 == 0) {  // Takahashi
      const std::int64_t v = child + (entered == '+' ? 1 : -1);
      if (v > dp[y][x]) dp[y][x] = v;
    } else {  // Aoki
      const std::int64_t v = child + (entered == '+' ? -1 : 1);
      if (v < dp[y][x]) dp[y][x] = v;
    }
  };

  while (!stack.empty()) {
    const frame f = stack.back();
    if (f.stage == 0) {
      if (visited[f.y][f.x]) {
        ret = dp[f.y][f.x];
        stack.pop_back();
        continue;
      }
      visited[f.y][f.x] = 1;
      if (f.y == h - 1 && f.x == w - 1) {
        ret = 0;
        stack.pop_back();
        continue;
      }
      dp[f.y][f.x] = (f.y + f.x) % 2 == 0 ? std::numeric_limits<std::int64_t>::min()
                                          : std::numeric_limits<std::int64_t>::max();
      if (f.y + 1 < h) {
        stack.back().stage = 1;
        stack.push_back({f.y + 1, f.x, 0});
      } else {
        stack.back().stage = 2;
        stack.push_back({f.y, f.x + 1, 0});
      }
    } else if (f.stage == 1) {
      take(f.y, f.x, ret, grid[f.y + 1][f.x]);
      if (f.x + 1 < w) {
        stack.back().stage = 2;
        stack.push_back({f.y, f.x + 1, 0});
      } else {
        ret = dp[f.y][f.x];
        stack.pop_back();
      }
    } else {
      take(f.y, f.x, ret, grid[f.y][f.x + 1]);
      ret = dp[f.y][f.x];
      stack.pop_back();
    }
  }
  return ret;
}

}  // namespace grid_game_bench
