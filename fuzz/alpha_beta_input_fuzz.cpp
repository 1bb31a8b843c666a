// The alpha_beta example program's whole input-to-output path (examples/alpha_beta.hpp) on any
// bytes, with and without --dot: see program_fuzz.hpp for the properties checked.
#include "alpha_beta.hpp"

#include <cstddef>
#include <cstdint>

#include "program_fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  gametree_fuzz::fuzz_program(alpha_beta_app::run, "--dot",
                              gametree_fuzz::flag_output::different, data, size);
  return 0;
}
