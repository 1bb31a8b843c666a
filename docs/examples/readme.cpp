// The engine example at the top of README.md, compiled and checked: a game of one's own in a
// few lines, solved.
// [readme]
#include <gametree/search.hpp>

struct take_away {  // 21 stones; a move takes 1, 2 or 3; whoever takes the last stone wins
  using move_type = int;
  int stones = 21;
  void legal_moves(std::vector<int>& out) const { for (int t = 1; t <= 3 && t <= stones; ++t) out.push_back(t); }
  void play(int t) { stones -= t; }
  std::optional<gametree::game_outcome> outcome() const {  // no stone left: the player to move has lost
    return stones == 0 ? std::optional(gametree::game_outcome::loss) : std::nullopt;
  }
};

auto r = gametree::solve(take_away{});  // r.value: "win in 11" (plies), *r.best_move == 1 (leave 20), r.pv: the line
// [readme]

int main() {
  if (r.value != gametree::score<int>::win_in(11) || *r.best_move != 1 || r.pv.size() != 11) return 1;
  return gametree::to_string(r.value) == "win in 11" ? 0 : 1;
}
