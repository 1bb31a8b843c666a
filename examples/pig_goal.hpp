#pragma once
// The goal of the dice game Pig as the programs take it (pig, play pig:GOAL, match pig:GOAL).

#include <charconv>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>

namespace gametree_examples {

/// The largest goal the programs take: value iteration (the pig program, play's --solve, the
/// match's optimal player) holds 6.8 million states at 150, about 400 MB.
inline constexpr int max_pig_goal = 150;

/// The goal of "pig:GOAL" (empty: 100); throws std::invalid_argument naming what is wrong.
inline int parse_pig_goal(std::string_view text) {
  if (text.empty()) return 100;
  int goal = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), goal);
  if (ec != std::errc{} || end != text.data() + text.size() || goal < 1 || goal > max_pig_goal) {
    throw std::invalid_argument("pig takes a goal from 1 to " + std::to_string(max_pig_goal) + ", as pig:100, not '" +
                                std::string(text) + "'");
  }
  return goal;
}

}  // namespace gametree_examples
