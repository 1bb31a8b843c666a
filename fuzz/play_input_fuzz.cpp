// The play loop (gametree/play.hpp) with two of the play program's games (examples/play.hpp):
// the input's first line is the command line, split at spaces (at most 16 arguments), the
// rest is what a person types. Whatever it is, the loop ends: status 1 with nothing on stdout
// and one "error: " line for arguments it refuses, else status 0, nothing on stderr, and a
// last line that says how the game ended (or the list of games, or the usage line). Only
// games cheap enough to finish here are played: tic-tac-toe, Nim with at most 10 objects,
// and Pig to a goal of at most 10 with --depth 6 or less or --nodes 10000 or less (its
// engine would otherwise deepen for the default second a move); no --time, no --dot (which
// writes a file).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "play.hpp"

namespace {

void check(bool ok) {
  if (!ok) std::abort();
}

const gametree::play_registry& games() {
  static const gametree::play_registry registry = [] {
    gametree::play_registry cheap;  // the shipped registry less Connect 4, too slow to search here
    gametree::play_interface<gametree::games::tic_tac_toe> ttt;
    ttt.move_text = [](const gametree::games::tic_tac_toe&, int square) { return std::to_string(square + 1); };
    ttt.is_move = [](std::string_view t) { return play_app::one_digit(t, '1', '9'); };
    ttt.draw = play_app::draw_tic_tac_toe;
    cheap.add<gametree::games::tic_tac_toe>("tic-tac-toe", "", {}, ttt);
    gametree::play_interface<gametree::games::nim> nim;
    nim.move_text = [](const gametree::games::nim&, const gametree::games::nim_move& m) {
      return std::to_string(m.heap + 1) + ":" + std::to_string(m.take);
    };
    nim.is_move = play_app::nim_move_text;
    nim.draw = play_app::draw_nim;
    cheap.add<gametree::games::nim>("nim", "", [](std::string_view heaps) {
      const auto h = gametree_examples::parse_heaps(heaps);
      unsigned sum = 0;
      for (const unsigned x : h) sum += x;
      if (sum > 10) throw std::invalid_argument("nim: at most 10 objects here");
      return gametree::games::nim(h);
    }, nim);
    gametree::play_interface<gametree::games::pig> pig;
    pig.is_move = play_app::pig_move_text;
    pig.draw = play_app::draw_pig;
    cheap.add<gametree::games::pig>("pig", "", [](std::string_view goal) {
      const int g = gametree_examples::parse_pig_goal(goal);
      if (g > 10) throw std::invalid_argument("pig: a goal of at most 10 here");
      return gametree::games::pig(g);
    }, pig);
    return cheap;
  }();
  return registry;
}

bool ends_a_game(std::string_view out) {
  if (out.empty() || out.back() != '\n') return false;
  const std::size_t start = out.rfind('\n', out.size() - 2);
  const std::string_view last = out.substr(start == std::string_view::npos ? 0 : start + 1);
  return last.starts_with("game over: ") || last.starts_with("end of input: ") ||
         last.find(" quits: ") != std::string_view::npos || last.starts_with("stopped after ");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::size_t newline = text.find('\n');
  const std::string_view line = text.substr(0, newline);
  const std::string input(newline == std::string_view::npos ? std::string_view{} : text.substr(newline + 1));
  std::vector<std::string_view> args;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= line.size() && args.size() < 16; ++i) {
    if (i == line.size() || line[i] == ' ') {
      if (i > start) args.push_back(line.substr(start, i - start));
      start = i + 1;
    }
  }
  bool pig = false;
  bool small_budget = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view a = args[i];
    if (a == "--time" || a == "--dot") return 0;
    pig = pig || a.starts_with("pig");
    if (i + 1 < args.size() && (a == "--depth" || a == "--nodes")) {
      const std::string_view v = args[i + 1];
      small_budget = v.size() <= 4 && !v.empty() && v.find_first_not_of("0123456789") == std::string_view::npos &&
                     std::stoi(std::string(v)) <= (a == "--depth" ? 6 : 10000);
    }
  }
  if (pig && !small_budget) return 0;
  std::istringstream in(input);
  std::ostringstream out;
  std::ostringstream err;
  const int status = games().run(args, in, out, err, {.colour = (size & 1) != 0, .echo = (size & 2) != 0});
  if (status == 1) {
    check(out.str().empty());
    check(err.str().starts_with("error: ") && err.str().find('\n') == err.str().size() - 1);
    return 0;
  }
  check(status == 0 && err.str().empty());
  const bool listing = out.str().find("tic-tac-toe  \n") == 0;
  const bool usage = out.str().starts_with("usage: play ") && out.str().find('\n') == out.str().size() - 1;
  check(listing || usage || ends_a_game(out.str()));
  return 0;
}
