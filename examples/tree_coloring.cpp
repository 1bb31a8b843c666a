// tree_coloring [--explain] < input
//
// The binary-tree coloring game (seed 001). Reads a tree in level-order format with integer
// values 1..n, then n, then player 1's node x, separated by any whitespace:
//   [1,2,3,4,5,6,7,8,9,10,11] 11 3
// and prints `true` if player 2 can force a win, else `false` (an even split is a draw, so
// `false`). With --explain it also prints the three regions around x, the result for player
// 2 and a winning reply. Bad input: one line `error: ...` on stderr, exit status 1.
// The work is done by tree_coloring_app::run (tree_coloring.hpp); this is its input and output.

#include "tree_coloring.hpp"
#include "program_main.hpp"

int main(int argc, char** argv) {
  return gametree_examples::program_main(tree_coloring_app::run, argc, argv);
}
