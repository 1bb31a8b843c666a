#include <gametree/alpha_beta.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <numeric>
#include <optional>
#include <ostream>
#include <random>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "reference/alpha_beta_reference.hpp"
#include "support/catch.hpp"

using gametree_test::ContainsSubstring;
namespace reference = gametree_test::reference;

namespace {

constexpr double inf = std::numeric_limits<double>::infinity();

std::uint64_t power(std::uint64_t base, std::size_t exponent) {
  std::uint64_t p = 1;
  for (std::size_t i = 0; i < exponent; ++i) p *= base;
  return p;
}

// A random complete tree as the seed allows it (branching 2..5, depth 1..8, at most 10^4
// leaves), or with the depth range given.
struct tree_shape {
  std::size_t branching;
  std::size_t depth;
  std::size_t leaves;
};

tree_shape random_shape(std::mt19937_64& rng, std::size_t max_leaves = 10000) {
  const std::size_t branching = std::uniform_int_distribution<std::size_t>(2, 5)(rng);
  std::size_t max_depth = 0;
  while (max_depth < 8 && power(branching, max_depth + 1) <= max_leaves) ++max_depth;
  const std::size_t depth = std::uniform_int_distribution<std::size_t>(1, max_depth)(rng);
  return {branching, depth, static_cast<std::size_t>(power(branching, depth))};
}

template <class T>
std::vector<T> random_leaves(std::mt19937_64& rng, std::size_t n, T low, T high) {
  std::vector<T> leaves(n);
  if constexpr (std::is_floating_point_v<T>) {
    std::uniform_real_distribution<T> score(low, high);
    for (T& v : leaves) v = score(rng);
  } else {
    std::uniform_int_distribution<T> score(low, high);
    for (T& v : leaves) v = score(rng);
  }
  return leaves;
}

// Counts the observer events so they can be checked against the statistics.
struct counting_observer : gametree::null_search_observer {
  std::uint64_t entered = 0;
  std::uint64_t leaves = 0;
  std::uint64_t exits = 0;
  std::uint64_t cutoffs = 0;
  std::uint64_t skipped_children = 0;
  std::size_t max_depth = 0;

  template <class Node, class Window>
  void on_enter(const Node&, std::size_t depth, bool maximizing, const Window&) {
    ++entered;
    max_depth = std::max(max_depth, depth);
    CHECK(maximizing == (depth % 2 == 0));
  }
  template <class Node, class Value>
  void on_leaf(const Node&, std::size_t, const Value&) {
    ++leaves;
  }
  template <class Node, class Value, class Window>
  void on_exit(const Node&, std::size_t, const Value&, const Window&) {
    ++exits;
  }
  template <class Node>
  void on_cutoff(const Node&, std::size_t, std::size_t first_skipped, std::size_t count) {
    ++cutoffs;
    CHECK(first_skipped < count);
    skipped_children += count - first_skipped;
  }
};

template <class Result>
std::uint64_t nodes_entered(const Result& r) {
  return std::accumulate(r.nodes_at_depth.begin(), r.nodes_at_depth.end(), std::uint64_t{0});
}

// Adapts reference::explicit_tree to the library's game_tree concept.
template <class T>
struct explicit_game_tree {
  using node_type = std::size_t;
  using value_type = T;
  const reference::explicit_tree<T>* tree;

  [[nodiscard]] std::size_t root() const { return 0; }
  [[nodiscard]] std::size_t child_count(std::size_t node) const {
    return tree->children[node].size();
  }
  [[nodiscard]] std::size_t child(std::size_t node, std::size_t i) const {
    return tree->children[node][i];
  }
  [[nodiscard]] T leaf_value(std::size_t node) const { return tree->score[node]; }
};
static_assert(gametree::game_tree<explicit_game_tree<int>>);
static_assert(gametree::game_tree<gametree::complete_tree<double>>);
static_assert(!gametree::game_tree<std::vector<int>>);

// Rearranges the subtrees of leaves[first, first + width) so that at every node the children
// come best first for the player to move (a perfectly ordered tree); returns the node's
// minimax value. Whole subtrees move, so deeper orderings survive.
long long best_first(std::vector<long long>& leaves, std::size_t branching, std::size_t first,
                     std::size_t width, bool maximizing) {
  if (width == 1) return leaves[first];
  const std::size_t child_width = width / branching;
  std::vector<std::pair<long long, std::size_t>> children;
  for (std::size_t i = 0; i < branching; ++i) {
    children.emplace_back(
        best_first(leaves, branching, first + i * child_width, child_width, !maximizing), i);
  }
  std::stable_sort(children.begin(), children.end(), [&](const auto& a, const auto& b) {
    return maximizing ? a.first > b.first : a.first < b.first;
  });
  std::vector<long long> copy(leaves.begin() + static_cast<std::ptrdiff_t>(first),
                              leaves.begin() + static_cast<std::ptrdiff_t>(first + width));
  for (std::size_t slot = 0; slot < branching; ++slot) {
    const std::size_t from = children[slot].second * child_width;
    std::copy_n(copy.begin() + static_cast<std::ptrdiff_t>(from), child_width,
                leaves.begin() + static_cast<std::ptrdiff_t>(first + slot * child_width));
  }
  return children.front().first;
}

// A worst-ordered complete tree (Knuth & Moore 1975): at a MAX node child i's leaves all
// score above child i-1's, at a MIN node all below. A leaf's score is read off its base-b
// digits: digit i at a MAX level contributes i, at a MIN level b-1-i, times b^(levels below).
std::vector<long long> worst_ordered(std::size_t branching, std::size_t depth) {
  const auto n = static_cast<std::size_t>(power(branching, depth));
  std::vector<long long> leaves(n);
  for (std::size_t leaf = 0; leaf < n; ++leaf) {
    std::size_t rest = leaf;
    long long score = 0;
    long long place = 1;
    for (std::size_t level = depth; level-- > 0;) {
      const auto digit = static_cast<long long>(rest % branching);
      rest /= branching;
      const auto b = static_cast<long long>(branching);
      score += (level % 2 == 0 ? digit : b - 1 - digit) * place;
      place *= b;
    }
    leaves[leaf] = score;
  }
  return leaves;
}

}  // namespace

TEST_CASE("seed example 1: value 3 after 7 of 9 leaves") {
  const std::vector<long long> leaves{3, 12, 8, 2, 4, 6, 14, 5, 2};
  const auto r = gametree::alpha_beta(leaves, 3);
  CHECK(r.value == 3);
  CHECK(r.leaves_evaluated == 7);
  // Root and three MIN nodes; the second MIN node stops after the leaf 2 (beta 2 <= alpha 3).
  CHECK(r.interior_nodes_visited == 4);
  CHECK(r.cutoffs == 1);
  CHECK(r.nodes_at_depth == std::vector<std::uint64_t>{1, 3, 7});
  CHECK(r.best_child == std::optional<std::size_t>{0});
}

TEST_CASE("seed example 2: value 5 after all 4 leaves") {
  const std::vector<long long> leaves{5, 6, 7, 4};
  const auto r = gametree::alpha_beta(leaves, 2);
  CHECK(r.value == 5);
  CHECK(r.leaves_evaluated == 4);
  CHECK(r.interior_nodes_visited == 3);
  // The right MIN node's window closes (beta 4 <= alpha 5) only after its last child.
  CHECK(r.cutoffs == 0);
  CHECK(r.nodes_at_depth == std::vector<std::uint64_t>{1, 2, 4});
}

TEST_CASE("a single leaf is a tree of depth 0") {
  const auto branching = GENERATE(2LL, 3LL, 5LL, 1000000LL, std::numeric_limits<long long>::max());
  const std::vector<int> one{-42};
  const auto r = gametree::alpha_beta(one, branching);
  CHECK(r.value == -42);
  CHECK(r.leaves_evaluated == 1);
  CHECK(r.interior_nodes_visited == 0);
  CHECK(r.cutoffs == 0);
  CHECK(r.nodes_at_depth == std::vector<std::uint64_t>{1});
  CHECK_FALSE(r.best_child.has_value());
  CHECK(gametree::minimax(one, branching).value == -42);
  CHECK(gametree::alpha_beta({2.5}, 2u).value == 2.5);
}

TEST_CASE("invalid shapes throw tree_shape_error naming the numbers") {
  using gametree::tree_shape_error;
  const std::vector<long long> nine{3, 12, 8, 2, 4, 6, 14, 5, 2};
  SECTION("empty leaves") {
    const std::vector<long long> none;
    CHECK_THROWS_AS(gametree::alpha_beta(none, 3), tree_shape_error);
    CHECK_THROWS_WITH(gametree::alpha_beta(none, 3), ContainsSubstring("leaves is empty"));
    CHECK_THROWS_AS(gametree::minimax(none, 2), std::invalid_argument);
  }
  SECTION("branching below 2") {
    CHECK_THROWS_WITH(gametree::alpha_beta(nine, 1), ContainsSubstring("branching is 1"));
    CHECK_THROWS_WITH(gametree::alpha_beta(nine, 0), ContainsSubstring("branching is 0"));
    CHECK_THROWS_WITH(gametree::alpha_beta(nine, -3LL), ContainsSubstring("branching is -3"));
    CHECK_THROWS_WITH(gametree::alpha_beta(nine, std::numeric_limits<long long>::min()),
                      ContainsSubstring("branching is -9223372036854775808"));
    // The branching rule holds for a single leaf too.
    CHECK_THROWS_AS(gametree::alpha_beta(std::vector<int>{1}, 1), tree_shape_error);
    CHECK_THROWS_WITH(gametree::alpha_beta(nine, 1), ContainsSubstring("at least 2"));
  }
  SECTION("length not a power of branching") {
    CHECK_THROWS_WITH(gametree::alpha_beta(nine, 2),
                      ContainsSubstring("leaves has 9 elements") &&
                          ContainsSubstring("not a power of branching 2") &&
                          ContainsSubstring("2^3 = 8, 2^4 = 16"));
    CHECK_THROWS_WITH(gametree::alpha_beta(std::vector<int>(8), 4),
                      ContainsSubstring("4^1 = 4, 4^2 = 16"));
    CHECK_THROWS_WITH(gametree::alpha_beta(std::vector<int>(2), 3),
                      ContainsSubstring("3^0 = 1, 3^1 = 3"));
    CHECK_THROWS_WITH(gametree::alpha_beta(nine, std::numeric_limits<long long>::max()),
                      ContainsSubstring("leaves has 9 elements"));
    CHECK_THROWS_WITH(gametree::alpha_beta(std::vector<int>(10), 9u),
                      ContainsSubstring("not a power of branching 9"));
  }
  SECTION("NaN scores have no order") {
    const std::vector<double> leaves{1.0, std::nan(""), 2.0, 3.0};
    CHECK_THROWS_AS(gametree::alpha_beta(leaves, 2), tree_shape_error);
    CHECK_THROWS_WITH(gametree::alpha_beta(leaves, 2), ContainsSubstring("leaf 1 is NaN"));
    // A generic tree reports a NaN leaf when the search reaches it.
    const gametree::callback_tree chain(
        0, [](int depth) { return depth < 3 ? 1 : 0; }, [](int depth, std::size_t) { return depth + 1; },
        [](int) { return std::nan(""); });
    CHECK_THROWS_WITH(gametree::alpha_beta(chain), ContainsSubstring("depth 3 scores NaN"));
  }
}

TEST_CASE("random complete trees agree with the naive reference (10^4 trees)") {
  std::mt19937_64 rng(20240502);
  std::uint64_t trees = 0;
  std::uint64_t with_cutoffs = 0;
  for (int round = 0; round < 10000; ++round) {
    const tree_shape shape = random_shape(rng);
    // Narrow ranges make ties common, so alpha >= beta is exercised with equality.
    const long long range = round % 3 == 0 ? 1 : round % 3 == 1 ? 5 : 1000;
    const auto leaves = random_leaves<long long>(rng, shape.leaves, -range, range);
    const auto expected = reference::alpha_beta(leaves, shape.branching);
    const auto got = gametree::alpha_beta(leaves, shape.branching);
    INFO("round " << round << ", branching " << shape.branching << ", depth " << shape.depth);
    REQUIRE(got.value == expected.value);
    REQUIRE(got.leaves_evaluated == expected.evaluated);
    REQUIRE(got.value == reference::minimax(leaves, shape.branching));
    REQUIRE(got.nodes_at_depth.size() == shape.depth + 1);
    REQUIRE(got.nodes_at_depth.back() == got.leaves_evaluated);
    REQUIRE(nodes_entered(got) == got.interior_nodes_visited + got.leaves_evaluated);

    const auto full = gametree::minimax(leaves, shape.branching);
    REQUIRE(full.value == got.value);
    REQUIRE(full.leaves_evaluated == shape.leaves);
    REQUIRE(full.interior_nodes_visited == (shape.leaves - 1) / (shape.branching - 1));
    REQUIRE(full.cutoffs == 0);
    ++trees;
    with_cutoffs += got.cutoffs > 0 ? 1 : 0;
  }
  CHECK(trees == 10000);
  CHECK(with_cutoffs > 5000);  // the sample really exercises pruning
}

TEST_CASE("int scores at the ends of the type do not overflow or fake infinities") {
  using limits = std::numeric_limits<int>;
  const std::array<int, 7> pool{limits::min(), limits::min() + 1, -1, 0, 1, limits::max() - 1,
                                limits::max()};
  std::mt19937_64 rng(7);
  for (int round = 0; round < 2000; ++round) {
    const tree_shape shape = random_shape(rng, 2000);
    std::vector<int> leaves(shape.leaves);
    for (int& v : leaves) v = pool[std::uniform_int_distribution<std::size_t>(0, 6)(rng)];
    const auto expected = reference::alpha_beta(leaves, shape.branching);
    const auto got = gametree::alpha_beta(leaves, shape.branching);
    REQUIRE(got.value == expected.value);
    REQUIRE(got.leaves_evaluated == expected.evaluated);
  }
  // max() is an ordinary score, not +inf: beta stays +inf above it, so there is no cutoff.
  const auto r = gametree::alpha_beta(std::vector<int>{limits::max(), 5}, 2);
  CHECK(r.value == limits::max());
  CHECK(r.leaves_evaluated == 2);
  const auto s = gametree::alpha_beta(std::vector<long long>{std::numeric_limits<long long>::min(), 5, 7, 1}, 2);
  CHECK(s.value == 1);
  CHECK(s.leaves_evaluated == 4);
}

TEST_CASE("double scores, including infinities, follow the seed exactly") {
  SECTION("a +inf leaf at a MAX node closes the window (alpha = +inf >= beta = +inf)") {
    const auto r = gametree::alpha_beta(std::vector<double>{inf, 5.0}, 2);
    CHECK(r.value == inf);
    CHECK(r.leaves_evaluated == 1);
    CHECK(r.cutoffs == 1);
  }
  SECTION("a -inf leaf at a MIN node closes it too") {
    const auto r = gametree::alpha_beta(std::vector<double>{-inf, 1.0, 2.0, 3.0}, 2);
    CHECK(r.value == 2.0);
    CHECK(r.leaves_evaluated == 3);
  }
  SECTION("random trees over a pool with infinities and ties") {
    const std::array<double, 6> pool{-inf, -1.5, 0.0, 0.25, 2.5, inf};
    std::mt19937_64 rng(99);
    for (int round = 0; round < 3000; ++round) {
      const tree_shape shape = random_shape(rng, 3000);
      std::vector<double> leaves(shape.leaves);
      for (double& v : leaves) v = pool[std::uniform_int_distribution<std::size_t>(0, 5)(rng)];
      const auto expected = reference::alpha_beta(leaves, shape.branching);
      const auto got = gametree::alpha_beta(std::span<const double>(leaves), shape.branching);
      REQUIRE(got.value == expected.value);
      REQUIRE(got.leaves_evaluated == expected.evaluated);
      REQUIRE(got.value == reference::minimax(leaves, shape.branching));
    }
  }
  SECTION("wide random doubles") {
    std::mt19937_64 rng(5);
    for (int round = 0; round < 500; ++round) {
      const tree_shape shape = random_shape(rng, 3000);
      const auto leaves = random_leaves<double>(rng, shape.leaves, -1e300, 1e300);
      const auto expected = reference::alpha_beta(leaves, shape.branching);
      const auto got = gametree::alpha_beta(leaves, shape.branching);
      REQUIRE(got.value == expected.value);
      REQUIRE(got.leaves_evaluated == expected.evaluated);
    }
  }
}

TEST_CASE("other score types: int, float, unsigned, int8_t, braced lists") {
  CHECK(gametree::alpha_beta(std::vector<int>{3, 12, 8, 2, 4, 6, 14, 5, 2}, 3).leaves_evaluated == 7);
  const auto f = gametree::alpha_beta(std::vector<float>{5.f, 6.f, 7.f, 4.f}, 2);
  CHECK(f.value == 5.f);
  CHECK(f.leaves_evaluated == 4);
  const auto u = gametree::alpha_beta(std::vector<unsigned>{0u, 9u, 0u, 9u}, 2);
  CHECK(u.value == 0u);
  CHECK(u.leaves_evaluated == 3);
  const auto i8 = gametree::alpha_beta(std::vector<std::int8_t>{-128, 127, 127, -128}, std::size_t{2});
  CHECK(i8.value == -128);
  const auto braced = gametree::alpha_beta({3, 12, 8, 2, 4, 6, 14, 5, 2}, 3);
  CHECK(braced.value == 3);
  CHECK(braced.leaves_evaluated == 7);
  CHECK(gametree::minimax({5, 6, 7, 4}, 2).value == 5);
}

TEST_CASE("Knuth & Moore 1975: perfect ordering reaches the minimal tree, worst ordering all") {
  std::mt19937_64 rng(1975);
  for (std::size_t branching = 2; branching <= 5; ++branching) {
    for (std::size_t depth = 0; power(branching, depth) <= 20000; ++depth) {
      const auto n = static_cast<std::size_t>(power(branching, depth));
      INFO("branching " << branching << ", depth " << depth);
      for (int trial = 0; trial < 4; ++trial) {
        // Ties are allowed in the best-first case: the cutoff uses alpha >= beta, so an
        // equal value still refutes.
        auto best = random_leaves<long long>(rng, n, -3 * (trial + 1), 3 * (trial + 1));
        const long long value = best_first(best, branching, 0, n, true);
        const auto r = gametree::alpha_beta(best, branching);
        CHECK(r.value == value);
        CHECK(r.leaves_evaluated ==
              power(branching, (depth + 1) / 2) + power(branching, depth / 2) - 1);
        CHECK(r.best_child == (depth == 0 ? std::nullopt : std::optional<std::size_t>{0}));

        // Worst first: every later child's subtree holds only scores better for the node's
        // player than all earlier ones, so every inherited bound stays outside the subtree's
        // range and the window never closes.
        std::vector<long long> worst = worst_ordered(branching, depth);
        const long long worst_value = reference::minimax(worst, branching);
        const auto w = gametree::alpha_beta(worst, branching);
        CHECK(w.value == worst_value);
        CHECK(w.leaves_evaluated == n);
        CHECK(w.cutoffs == 0);
      }
    }
  }
}

TEST_CASE("best_child is the first root child whose minimax value is the root's") {
  std::mt19937_64 rng(11);
  for (int round = 0; round < 2000; ++round) {
    const tree_shape shape = random_shape(rng, 2000);
    const auto leaves = random_leaves<long long>(rng, shape.leaves, -4, 4);
    const auto r = gametree::alpha_beta(leaves, shape.branching);
    const std::size_t width = shape.leaves / shape.branching;
    std::size_t expected = shape.branching;
    for (std::size_t i = 0; i < shape.branching && expected == shape.branching; ++i) {
      const std::vector<long long> sub(leaves.begin() + static_cast<std::ptrdiff_t>(i * width),
                                       leaves.begin() + static_cast<std::ptrdiff_t>((i + 1) * width));
      // The child's subtree starts with MIN: minimax of the negated scores, negated back.
      std::vector<long long> negated(sub.size());
      std::transform(sub.begin(), sub.end(), negated.begin(), [](long long v) { return -v; });
      if (-reference::minimax(negated, shape.branching) == r.value) expected = i;
    }
    REQUIRE(r.best_child == std::optional<std::size_t>{expected});
  }
}

TEST_CASE("generic trees of uneven shape agree with the naive reference") {
  std::mt19937_64 rng(4242);
  std::uint64_t total_cutoffs = 0;
  for (int round = 0; round < 3000; ++round) {
    reference::explicit_tree<int> tree;
    tree.children.emplace_back();
    tree.score.push_back(0);
    const std::size_t budget = std::uniform_int_distribution<std::size_t>(1, 300)(rng);
    const int range = round % 2 == 0 ? 2 : 100;
    // Grow breadth first; each node gets 0..5 children while the budget lasts.
    for (std::size_t node = 0; node < tree.children.size(); ++node) {
      const std::size_t kids = std::uniform_int_distribution<std::size_t>(0, 5)(rng);
      for (std::size_t k = 0; k < kids && tree.children.size() < budget; ++k) {
        tree.children[node].push_back(tree.children.size());
        tree.children.emplace_back();
        tree.score.push_back(0);
      }
    }
    for (int& s : tree.score) s = std::uniform_int_distribution<int>(-range, range)(rng);
    const explicit_game_tree<int> view{&tree};
    const auto expected = reference::alpha_beta(tree);
    counting_observer events;
    const auto got = gametree::alpha_beta(view, events);
    REQUIRE(got.value == expected.value);
    REQUIRE(got.leaves_evaluated == expected.evaluated);
    REQUIRE(got.value == reference::minimax(tree));
    REQUIRE(gametree::minimax(view).value == got.value);
    REQUIRE(events.leaves == got.leaves_evaluated);
    REQUIRE(events.entered == nodes_entered(got));
    REQUIRE(events.exits == got.interior_nodes_visited);
    REQUIRE(events.cutoffs == got.cutoffs);
    REQUIRE(got.nodes_at_depth.size() == events.max_depth + 1);
    total_cutoffs += got.cutoffs;
  }
  CHECK(total_cutoffs > 0);
}

TEST_CASE("a chain 10^5 levels deep is searched without recursion", "[deep]") {
  constexpr int length = 100000;
  const gametree::callback_tree chain(
      0, [](int depth) { return depth < length ? 1 : 0; },
      [](int depth, std::size_t) { return depth + 1; }, [](int depth) { return depth * 2LL; });
  const auto r = gametree::alpha_beta(chain);
  CHECK(r.value == 2LL * length);
  CHECK(r.leaves_evaluated == 1);
  CHECK(r.interior_nodes_visited == length);
  CHECK(r.nodes_at_depth.size() == length + 1);
  CHECK(std::all_of(r.nodes_at_depth.begin(), r.nodes_at_depth.end(),
                    [](std::uint64_t c) { return c == 1; }));
  CHECK(gametree::minimax(chain).value == 2LL * length);
}

namespace {
// A spine 10^5 deep; every spine node has a leaf as child 0 and the next spine node as
// child 1; the last spine node is a leaf. leaf[d] scores the leaf hanging below depth d.
struct caterpillar {
  struct node_type {
    std::size_t depth;
    bool spine;
  };
  using value_type = long long;
  std::vector<long long> leaf;  // leaf[d], d = 1..length; leaf[length] is the spine's end

  [[nodiscard]] std::size_t length() const { return leaf.size() - 1; }
  [[nodiscard]] node_type root() const { return {0, true}; }
  [[nodiscard]] std::size_t child_count(const node_type& n) const {
    return n.spine && n.depth < length() ? 2 : 0;
  }
  [[nodiscard]] node_type child(const node_type& n, std::size_t i) const {
    return {n.depth + 1, i == 1 && n.depth + 1 < length()};
  }
  [[nodiscard]] long long leaf_value(const node_type& n) const { return leaf[n.depth]; }
};
}  // namespace

TEST_CASE("a caterpillar 10^5 levels deep agrees with bottom-up minimax", "[deep]") {
  std::mt19937_64 rng(3);
  caterpillar tree;
  tree.leaf = random_leaves<long long>(rng, 100001, -1000, 1000);
  // Bottom-up minimax along the spine, from the end leaf.
  long long value = tree.leaf[tree.length()];
  for (std::size_t d = tree.length() - 1; d-- > 0;) {
    const long long hanging = tree.leaf[d + 1];
    value = d % 2 == 0 ? std::max(hanging, value) : std::min(hanging, value);
  }
  const auto full = gametree::minimax(tree);
  CHECK(full.value == value);
  CHECK(full.leaves_evaluated == tree.length() + 1);
  const auto pruned = gametree::alpha_beta(tree);
  CHECK(pruned.value == value);
  CHECK(pruned.leaves_evaluated <= full.leaves_evaluated);
}

TEST_CASE("search_trace draws the seed example") {
  const std::vector<long long> leaves{3, 12, 8, 2, 4, 6, 14, 5, 2};
  const gametree::complete_tree tree(leaves, 3);
  gametree::search_trace trace(tree);
  const auto r = gametree::alpha_beta(tree, trace);
  CHECK(r.value == 3);
  using status = decltype(trace)::status;
  const auto& nodes = trace.nodes();
  REQUIRE(nodes.size() == 13);  // every node: 7 evaluated, 2 skipped leaves, 4 interior
  CHECK(std::count_if(nodes.begin(), nodes.end(),
                      [](const auto& e) { return e.state == status::evaluated; }) == 7);
  CHECK(std::count_if(nodes.begin(), nodes.end(),
                      [](const auto& e) { return e.state == status::skipped; }) == 2);
  // The second MIN node: entered with (3, +inf), left with (3, 2), cut.
  const auto& cut = nodes[5];
  CHECK(cut.state == status::cut);
  CHECK_FALSE(cut.maximizing);
  CHECK(cut.entry_window.alpha() == std::optional<long long>{3});
  CHECK_FALSE(cut.entry_window.beta().has_value());
  CHECK(cut.exit_window.beta() == std::optional<long long>{2});
  CHECK(nodes[7].value == std::optional<long long>{4});
  CHECK(nodes[7].parent == 5);
  for (const auto& e : nodes) {
    CHECK(e.maximizing == (e.depth % 2 == 0));
    CHECK(e.leaf == (e.depth == 2));
  }
  CHECK(nodes[12].evaluation_order == 7);

  const std::string dot = trace.to_dot();
  CHECK_THAT(dot, ContainsSubstring("digraph"));
  CHECK_THAT(dot, ContainsSubstring("MAX = 3\\nin (-\u221e, +\u221e)\\nout (3, +\u221e)"));
  CHECK_THAT(dot, ContainsSubstring("MIN = 2\\nin (3, +\u221e)\\nout (3, 2)"));
  CHECK_THAT(dot, ContainsSubstring("n7 [label=\"4\", shape=ellipse, style=\"dashed\""));
  CHECK_THAT(dot, ContainsSubstring("n5 -> n8 [style=dashed"));
  CHECK_THAT(dot, ContainsSubstring("label=\"2\\n#7\""));
  CHECK_THAT(dot, ContainsSubstring("value 3, 7 leaves evaluated"));
}

TEST_CASE("search_trace records deep skipped subtrees without recursion", "[deep]") {
  caterpillar tree;
  // Root: leaf 10 sets alpha 10. Spine node 1 (MIN): leaf 0 sets beta 0 <= 10, so the rest
  // of the spine, 10^5 levels, is skipped.
  tree.leaf.assign(100001, 7);
  tree.leaf[1] = 10;
  tree.leaf[2] = 0;
  gametree::search_trace trace(tree);
  const auto r = gametree::alpha_beta(tree, trace);
  CHECK(r.value == 10);
  CHECK(r.leaves_evaluated == 2);
  CHECK(r.cutoffs == 1);
  CHECK(trace.nodes().size() == 2 * tree.length() + 1);
  std::size_t wrong_roles = 0;
  for (const auto& e : trace.nodes()) {
    if (e.maximizing != (e.depth % 2 == 0)) ++wrong_roles;
    if (e.parent != trace.no_parent && trace.nodes()[e.parent].depth + 1 != e.depth) {
      ++wrong_roles;
    }
  }
  CHECK(wrong_roles == 0);
  CHECK(trace.to_dot().size() > 1000000);

  gametree::search_trace shallow(tree, false);
  (void)gametree::alpha_beta(tree, shallow);
  CHECK(shallow.nodes().size() == 5);  // root, leaf, spine node, its leaf, one skipped child
}

TEST_CASE("minimax visits every node and reports open windows") {
  const std::vector<int> leaves{3, 12, 8, 2, 4, 6, 14, 5, 2};
  const gametree::complete_tree tree(leaves, 3);
  gametree::search_trace trace(tree);
  const auto r = gametree::minimax(tree, trace);
  CHECK(r.value == 3);
  CHECK(r.leaves_evaluated == 9);
  CHECK(r.interior_nodes_visited == 4);
  CHECK(r.cutoffs == 0);
  for (const auto& e : trace.nodes()) {
    CHECK_FALSE(e.exit_window.alpha().has_value());
    CHECK_FALSE(e.exit_window.beta().has_value());
  }
}

TEST_CASE("search_trace: a cutoff that skips an interior node, expanded or not") {
  // Root MAX; MIN children A = ([3, 5], [4, 2]) and B = ([1, 2], [7, 8]). A's value is 4, so
  // alpha = 4 at the root; B's first MAX child is worth 2 <= 4, so B cuts and never enters
  // its second child, an interior node with the leaves 7 and 8.
  const std::vector<long long> leaves{3, 5, 4, 2, 1, 2, 7, 8};
  const gametree::complete_tree tree(leaves, 2);
  using trace_type = gametree::search_trace<gametree::complete_tree<long long>>;
  using status = trace_type::status;

  trace_type expanded(tree);
  const auto r = gametree::alpha_beta(tree, expanded);
  CHECK(r.value == 4);
  CHECK(r.leaves_evaluated == 6);
  CHECK(r.cutoffs == 1);
  const auto& nodes = expanded.nodes();
  REQUIRE(nodes.size() == 15);  // the whole tree
  // Entry order: root 0, A 1 (children 2 and 5), B 8, B's first child 9, then the skipped
  // subtree right after B's evaluated part: its second child 12 and that node's leaves.
  CHECK(nodes[8].state == status::cut);
  CHECK(nodes[12].state == status::skipped);
  CHECK(nodes[12].parent == 8);
  CHECK(nodes[12].depth == 2);
  CHECK(nodes[12].maximizing);
  CHECK_FALSE(nodes[12].leaf);
  CHECK_FALSE(nodes[12].value.has_value());
  for (const std::size_t i : {std::size_t{13}, std::size_t{14}}) {
    CHECK(nodes[i].state == status::skipped);
    CHECK(nodes[i].parent == 12);
    CHECK(nodes[i].leaf);
    CHECK_FALSE(nodes[i].maximizing);
  }
  CHECK(nodes[13].value == std::optional<long long>{7});
  CHECK(nodes[14].value == std::optional<long long>{8});
  const std::string dot = expanded.to_dot();
  CHECK_THAT(dot, ContainsSubstring("n12 [label=\"MAX\", shape=box, style=\"dashed\""));
  CHECK_THAT(dot, ContainsSubstring("n12 -> n13 [style=dashed"));
  CHECK_THAT(dot, ContainsSubstring("n13 [label=\"7\", shape=ellipse, style=\"dashed\""));
  CHECK_THAT(dot, ContainsSubstring("value 4, 6 leaves evaluated (#k: order), 2 skipped, "
                                    "1 cutoff\""));

  // Not expanded: B's skipped child is recorded, but nothing below it.
  trace_type shallow(tree, false);
  (void)gametree::alpha_beta(tree, shallow);
  REQUIRE(shallow.nodes().size() == 13);
  CHECK(shallow.nodes()[12].state == status::skipped);
  CHECK(shallow.nodes()[12].parent == 8);
  CHECK_FALSE(shallow.nodes()[12].value.has_value());
  const std::string shallow_dot = shallow.to_dot();
  CHECK_THAT(shallow_dot, ContainsSubstring("n12 [label=\"MAX\", shape=box"));
  CHECK_THAT(shallow_dot,
             ContainsSubstring("value 4, 6 leaves evaluated (#k: order), 1 cutoff\""));
  CHECK_THAT(shallow_dot, !ContainsSubstring("skipped"));
}

TEST_CASE("search_trace: nothing recorded, and a search that stopped on a NaN") {
  const std::vector<int> leaves{1, 2};
  const gametree::complete_tree tree(leaves, 2);
  const gametree::search_trace fresh(tree);
  CHECK(fresh.nodes().empty());
  const std::string empty_dot = fresh.to_dot();
  CHECK(empty_dot.rfind("digraph alpha_beta {\n", 0) == 0);
  CHECK(empty_dot.size() >= 2);
  CHECK(empty_dot.substr(empty_dot.size() - 2) == "}\n");
  CHECK_THAT(empty_dot, !ContainsSubstring("label"));

  // Depth 0 enters, the leaf at depth 1 scores NaN: the root has no value when the search
  // stops, so it is drawn as "?" and the picture gets no summary line.
  const gametree::callback_tree stub(
      0, [](int depth) { return depth == 0 ? 1 : 0; },
      [](int depth, std::size_t) { return depth + 1; }, [](int) { return std::nan(""); });
  gametree::search_trace trace(stub);
  CHECK_THROWS_WITH(gametree::alpha_beta(stub, trace), ContainsSubstring("depth 1 scores NaN"));
  REQUIRE_FALSE(trace.nodes().empty());
  CHECK_FALSE(trace.nodes()[0].value.has_value());
  const std::string dot = trace.to_dot();
  CHECK_THAT(dot, ContainsSubstring("n0 [label=\"MAX = ?\\nin (-\u221e, +\u221e)"));
  CHECK_THAT(dot, !ContainsSubstring("leaves evaluated"));
}

namespace {

// A score whose printed form needs escaping in DOT: "3\ for 3.
struct quoted_score {
  int v = 0;
  friend auto operator<=>(const quoted_score&, const quoted_score&) = default;
  friend std::ostream& operator<<(std::ostream& out, const quoted_score& s) {
    return out << '"' << s.v << '\\';
  }
};

}  // namespace

TEST_CASE("search_trace escapes quotes and backslashes of printed scores") {
  const gametree::callback_tree tree(
      0, [](int node) { return node == 0 ? 2 : 0; },
      [](int, std::size_t i) { return static_cast<int>(i) + 1; },
      [](int node) { return quoted_score{10 * node}; });
  gametree::search_trace trace(tree);
  const auto r = gametree::alpha_beta(tree, trace);
  CHECK(r.value == quoted_score{20});
  const std::string dot = trace.to_dot();
  // The leaf 10 prints as "10\ and must appear in the label as \"10\\ .
  CHECK_THAT(dot, ContainsSubstring("n1 [label=\"\\\"10\\\\\\n#1\""));
  CHECK_THAT(dot, ContainsSubstring("n0 [label=\"MAX = \\\"20\\\\\\nin"));
  CHECK_THAT(dot, ContainsSubstring("label=\"value \\\"20\\\\, 2 leaves evaluated"));
}

TEST_CASE("double scores through minimax, and a root that is a leaf") {
  // One level: the root's value is its largest leaf.
  const auto one = gametree::minimax(std::vector<double>{1.5, -2.0, 3.25}, 3);
  CHECK(one.value == 3.25);
  CHECK(one.leaves_evaluated == 3);
  CHECK(one.best_child == std::optional<std::size_t>{2});
  // Two levels: max(min(1.5, -2), min(3.25, 0.5)) = 0.5.
  const std::vector<double> four{1.5, -2.0, 3.25, 0.5};
  const auto two = gametree::minimax(four, 2);
  CHECK(two.value == 0.5);
  CHECK(two.leaves_evaluated == 4);
  CHECK(two.best_child == std::optional<std::size_t>{1});
  const auto pruned = gametree::alpha_beta(four, 2);
  CHECK(pruned.value == 0.5);
  CHECK(pruned.leaves_evaluated == 4);  // 3.25 > alpha = -2, so the second MIN node goes on

  // A generic tree whose root has no children: its score, one leaf, no best child.
  const gametree::callback_tree single(
      7, [](int) { return 0; }, [](int node, std::size_t) { return node; },
      [](int node) { return 2 * node; });
  for (const auto& r : {gametree::alpha_beta(single), gametree::minimax(single)}) {
    CHECK(r.value == 14);
    CHECK(r.leaves_evaluated == 1);
    CHECK(r.interior_nodes_visited == 0);
    CHECK_FALSE(r.best_child.has_value());
    CHECK(r.nodes_at_depth == std::vector<std::uint64_t>{1});
  }
  const gametree::callback_tree nan_root(
      0, [](int) { return 0; }, [](int node, std::size_t) { return node; },
      [](int) { return std::nan(""); });
  CHECK_THROWS_WITH(gametree::alpha_beta(nan_root), ContainsSubstring("depth 0 scores NaN"));
}

TEST_CASE("minimax of double scores three levels deep") {
  // MAX nodes over the leaf pairs: 0.5, 4, -2.5, 8; MIN nodes: 0.5, -2.5; root: 0.5.
  const std::vector<double> leaves{0.5, -1.0, 2.0, 4.0, -3.0, -2.5, 8.0, 1.0};
  const auto r = gametree::minimax(leaves, 2);
  CHECK(r.value == 0.5);
  CHECK(r.leaves_evaluated == 8);
  CHECK(r.best_child == std::optional<std::size_t>{0});
  CHECK(r.nodes_at_depth == std::vector<std::uint64_t>{1, 2, 4, 8});
}

TEST_CASE("search_trace of double scores: infinities and finite bounds in the picture") {
  // MIN node A over 2.5 and +inf is worth 2.5, so alpha = 2.5; MIN node B meets -inf first,
  // beta = -inf <= alpha: B cuts and the leaf 1 is skipped.
  const std::vector<double> leaves{2.5, inf, -inf, 1.0};
  const gametree::complete_tree tree(leaves, 2);
  gametree::search_trace trace(tree);
  const auto r = gametree::alpha_beta(tree, trace);
  CHECK(r.value == 2.5);
  CHECK(r.leaves_evaluated == 3);
  CHECK(r.cutoffs == 1);
  const auto& nodes = trace.nodes();
  REQUIRE(nodes.size() == 7);
  CHECK(nodes[4].entry_window.alpha() == std::optional<double>{2.5});
  CHECK_FALSE(nodes[4].entry_window.beta().has_value());
  CHECK(nodes[4].exit_window.beta() == std::optional<double>{-inf});
  const std::string dot = trace.to_dot();
  CHECK_THAT(dot, ContainsSubstring("n0 [label=\"MAX = 2.5\\nin (-\u221e, +\u221e)\\nout (2.5, +\u221e)"));
  CHECK_THAT(dot, ContainsSubstring("n1 [label=\"MIN = 2.5\\nin (-\u221e, +\u221e)\\nout (-\u221e, 2.5)"));
  CHECK_THAT(dot, ContainsSubstring("n3 [label=\"\u221e\\n#2\""));
  CHECK_THAT(dot, ContainsSubstring("n4 [label=\"MIN = -\u221e\\nin (2.5, +\u221e)\\nout (2.5, -\u221e)"
                                    "\\n\u03b1 \u2265 \u03b2: cut\""));
  CHECK_THAT(dot, ContainsSubstring("n5 [label=\"-\u221e\\n#3\""));
  CHECK_THAT(dot, ContainsSubstring("n6 [label=\"1\", shape=ellipse"));
  CHECK_THAT(dot, ContainsSubstring("value 2.5, 3 leaves evaluated (#k: order), 1 skipped, "
                                    "1 cutoff\""));
}
