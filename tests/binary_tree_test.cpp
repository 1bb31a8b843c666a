#include <gametree/binary_tree.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "reference/node_shapes.hpp"
#include "reference/tree_oracles.hpp"
#include "support/catch.hpp"

using gametree::binary_node;
using gametree::make_node;
using gametree_test::int_tree;
using gametree_test::visit_record;

namespace {

// ---------------------------------------------------------------------------------------------
// Shapes that must be recognised, and shapes that must be rejected.

using namespace gametree_test;

static_assert(gametree::valued_tree_node<val_node<raw_link>>);
static_assert(gametree::valued_tree_node<val_node<unique_link>>);
static_assert(gametree::valued_tree_node<val_node<shared_link>>);
static_assert(gametree::valued_tree_node<data_node<raw_link>>);
static_assert(gametree::valued_tree_node<data_node<unique_link>>);
static_assert(gametree::valued_tree_node<data_node<shared_link>>);
static_assert(gametree::valued_tree_node<value_node<raw_link>>);
static_assert(gametree::valued_tree_node<value_node<unique_link>>);
static_assert(gametree::valued_tree_node<value_node<shared_link>>);
static_assert(gametree::valued_tree_node<pool_node>);
static_assert(gametree::valued_tree_node<position>);
static_assert(gametree::valued_tree_node<binary_node<int>>);
static_assert(gametree::valued_tree_node<const binary_node<double>>);
static_assert(gametree::valued_tree_node<binary_node<std::string>>);

static_assert(std::is_same_v<gametree::tree_value_t<val_node<raw_link>>, int>);
static_assert(std::is_same_v<gametree::tree_value_t<data_node<shared_link>>, long long>);
static_assert(std::is_same_v<gametree::tree_value_t<value_node<unique_link>>, double>);
static_assert(std::is_same_v<gametree::tree_value_t<const binary_node<short>>, short>);
static_assert(std::is_same_v<gametree::tree_value_t<pool_node>, int>);

struct const_val {
  const int val;
  const_val* left;
  const_val* right;
};
static_assert(std::is_same_v<gametree::tree_value_t<const_val>, int>);

struct custom_deleter {
  template <class T>
  void operator()(T* p) const noexcept {
    delete p;
  }
};
struct deleter_node {
  int val = 0;
  std::unique_ptr<deleter_node, custom_deleter> left, right;
};
static_assert(gametree::valued_tree_node<deleter_node>);

struct no_children {
  int val;
};
struct only_left {
  int val;
  only_left* left;
};
struct int_children {
  int val;
  int left, right;
};
struct other {};
struct foreign_children {
  int val;
  other* left;
  other* right;
};
struct weak_children {
  int val;
  std::weak_ptr<weak_children> left, right;
};
struct no_value {
  no_value* left;
  no_value* right;
};
struct two_values {
  int val;
  int data;
  two_values* left;
  two_values* right;
};
struct function_value {
  int value() const { return 0; }
  function_value* left;
  function_value* right;
};

static_assert(!gametree::binary_tree_node<no_children>);
static_assert(!gametree::binary_tree_node<only_left>);
static_assert(!gametree::binary_tree_node<int_children>);
static_assert(!gametree::binary_tree_node<foreign_children>);
static_assert(!gametree::binary_tree_node<weak_children>);
static_assert(!gametree::binary_tree_node<int>);
static_assert(!gametree::binary_tree_node<int*>);
static_assert(!gametree::binary_tree_node<void>);
static_assert(gametree::binary_tree_node<no_value> && !gametree::valued_tree_node<no_value>);
static_assert(gametree::binary_tree_node<two_values> && !gametree::valued_tree_node<two_values>);
static_assert(gametree::binary_tree_node<function_value> &&
              !gametree::valued_tree_node<function_value>);

// Roots: pointers (const or not) and owning smart pointers, by value or by reference.
using raw_node = val_node<raw_link>;
static_assert(gametree::tree_root<raw_node*>);
static_assert(gametree::tree_root<const raw_node*>);
static_assert(gametree::tree_root<raw_node* const&>);
static_assert(gametree::tree_root<std::unique_ptr<binary_node<int>>&>);
static_assert(gametree::tree_root<const std::unique_ptr<binary_node<int>>&>);
static_assert(gametree::tree_root<std::shared_ptr<data_node<shared_link>>>);
static_assert(!gametree::tree_root<raw_node>);
static_assert(!gametree::tree_root<int*>);
static_assert(!gametree::tree_root<no_children*>);
static_assert(!gametree::tree_root<std::nullptr_t>);
static_assert(std::is_same_v<gametree::root_node_t<const raw_node*>, const raw_node>);
static_assert(std::is_same_v<gametree::root_node_t<std::unique_ptr<binary_node<int>>&>,
                             binary_node<int>>);

// The sample tree      1
//                    /   \            pre-order   1 2 3 4 6 5 7
//                   2     3           post-order  2 6 4 7 5 3 1
//                        / \          level order 1 2 3 4 5 6 7
//                       4   5
//                      /     \                                                            .
//                     6       7
int_tree sample_tree() {
  return make_node(1, make_node(2), make_node(3, make_node(4, make_node(6)),
                                              make_node(5, nullptr, make_node(7))));
}
const visit_record sample_pre = {{1, 0}, {2, 1}, {3, 1}, {4, 2}, {6, 3}, {5, 2}, {7, 3}};
const visit_record sample_post = {{2, 1}, {6, 3}, {4, 2}, {7, 3}, {5, 2}, {3, 1}, {1, 0}};
const visit_record sample_level = {{1, 0}, {2, 1}, {3, 1}, {4, 2}, {5, 2}, {6, 3}, {7, 3}};

template <class Node>
int int_value(Node& n) {
  return static_cast<int>(gametree::node_traits<std::remove_const_t<Node>>::value(
      const_cast<std::remove_const_t<Node>&>(n)));
}

template <class Node>
visit_record record_preorder(Node* root) {
  visit_record r;
  gametree::detail::for_each_preorder(root, [&](Node& n, std::size_t d) { r.emplace_back(int_value(n), d); });
  return r;
}
template <class Node>
visit_record record_postorder(Node* root) {
  visit_record r;
  gametree::detail::for_each_postorder(root, [&](Node& n, std::size_t d) { r.emplace_back(int_value(n), d); });
  return r;
}
template <class Node>
visit_record record_inorder(Node* root) {
  visit_record r;
  gametree::detail::for_each_inorder(root, [&](Node& n, std::size_t d) { r.emplace_back(int_value(n), d); });
  return r;
}
template <class Node>
visit_record record_level_order(Node* root) {
  visit_record r;
  gametree::detail::for_each_level_order(root, [&](Node& n, std::size_t d) { r.emplace_back(int_value(n), d); });
  return r;
}

// The fold's nested form of the subtree at root (see naive_nested): built from the
// children's results, so a mix-up of left and right, or of depths, changes the text.
template <class Node>
std::string fold_nested(Node* root) {
  return gametree::detail::fold_postorder<std::string>(
      root, [](Node& n, std::size_t d, const std::string* left, const std::string* right) {
        std::string out("(");
        out += left != nullptr ? *left : std::string("-");
        out += ' ';
        out += std::to_string(int_value(n));
        out += '@';
        out += std::to_string(d);
        out += ' ';
        out += right != nullptr ? *right : std::string("-");
        out += ')';
        return out;
      });
}

// Traverses a Node tree holding the sample, through a mutable root, a const root and (for
// owning links) the smart pointer itself, and fills subtree sums in post-order.
template <class Node, class RootLink>
void exercise_shape(Node* root, const RootLink& root_link) {
  CHECK(record_preorder(root) == sample_pre);
  CHECK(record_postorder(root) == sample_post);
  CHECK(record_level_order(root) == sample_level);
  const std::string sample_nested = "((- 2@1 -) 1@0 (((- 6@3 -) 4@2 -) 3@1 (- 5@2 (- 7@3 -))))";
  CHECK(fold_nested(root) == sample_nested);
  const Node* const_root = root;
  CHECK(record_preorder(const_root) == sample_pre);
  CHECK(record_postorder(const_root) == sample_post);
  CHECK(record_level_order(const_root) == sample_level);
  CHECK(fold_nested(const_root) == sample_nested);
  CHECK(gametree::count_nodes(root) == 7);
  CHECK(gametree::count_nodes(const_root) == 7);
  CHECK(gametree::count_nodes(root_link) == 7);
  CHECK(gametree::tree_height(root) == 4);
  CHECK(gametree::tree_height(root_link) == 4);
  CHECK(gametree::detail::root_pointer(root_link) == root);

  // Children before parents: each node becomes the sum of its subtree.
  using traits = gametree::node_traits<Node>;
  gametree::detail::for_each_postorder(root, [](Node& n) {
    for (Node* child : {traits::left(n), traits::right(n)}) {
      if (child != nullptr) traits::value(n) += traits::value(*child);
    }
  });
  CHECK(record_preorder(root) ==
        visit_record{{28, 0}, {2, 1}, {25, 1}, {10, 2}, {6, 3}, {12, 2}, {7, 3}});
}

template <class Node>
void exercise_leetcode_shape() {
  const int_tree source = sample_tree();
  shape_tree<Node> tree(source.get());
  exercise_shape(tree.root(), tree.root_link());
}

}  // namespace

TEST_CASE("every LeetCode node shape is traversed without adapter code") {
  SECTION("val, raw") { exercise_leetcode_shape<val_node<raw_link>>(); }
  SECTION("val, unique_ptr") { exercise_leetcode_shape<val_node<unique_link>>(); }
  SECTION("val, shared_ptr") { exercise_leetcode_shape<val_node<shared_link>>(); }
  SECTION("data, raw") { exercise_leetcode_shape<data_node<raw_link>>(); }
  SECTION("data, unique_ptr") { exercise_leetcode_shape<data_node<unique_link>>(); }
  SECTION("data, shared_ptr") { exercise_leetcode_shape<data_node<shared_link>>(); }
  SECTION("value, raw") { exercise_leetcode_shape<value_node<raw_link>>(); }
  SECTION("value, unique_ptr") { exercise_leetcode_shape<value_node<unique_link>>(); }
  SECTION("value, shared_ptr") { exercise_leetcode_shape<value_node<shared_link>>(); }
  SECTION("binary_node") {
    int_tree tree = sample_tree();
    exercise_shape(tree.get(), tree);
  }
}

TEST_CASE("shapes adapted through node_traits are traversed") {
  SECTION("index-based nodes in a pool") {
    const int_tree source = sample_tree();
    pool_tree pool;
    fill_pool_tree(pool, source.get());
    REQUIRE(pool.nodes.size() == 7);
    pool_node* root = &pool.nodes[0];
    exercise_shape(root, root);
  }
  SECTION("children in an array, other member names") {
    std::vector<position> p(8);
    for (int i = 1; i <= 7; ++i) p[static_cast<std::size_t>(i)].payoff = i;
    p[1].moves[0] = &p[2];
    p[1].moves[1] = &p[3];
    p[3].moves[0] = &p[4];
    p[3].moves[1] = &p[5];
    p[4].moves[0] = &p[6];
    p[5].moves[1] = &p[7];
    position* root = &p[1];
    exercise_shape(root, root);
  }
}

TEST_CASE("traversals agree with naive recursive ones on random trees") {
  std::mt19937_64 rng(20240603);
  for (int round = 0; round < 3000; ++round) {
    const std::size_t n = static_cast<std::size_t>(round % 41);
    const int_tree tree = random_tree(rng, n, -50, 50);
    visit_record pre, post;
    naive_preorder(tree.get(), 0, pre);
    naive_postorder(tree.get(), 0, post);
    visit_record in;
    naive_inorder(tree.get(), 0, in);
    const binary_node<int>* root = tree.get();
    REQUIRE(record_preorder(root) == pre);
    REQUIRE(record_postorder(root) == post);
    REQUIRE(record_inorder(root) == in);
    std::vector<int> in_values;
    for (const auto& [value, depth] : in) in_values.push_back(value);
    REQUIRE(gametree::inorder_values(tree) == in_values);
    REQUIRE(record_level_order(root) == naive_level_order(root));
    if (root != nullptr) REQUIRE(fold_nested(root) == naive_nested(root, 0));
    REQUIRE(gametree::count_nodes(tree) == n);
    std::size_t height = 0;
    for (const auto& [value, depth] : pre) height = std::max(height, depth + 1);
    REQUIRE(gametree::tree_height(tree) == height);
  }
}

TEST_CASE("traversals of an empty tree visit nothing") {
  binary_node<int>* empty = nullptr;
  int calls = 0;
  const auto count = [&](binary_node<int>&) { ++calls; };
  CHECK(gametree::detail::for_each_preorder(empty, count));
  CHECK(gametree::detail::for_each_postorder(empty, count));
  CHECK(gametree::detail::for_each_level_order(empty, count));
  CHECK(gametree::detail::for_each_inorder(empty, count));
  CHECK(calls == 0);
  CHECK(gametree::inorder_values(empty).empty());
  CHECK(gametree::count_nodes(empty) == 0);
  CHECK(gametree::tree_height(empty) == 0);
}

TEST_CASE("a visitor returning false stops the traversal") {
  const int_tree tree = sample_tree();
  const binary_node<int>* root = tree.get();
  std::vector<int> seen;
  const auto until4 = [&](const binary_node<int>& n) {
    seen.push_back(n.value);
    return n.value != 4;
  };
  CHECK_FALSE(gametree::detail::for_each_preorder(root, until4));
  CHECK(seen == std::vector<int>{1, 2, 3, 4});
  seen.clear();
  CHECK_FALSE(gametree::detail::for_each_postorder(root, until4));
  CHECK(seen == std::vector<int>{2, 6, 4});
  seen.clear();
  CHECK_FALSE(gametree::detail::for_each_level_order(root, until4));
  CHECK(seen == std::vector<int>{1, 2, 3, 4});
  seen.clear();
  CHECK_FALSE(gametree::detail::for_each_inorder(root, until4));
  CHECK(seen == std::vector<int>{2, 1, 6, 4});
  seen.clear();
  CHECK(gametree::detail::for_each_level_order(root, [&](const binary_node<int>&, std::size_t) {
    return true;
  }));
}

TEST_CASE("binary_node: construction, equality, copy, move, swap") {
  const int_tree a = sample_tree();
  const int_tree b = sample_tree();
  CHECK(*a == *b);
  CHECK(gametree::trees_equal(a, b));
  CHECK(gametree::trees_equal(int_tree{}, int_tree{}));
  CHECK_FALSE(gametree::trees_equal(a, int_tree{}));
  CHECK_FALSE(gametree::trees_equal(int_tree{}, b));

  SECTION("a different value anywhere makes trees unequal") {
    b->right->right->right->value = 8;
    CHECK(*a != *b);
  }
  SECTION("the same values in another shape are unequal") {
    const int_tree l = make_node(1, make_node(2));
    const int_tree r = make_node(1, nullptr, make_node(2));
    CHECK(*l != *r);
    CHECK(*l == *make_node(1, make_node(2)));
    CHECK(*make_node(1, make_node(2), make_node(3)) != *l);
  }
  SECTION("a copy is deep and independent") {
    binary_node<int> copy = *a;
    CHECK(copy == *a);
    copy.left->value = 99;
    CHECK(a->left->value == 2);
    CHECK(copy != *a);
    copy = *a;  // copy assignment replaces the whole subtree
    CHECK(copy == *a);
    copy = *copy.right;  // assign from one of its own subtrees
    CHECK(copy == *a->right);
  }
  SECTION("move and swap transfer subtrees") {
    binary_node<int> moved = std::move(*b);
    CHECK(moved == *a);
    CHECK(!b->left);
    binary_node<int> leaf(5);
    swap(leaf, moved);
    CHECK(leaf == *a);
    CHECK(moved == binary_node<int>(5));
  }
  SECTION("values of any equality-comparable type") {
    const auto s = make_node(std::string("x"), make_node(std::string("y")));
    binary_node<std::string> t = *s;
    CHECK(t == *s);
    t.left->value += "!";
    CHECK(t != *s);
  }
}

namespace {

// A chain of n nodes valued 1..n built bottom-up without recursion.
int_tree chain(std::size_t n, chain_kind kind) {
  int_tree tail;
  for (std::size_t i = n; i >= 1; --i) {
    int_tree node = make_node(static_cast<int>(i));
    const bool left = kind == chain_kind::left || (kind == chain_kind::zigzag && i % 2 == 1);
    (left ? node->left : node->right) = std::move(tail);
    tail = std::move(node);
  }
  return tail;
}

}  // namespace

TEST_CASE("10^6-node chains: traversal, copy, compare and destruction do not recurse", "[deep]") {
  constexpr std::size_t n = 1'000'000;
  const auto kind = GENERATE(chain_kind::left, chain_kind::right, chain_kind::zigzag);
  int_tree tree = chain(n, kind);
  const binary_node<int>* root = tree.get();

  std::size_t visited = 0;
  bool ordered = true;
  gametree::detail::for_each_postorder(root, [&](const binary_node<int>& node, std::size_t d) {
    // Children first: the deepest node (value n) comes first, the root last.
    ordered = ordered && static_cast<std::size_t>(node.value) == n - visited && d == n - 1 - visited;
    ++visited;
  });
  CHECK(visited == n);
  CHECK(ordered);
  // Fold: subtree sizes, checked at every depth on the way up.
  std::size_t fold_ok = 0;
  const std::size_t root_size = gametree::detail::fold_postorder<std::size_t>(
      root, [&](const binary_node<int>& node, std::size_t d, const std::size_t* left,
                const std::size_t* right) {
        const std::size_t size = 1 + (left != nullptr ? *left : 0) + (right != nullptr ? *right : 0);
        fold_ok += size == n - d && static_cast<std::size_t>(node.value) == d + 1;
        return size;
      });
  CHECK(root_size == n);
  CHECK(fold_ok == n);
  std::size_t pre_ok = 0;
  gametree::detail::for_each_preorder(root, [&](const binary_node<int>& node, std::size_t d) {
    pre_ok += static_cast<std::size_t>(node.value) == d + 1;
  });
  CHECK(pre_ok == n);
  std::size_t level_ok = 0;
  gametree::detail::for_each_level_order(root, [&](const binary_node<int>& node, std::size_t d) {
    level_ok += static_cast<std::size_t>(node.value) == d + 1;
  });
  CHECK(level_ok == n);
  std::size_t in_visited = 0;
  gametree::detail::for_each_inorder(root, [&](const binary_node<int>&) { ++in_visited; });
  CHECK(in_visited == n);
  CHECK(gametree::count_nodes(tree) == n);
  CHECK(gametree::tree_height(tree) == n);

  binary_node<int> copy = *tree;
  CHECK(copy == *tree);
  // Differ only at the bottom.
  binary_node<int>* bottom = &copy;
  while (bottom->left || bottom->right) bottom = bottom->left ? bottom->left.get() : bottom->right.get();
  bottom->value = -1;
  CHECK(copy != *tree);
  tree.reset();
}

TEST_CASE("10^6-node caterpillar: a deep spine with a leaf on every node", "[deep]") {
  constexpr int n = 1'000'000;
  int_tree tail;
  for (int i = n; i >= 1; --i) tail = make_node(i, std::move(tail), make_node(-i));
  CHECK(gametree::count_nodes(tail) == 2 * static_cast<std::size_t>(n));
  CHECK(gametree::tree_height(tail) == static_cast<std::size_t>(n) + 1);
  const binary_node<int> copy = *tail;
  CHECK(copy == *tail);
}

TEST_CASE("a 10^7-node chain is built, copied, compared and destroyed", "[deep]") {
  constexpr std::size_t n = 10'000'000;
  int_tree tree = chain(n, chain_kind::zigzag);
  auto copy = std::make_unique<binary_node<int>>(*tree);
  CHECK(*copy == *tree);
  copy.reset();
  tree.reset();
  SUCCEED("no stack overflow");
}

TEST_CASE("binary_node: copy-assigning a tree to itself keeps it whole") {
  int_tree tree = make_node(1, make_node(2, make_node(4)), make_node(3));
  const binary_node<int>* const left = tree->left.get();
  const binary_node<int>& same = *tree;  // through a reference: a direct x = x draws warnings
  *tree = same;
  CHECK(*tree == *make_node(1, make_node(2, make_node(4)), make_node(3)));
  // Nothing was copied: the children are the same objects as before.
  CHECK(tree->left.get() == left);
}
