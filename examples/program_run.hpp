#pragma once
// The frame every example's <name>_app::run shares: the program's usage, which --help prints;
// the one optional flag the program takes; and the rule for errors (exit status 1, one line
// "error: ..." on stderr, nothing on stdout).

#include <algorithm>
#include <exception>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace gametree_examples {

/// A program's usage: the synopsis (one line, which errors about the command line quote
/// too) and the options, one line each ending in '\n', which only --help prints.
struct program_usage {
  std::string_view synopsis;
  std::string_view options;
};

/// Whether args ask for the usage: --help or -h anywhere among them. It wins over every
/// other argument, even a wrong one, since whoever asks is finding out how to write them.
inline bool asks_for_help(const std::vector<std::string_view>& args) {
  return std::any_of(args.begin(), args.end(),
                     [](std::string_view a) { return a == "--help" || a == "-h"; });
}

/// What --help prints on stdout: "usage: <synopsis>", then the option lines.
inline std::string help_text(const program_usage& usage) {
  return "usage: " + std::string(usage.synopsis) + "\n" + std::string(usage.options);
}

/// The error for an argument the program does not take. It quotes the synopsis only, so the
/// error stays one line.
inline std::invalid_argument unknown_option(std::string_view arg, const program_usage& usage) {
  return std::invalid_argument("unknown option '" + std::string(arg) + "' (usage: " +
                               std::string(usage.synopsis) + ")");
}

/// Clears out and err; if args ask for help (asks_for_help), writes help_text(usage) into out
/// and returns 0. Else reads args (only flag is accepted, at most meaningfully once; anything
/// else is an error quoting the synopsis), then calls produce(flag_given, out), which writes
/// the program's output into out. Returns 0; or, if reading the arguments or produce throws a
/// std::exception, 1 with out empty and err = "error: <what>\n".
template <class Produce>
int run_program(const std::vector<std::string_view>& args, std::string_view flag,
                const program_usage& usage, std::string& out, std::string& err,
                Produce&& produce) {
  out.clear();
  err.clear();
  if (asks_for_help(args)) {
    out = help_text(usage);
    return 0;
  }
  try {
    bool flag_given = false;
    for (const std::string_view arg : args) {
      if (arg != flag) throw unknown_option(arg, usage);
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
