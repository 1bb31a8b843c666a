// The minimax_fill example program's whole input-to-output path (examples/minimax_fill.hpp) on any
// bytes, with and without --inorder: see program_fuzz.hpp for the properties checked.
#include "minimax_fill.hpp"

#include <cstddef>
#include <cstdint>

#include "program_fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  gametree_fuzz::fuzz_program(minimax_fill_app::run, "--inorder",
                              gametree_fuzz::flag_output::different, data, size);
  return 0;
}
