// alpha_beta: the seed's alpha-beta search with leaf counting (seed 002).
//
//   stdin:  the leaves, then the branching factor, e.g.  [3, 12, 8, 2, 4, 6, 14, 5, 2]  3
//   stdout: [value, leaves evaluated], e.g.              [3, 7]
//
// With --dot it prints the searched tree as Graphviz DOT instead:
//   echo '[3, 12, 8, 2, 4, 6, 14, 5, 2] 3' | alpha_beta --dot | dot -Tsvg > tree.svg
// Leaves are 64-bit integers. On bad input: one line "error: ..." on stderr, exit 1.
// The work is done by alpha_beta_app::run (alpha_beta.hpp); this is its input and output.

#include "alpha_beta.hpp"
#include "program_main.hpp"

int main(int argc, char** argv) {
  return gametree_examples::program_main(alpha_beta_app::run, argc, argv);
}
