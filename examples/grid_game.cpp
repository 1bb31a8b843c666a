// AtCoder ABC201 D "Game in Momotetsu World": reads `H W` and then H lines of '+'/'-' from
// standard input (CRLF, blank lines and spaces around a row are fine) and prints who wins
// under optimal play: Takahashi, Aoki or Draw.
// With --path it also prints the score (Takahashi's points minus Aoki's) and an optimal line
// of play as R/D moves.
//
//   printf '3 3\n---\n+-+\n+--\n' | grid_game --path
//
// The work is done by grid_game_app::run (grid_game.hpp); this is its input and output.

#include "grid_game.hpp"
#include "program_main.hpp"

int main(int argc, char** argv) {
  return gametree_examples::program_main(grid_game_app::run, argc, argv);
}
