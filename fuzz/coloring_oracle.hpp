#pragma once
// The exhaustive coloring-game solver's answers for one tree shape (tests/reference/
// coloring_reference.hpp), from a file compiled without sanitizers (see CMakeLists.txt).
#include <array>

#include "reference/coloring_reference.hpp"

namespace coloring_oracle {

/// Final (blue - red) margins under best play; x and y are node indices of the plain_tree.
struct solved_shape {
  std::array<std::array<signed char, 10>, 10> margin_after{};  ///< [x][y], x != y
  std::array<signed char, 10> best_margin{};                   ///< [x]: the best over y
};

/// Plays out every game on t (1..10 nodes; the labels do not matter).
solved_shape solve(const gametree_test::coloring_ref::plain_tree& t);

}  // namespace coloring_oracle
