// The grid_game example program's whole input-to-output path (examples/grid_game.hpp) on any
// bytes, with and without --path: see program_fuzz.hpp for the properties checked.
#include "grid_game.hpp"

#include <cstddef>
#include <cstdint>

#include "program_fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  gametree_fuzz::fuzz_program(grid_game_app::run, "--path",
                              gametree_fuzz::flag_output::same_first_line, data, size);
  return 0;
}
