#include <gametree/level_order.hpp>
#include <gametree/minimax_fill.hpp>

#include <cstdio>
#include <string>

// A LeetCode-style node: gametree recognises `val`, `left` and `right` without any adapter.
struct TreeNode {
  int val;
  TreeNode* left = nullptr;
  TreeNode* right = nullptr;
};

int main() {
  // Seed 000's example in level-order text.
  auto root = gametree::parse_level_order<int>("[0,3,0,null,null,0,0,-3,null,null,4]");
  gametree::minimax_fill(root);
  const std::string filled = gametree::to_level_order(root);
  std::printf("%s\n", filled.c_str());  // [3,3,-3,null,null,-3,4,-3,null,null,4]

  // Your own nodes, and the other player at the root.
  TreeNode a{7}, b{9}, right{0, &a, &b}, left{5}, top{0, &left, &right};
  gametree::minimax_fill(&top, gametree::first_player::minimiser);
  std::printf("%d\n", top.val);  // min(5, max(7, 9)) = 5

  return filled == "[3,3,-3,null,null,-3,4,-3,null,null,4]" && top.val == 5 && right.val == 9
             ? 0
             : 1;
}
