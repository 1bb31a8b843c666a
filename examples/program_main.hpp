#pragma once
// The main() every example program shares: read standard input, run the program's
// <name>_app::run on it (see <name>.hpp), print what it produced, exit with its status.
// Asked for help (--help or -h), it reads no input: run answers from the arguments alone.

#include <gametree/text_input.hpp>

#include <cstdio>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "program_run.hpp"

namespace gametree_examples {

/// The signature of each example's run(input, args, out, err) -> exit status.
using program_run = int (*)(std::string_view, const std::vector<std::string_view>&,
                            std::string&, std::string&);

inline int program_main(program_run run, int argc, char** argv) {
  const std::vector<std::string_view> args(argv + 1, argv + argc);
  std::string out;
  std::string err;
  int status = 1;
  try {
    // Whoever asks for the usage is not about to type input: waiting for it would hang.
    const std::string input = asks_for_help(args) ? std::string() : gametree::read_all();
    status = run(input, args, out, err);
  } catch (const std::exception& e) {  // only reading stdin throws: run reports its own errors
    err = std::string("error: ") + e.what() + "\n";
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  std::fwrite(err.data(), 1, err.size(), stderr);
  return std::fflush(stdout) == 0 ? status : 1;
}

}  // namespace gametree_examples
