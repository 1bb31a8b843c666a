// Plays a match between two engine configurations on a shipped game and reports wins, draws
// and losses with a 95% confidence interval on the score, and the work per move:
//
//   match connect4 mcts:iterations=2000 alphabeta:depth=4 --games 20
//
// Games start from distinct random openings (--opening-plies, default 2, seeded by --seed);
// each opening is played twice, each player starting once. While it runs, a progress line
// goes to stderr if stderr is a terminal. See match.hpp for every option.

#include <unistd.h>

#include <cstdio>
#include <exception>

#include "match.hpp"

int main(int argc, char** argv) {
  std::string out;
  std::string err;
  int status = 1;
  const bool terminal = isatty(STDERR_FILENO) != 0;
  try {
    status = match_app::run(std::vector<std::string_view>(argv + 1, argv + argc), out, err,
                            [terminal](const gametree::match_progress& p) {
                              if (!terminal) return;
                              std::fprintf(stderr, "\rgame %zu/%zu: A +%zu =%zu -%zu", p.played, p.games,
                                           p.wins, p.draws, p.losses);
                              if (p.played == p.games) std::fputs("\r\033[K", stderr);
                              std::fflush(stderr);
                            });
  } catch (const std::exception& e) {
    out.clear();
    err = std::string("error: ") + e.what() + "\n";
    status = 1;
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  std::fwrite(err.data(), 1, err.size(), stderr);
  return std::fflush(stdout) == 0 ? status : 1;
}
