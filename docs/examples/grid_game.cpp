#include <gametree/grid_game.hpp>

#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

// AtCoder ABC201 D's samples, a weighted grid, a path and a validation error.
int main() {
  namespace grid = gametree::grid;
  using grid::outcome;

  const grid::result a = grid::solve({"---", "+-+", "+--"});
  const grid::result b = grid::solve(std::vector<std::string>{"+++-", "-+-+"});
  const grid::result c = grid::solve({"-"});
  if (a.winner != outcome::first || b.winner != outcome::second || c.winner != outcome::draw) {
    return 1;
  }

  // Any integer payoffs: entering (y, x) is worth 10 * y + x to the mover.
  const grid::result weighted =
      grid::solve(2, 3, [](std::size_t y, std::size_t x) { return std::int64_t(10 * y + x); });
  // Takahashi goes down (+10), Aoki must go right (+11), Takahashi right (+12): 11 points.
  // Going right first (+1) would let Aoki go down (+11) and hold him to 1 - 11 + 12 = 2.
  if (weighted.score != 11 || weighted.winner != outcome::first) return 1;

  const grid::path_result p = grid::solve_path({"---", "+-+", "+--"});
  std::printf("score %lld, path %s\n", static_cast<long long>(p.score), p.moves.c_str());
  if (p.score != a.score || p.running.back() != p.score || p.moves.size() != 4) return 1;

  try {
    (void)grid::solve({"+-", "+?"});
    return 1;
  } catch (const std::invalid_argument& e) {
    std::printf("%s\n", e.what());  // gametree::grid: row 1, column 1 is '?'; cells must be ...
  }
  return 0;
}
