#pragma once
// The frame every example's <name>_app::run shares: the one optional flag the program takes,
// and the rule for errors (exit status 1, one line "error: ..." on stderr, nothing on stdout).

#include <exception>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace gametree_examples {

/// Clears out and err, reads args (only flag is accepted, at most meaningfully once; anything
/// else is an error naming usage), then calls produce(flag_given, out), which writes the
/// program's output into out. Returns 0; or, if reading the arguments or produce throws a
/// std::exception, 1 with out empty and err = "error: <what>\n".
template <class Produce>
int run_program(const std::vector<std::string_view>& args, std::string_view flag,
                std::string_view usage, std::string& out, std::string& err,
                Produce&& produce) {
  out.clear();
  err.clear();
  try {
    bool flag_given = false;
    for (const std::string_view arg : args) {
      if (arg != flag) {
        throw std::invalid_argument("unknown option '" + std::string(arg) + "' (usage: " +
                                    std::string(usage) + ")");
      }
      flag_given = true;
    }
    produce(flag_given, out);
    return 0;
  } catch (const std::exception& e) {
    out.clear();
    err = std::string("error: ") + e.what() + "\n";
    return 1;
  }
}

}  // namespace gametree_examples
