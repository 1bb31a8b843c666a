// Must not compile: game_tree_view, which shows a game to the static-tree algorithms of
// alpha_beta.hpp (two players, no chance), does not take a game with chance states. The test
// (tests/CMakeLists.txt) expects the compiler to print the message that says so and names
// the searches that do.
#include <gametree/alpha_beta.hpp>
#include <gametree/games/pig.hpp>

int main() {
  const gametree::game_tree_view<gametree::games::pig> view(gametree::games::pig(10), 3);
  return gametree::minimax(view).value.is_value() ? 0 : 1;
}
