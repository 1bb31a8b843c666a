// The match program's arguments (examples/match.hpp): the input is split at spaces and
// newlines into at most 12 arguments. With --help or -h among them, whatever the others are,
// the program prints its usage and nothing else, status 0. Otherwise each argument is either
// read or refused with one "error: " line, exit status 1 and nothing on stdout. Matches cheap
// enough to play here (tic-tac-toe, Nim with small heaps or Pig to a goal of at most 10,
// small budgets, no clock, at most 4 games) are played, and their output must add up.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "match.hpp"

namespace {

void check(bool ok) {
  if (!ok) std::abort();
}

bool cheap(const match_app::player_spec& p) {
  if (p.time_ms) return false;
  if (p.depth && *p.depth > 3) return false;
  if (p.nodes && *p.nodes > 2000) return false;
  return !(p.iterations && *p.iterations > 64);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<std::string_view> args;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size() && args.size() < 12; ++i) {
    if (i == text.size() || text[i] == ' ' || text[i] == '\n') {
      if (i > start) args.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  }
  std::string out;
  std::string err;
  if (gametree_examples::asks_for_help(args)) {
    check(match_app::run(args, out, err) == 0);
    check(err.empty() && out == gametree_examples::help_text(match_app::usage));
    return 0;
  }
  bool parsed = true;
  match_app::options o;
  try {
    o = match_app::parse_arguments(args);
  } catch (const std::invalid_argument& e) {
    parsed = false;
    check(std::string_view(e.what()).size() > 0);
  }
  if (!parsed) {
    check(match_app::run(args, out, err) == 1);
    check(out.empty() && err.starts_with("error: ") && err.find('\n') == err.size() - 1);
    return 0;
  }
  const std::size_t heap_sum = [&o] {
    std::size_t s = 0;
    for (const unsigned h : o.heaps) s += h;
    return s;
  }();
  if (o.game == "connect4" || heap_sum > 12 || (o.game == "pig" && o.goal > 10) || o.games > 4 || !cheap(o.a) ||
      !cheap(o.b)) {
    return 0;
  }
  check(match_app::run(args, out, err) == 0);
  check(err.empty());
  // match:, in Pig the dice line, note: when fewer games were played than asked, A:, B:, the
  // result, the work: every line ends with a newline.
  std::vector<std::string_view> lines;
  std::string_view rest = out;
  while (!rest.empty()) {
    const std::size_t nl = rest.find('\n');
    check(nl != std::string_view::npos);
    lines.push_back(rest.substr(0, nl));
    rest = rest.substr(nl + 1);
  }
  check(lines.size() >= 5);
  const std::string_view result = lines[lines.size() - 2];
  unsigned long wins = 0, draws = 0, losses = 0;
  check(std::sscanf(std::string(result).c_str(), "A wins %lu, draws %lu, loses %lu", &wins, &draws, &losses) == 3);
  unsigned long games = 0;
  check(std::sscanf(std::string(lines[0]).c_str(), "match: %*[^,], %lu games", &games) == 1 ||
        std::sscanf(std::string(lines[0]).c_str(), "match: nim (heaps%*[^)]), %lu games", &games) == 1);
  check(wins + draws + losses == games);
  check(games <= o.games && games % 2 == 0);
  const bool note = games < o.games;
  check(lines.size() == 5u + (o.game == "pig" ? 1u : 0u) + (note ? 1u : 0u));
  check(lines[lines.size() - 5].starts_with("note: ") == note);
  check(result.ends_with(games == 0 ? ": no games, no score" : ")"));
  return 0;
}
