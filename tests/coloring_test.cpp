#include <gametree/coloring.hpp>
#include <gametree/level_order.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "reference/coloring_reference.hpp"
#include "support/catch.hpp"

// The suite runs twice (tests/CMakeLists.txt): as a user calls analyze, which picks the walk
// by the tree's size, and with GAMETREE_COLORING_WALK=lookahead, which sends every tree to
// the lookahead walk, so that both walks are checked against the same references. The calls
// below go through these forwarders (qualified lookup finds them before the library's).
namespace walked {
using namespace gametree::coloring;

gametree::coloring::walk walk_under_test() {
  static const gametree::coloring::walk chosen = [] {
    const char* name = std::getenv("GAMETREE_COLORING_WALK");
    if (name == nullptr || std::string_view(name).empty()) return gametree::coloring::walk::automatic;
    if (std::string_view(name) == "lookahead") return gametree::coloring::walk::lookahead;
    if (std::string_view(name) == "depth_first") return gametree::coloring::walk::depth_first;
    throw std::invalid_argument("GAMETREE_COLORING_WALK: not lookahead or depth_first: " + std::string(name));
  }();
  return chosen;
}

template <class Root, class Count, class Label>
auto analyze(const Root& root, Count n, Label x) {
  return gametree::coloring::analyze(root, n, x, walk_under_test());
}
template <class Root, class Count, class Label>
bool second_player_wins(const Root& root, Count n, Label x) {
  return gametree::coloring::second_player_wins(root, n, x, walk_under_test());
}
template <class Root, class Count, class Label>
auto winning_reply(const Root& root, Count n, Label x) {
  return gametree::coloring::winning_reply(root, n, x, walk_under_test());
}
}  // namespace walked

namespace coloring = walked;
using coloring::outcome;
using gametree::binary_node;
using gametree_test::ContainsSubstring;
namespace ref = gametree_test::coloring_ref;

namespace {

// Node shapes users arrive with (see gametree::node_traits): LeetCode's raw-pointer TreeNode,
// the seed's `data` node with owning children, and a shared_ptr node with unsigned values.
struct leet_node {
  int val = 0;
  leet_node* left = nullptr;
  leet_node* right = nullptr;
};

struct seed_node {
  long long data = 0;
  std::unique_ptr<seed_node> left;
  std::unique_ptr<seed_node> right;
};

struct shared_node {
  unsigned value = 0;
  std::shared_ptr<shared_node> left;
  std::shared_ptr<shared_node> right;
};

std::size_t index(int i) { return static_cast<std::size_t>(i); }

// Children before parents, so owning links can be moved up.
std::vector<int> bottom_up(const ref::plain_tree& t) {
  std::vector<int> order = ref::level_order_indices(t);
  std::reverse(order.begin(), order.end());
  return order;
}

std::unique_ptr<binary_node<int>> to_binary_node(const ref::plain_tree& t) {
  std::vector<std::unique_ptr<binary_node<int>>> made(index(t.size()));
  for (int i : bottom_up(t)) {
    auto& m = made[index(i)];
    m = std::make_unique<binary_node<int>>(static_cast<int>(t.value[index(i)]));
    if (t.left[index(i)] >= 0) m->left = std::move(made[index(t.left[index(i)])]);
    if (t.right[index(i)] >= 0) m->right = std::move(made[index(t.right[index(i)])]);
  }
  return t.size() > 0 ? std::move(made[0]) : nullptr;
}

std::unique_ptr<seed_node> to_seed_node(const ref::plain_tree& t) {
  std::vector<std::unique_ptr<seed_node>> made(index(t.size()));
  for (int i : bottom_up(t)) {
    auto& m = made[index(i)];
    m = std::make_unique<seed_node>();
    m->data = t.value[index(i)];
    if (t.left[index(i)] >= 0) m->left = std::move(made[index(t.left[index(i)])]);
    if (t.right[index(i)] >= 0) m->right = std::move(made[index(t.right[index(i)])]);
  }
  return t.size() > 0 ? std::move(made[0]) : nullptr;
}

std::shared_ptr<shared_node> to_shared_node(const ref::plain_tree& t) {
  std::vector<std::shared_ptr<shared_node>> made(index(t.size()));
  for (int i : bottom_up(t)) {
    auto& m = made[index(i)];
    m = std::make_shared<shared_node>();
    m->value = static_cast<unsigned>(t.value[index(i)]);
    if (t.left[index(i)] >= 0) m->left = made[index(t.left[index(i)])];
    if (t.right[index(i)] >= 0) m->right = made[index(t.right[index(i)])];
  }
  return t.size() > 0 ? made[0] : nullptr;
}

// LeetCode nodes live in an arena (a vector that is never resized after linking).
std::vector<leet_node> to_leet_arena(const ref::plain_tree& t) {
  std::vector<leet_node> arena(index(t.size()));
  for (int i = 0; i < t.size(); ++i) {
    leet_node& m = arena[index(i)];
    m.val = static_cast<int>(t.value[index(i)]);
    if (t.left[index(i)] >= 0) m.left = &arena[index(t.left[index(i)])];
    if (t.right[index(i)] >= 0) m.right = &arena[index(t.right[index(i)])];
  }
  return arena;
}

outcome outcome_of_margin(int margin) {
  return margin > 0 ? outcome::win : margin == 0 ? outcome::draw : outcome::loss;
}

int node_with_value(const ref::plain_tree& t, long long v) {
  for (int i = 0; i < t.size(); ++i) {
    if (t.value[index(i)] == v) return i;
  }
  return -1;
}

// Regions of the seed's method as the library names them.
coloring::regions seed_regions_of(const ref::plain_tree& t, long long x) {
  const ref::seed_counts c = ref::seed_regions(t, t.size(), x);
  return coloring::regions{static_cast<std::size_t>(c.left_val), static_cast<std::size_t>(c.right_val),
                           static_cast<std::size_t>(c.node_to_x)};
}

}  // namespace

TEST_CASE("the seed's example: n = 11, x = 3, player 2 wins") {
  const auto root = gametree::parse_level_order<long long>("[1,2,3,4,5,6,7,8,9,10,11]");
  CHECK(coloring::second_player_wins(root, 11, 3));
  const auto a = coloring::analyze(root, 11, 3);
  CHECK(a.sizes == coloring::regions{1, 1, 8});
  CHECK(a.sizes.largest() == 8);
  CHECK(a.result == outcome::win);
  // x's parent 1 walls player 1 into {3, 6, 7}; the seed's reply 2 wins too, by less.
  CHECK(a.best_reply == std::optional<long long>(1));
  CHECK(coloring::winning_reply(root, 11, 3) == std::optional<long long>(1));
  ref::plain_tree t;
  for (int i = 0; i < 11; ++i) t.add_node(i + 1, i == 0 ? -1 : (i - 1) / 2);
  for (int i = 1; i < 11; ++i) (i % 2 == 1 ? t.left : t.right)[index((i - 1) / 2)] = i;
  ref::game_solver game(t);
  CHECK(game.margin_after(2, 0) == 8 - 3);
  CHECK(game.margin_after(2, 1) > 0);
  CHECK(game.best_margin(2) == 8 - 3);
  // Removing 2 leaves {4,8,9}, {5,10,11} and {1,3,6,7}: nobody has more than 5 of 11.
  CHECK(coloring::safe_first_moves(root) == std::vector<long long>{2});
  CHECK_FALSE(coloring::second_player_wins(root, 11, 2));
  CHECK(coloring::winning_reply(root, 11, 2) == std::nullopt);
  CHECK(game.best_margin(1) < 0);
}

TEST_CASE("even n: an equal split is a draw, not a win") {
  SECTION("two nodes") {
    const auto root = gametree::parse_level_order<int>("[1,2]");
    for (int x : {1, 2}) {
      const auto a = coloring::analyze(root, 2, x);
      CHECK(a.result == outcome::draw);
      CHECK(a.best_reply == std::optional<int>(3 - x));
      CHECK_FALSE(coloring::second_player_wins(root, 2, x));
      CHECK(coloring::winning_reply(root, 2, x) == std::nullopt);
    }
    CHECK(coloring::safe_first_moves(root) == std::vector<int>{1, 2});
  }
  SECTION("x at the root of [1,2,3,4]: regions 2 | 1 | 0") {
    const auto root = gametree::parse_level_order<int>("[1,2,3,4]");
    const auto a = coloring::analyze(root, 4, 1);
    CHECK(a.sizes == coloring::regions{2, 1, 0});
    CHECK(a.result == outcome::draw);
    CHECK(a.best_reply == std::optional<int>(2));
    CHECK_FALSE(coloring::second_player_wins(root, 4, 1));
    // The seed's formula, meant for odd n only, calls this a win.
    ref::plain_tree t;
    t.add_node(1, -1);
    t.left[0] = t.add_node(2, 0);
    t.right[0] = t.add_node(3, 0);
    t.left[1] = t.add_node(4, 1);
    CHECK(ref::seed_answer(t, 4, 1));
    CHECK(coloring::safe_first_moves(root) == std::vector<int>{1, 2});
    CHECK(coloring::analyze(root, 4, 3).result == outcome::win);
    CHECK(coloring::analyze(root, 4, 4).result == outcome::win);
    CHECK(coloring::analyze(root, 4, 2).result == outcome::draw);
  }
}

TEST_CASE("a single node: player 2 has no reply and loses") {
  const auto root = gametree::make_node(1);
  const auto a = coloring::analyze(root, 1, 1);
  CHECK(a.sizes == coloring::regions{0, 0, 0});
  CHECK(a.result == outcome::loss);
  CHECK(a.best_reply == std::nullopt);
  CHECK_FALSE(coloring::second_player_wins(root, 1, 1));
  CHECK(coloring::safe_first_moves(root) == std::vector<int>{1});
  const std::unique_ptr<binary_node<int>> empty;
  CHECK(coloring::safe_first_moves(empty).empty());
}

// The comparisons below run hundreds of thousands of times, so they are plain ifs that FAIL
// with the whole context, rather than one Catch assertion each (slow under sanitizers).
#define COLORING_EXPECT(condition, context)                         \
  do {                                                              \
    if (!(condition)) FAIL(#condition << " failed: " << context); \
  } while (false)

TEST_CASE("every tree shape up to 9 nodes and every x agree with the game played out") {
  constexpr int max_nodes = 9;
  std::size_t openings = 0;
  std::size_t wins = 0;
  std::size_t draws = 0;
  std::size_t losses = 0;
  for (int k = 1; k <= max_nodes; ++k) {
    const std::vector<ref::plain_tree> shapes = ref::all_shapes(k);
    for (const ref::plain_tree& t : shapes) {
      ref::game_solver game(t);
      const auto root = to_binary_node(t);
      std::vector<int> safe_by_game;
      for (int xi = 0; xi < k; ++xi) {
        const int x = static_cast<int>(t.value[index(xi)]);
        const int best = game.best_margin(xi);
        const auto a = coloring::analyze(root, k, x);
        const auto context = [&] {
          return "n = " + std::to_string(k) + ", tree " + gametree::to_level_order(root) +
                 ", x = " + std::to_string(x) + ", game margin " + std::to_string(best);
        };
        COLORING_EXPECT(a.result == outcome_of_margin(best), context());
        COLORING_EXPECT(coloring::second_player_wins(root, k, x) == (best > 0), context());
        COLORING_EXPECT(a.sizes == seed_regions_of(t, x), context());
        if (k == 1) {
          COLORING_EXPECT(!a.best_reply.has_value(), context());
        } else {
          // The reply, played out, achieves the best margin player 2 can force.
          COLORING_EXPECT(a.best_reply.has_value(), context());
          const int yi = node_with_value(t, *a.best_reply);
          COLORING_EXPECT(yi >= 0 && yi != xi, context());
          COLORING_EXPECT(game.margin_after(xi, yi) == best, context());
        }
        const std::optional<int> win = coloring::winning_reply(root, k, x);
        COLORING_EXPECT(win.has_value() == (best > 0), context());
        if (win) COLORING_EXPECT(game.margin_after(xi, node_with_value(t, *win)) > 0, context());
        if (best <= 0) safe_by_game.push_back(x);
        ++openings;
        (best > 0 ? wins : best == 0 ? draws : losses) += 1;
      }
      std::sort(safe_by_game.begin(), safe_by_game.end());
      COLORING_EXPECT(coloring::safe_first_moves(root) == safe_by_game,
                      "n = " << k << ", tree " << gametree::to_level_order(root));
    }
  }
  CHECK(openings == 59279);  // sum over k <= 9 of k * Catalan(k)
  // Every result occurs, so none of the comparisons above is vacuous.
  CHECK(wins > 0);
  CHECK(draws > 0);
  CHECK(losses > 0);
}

TEST_CASE("random trees up to 201 nodes agree with the seed's method, any node shape") {
  std::mt19937_64 rng(20240601);
  constexpr int trees = 10000;
  std::size_t compared = 0;
  std::size_t safe_compared = 0;
  std::size_t even_draws = 0;
  for (int trial = 0; trial < trees; ++trial) {
    const int n = std::uniform_int_distribution<int>(1, 201)(rng);
    const ref::plain_tree t = ref::random_tree(n, rng);
    // A few openings per tree: all of them for small trees.
    std::vector<long long> xs;
    if (n <= 24) {
      for (long long x = 1; x <= n; ++x) xs.push_back(x);
    } else {
      for (int i = 0; i < 6; ++i) xs.push_back(std::uniform_int_distribution<long long>(1, n)(rng));
    }
    auto check = [&](const auto& root) {
      for (long long x : xs) {
        const auto context = [&] {
          return "trial " + std::to_string(trial) + ", tree " + gametree::to_level_order(root) +
                 ", x = " + std::to_string(x);
        };
        const coloring::regions expected = seed_regions_of(t, x);
        const auto a = coloring::analyze(root, n, x);
        COLORING_EXPECT(a.sizes == expected, context());
        const bool seed = ref::seed_answer(t, n, x);
        if (n % 2 == 1) {
          COLORING_EXPECT(coloring::second_player_wins(root, n, x) == seed, context());
        } else {
          // The seed counts the even draw as a win; everything else it gets right.
          COLORING_EXPECT(seed == (a.result != outcome::loss), context());
          if (a.result == outcome::draw) ++even_draws;
        }
        ++compared;
      }
      // Centroids, naively: every x whose largest region has at most n/2 nodes.
      if (trial % 10 == 0) {
        std::vector<long long> safe;
        for (long long x = 1; x <= n; ++x) {
          if (2 * seed_regions_of(t, x).largest() <= static_cast<std::size_t>(n)) safe.push_back(x);
        }
        const auto got = coloring::safe_first_moves(root);
        COLORING_EXPECT(std::vector<long long>(got.begin(), got.end()) == safe,
                        "trial " << trial << ", tree " << gametree::to_level_order(root));
        ++safe_compared;
      }
    };
    switch (trial % 4) {
      case 0: check(to_binary_node(t)); break;
      case 1: check(to_seed_node(t)); break;
      case 2: check(to_shared_node(t)); break;
      default: {
        const std::vector<leet_node> arena = to_leet_arena(t);
        const leet_node* root = arena.data();
        check(root);
        break;
      }
    }
  }
  CHECK(compared > 50000);
  CHECK(safe_compared == trees / 10);
  CHECK(even_draws > 0);
}

namespace {

// A chain of n binary_nodes valued 1..n from the root down, built bottom-up without recursion.
enum class chain_kind { left, right, zigzag };

std::unique_ptr<binary_node<int>> make_chain(int n, chain_kind kind) {
  std::unique_ptr<binary_node<int>> below;
  for (int v = n; v >= 1; --v) {
    auto node = std::make_unique<binary_node<int>>(v);
    const bool go_left = kind == chain_kind::left || (kind == chain_kind::zigzag && v % 2 == 1);
    (go_left ? node->left : node->right) = std::move(below);
    below = std::move(node);
  }
  return below;
}

}  // namespace

TEST_CASE("million-node chains: left, right and zigzag", "[deep]") {
  const auto kind = GENERATE(chain_kind::left, chain_kind::right, chain_kind::zigzag);
  const int n = GENERATE(1000000, 1000001);
  const auto root = make_chain(n, kind);
  const auto un = static_cast<std::size_t>(n);
  // Value v sits at depth v - 1: v - 1 nodes above it, n - v below it.
  for (int x : {1, n / 2, n / 2 + 1, n}) {
    const auto a = coloring::analyze(root, n, x);
    const std::size_t above = static_cast<std::size_t>(x) - 1;
    const std::size_t below = un - static_cast<std::size_t>(x);
    const bool below_is_left = kind == chain_kind::left || (kind == chain_kind::zigzag && x % 2 == 1);
    INFO("n = " << n << ", x = " << x);
    CHECK(a.sizes.parent == above);
    CHECK((below_is_left ? a.sizes.left : a.sizes.right) == below);
    CHECK((below_is_left ? a.sizes.right : a.sizes.left) == 0);
    const std::size_t largest = std::max(above, below);
    CHECK(a.result == (2 * largest > un ? outcome::win : 2 * largest == un ? outcome::draw : outcome::loss));
    if (x < n && below >= above) CHECK(a.best_reply == std::optional<int>(x + 1));
    if (x > 1 && above > below) CHECK(a.best_reply == std::optional<int>(x - 1));
    // analyze sends a tree this large to the lookahead walk; the depth-first walk, asked
    // for by name, must manage the same depth and give the same analysis.
    const auto depth_first = gametree::coloring::analyze(root, n, x, gametree::coloring::walk::depth_first);
    CHECK(depth_first.sizes == a.sizes);
    CHECK(depth_first.result == a.result);
    CHECK(depth_first.best_reply == a.best_reply);
  }
  // The middle: one node for odd n, the two middle nodes for even n.
  CHECK(coloring::safe_first_moves(root) ==
        (n % 2 == 1 ? std::vector<int>{(n + 1) / 2} : std::vector<int>{n / 2, n / 2 + 1}));
}

TEST_CASE("a million-node chain of LeetCode raw-pointer nodes", "[deep]") {
  constexpr int n = 1000000;
  std::vector<leet_node> arena(static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < arena.size(); ++i) {
    arena[i].val = static_cast<int>(i + 1);
    if (i + 1 < arena.size()) arena[i].left = &arena[i + 1];
  }
  leet_node* root = arena.data();
  CHECK(coloring::second_player_wins(root, n, 1));
  CHECK(coloring::winning_reply(root, n, 1) == std::optional<int>(2));
  CHECK(coloring::analyze(root, n, n / 2).result == outcome::draw);
  CHECK(coloring::safe_first_moves(root) == std::vector<int>{n / 2, n / 2 + 1});
}

TEST_CASE("integer types: n and x of any integer type, values signed or unsigned") {
  const auto root = gametree::parse_level_order<unsigned short>("[3,1,2]");
  CHECK(coloring::second_player_wins(root, std::size_t{3}, 1));
  CHECK(coloring::second_player_wins(root, 3, static_cast<unsigned char>(2)));
  CHECK_FALSE(coloring::second_player_wins(root, 3LL, short{3}));
  CHECK(coloring::winning_reply(root, 3u, 1) == std::optional<unsigned short>(3));
  CHECK(coloring::safe_first_moves(root) == std::vector<unsigned short>{3});
}

TEST_CASE("bad input: every check and its message") {
  using gametree_test::ContainsSubstring;
  const auto root = gametree::parse_level_order<int>("[1,2,3,4,5]");
  SECTION("n below 1") {
    CHECK_THROWS_WITH(coloring::analyze(root, 0, 1),
                      ContainsSubstring("gametree::coloring: n = 0, but the game needs a node"));
    CHECK_THROWS_AS(coloring::second_player_wins(root, -3, 1), std::invalid_argument);
  }
  SECTION("n is not the number of nodes") {
    CHECK_THROWS_WITH(coloring::second_player_wins(root, 7, 1),
                      ContainsSubstring("n = 7, but the tree has 5 nodes"));
    // A smaller n makes some values out of range; the wrong n is reported, as the cause.
    CHECK_THROWS_WITH(coloring::winning_reply(root, 4, 1),
                      ContainsSubstring("n = 4, but the tree has 5 nodes"));
    const std::unique_ptr<binary_node<int>> empty;
    CHECK_THROWS_WITH(coloring::analyze(empty, 1, 1),
                      ContainsSubstring("n = 1, but the tree has 0 nodes"));
    // A huge n is rejected without allocating n bits, even when a value (here -1, which a
    // 64-bit n would otherwise take for 2^64 - 1) fits under it.
    CHECK_THROWS_WITH(coloring::analyze(root, std::uint64_t{1} << 62, 1),
                      ContainsSubstring("but the tree has 5 nodes"));
    const auto negative = gametree::parse_level_order<long long>("[1,-1,3]");
    CHECK_THROWS_WITH(coloring::analyze(negative, ~std::uint64_t{0}, 1),
                      ContainsSubstring("n = 18446744073709551615, but the tree has 3 nodes"));
    CHECK_THROWS_WITH(coloring::analyze(negative, (std::uint64_t{1} << 26) + 1, 1),
                      ContainsSubstring("but the tree has 3 nodes"));
  }
  SECTION("a value outside 1..n") {
    const auto zero = gametree::parse_level_order<int>("[1,2,0]");
    CHECK_THROWS_WITH(coloring::analyze(zero, 3, 1),
                      ContainsSubstring("node value 0 is outside 1..3 (n = 3; node values must be 1..n)"));
    const auto big = gametree::parse_level_order<int>("[1,9,3]");
    CHECK_THROWS_WITH(coloring::analyze(big, 3, 1), ContainsSubstring("node value 9 is outside 1..3"));
    const auto negative = gametree::parse_level_order<int>("[1,-1,3]");
    CHECK_THROWS_WITH(coloring::analyze(negative, 3, 1),
                      ContainsSubstring("node value -1 is outside 1..3"));
    CHECK_THROWS_WITH(coloring::safe_first_moves(big),
                      ContainsSubstring("node value 9 is outside 1..3 (the tree has 3 nodes"));
  }
  SECTION("unsigned values print as unsigned") {
    const auto huge = gametree::parse_level_order<unsigned long long>("[1,18446744073709551615,3]");
    CHECK_THROWS_WITH(coloring::analyze(huge, 3, 1),
                      ContainsSubstring("node value 18446744073709551615 is outside 1..3"));
  }
  SECTION("more nodes than the first allocation of marks, with a repeated value") {
    // 70000 nodes all labelled 1: the marks never grow past the first 65536, so the check
    // fails on coverage alone, and the second pass names the repeat.
    std::unique_ptr<binary_node<int>> chain;
    for (int i = 0; i < 70000; ++i) chain = gametree::make_node(1, std::move(chain));
    CHECK_THROWS_WITH(coloring::analyze(chain, 70000, 1),
                      ContainsSubstring("node value 1 appears more than once"));
  }
  SECTION("a repeated value") {
    const auto twice = gametree::parse_level_order<int>("[1,2,3,2]");
    CHECK_THROWS_WITH(coloring::second_player_wins(twice, 4, 1),
                      ContainsSubstring("node value 2 appears more than once"));
    CHECK_THROWS_WITH(coloring::safe_first_moves(twice),
                      ContainsSubstring("node value 2 appears more than once"));
  }
  SECTION("x not in the tree") {
    for (int x : {0, 6, -2}) {
      CHECK_THROWS_WITH(coloring::analyze(root, 5, x),
                        ContainsSubstring("x = " + std::to_string(x) + " is not the value of any node"));
    }
  }
  SECTION("every error is a std::invalid_argument") {
    CHECK_THROWS_AS(coloring::analyze(root, 5, 9), std::invalid_argument);
  }
}

TEST_CASE("regions compare member by member") {
  const coloring::regions r{1, 2, 3};
  CHECK(r == coloring::regions{1, 2, 3});
  CHECK_FALSE(r == coloring::regions{0, 2, 3});
  CHECK_FALSE(r == coloring::regions{1, 0, 3});
  CHECK_FALSE(r == coloring::regions{1, 2, 0});
}

TEST_CASE("of two bad values, the first one found is reported") {
  // 5 is outside 1..3 and 2 appears twice; pre-order and post-order both meet 5 before the
  // second 2, so both functions name 5.
  const auto root = gametree::parse_level_order<int>("[2,5,2]");
  const auto names_five = ContainsSubstring("node value 5 is outside 1..3");
  CHECK_THROWS_WITH(coloring::analyze(root, 3, 2), names_five);
  CHECK_THROWS_WITH(coloring::safe_first_moves(root), names_five);
  try {
    (void)coloring::analyze(root, 3, 2);
    FAIL("no exception");
  } catch (const std::invalid_argument& e) {
    CHECK_THAT(e.what(), !ContainsSubstring("more than once"));
  }
}

TEST_CASE("a caterpillar: more right children waiting than the walk's first stack holds") {
  // A left spine 1..100, each spine node i with a right leaf 100 + i: pre-order leaves all
  // 100 leaves waiting at once.
  std::unique_ptr<binary_node<int>> root;
  for (int i = 100; i >= 1; --i) {
    root = gametree::make_node(i, std::move(root), gametree::make_node(100 + i));
  }
  // x = 200, the last leaf: everything else is on the parent side.
  auto a = coloring::analyze(root, 200, 200);
  CHECK(a.sizes == coloring::regions{0, 0, 199});
  CHECK(a.result == outcome::win);
  CHECK(a.best_reply == std::optional<int>{100});
  // x = 1, the root: its left subtree is the other 99 spine nodes and their leaves.
  a = coloring::analyze(root, 200, 1);
  CHECK(a.sizes == coloring::regions{198, 1, 0});
  CHECK(a.result == outcome::win);
  CHECK(a.best_reply == std::optional<int>{2});
  // x = 50: spine 51..100 and their leaves below (100 nodes), 98 above: an even split.
  a = coloring::analyze(root, 200, 50);
  CHECK(a.sizes == coloring::regions{100, 1, 98});
  CHECK(a.result == outcome::draw);
  CHECK(a.best_reply == std::optional<int>{51});
  // Removing spine node i leaves 2 (100 - i) below and 2 i - 2 above: both <= 100 only for
  // i = 50 and 51.
  CHECK(coloring::safe_first_moves(root) == std::vector<int>{50, 51});
}

TEST_CASE("a complete tree of 4095 nodes: the walks' stacks grow past their first size") {
  // Labels 1..4095 in level order, so node k has children 2k and 2k + 1, and the subtree of
  // a node at depth d holds 2^(12 - d) - 1 nodes. Built level by level, without recursion.
  constexpr int n = 4095;
  std::vector<std::unique_ptr<binary_node<int>>> nodes(n + 1);
  for (int k = n; k >= 1; --k) {
    nodes[static_cast<std::size_t>(k)] = gametree::make_node(
        k, 2 * k <= n ? std::move(nodes[static_cast<std::size_t>(2 * k)]) : nullptr,
        2 * k + 1 <= n ? std::move(nodes[static_cast<std::size_t>(2 * k + 1)]) : nullptr);
  }
  const std::unique_ptr<binary_node<int>> root = std::move(nodes[1]);
  // The root: two subtrees of 2047, nothing above; an even split is impossible (n odd), and
  // neither side has more than half.
  auto a = coloring::analyze(root, n, 1);
  CHECK(a.sizes == coloring::regions{2047, 2047, 0});
  CHECK(a.result == outcome::loss);
  // Node 2 (depth 1): 1023 + 1023 below, 2048 above, more than half.
  a = coloring::analyze(root, n, 2);
  CHECK(a.sizes == coloring::regions{1023, 1023, 2048});
  CHECK(a.result == outcome::win);
  CHECK(a.best_reply == std::optional<int>{1});
  // Node 3000, a leaf.
  a = coloring::analyze(root, n, 3000);
  CHECK(a.sizes == coloring::regions{0, 0, 4094});
  CHECK(a.best_reply == std::optional<int>{1500});
  CHECK(coloring::safe_first_moves(root) == std::vector<int>{1});
}
