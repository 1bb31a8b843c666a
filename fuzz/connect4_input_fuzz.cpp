// The connect4 example program (examples/connect4.hpp) on any bytes. Every input is either
// rejected with one "error: line L, column C: ..." line (status 1, nothing on stdout) or
// parsed into positions that replay through from_moves, each with an expected score in the
// range its stones allow. Inputs whose positions are all cheap to solve (at least 28 stones,
// at most 8 positions) also run the whole program, with the first byte picking the
// arguments: one output line per position (plus the summary with --stats), status 2 exactly
// when a mismatch is named on stderr (--steps adds its lines there), and --weak agreeing
// with the sign of the strong score.
#include "connect4.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace {

void check(bool ok) {
  if (!ok) std::abort();
}

std::size_t count_lines(const std::string& s) {
  std::size_t n = 0;
  for (const char c : s) n += c == '\n' ? 1 : 0;
  return n;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0 || size > 4096) return 0;
  const std::string_view input(reinterpret_cast<const char*>(data) + 1, size - 1);
  std::vector<connect4_app::position> positions;
  try {
    positions = connect4_app::parse_positions(input);
  } catch (const std::invalid_argument& e) {
    const std::string_view what = e.what();
    check(what.starts_with("line ") && what.find(", column ") != std::string_view::npos);
    std::string out;
    std::string err;
    check(connect4_app::run(input, {}, out, err) == 1);
    check(out.empty() && err == "error: " + std::string(what) + "\n");
    return 0;
  }
  bool cheap = positions.size() <= 8;
  for (const auto& p : positions) {
    check((p.moves == "." ? connect4_app::board{} : connect4_app::board::from_moves(p.moves)) == p.game);
    check(!p.game.outcome() || p.game.outcome() == gametree::game_outcome::draw);
    if (p.expected) {
      check(*p.expected >= connect4_app::lowest_score(p.game.moves()) &&
            *p.expected <= connect4_app::highest_score(p.game.moves()));
    }
    cheap = cheap && p.game.moves() >= 28;
  }
  if (!cheap) return 0;
  static const std::vector<std::vector<std::string_view>> argument_sets = {
      {}, {"--weak"}, {"--best"}, {"--stats", "--keep-table"}, {"--tt-mib", "1"}, {"--steps"}, {"--bogus"}};
  const auto& args = argument_sets[data[0] % argument_sets.size()];
  std::string out;
  std::string err;
  const int status = connect4_app::run(input, args, out, err);
  if (!args.empty() && args.front() == "--bogus") {
    check(status == 1 && out.empty() && err.find("unknown option '--bogus'") != std::string::npos);
    return 0;
  }
  check(status == 0 || status == 2);
  check(count_lines(out) == positions.size() + (args.size() == 2 && args[0] == "--stats" ? 1 : 0));
  // Each line on stderr names a mismatch, or with --steps may be a narrowing step.
  const bool steps = args.size() == 1 && args.front() == "--steps";
  bool mismatch_named = false;
  for (std::size_t at = 0; at < err.size();) {
    const std::size_t end = err.find('\n', at);
    check(end != std::string::npos);
    const std::string_view line(err.data() + at, end - at);
    const bool mismatch = line.starts_with("mismatch: line ");
    check(mismatch || (steps && line.starts_with("line ") && line.find("? ") != std::string_view::npos));
    mismatch_named = mismatch_named || mismatch;
    at = end + 1;
  }
  check((status == 2) == mismatch_named);
  if (args.size() == 1 && args.front() == "--weak") {
    std::string strong_out;
    std::string strong_err;
    connect4_app::run(input, {}, strong_out, strong_err);
    // Line by line: the weak score is the sign of the strong one.
    std::size_t a = 0;
    std::size_t b = 0;
    for (const auto& p : positions) {
      const std::size_t ea = out.find('\n', a);
      const std::size_t eb = strong_out.find('\n', b);
      const std::string weak_line = out.substr(a, ea - a);
      const std::string strong_line = strong_out.substr(b, eb - b);
      const int w = std::atoi(weak_line.c_str() + p.moves.size() + 1);
      const int s = std::atoi(strong_line.c_str() + p.moves.size() + 1);
      check(w == connect4_app::sign(s));
      a = ea + 1;
      b = eb + 1;
    }
  }
  return 0;
}
