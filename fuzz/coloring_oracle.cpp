#include "coloring_oracle.hpp"

namespace coloring_oracle {

solved_shape solve(const gametree_test::coloring_ref::plain_tree& t) {
  gametree_test::coloring_ref::game_solver solver(t);
  solved_shape solved;
  for (int x = 0; x < t.size(); ++x) {
    const auto ux = static_cast<std::size_t>(x);
    solved.best_margin[ux] = static_cast<signed char>(solver.best_margin(x));
    for (int y = 0; y < t.size(); ++y) {
      if (y != x) {
        solved.margin_after[ux][static_cast<std::size_t>(y)] =
            static_cast<signed char>(solver.margin_after(x, y));
      }
    }
  }
  return solved;
}

}  // namespace coloring_oracle
