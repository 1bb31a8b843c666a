// The dice game Pig solved exactly by value iteration: reads goals (whitespace-separated, 1 to
// 150) and prints, for each, the probability that the first player wins under optimal play;
// with --boundary also the optimal policy's hold boundary.
//
//   echo 100 | pig          # goal 100: the first player wins with probability 0.530592725
//
// The work is done by pig_app::run (pig.hpp); this is its input and output.

#include "pig.hpp"
#include "program_main.hpp"

int main(int argc, char** argv) { return gametree_examples::program_main(pig_app::run, argc, argv); }
