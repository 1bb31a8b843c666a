// The tree_coloring example program's whole input-to-output path (examples/tree_coloring.hpp) on any
// bytes, with and without --explain: see program_fuzz.hpp for the properties checked.
#include "tree_coloring.hpp"

#include <cstddef>
#include <cstdint>

#include "program_fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  gametree_fuzz::fuzz_program(tree_coloring_app::run, "--explain",
                              gametree_fuzz::flag_output::same_first_line, data, size);
  return 0;
}
