// Alpha-beta against the seed's recursive search (tests/reference: value and leaves
// evaluated) and against plain minimax (value, best child). The first byte picks the tree:
//   bits 0-1  branching 2..5,   bits 2-4  depth 0..6 (lowered until the leaves fit in the
//   input),   bits 5-7  how each following byte becomes a leaf:
//   0 ties (0..2)  1 small (-8..7)  2 int8  3 int64 extremes  4 double with +-inf and -0.0
//   5 double with NaN (must throw tree_shape_error)  6 int extremes
//   7 an irregular tree (1..4 children per node) searched through callback_tree.
// Each search also runs with an observer, which takes the per-leaf path instead of the
// leaf-block path, and the statistics must agree with the observer's counts.
#include <gametree/alpha_beta.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <optional>
#include <span>
#include <vector>

#include "reference/alpha_beta_reference.hpp"

namespace {

namespace ref = gametree_test::reference;

void check(bool ok) {
  if (!ok) std::abort();
}

// Counts what the observer hooks report, to compare with the statistics.
struct counting_observer : gametree::null_search_observer {
  std::uint64_t leaves = 0;
  std::uint64_t entered = 0;
  std::uint64_t cutoffs = 0;
  template <class Node, class Window>
  void on_enter(const Node&, std::size_t, bool, const Window&) noexcept {
    ++entered;
  }
  template <class Node, class Value>
  void on_leaf(const Node&, std::size_t, const Value&) noexcept {
    ++leaves;
  }
  template <class Node>
  void on_cutoff(const Node&, std::size_t, std::size_t, std::size_t) noexcept {
    ++cutoffs;
  }
};

template <class Value>
bool same_value(const Value& a, const Value& b) {
  return a == b;  // -0.0 == 0.0: the searches may return either zero
}

template <class Value>
void check_statistics(const gametree::search_result<Value>& r, const counting_observer& seen) {
  std::uint64_t entered = 0;
  for (const std::uint64_t n : r.nodes_at_depth) entered += n;
  check(entered == r.leaves_evaluated + r.interior_nodes_visited);
  check(seen.entered == entered);
  check(seen.leaves == r.leaves_evaluated);
  check(seen.cutoffs == r.cutoffs);
}

// Both searches on one tree, with and without an observer, against the reference's value,
// leaf count and best child (first child whose minimax value is the root's).
template <class Tree, class Value>
void check_searches(const Tree& tree, const ref::result<Value>& expected,
                    std::optional<std::size_t> best_child, std::uint64_t leaf_count) {
  const auto ab = gametree::alpha_beta(tree);
  check(same_value(ab.value, expected.value));
  check(ab.leaves_evaluated == expected.evaluated);
  check(ab.best_child == best_child);
  counting_observer seen;
  const auto ab_observed = gametree::alpha_beta(tree, seen);
  check(same_value(ab_observed.value, expected.value));
  check(ab_observed.leaves_evaluated == ab.leaves_evaluated);
  check(ab_observed.interior_nodes_visited == ab.interior_nodes_visited);
  check(ab_observed.cutoffs == ab.cutoffs);
  check(ab_observed.nodes_at_depth == ab.nodes_at_depth);
  check_statistics(ab_observed, seen);

  counting_observer all;
  const auto mm = gametree::minimax(tree, all);
  check(same_value(mm.value, expected.value));
  check(mm.leaves_evaluated == leaf_count);
  check(mm.cutoffs == 0);
  check(mm.best_child == best_child);
  check_statistics(mm, all);
}

template <class Value>
void complete(const std::vector<Value>& leaves, std::size_t branching) {
  const auto expected = ref::alpha_beta(leaves, branching);
  check(same_value(expected.value, ref::minimax(leaves, branching)));
  std::optional<std::size_t> best_child;
  if (leaves.size() > 1) {
    const std::size_t width = leaves.size() / branching;
    for (std::size_t i = 0; i < branching && !best_child; ++i) {
      if (ref::minimax_node(leaves, branching, i * width, width, false) == expected.value) {
        best_child = i;
      }
    }
    check(best_child.has_value());
  }
  const auto seed = gametree::alpha_beta(leaves, branching);
  check(same_value(seed.value, expected.value));
  check(seed.leaves_evaluated == expected.evaluated);
  check(same_value(gametree::minimax(leaves, branching).value, expected.value));
  check_searches(gametree::complete_tree(leaves, branching), expected, best_child,
                 leaves.size());
}

template <class Value, class Decode>
void complete_from_bytes(std::span<const std::uint8_t> bytes, std::size_t branching,
                         std::size_t depth, Decode decode) {
  std::size_t count = 1;
  for (std::size_t d = 0; d < depth && count * branching <= bytes.size(); ++d) count *= branching;
  static std::vector<Value> leaves;
  leaves.clear();
  for (std::size_t i = 0; i < count; ++i) {
    leaves.push_back(i < bytes.size() ? decode(bytes[i]) : Value{});
  }
  complete(leaves, branching);
}

// An irregular tree read from the bytes in breadth-first order: byte c makes a node with
// c % 5 children (0: a leaf scoring c / 5 - 25); depth and size are capped.
void irregular(std::span<const std::uint8_t> bytes) {
  constexpr std::size_t max_nodes = 256;
  constexpr std::size_t max_depth = 8;
  static ref::explicit_tree<long long> tree;
  static std::vector<std::size_t> depth;
  tree.children.resize(1);
  tree.children[0].clear();
  tree.score.assign(1, 0);
  depth.assign(1, 0);
  std::size_t next = 0;
  std::uint64_t leaf_count = 0;
  for (std::size_t node = 0; node < tree.score.size(); ++node) {
    const std::uint8_t c = next < bytes.size() ? bytes[next++] : 0;
    std::size_t kids = c % 5U;
    if (depth[node] == max_depth || tree.score.size() + kids > max_nodes) kids = 0;
    if (kids == 0) {
      tree.score[node] = static_cast<long long>(c / 5U) - 25;
      ++leaf_count;
      continue;
    }
    for (std::size_t k = 0; k < kids; ++k) {
      tree.children[node].push_back(tree.score.size());
      if (tree.children.size() <= tree.score.size()) tree.children.emplace_back();
      tree.children[tree.score.size()].clear();
      tree.score.push_back(0);
      depth.push_back(depth[node] + 1);
    }
  }
  tree.children.resize(tree.score.size());
  const auto expected = ref::alpha_beta(tree);
  check(expected.value == ref::minimax(tree));
  std::optional<std::size_t> best_child;
  for (std::size_t i = 0; i < tree.children[0].size() && !best_child; ++i) {
    if (ref::minimax(tree, tree.children[0][i], false) == expected.value) best_child = i;
  }
  // tree is static: the callbacks see it without a capture.
  const gametree::callback_tree view(
      std::size_t{0}, [](std::size_t n) { return tree.children[n].size(); },
      [](std::size_t n, std::size_t i) { return tree.children[n][i]; },
      [](std::size_t n) { return tree.score[n]; });
  check_searches(view, expected, best_child, leaf_count);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0 || size > 4097) return 0;
  const std::size_t branching = 2 + (data[0] & 3U);
  const std::size_t depth = ((data[0] >> 2) & 7U) % 7U;
  const std::span<const std::uint8_t> bytes(data + 1, size - 1);
  constexpr long long lo = std::numeric_limits<long long>::min();
  constexpr long long hi = std::numeric_limits<long long>::max();
  constexpr double inf = std::numeric_limits<double>::infinity();
  switch (data[0] >> 5) {
    case 0:
      complete_from_bytes<long long>(bytes, branching, depth,
                                     [](std::uint8_t c) { return static_cast<long long>(c % 3); });
      break;
    case 1:
      complete_from_bytes<long long>(bytes, branching, depth, [](std::uint8_t c) {
        return static_cast<long long>(c % 16) - 8;
      });
      break;
    case 2:
      complete_from_bytes<long long>(bytes, branching, depth, [](std::uint8_t c) {
        return static_cast<long long>(static_cast<std::int8_t>(c));
      });
      break;
    case 3:
      complete_from_bytes<long long>(bytes, branching, depth, [](std::uint8_t c) {
        constexpr long long table[8] = {lo, lo + 1, -1, 0, 1, hi - 1, hi, lo / 2};
        return table[c % 8];
      });
      break;
    case 4:
      complete_from_bytes<double>(bytes, branching, depth, [](std::uint8_t c) {
        constexpr double table[8] = {-inf, -1.5, -0.0, 0.0, 0.5, 2.0, inf, -2.0};
        return table[c % 8];
      });
      break;
    case 5: {
      std::size_t count = 1;
      for (std::size_t d = 0; d < depth && count * branching <= bytes.size(); ++d) {
        count *= branching;
      }
      std::vector<double> leaves(count, 0.0);
      bool nan = false;
      for (std::size_t i = 0; i < count && i < bytes.size(); ++i) {
        leaves[i] = bytes[i] % 4 == 0 ? std::nan("") : static_cast<double>(bytes[i] % 7) - 3;
        nan = nan || std::isnan(leaves[i]);
      }
      if (!nan) {
        complete(leaves, branching);
        break;
      }
      try {
        (void)gametree::alpha_beta(leaves, branching);
        check(false);
      } catch (const gametree::tree_shape_error&) {
      }
      try {
        (void)gametree::minimax(leaves, branching);
        check(false);
      } catch (const gametree::tree_shape_error&) {
      }
      break;
    }
    case 6:
      complete_from_bytes<int>(bytes, branching, depth, [](std::uint8_t c) {
        constexpr int table[6] = {std::numeric_limits<int>::min(), -1, 0, 1,
                                  std::numeric_limits<int>::max(),
                                  std::numeric_limits<int>::max() - 1};
        return c < 6 * 40 ? table[c % 6] : static_cast<int>(c) - 250;
      });
      break;
    default:
      irregular(bytes);
      break;
  }
  return 0;
}
