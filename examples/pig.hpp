#pragma once
// The pig program (pig.cpp) as a function of its input and arguments, so that the tests and
// the fuzzer (fuzz/pig_input_fuzz.cpp) run exactly what the program runs.
//
// Input: goals of the dice game Pig (games/pig.hpp), whitespace-separated, 1 to max_goal.
// Output per goal: `goal <g>: the first player wins with probability <p>` (9 places), solved
// by value iteration (value_iteration.hpp); with --boundary, then the optimal policy's hold
// boundary: a row per score of the player to move (from 0), a column per score of the other,
// each the turn total at which optimal play first holds when the turn starts at 0 (a dash:
// it never holds before reaching the goal). Exit status 0; 1 with one line "error: ..." for
// bad input (the whole input is read before any solving).

#include <gametree/games/pig.hpp>
#include <gametree/text_input.hpp>
#include <gametree/value_iteration.hpp>

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "pig_goal.hpp"
#include "program_run.hpp"

namespace pig_app {

/// The largest goal the program solves (the programs' common limit).
inline constexpr int max_goal = gametree_examples::max_pig_goal;

/// What --help prints (README.md's table of the example programs says the same).
inline constexpr gametree_examples::program_usage usage{
    "pig [--boundary] < goals",
    "  --boundary  also print the optimal policy's hold boundary (turn total to hold at, per score)\n"
    "  -h, --help  print this usage and exit\n"};

/// The goals of the input; throws gametree::parse_error naming the offset of a bad one.
inline std::vector<int> read_goals(std::string_view input) {
  gametree::text_scanner in(input);
  std::vector<int> goals;
  while (!in.at_end()) {
    const std::size_t at = in.offset();
    const auto g = in.read_number<long long>("a goal");
    if (g < 1 || g > max_goal) {
      gametree::text_scanner::fail_at(at, "a goal must be from 1 to " + std::to_string(max_goal) + ", not " +
                                              std::to_string(g));
    }
    goals.push_back(static_cast<int>(g));
  }
  if (goals.empty()) gametree::text_scanner::fail_at(in.offset(), "no goal in the input");
  return goals;
}

/// The turn total at which optimal play first holds, from a turn total of 0, with scores mine
/// and theirs; 0 if it rolls on until the goal.
inline int hold_at(const gametree::value_iteration_result<gametree::games::pig>& r, int goal, int mine, int theirs) {
  for (int k = 1; mine + k < goal; ++k) {
    if (r.best_move(gametree::games::pig::at(goal, mine, theirs, k)) == gametree::games::pig::hold) return k;
  }
  return 0;
}

inline int run(std::string_view input, const std::vector<std::string_view>& args, std::string& out,
               std::string& err) {
  return gametree_examples::run_program(args, "--boundary", usage, out, err, [&](bool boundary, std::string& text) {
    const std::vector<int> goals = read_goals(input);
    for (const int goal : goals) {
      const gametree::games::pig start(goal);
      const auto r = gametree::solve_by_value_iteration(start);
      char line[100];
      std::snprintf(line, sizeof line, "goal %d: the first player wins with probability %.9f\n", goal,
                    (r.value(start) + 1) / 2);
      text += line;
      if (!boundary) continue;
      for (int mine = 0; mine < goal; ++mine) {
        for (int theirs = 0; theirs < goal; ++theirs) {
          const int k = hold_at(r, goal, mine, theirs);
          if (theirs > 0) text += ' ';
          text += k == 0 ? std::string("-") : std::to_string(k);
        }
        text += '\n';
      }
    }
  });
}

}  // namespace pig_app
