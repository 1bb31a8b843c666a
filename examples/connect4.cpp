// Connect 4 solved exactly by the generic engine: reads positions, one per line, as
// `<moves>` or `<moves> <expected score>` (Pascal Pons' test-set format: columns 1-7 from the
// empty board; "." is the empty board) and prints `<moves> <score>`, the score in Pons' convention (22 - k for a win
// with the mover's k-th stone, the negation for a loss, 0 for a draw). With expected scores it
// is a test-set runner: it counts mismatches, names them on stderr and exits 2 if any.
//
//   connect4 --stats < Test_L3_R1
//
//   --weak        only who wins: 1, 0 or -1 (cheaper)
//   --stats       nodes and microseconds per position, and a summary line
//   --best        the columns that achieve the score
//   --steps       each null-window test on stderr as it ends (the value tested, the answer,
//                 the range left, nodes, seconds): progress on a long solve
//   --tt-mib N    transposition table size (64 MiB by default)
//   --threads N   threads searching each position (1 by default; see docs/parallel.md)
//   --keep-table  keep the table between positions (by default it is cleared before each,
//                 as in Pons' benchmarks)
//
// The whole input is checked before any solving; bad input gets one line
// "error: line L, column C: ..." and exit status 1. While a batch runs, a progress line goes
// to stderr if stderr is a terminal. The work is done by connect4_app::run (connect4.hpp).

#include <unistd.h>

#include <cstdio>

#include "connect4.hpp"
#include "program_main.hpp"

namespace {

int run_with_terminal_progress(std::string_view input, const std::vector<std::string_view>& args,
                               std::string& out, std::string& err) {
  // --steps lines go straight to stderr, so a long solve shows them as they come.
  const connect4_app::line_sink steps = [](const std::string& line) {
    std::fputs(line.c_str(), stderr);
    std::fflush(stderr);
  };
  if (isatty(STDERR_FILENO) == 0) return connect4_app::run_with_progress(input, args, out, err, nullptr, steps);
  bool shown = false;
  auto last = std::chrono::steady_clock::now();
  const int status = connect4_app::run_with_progress(
      input, args, out, err, [&](std::size_t done, std::size_t total, std::uint64_t nodes) {
        const auto now = std::chrono::steady_clock::now();
        if (now - last < std::chrono::milliseconds(200) && done != total) return;
        last = now;
        std::fprintf(stderr, "\rconnect4: %zu/%zu positions, %llu nodes", done, total,
                     static_cast<unsigned long long>(nodes));
        std::fflush(stderr);
        shown = true;
      },
      steps);
  if (shown) std::fputs("\r\033[K", stderr);  // the progress line goes before the results
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  return gametree_examples::program_main(run_with_terminal_progress, argc, argv);
}
