// A program written as a user of the installed library would write it: it includes only the
// umbrella header, runs each capability on its seed's worked example, and fails (exit 1) if
// any answer is wrong.
#include <gametree/gametree.hpp>

#include <cstdio>
#include <string>
#include <vector>

int main() {
  int failures = 0;
  const auto check = [&failures](bool ok, const char* what) {
    if (!ok) {
      std::printf("consumer: wrong answer from %s\n", what);
      ++failures;
    }
  };

  auto tree = gametree::parse_level_order<long long>("[0,3,0,null,null,0,0,-3,null,null,4]");
  gametree::minimax_fill(tree);
  check(gametree::to_level_order(tree) == "[3,3,-3,null,null,-3,4,-3,null,null,4]",
        "minimax_fill");

  const auto game = gametree::parse_level_order<int>("[1,2,3,4,5,6,7,8,9,10,11]");
  check(gametree::coloring::second_player_wins(game, 11, 3), "coloring");

  const std::vector<long long> leaves{3, 12, 8, 2, 4, 6, 14, 5, 2};
  const auto search = gametree::alpha_beta(leaves, 3);
  check(search.value == 3 && search.leaves_evaluated == 7, "alpha_beta");

  const std::vector<std::string> grid{"---", "+-+", "+--"};
  check(gametree::grid::solve(grid).winner == gametree::grid::outcome::first, "grid::solve");

  if (failures == 0) std::printf("consumer: gametree %s ok\n", gametree::version_string);
  return failures == 0 ? 0 : 1;
}
