#pragma once
// What every example program promises on any input, checked on its run() function
// (examples/<program>.hpp): exit status 0 with output and nothing on stderr, or status 1
// with nothing on stdout and exactly one line "error: <message>" on stderr. The first byte
// picks the arguments: none, the program's flag, the flag twice, or an unknown option; with
// the flag the input is also run without it, and both runs must agree on the status (and,
// for flags that add detail after the answer, on the first line).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace gametree_fuzz {

using run_function = int (*)(std::string_view, const std::vector<std::string_view>&,
                             std::string&, std::string&);

inline void check(bool ok) {
  if (!ok) std::abort();
}

inline void check_outcome(int status, const std::string& out, const std::string& err) {
  if (status == 0) {
    check(err.empty() && !out.empty() && out.back() == '\n');
    return;
  }
  constexpr std::string_view prefix = "error: ";
  check(status == 1);
  check(out.empty());
  check(err.size() > prefix.size() + 1 && err.starts_with(prefix) && err.back() == '\n');
  check(err.find('\n') == err.size() - 1);
}

inline std::string_view first_line(std::string_view text) {
  return text.substr(0, text.find('\n'));
}

enum class flag_output { same_first_line, different };

inline void fuzz_program(run_function run, std::string_view flag, flag_output flagged,
                         const std::uint8_t* data, std::size_t size) {
  if (size == 0 || size > (std::size_t{1} << 20)) return;
  const std::string_view input(reinterpret_cast<const char*>(data) + 1, size - 1);
  static const std::vector<std::string_view> none;
  static const std::vector<std::string_view> bogus = {"--bogus"};
  static std::vector<std::string_view> args;
  switch (data[0] % 4) {
    case 0: args.clear(); break;
    case 1: args.assign({flag}); break;
    case 2: args.assign({flag, flag}); break;
    default: args = bogus; break;
  }
  static std::string out;
  static std::string err;
  const int status = run(input, args, out, err);
  check_outcome(status, out, err);
  if (args.empty()) return;
  if (args.front() == "--bogus") {
    check(status == 1 && err.find("unknown option '--bogus'") != std::string::npos);
    return;
  }
  static std::string plain_out;
  static std::string plain_err;
  const int plain_status = run(input, none, plain_out, plain_err);
  check_outcome(plain_status, plain_out, plain_err);
  check(plain_status == status);
  if (status == 0 && flagged == flag_output::same_first_line) {
    check(first_line(out) == first_line(plain_out));
  }
  if (status == 1) check(err == plain_err);
}

}  // namespace gametree_fuzz
