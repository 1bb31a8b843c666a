// The pig example program's input-to-output path (examples/pig.hpp) on any bytes, with and
// without --boundary: see program_fuzz.hpp for the properties checked. A solve takes time in
// proportion to the states (goal^3): the whole program runs on inputs whose goals hold at
// most 20,000 states together, and the goal reader alone on the rest (every malformed input
// is an error there, before any solving).
#include "pig.hpp"

#include <cstddef>
#include <cstdint>
#include <exception>
#include <string_view>

#include "program_fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view input(reinterpret_cast<const char*>(data) + 1, size - 1);
  try {
    std::size_t states = 0;
    for (const int g : pig_app::read_goals(input)) {
      states += static_cast<std::size_t>(g) * static_cast<std::size_t>(g) * static_cast<std::size_t>(g + 1);
    }
    if (states > 20000) return 0;
  } catch (const std::exception&) {
    // Malformed: the program must say so in one line, as it does for any other bad input.
  }
  gametree_fuzz::fuzz_program(pig_app::run, "--boundary", gametree_fuzz::flag_output::same_first_line, data, size);
  return 0;
}
