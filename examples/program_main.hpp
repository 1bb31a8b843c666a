#pragma once
// The main() every example program shares: read standard input, run the program's
// <name>_app::run on it (see <name>.hpp), print what it produced, exit with its status.

#include <gametree/text_input.hpp>

#include <cstdio>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

namespace gametree_examples {

/// The signature of each example's run(input, args, out, err) -> exit status.
using program_run = int (*)(std::string_view, const std::vector<std::string_view>&,
                            std::string&, std::string&);

inline int program_main(program_run run, int argc, char** argv) {
  std::string out;
  std::string err;
  int status = 1;
  try {
    status = run(gametree::read_all(), std::vector<std::string_view>(argv + 1, argv + argc),
                 out, err);
  } catch (const std::exception& e) {  // only reading stdin throws: run reports its own errors
    err = std::string("error: ") + e.what() + "\n";
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  std::fwrite(err.data(), 1, err.size(), stderr);
  return std::fflush(stdout) == 0 ? status : 1;
}

}  // namespace gametree_examples
