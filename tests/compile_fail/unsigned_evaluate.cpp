// Must not compile: evaluate() returns an unsigned type, which the engine cannot negate. The
// test (tests/CMakeLists.txt) builds this file and expects the compiler to print the engine's
// message saying so, not a confusing one about a game without evaluate().
#include <gametree/search.hpp>

#include <optional>
#include <vector>

struct pebbles {
  using move_type = int;
  unsigned left = 5;
  void legal_moves(std::vector<int>& out) const { out.push_back(1); }
  void play(int) { --left; }
  std::optional<gametree::game_outcome> outcome() const {
    return left == 0 ? std::optional(gametree::game_outcome::loss) : std::nullopt;
  }
  unsigned evaluate() const { return left; }
};

int main() {
  gametree::engine<pebbles> e;
  return e.search(pebbles{}, {.max_depth = 2}).best_move ? 0 : 1;
}
