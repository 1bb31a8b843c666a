// docs/level_order.md, as a program: returns non-zero if a documented result is wrong.
#include <gametree/level_order.hpp>

#include <string>

struct TreeNode {
  long long val;
  TreeNode* left;
  TreeNode* right;
};

int main() {
  int failures = 0;
  const auto check = [&failures](bool ok) { failures += ok ? 0 : 1; };

  // Parse and print
  auto tree = gametree::parse_level_order<int>("[1, null, 2,\n 3]");
  check(tree->value == 1 && !tree->left && tree->right->left->value == 3);
  check(gametree::to_level_order(tree) == "[1,null,2,3]");
  check(gametree::parse_level_order<int>("[]") == nullptr);
  check(gametree::to_level_order(gametree::parse_level_order<int>("[1,2,null,null,null]")) ==
        "[1,2]");
  check(gametree::to_level_order(gametree::parse_level_order<double>("[0.1,2.50,1e3]")) ==
        "[0.1,2.5,1000]");

  // Errors say what was expected and where
  try {
    (void)gametree::parse_level_order<int>("[1,,2]");
    failures += 1;
  } catch (const gametree::parse_error& e) {
    check(std::string(e.what()) ==
          "expected a node value of type int or 'null', found ',' at offset 3");
    check(e.offset() == 3);
  }
  try {
    (void)gametree::parse_level_order<int>("[1,2147483648]");
    failures += 1;
  } catch (const std::invalid_argument& e) {
    check(std::string(e.what()).find("out of range") != std::string::npos);
  }

  // Printing works for the user's own nodes
  TreeNode three{3, nullptr, nullptr}, two{2, &three, nullptr}, one{1, nullptr, &two};
  check(gametree::to_level_order(&one) == "[1,null,2,3]");

  return failures;
}
