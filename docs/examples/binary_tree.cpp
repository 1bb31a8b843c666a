// docs/binary_tree.md, as a program: returns non-zero if a documented result is wrong.
#include <gametree/binary_tree.hpp>

#include <algorithm>
#include <cstddef>
#include <memory>
#include <vector>

// A LeetCode node: recognised as it is.
struct TreeNode {
  int val;
  TreeNode* left;
  TreeNode* right;
};

// Index-based nodes that refer to their pool: adapted by specialising node_traits.
struct pool;
struct slot {
  pool* owner;
  int payoff;
  int kids[2];  // -1 when absent
};
struct pool {
  std::vector<slot> slots;
};

template <>
struct gametree::node_traits<slot> {
  using value_type = int;
  static slot* left(slot& n) { return n.kids[0] < 0 ? nullptr : &n.owner->slots[static_cast<std::size_t>(n.kids[0])]; }
  static slot* right(slot& n) { return n.kids[1] < 0 ? nullptr : &n.owner->slots[static_cast<std::size_t>(n.kids[1])]; }
  static int& value(slot& n) { return n.payoff; }
};

static_assert(gametree::valued_tree_node<TreeNode>);
static_assert(gametree::valued_tree_node<slot>);
static_assert(!gametree::binary_tree_node<int>);

int main() {
  int failures = 0;
  const auto check = [&failures](bool ok) { failures += ok ? 0 : 1; };

  // binary_node and make_node
  using gametree::make_node;
  auto tree = make_node(1, make_node(2), make_node(3, make_node(4)));
  check(gametree::count_nodes(tree) == 4);
  check(gametree::tree_height(tree) == 3);
  check((gametree::inorder_values(tree) == std::vector<int>{2, 1, 4, 3}));
  gametree::binary_node<int> copy = *tree;
  check(copy == *tree);
  copy.right->left->value = 5;
  check(copy != *tree);

  // A chain of a million nodes is destroyed without recursion.
  std::unique_ptr<gametree::binary_node<int>> chain;
  for (int i = 0; i < 1'000'000; ++i) chain = make_node(i, std::move(chain));
  check(gametree::tree_height(chain) == 1'000'000);
  chain.reset();

  // The user's own nodes
  TreeNode c{3, nullptr, nullptr}, b{2, nullptr, nullptr}, a{1, &b, &c};
  check(gametree::count_nodes(&a) == 3);

  pool p;
  p.slots = {{&p, 10, {1, 2}}, {&p, 20, {-1, -1}}, {&p, 30, {-1, -1}}};
  slot* root = &p.slots[0];
  int sum = 0;
  gametree::detail::for_each_postorder(root, [&sum](slot& n) {
    sum += gametree::node_traits<slot>::value(n);
  });
  check(sum == 60);
  check(gametree::tree_height(root) == 2);

  // Traversal orders with depth
  std::vector<int> post;
  gametree::detail::for_each_postorder(tree.get(), [&post](gametree::binary_node<int>& n,
                                                            std::size_t depth) {
    post.push_back(n.value * 10 + static_cast<int>(depth));
  });
  check(post == std::vector<int>{21, 42, 31, 10});

  // A fold: the height of every subtree from its children's, children first.
  const std::size_t height = gametree::detail::fold_postorder<std::size_t>(
      tree.get(), [](gametree::binary_node<int>&, std::size_t, const std::size_t* left,
                     const std::size_t* right) {
        return 1 + std::max(left != nullptr ? *left : 0, right != nullptr ? *right : 0);
      });
  check(height == 3);

  return failures;
}
