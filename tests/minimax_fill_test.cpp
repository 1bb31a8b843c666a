#include <gametree/level_order.hpp>
#include <gametree/minimax_fill.hpp>

#include <compare>
#include <cstddef>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "reference/minimax_fill_reference.hpp"
#include "reference/node_shapes.hpp"
#include "reference/tree_oracles.hpp"
#include "support/catch.hpp"

using gametree::first_player;
using gametree::minimax_fill;
using gametree::parse_level_order;
using gametree::to_level_order;

namespace {

template <class T>
std::string filled(const std::string& text, first_player at_root = first_player::maximiser) {
  auto root = parse_level_order<T>(text);
  minimax_fill(root, at_root);
  return to_level_order(root);
}

// In-order values, the way the seed's print_tree lists them (small trees: recursion).
template <class Node>
void inorder(const Node* n, std::vector<long long>& out) {
  if (n == nullptr) return;
  inorder(n->left.get(), out);
  out.push_back(static_cast<long long>(n->value));
  inorder(n->right.get(), out);
}

}  // namespace

namespace minimax_fill_test {

// Ordered by key only: two values with the same key but different tags compare equal, so a
// tie shows which child's value was kept.
struct tagged {
  int key = 0;
  char tag = ' ';
  friend bool operator==(const tagged& a, const tagged& b) { return a.key == b.key; }
  friend std::strong_ordering operator<=>(const tagged& a, const tagged& b) {
    return a.key <=> b.key;
  }
};

}  // namespace minimax_fill_test

using minimax_fill_test::tagged;

TEST_CASE("seed 000's worked example") {
  auto root = parse_level_order<long long>("[0,3,0,null,null,0,0,-3,null,null,4]");
  auto* returned = minimax_fill(root);
  CHECK(returned == root.get());
  CHECK(to_level_order(root) == "[3,3,-3,null,null,-3,4,-3,null,null,4]");
  std::vector<long long> values;
  inorder(root.get(), values);
  CHECK(values == std::vector<long long>{3, 3, -3, -3, -3, 4, 4});
}

TEST_CASE("empty and single-node trees") {
  std::unique_ptr<gametree::binary_node<int>> empty;
  CHECK(minimax_fill(empty) == nullptr);
  gametree::binary_node<int>* null_root = nullptr;
  CHECK(minimax_fill(null_root) == nullptr);
  CHECK(filled<int>("[7]") == "[7]");
  CHECK(filled<int>("[-7]", first_player::minimiser) == "[-7]");
}

TEST_CASE("the root's player decides which depths maximise") {
  // Right child at depth 1 has leaves 7 and 9.
  CHECK(filled<int>("[0,5,0,null,null,7,9]") == "[7,5,7,null,null,7,9]");
  CHECK(filled<int>("[0,5,0,null,null,7,9]", first_player::minimiser) == "[5,5,9,null,null,7,9]");
  // A lone child is copied whoever moves.
  CHECK(filled<int>("[0,null,0,4]") == "[4,null,4,4]");
  CHECK(filled<int>("[0,null,0,4]", first_player::minimiser) == "[4,null,4,4]");
}

TEST_CASE("floating-point values, including infinities") {
  CHECK(filled<double>("[0,0.5,0,null,null,-inf,2.25]") == "[0.5,0.5,-inf,null,null,-inf,2.25]");
  CHECK(filled<double>("[0,inf,-1.5]") == "[inf,inf,-1.5]");
}

TEST_CASE("a user-defined ordered type keeps the left value on ties") {
  using node = gametree::binary_node<tagged>;
  auto root = gametree::make_node(tagged{0, 'r'},
                                  gametree::make_node(tagged{1, 'a'},
                                                      gametree::make_node(tagged{4, 'x'}),
                                                      gametree::make_node(tagged{4, 'y'})),
                                  gametree::make_node(tagged{5, 'b'},
                                                      gametree::make_node(tagged{4, 'p'}),
                                                      gametree::make_node(tagged{9, 'q'})));
  node* r = minimax_fill(root);
  CHECK(r->left->value.key == 4);
  CHECK(r->left->value.tag == 'x');   // min of equal keys: the left one
  CHECK(r->right->value.key == 4);
  CHECK(r->right->value.tag == 'p');
  CHECK(r->value.key == 4);
  CHECK(r->value.tag == 'x');         // max of equal keys at the root: the left one
}

TEMPLATE_TEST_CASE("every node shape", "", gametree_test::val_node<gametree_test::raw_link>,
                   gametree_test::val_node<gametree_test::unique_link>,
                   gametree_test::val_node<gametree_test::shared_link>,
                   gametree_test::data_node<gametree_test::raw_link>,
                   gametree_test::data_node<gametree_test::unique_link>,
                   gametree_test::data_node<gametree_test::shared_link>,
                   gametree_test::value_node<gametree_test::raw_link>,
                   gametree_test::value_node<gametree_test::unique_link>,
                   gametree_test::value_node<gametree_test::shared_link>) {
  std::mt19937_64 rng(2000);
  for (int round = 0; round < 50; ++round) {
    auto source = gametree_test::random_tree(rng, 1 + rng() % 40, -50, 50);
    gametree_test::shape_tree<TestType> tree(source.get());
    minimax_fill(tree.root_link());
    gametree_test::seed_minimax_fill(source.get());
    CHECK(to_level_order(tree.root()) == to_level_order(source));
  }
}

TEST_CASE("node shapes adapted through node_traits") {
  std::mt19937_64 rng(2001);
  for (int round = 0; round < 50; ++round) {
    auto source = gametree_test::random_tree(rng, 1 + rng() % 40, -50, 50);
    gametree_test::pool_tree pool;
    gametree_test::fill_pool_tree(pool, source.get());
    gametree_test::pool_node* root = pool.nodes.empty() ? nullptr : &pool.nodes[0];
    minimax_fill(root);
    gametree_test::seed_minimax_fill(source.get());
    CHECK(to_level_order(root) == to_level_order(source));
  }
}

TEST_CASE("10^4 random trees agree with the seed's recursive method") {
  std::mt19937_64 rng(20261129);
  const auto at_root = GENERATE(first_player::maximiser, first_player::minimiser);
  for (int round = 0; round < 5000; ++round) {
    const std::size_t n = rng() % 120;
    // Narrow value ranges make ties common, wide ones make them rare.
    const int spread = round % 2 == 0 ? 3 : 1000000;
    auto tree = gametree_test::random_tree(rng, n, -spread, spread);
    auto expected = std::make_unique<gametree::binary_node<int>>(0);
    if (tree) *expected = *tree;
    minimax_fill(tree, at_root);
    gametree_test::seed_minimax_fill(expected.get(), at_root == first_player::maximiser);
    if (n == 0) {
      CHECK(tree == nullptr);
    } else {
      REQUIRE(gametree::trees_equal(tree, expected));
    }
  }
}

TEST_CASE("10^6-deep chains: every node takes the leaf's value", "[deep]") {
  const auto kind = GENERATE(gametree_test::chain_kind::left, gametree_test::chain_kind::right,
                             gametree_test::chain_kind::zigzag);
  const std::size_t n = 1000000;
  auto root = parse_level_order<int>(gametree_test::chain_text(n, kind));
  minimax_fill(root);
  std::size_t count = 0;
  bool all_leaf_value = true;
  gametree::detail::for_each_preorder(root.get(), [&](const gametree::binary_node<int>& node) {
    ++count;
    all_leaf_value = all_leaf_value && node.value == static_cast<int>(n);
  });
  CHECK(count == n);
  CHECK(all_leaf_value);
}

TEST_CASE("deep tree with branching at the bottom", "[deep]") {
  // A right chain of 10^5 nodes ending in a node with children 1 and 2: the bottom node's
  // depth parity decides, and the chain copies it up.
  const std::size_t depth = 100000;
  auto root = gametree::make_node(0);
  gametree::binary_node<int>* tip = root.get();
  for (std::size_t i = 1; i < depth; ++i) {
    tip->right = gametree::make_node(0);
    tip = tip->right.get();
  }
  tip->left = gametree::make_node(1);
  tip->right = gametree::make_node(2);
  const bool bottom_maximises = (depth - 1) % 2 == 0;
  minimax_fill(root);
  CHECK(root->value == (bottom_maximises ? 2 : 1));
  minimax_fill(root, first_player::minimiser);
  CHECK(root->value == (bottom_maximises ? 1 : 2));
}
