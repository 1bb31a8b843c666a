// Reads a binary game tree in level-order format ("[0,3,0,null,null,0,0,-3,null,null,4]")
// from standard input, fills every node with its minimax value (the root maximises, depths
// alternate) and prints the filled tree in the same format. --inorder prints the values in
// order instead, separated by ", ", as seed 000 does. Values are 64-bit integers.
// The work is done by minimax_fill_app::run (minimax_fill.hpp); this is its input and output.

#include "minimax_fill.hpp"
#include "program_main.hpp"

int main(int argc, char** argv) {
  return gametree_examples::program_main(minimax_fill_app::run, argc, argv);
}
