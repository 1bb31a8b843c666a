#include <gametree/level_order.hpp>

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "reference/node_shapes.hpp"
#include "reference/tree_oracles.hpp"
#include "support/catch.hpp"

using gametree::binary_node;
using gametree::make_node;
using gametree::parse_error;
using gametree::parse_level_order;
using gametree::to_level_order;
using gametree_test::ContainsSubstring;
using gametree_test::int_tree;

TEST_CASE("canonical examples parse into the right shape and print back") {
  SECTION("empty tree") {
    CHECK(parse_level_order<int>("[]") == nullptr);
    CHECK(parse_level_order<int>(" [ \n ] \r\n") == nullptr);
    CHECK(to_level_order(int_tree{}) == "[]");
    const binary_node<int>* none = nullptr;
    CHECK(to_level_order(none) == "[]");
  }
  SECTION("[1,null,2,3]: 2 is the right child of 1, 3 the left child of 2") {
    const int_tree t = parse_level_order<int>("[1,null,2,3]");
    CHECK(*t == *make_node(1, nullptr, make_node(2, make_node(3))));
    CHECK(to_level_order(t) == "[1,null,2,3]");
  }
  SECTION("children of missing nodes are not listed") {
    const int_tree t = parse_level_order<int>("[5,4,8,11,null,13,4,7,2,null,null,5,1]");
    const int_tree expected =
        make_node(5, make_node(4, make_node(11, make_node(7), make_node(2))),
                  make_node(8, make_node(13), make_node(4, make_node(5), make_node(1))));
    CHECK(*t == *expected);
    CHECK(to_level_order(t) == "[5,4,8,11,null,13,4,7,2,null,null,5,1]");
  }
  SECTION("seed 001's complete tree") {
    const int_tree t = parse_level_order<int>("[1,2,3,4,5,6,7,8,9,10,11]");
    CHECK(gametree::count_nodes(t) == 11);
    CHECK(gametree::tree_height(t) == 4);
    CHECK(t->left->right->right->value == 11);
  }
  SECTION("any whitespace between tokens; output has none") {
    const int_tree t = parse_level_order<int>(" \t[ 1 ,\tnull,\r\n2\n,   3 ]\r\n");
    CHECK(to_level_order(t) == "[1,null,2,3]");
  }
  SECTION("trailing nulls are trimmed; surplus nulls are accepted") {
    CHECK(to_level_order(parse_level_order<int>("[1,2,null,null,null]")) == "[1,2]");
    CHECK(to_level_order(parse_level_order<int>("[1,null,null,null,null,null]")) == "[1]");
    CHECK(to_level_order(parse_level_order<int>("[1,2,3,null,null,null,null]")) == "[1,2,3]");
    CHECK(parse_level_order<int>("[null]") == nullptr);
    CHECK(parse_level_order<int>("[null,null]") == nullptr);
  }
  SECTION("signs") {
    CHECK(to_level_order(parse_level_order<int>("[+7,-0,-12]")) == "[7,0,-12]");
  }
}

TEST_CASE("integer values use T's whole range and nothing beyond") {
  CHECK(to_level_order(parse_level_order<int>("[-2147483648,2147483647]")) ==
        "[-2147483648,2147483647]");
  CHECK(to_level_order(parse_level_order<long long>("[2147483648,-9223372036854775808]")) ==
        "[2147483648,-9223372036854775808]");
  CHECK(to_level_order(parse_level_order<long long>("[9223372036854775807]")) ==
        "[9223372036854775807]");
  CHECK_THROWS_WITH(parse_level_order<long long>("[1,9223372036854775808]"),
                    ContainsSubstring("'9223372036854775808' is out of range") &&
                        ContainsSubstring("at offset 3"));
  CHECK_THROWS_WITH(parse_level_order<unsigned>("[1,-1]"),
                    ContainsSubstring("expected a node value of type unsigned int, found '-1'"));
  CHECK_THROWS_WITH(parse_level_order<short>("[32768]"),
                    ContainsSubstring("-32768 to 32767"));
}

TEST_CASE("floating-point values print in the shortest form that reads back exactly") {
  const auto t = parse_level_order<double>("[0.1,-2.5e-3,1e300,null,3,5e-324,-0,inf]");
  CHECK(to_level_order(t) == "[0.1,-0.0025,1e+300,null,3,5e-324,-0,inf]");
  CHECK(to_level_order(parse_level_order<float>("[0.1,16777216]")) == "[0.1,16777216]");

  std::mt19937_64 rng(7);
  for (int round = 0; round < 2000; ++round) {
    auto tree = make_node(0.0, make_node(0.0), make_node(0.0));
    for (binary_node<double>* n : {tree.get(), tree->left.get(), tree->right.get()}) {
      do {
        n->value = std::bit_cast<double>(rng());
      } while (!std::isfinite(n->value));
    }
    const std::string text = to_level_order(tree);
    const auto back = parse_level_order<double>(text);
    REQUIRE(std::bit_cast<std::uint64_t>(back->value) == std::bit_cast<std::uint64_t>(tree->value));
    REQUIRE(std::bit_cast<std::uint64_t>(back->left->value) ==
            std::bit_cast<std::uint64_t>(tree->left->value));
    REQUIRE(std::bit_cast<std::uint64_t>(back->right->value) ==
            std::bit_cast<std::uint64_t>(tree->right->value));
  }
}

namespace {

// Checks that parsing text as int throws a parse_error at offset with message_part.
void check_error(const std::string& text, std::size_t offset, const std::string& message_part) {
  INFO("input: " << text);
  try {
    (void)parse_level_order<int>(text);
    FAIL("no exception");
  } catch (const parse_error& e) {
    CHECK(e.offset() == offset);
    CHECK_THAT(e.what(), ContainsSubstring(message_part) &&
                             ContainsSubstring("at offset " + std::to_string(offset)));
  }
}

}  // namespace

TEST_CASE("every malformed input is a parse_error naming the problem and the offset") {
  SECTION("missing brackets") {
    check_error("", 0, "expected '[' at the start of a level-order tree, found end of input");
    check_error("1,2]", 0, "expected '[' at the start of a level-order tree, found '1'");
    check_error("  (1)", 2, "expected '[' at the start of a level-order tree, found '(1)'");
    check_error("[1,2", 4, "expected ']' or ',' after a tree element, found end of input");
    check_error("[", 1, "expected a node value of type int or 'null', found end of input");
    check_error("[1 2]", 3, "expected ']' or ',' after a tree element, found '2'");
    check_error("[1,[2]]", 3, "expected a node value of type int or 'null', found '['");
  }
  SECTION("empty element") {
    check_error("[1,,2]", 3, "expected a node value of type int or 'null', found ','");
    check_error("[,1]", 1, "expected a node value of type int or 'null', found ','");
    check_error("[1,]", 3, "expected a node value of type int or 'null', found ']'");
    check_error("[1, \t,2]", 5, "found ','");
  }
  SECTION("garbage") {
    check_error("[1,x]", 3, "expected a node value of type int, found 'x'");
    check_error("[1,nul]", 3, "expected a node value of type int, found 'nul'");
    check_error("[1,Null]", 3, "found 'Null'");
    check_error("[1,2.5]", 3, "found '2.5'");
    check_error("[1,0x10]", 3, "found '0x10'");
    check_error("[1, -]", 4, "found '-'");
  }
  SECTION("trailing text after ']'") {
    check_error("[1] x", 4, "unexpected 'x' after the closing ']'");
    check_error("[][]", 2, "unexpected '[' after the closing ']'");
    check_error("[1,2]]", 5, "unexpected ']' after the closing ']'");
  }
  SECTION("out of range for T: no silent wrap") {
    check_error("[1,2147483648]", 3,
                "number '2147483648' is out of range for a node value of type int "
                "(-2147483648 to 2147483647)");
    check_error("[-2147483649]", 1, "'-2147483649' is out of range");
    check_error("[99999999999999999999999]", 1, "out of range");
  }
  SECTION("a value when every node's children are already listed") {
    check_error("[1,null,null,2]", 13, "unexpected value '2': every node's children are already listed");
    check_error("[null,1]", 6, "unexpected value '1'");
    check_error("[1,2,null,null,null,3]", 20, "unexpected value '3'");
  }
  SECTION("floating point: NaN is refused") {
    CHECK_THROWS_WITH(parse_level_order<double>("[1,nan]"),
                      ContainsSubstring("NaN is not allowed") && ContainsSubstring("offset 3"));
    CHECK_THROWS_WITH(parse_level_order<double>("[1,1e999]"), ContainsSubstring("out of range"));
    CHECK_THROWS_WITH(parse_level_order<double>("[1,x]"),
                      ContainsSubstring("expected a node value of type double, found 'x'"));
  }
  SECTION("parse_error is a std::invalid_argument") {
    CHECK_THROWS_AS(parse_level_order<int>("[1,,2]"), std::invalid_argument);
  }
}

TEST_CASE("round trip and naive reference agree on 10^4 random trees") {
  std::mt19937_64 rng(0x5eed'1e7e'0de1);
  std::uniform_int_distribution<int> pick_size(0, 60);
  for (int round = 0; round < 10'000; ++round) {
    const std::size_t n = static_cast<std::size_t>(pick_size(rng));
    const int lo = round % 2 == 0 ? -1000 : std::numeric_limits<int>::min();
    const int hi = round % 2 == 0 ? 1000 : std::numeric_limits<int>::max();
    const int_tree tree = gametree_test::random_tree(rng, n, lo, hi);
    const std::string text = to_level_order(tree);
    REQUIRE(text == gametree_test::naive_print(tree.get()));
    const int_tree back = parse_level_order<int>(text);
    REQUIRE(gametree::trees_equal(back, tree));
    REQUIRE(to_level_order(back) == text);

    // The same elements with random whitespace and the untrimmed nulls LeetCode sometimes
    // shows, parsed against the naive queue-based builder.
    std::vector<std::optional<int>> elements;
    {
      std::vector<const binary_node<int>*> order{tree.get()};
      for (std::size_t i = 0; i < order.size(); ++i) {
        if (order[i] == nullptr) {
          elements.emplace_back();
          continue;
        }
        elements.emplace_back(order[i]->value);
        order.push_back(order[i]->left.get());
        order.push_back(order[i]->right.get());
      }
    }
    static const char* const spaces[] = {"", " ", "\t", "\r\n", "\n  "};
    std::uniform_int_distribution<int> pick_space(0, 4);
    std::string loose = spaces[pick_space(rng)];
    loose += '[';
    for (std::size_t i = 0; i < elements.size(); ++i) {
      if (i > 0) loose += std::string(spaces[pick_space(rng)]) + ",";
      loose += spaces[pick_space(rng)];
      loose += elements[i] ? std::to_string(*elements[i]) : "null";
    }
    loose += std::string(spaces[pick_space(rng)]) + "]" + spaces[pick_space(rng)];
    const int_tree loose_tree = parse_level_order<int>(loose);
    REQUIRE(gametree::trees_equal(loose_tree, gametree_test::naive_build(elements)));
    REQUIRE(gametree::trees_equal(loose_tree, tree));
  }
}

TEST_CASE("10^6-node chains go through parse, traversal, print and destruction", "[deep]") {
  constexpr std::size_t n = 1'000'000;
  const auto kind = GENERATE(gametree_test::chain_kind::left, gametree_test::chain_kind::right,
                             gametree_test::chain_kind::zigzag);
  const std::string text = gametree_test::chain_text(n, kind);
  int_tree tree = parse_level_order<int>(text);
  CHECK(gametree::count_nodes(tree) == n);
  CHECK(gametree::tree_height(tree) == n);
  std::size_t in_order = 0;
  gametree::detail::for_each_postorder(tree.get(), [&](binary_node<int>& node, std::size_t d) {
    in_order += static_cast<std::size_t>(node.value) == d + 1;
  });
  CHECK(in_order == n);
  CHECK(to_level_order(tree) == text);
  tree.reset();
}

TEST_CASE("to_level_order prints any node shape") {
  const int_tree source = parse_level_order<int>("[1,2,3,null,null,4,5,6,null,null,7]");
  const std::string expected = "[1,2,3,null,null,4,5,6,null,null,7]";
  using namespace gametree_test;
  SECTION("val, raw") {
    shape_tree<val_node<raw_link>> t(source.get());
    CHECK(to_level_order(t.root()) == expected);
    const val_node<raw_link>* const_root = t.root();
    CHECK(to_level_order(const_root) == expected);
  }
  SECTION("data, unique_ptr") {
    shape_tree<data_node<unique_link>> t(source.get());
    CHECK(to_level_order(t.root_link()) == expected);
  }
  SECTION("value (double), shared_ptr") {
    shape_tree<value_node<shared_link>> t(source.get());
    CHECK(to_level_order(t.root_link()) == expected);
    t.root()->value = 0.5;
    CHECK(to_level_order(t.root()) == "[0.5,2,3,null,null,4,5,6,null,null,7]");
  }
  SECTION("index-based pool, adapted through node_traits") {
    pool_tree pool;
    fill_pool_tree(pool, source.get());
    CHECK(to_level_order(&pool.nodes[0]) == expected);
  }
}
