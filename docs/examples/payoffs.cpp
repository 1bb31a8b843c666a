#include <gametree/alpha_beta.hpp>
#include <gametree/search.hpp>

#include <cstdio>
#include <optional>
#include <vector>

// A game with a numeric payoff and extra turns: a row of coins; a turn takes the coin at
// either end and adds its value to the taker's total; whoever takes an even coin moves again.
// When the row is empty the game is over, and its payoff is the difference of the totals.
// [game]
enum class end { left, right };

class coin_row {
 public:
  using move_type = end;

  explicit coin_row(std::vector<int> coins) : coins_(std::move(coins)), right_(coins_.size()) {}

  void legal_moves(std::vector<end>& out) const {
    out.push_back(end::left);
    if (right_ - left_ > 1) out.push_back(end::right);  // one coin left: one move
  }
  void play(end e) {
    const int coin = e == end::left ? coins_[left_++] : coins_[--right_];
    total_[mover_] += coin;
    if (coin % 2 != 0) mover_ = 1 - mover_;  // an even coin keeps the turn
  }
  // The turn after the last coin follows the same rule: after an even coin the player who
  // took it is still "to move", so the payoff is given from that player's side.
  int player_to_move() const { return mover_; }
  std::optional<int> outcome() const {
    if (left_ < right_) return std::nullopt;
    return total_[mover_] - total_[1 - mover_];  // for the player to move at the end
  }

 private:
  std::vector<int> coins_;
  std::size_t left_ = 0, right_;
  int total_[2] = {0, 0};
  int mover_ = 0;
};
// [game]

int main() {
  // [solve]
  const coin_row start({3, 8, 2, 5, 4, 7, 6});
  const auto r = gametree::solve(start);
  std::printf("first player: %+d; line:", r.value.value());
  coin_row g = start;
  for (const end e : r.pv) {
    std::printf(" %s", e == end::left ? "left" : "right");
    g.play(e);
  }
  std::printf("\n");
  // [solve]
  // The same value by plain minimax over the game tree, an oracle with no engine code in its
  // search; and the line: every move keeps the value (a fresh solve after each move gives
  // the value the line promises), and it ends the game.
  const auto m = gametree::minimax(gametree::game_tree_view(start));
  if (!(m.value == r.value)) return 1;
  coin_row at = start;
  auto value = r.value;
  for (const end e : r.pv) {
    const int mover = at.player_to_move();
    at.play(e);
    const auto after = gametree::solve(at).value;  // for the player to move after the move
    const auto promised = at.player_to_move() == mover ? value : gametree::score<int>::of(-value.value());
    if (!at.outcome() && !(after == promised)) return 1;
    if (at.outcome() && *at.outcome() != promised.value()) return 1;
    value = promised;
  }
  return at.outcome() ? 0 : 1;
}
