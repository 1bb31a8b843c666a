#include <gametree/coloring.hpp>
#include <gametree/level_order.hpp>

#include <cstdio>
#include <optional>
#include <vector>

namespace coloring = gametree::coloring;

// The seed's node: value in `data`, raw child pointers. gametree recognises it as it is.
struct TreeNode {
  int data;
  TreeNode* left = nullptr;
  TreeNode* right = nullptr;
};

int main() {
  // Seed 001's example: player 1 takes 3; player 2 wins by taking 3's parent, 1.
  auto root = gametree::parse_level_order<int>("[1,2,3,4,5,6,7,8,9,10,11]");
  const bool wins = coloring::second_player_wins(root, 11, 3);         // true
  const std::optional<int> y = coloring::winning_reply(root, 11, 3);  // 1
  const coloring::analysis<int> a = coloring::analyze(root, 11, 3);
  // a.sizes = {left 1, right 1, parent 8}, a.result = outcome::win, a.best_reply = 1
  const std::vector<int> safe = coloring::safe_first_moves(root);  // {2}: player 1's move
  std::printf("%s y=%d regions=%zu,%zu,%zu safe=%d\n", wins ? "true" : "false", y.value_or(0),
              a.sizes.left, a.sizes.right, a.sizes.parent, safe.empty() ? 0 : safe[0]);

  // Even n: 1 - 2 - 3 - 4 as a chain. Taking 2 leaves {1} and {3, 4}: player 2 can get
  // two nodes of four, a draw, which is not a win.
  TreeNode n4{4}, n3{3, &n4}, n2{2, &n3}, n1{1, &n2};
  const coloring::analysis<int> even = coloring::analyze(&n1, 4, 2);
  std::printf("draw=%d best_reply=%d\n", even.result == coloring::outcome::draw,
              even.best_reply.value_or(0));  // draw=1 best_reply=3

  const bool ok = wins && y == 1 && a.sizes == coloring::regions{1, 1, 8} &&
                  a.result == coloring::outcome::win && safe == std::vector<int>{2} &&
                  even.result == coloring::outcome::draw && even.best_reply == 3 &&
                  !coloring::second_player_wins(&n1, 4, 2) &&
                  coloring::safe_first_moves(&n1) == std::vector<int>{2, 3};
  return ok ? 0 : 1;
}
