// play: the shipped games at the console against the engine, the engine against itself, or
// two people (examples/play.hpp; the loop is gametree/play.hpp).
#include "play.hpp"

int main(int argc, char** argv) { return play_app::shipped_games().main(argc, argv); }
