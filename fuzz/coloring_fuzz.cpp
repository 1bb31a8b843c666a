// The coloring game against the game itself, played out exhaustively (tests/reference:
// game_solver, trees of 1..10 nodes), and against the seed's region counts.
//   byte 0: n = 1 + byte % 10; byte 1: labels (bit 0: level order 1..n, else shuffled by the
//   input) and, in bits 1-3, a mistake to make: none (0-3), a wrong n, a label outside 1..n, a
//   repeated label, an x that is no node's label; byte 2: the size of the mistake; then one
//   byte per node placing it in a free child slot, then the shuffle.
// The solver (built without sanitizers: coloring_oracle.cpp) is asked once per shape.
// For every x, analyze's regions, outcome and best reply, and for one x second_player_wins
// and winning_reply, must match the solver; safe_first_moves must be exactly the x after which
// player 2 cannot win. A mistake must make analyze (and, for labels, safe_first_moves) throw
// std::invalid_argument starting "gametree::coloring: ". For every input, valid or not,
// analyze's depth-first and lookahead walks must make the same pass (same_pass).
#include <gametree/binary_tree.hpp>
#include <gametree/coloring.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <utility>
#include <vector>

#include "coloring_oracle.hpp"
#include "reference/coloring_reference.hpp"

namespace {

namespace ref = gametree_test::coloring_ref;
namespace coloring = gametree::coloring;
using node = gametree::binary_node<long long>;

void check(bool ok) {
  if (!ok) std::abort();
}

class byte_reader {
 public:
  byte_reader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  std::uint8_t next() { return pos_ < size_ ? data_[pos_++] : 0; }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

template <class F>
void expect_invalid(F f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    check(std::string_view(e.what()).starts_with("gametree::coloring: "));
    return;
  }
  check(false);
}

// Nodes of t below and including i.
int subtree_size(const ref::plain_tree& t, int i) {
  if (i < 0) return 0;
  const auto u = static_cast<std::size_t>(i);
  return 1 + subtree_size(t, t.left[u]) + subtree_size(t, t.right[u]);
}

int index_of(const ref::plain_tree& t, long long value) {
  for (int i = 0; i < t.size(); ++i) {
    if (t.value[static_cast<std::size_t>(i)] == value) return i;
  }
  return -1;
}

// The solver's answers for one shape (they do not depend on the labels), remembered per
// shape: there are only 23,713 shapes of 1..10 nodes. The table is allocated once, so that
// remembering a shape does not look like a leak to libFuzzer (which then scans the heap).
const coloring_oracle::solved_shape& solve_shape(const ref::plain_tree& t) {
  std::uint64_t key = static_cast<std::uint64_t>(t.size());  // never 0: a free slot
  for (std::size_t i = 1; i < t.value.size(); ++i) {
    const auto parent = static_cast<std::uint64_t>(t.parent[i]);
    const std::uint64_t right =
        t.right[static_cast<std::size_t>(t.parent[i])] == static_cast<int>(i) ? 1 : 0;
    key |= (parent << 1 | right) << (4 + 5 * (i - 1));
  }
  struct slot {
    std::uint64_t key = 0;
    coloring_oracle::solved_shape solved;
  };
  constexpr std::size_t capacity = std::size_t{1} << 16;  // open addressing, linear probing
  static std::vector<slot> table(capacity);
  std::size_t i = static_cast<std::size_t>((key * 0x9e3779b97f4a7c15ULL) >> 48);
  while (table[i].key != 0 && table[i].key != key) i = (i + 1) % capacity;
  if (table[i].key == 0) {
    table[i].key = key;
    table[i].solved = coloring_oracle::solve(t);
  }
  return table[i].solved;
}

void valid_game(const ref::plain_tree& t, const std::unique_ptr<node>& root, int wrapped_x) {
  const int n = t.size();
  const coloring_oracle::solved_shape& solved = solve_shape(t);
  const auto margin_after = [&solved](int x, int y) {
    return solved.margin_after[static_cast<std::size_t>(x)][static_cast<std::size_t>(y)];
  };
  static std::vector<long long> safe;
  safe.clear();
  for (int i = 0; i < n; ++i) {
    const auto u = static_cast<std::size_t>(i);
    const long long x = t.value[u];
    const int margin = solved.best_margin[u];
    const coloring::outcome expected = margin > 0    ? coloring::outcome::win
                                       : margin == 0 ? coloring::outcome::draw
                                                     : coloring::outcome::loss;
    if (margin <= 0) safe.push_back(x);

    const auto a = coloring::analyze(root, n, x);
    check(a.result == expected);
    check(a.sizes.left == static_cast<std::size_t>(subtree_size(t, t.left[u])));
    check(a.sizes.right == static_cast<std::size_t>(subtree_size(t, t.right[u])));
    check(a.sizes.left + a.sizes.right + a.sizes.parent + 1 == static_cast<std::size_t>(n));
    const ref::seed_counts seed = ref::seed_regions(t, n, x);
    check(static_cast<long long>(a.sizes.left) == seed.left_val);
    check(static_cast<long long>(a.sizes.right) == seed.right_val);
    check(static_cast<long long>(a.sizes.parent) == seed.node_to_x);
    if (n % 2 == 1) check(ref::seed_answer(t, n, x) == (margin > 0));
    // The best reply is a neighbour of x that achieves the best margin.
    check(a.best_reply.has_value() == (n > 1));
    if (a.best_reply) {
      const int y = index_of(t, *a.best_reply);
      check(y >= 0 && y != i);
      check(t.left[u] == y || t.right[u] == y || t.parent[u] == y);
      check(margin_after(i, y) == margin);
    }

    // The wrappers (and other integer types for n and x) for one x, to save allocations.
    if (i != wrapped_x) continue;
    check(coloring::second_player_wins(root, static_cast<std::size_t>(n), x) == (margin > 0));
    const std::optional<long long> reply =
        coloring::winning_reply(root, static_cast<short>(n), static_cast<std::uint64_t>(x));
    check(reply.has_value() == (margin > 0));
    if (reply) check(margin_after(i, index_of(t, *reply)) > 0);
  }
  std::sort(safe.begin(), safe.end());
  check(coloring::safe_first_moves(root) == safe);
}

// analyze's two walks, depth-first and lookahead (it picks one by the tree's size in bytes),
// must make the same pass over any tree: the same node count and label check and, when the
// labels are valid (so that x names one node), the same x, parent and subtree sizes.
void same_pass(const std::unique_ptr<node>& root, long long n, long long x) {
  namespace detail = gametree::detail;
  if (n < 1) return;
  const auto index = detail::coloring_index(x);
  detail::coloring_labels depth_first_labels(static_cast<std::uint64_t>(n));
  const auto depth_first = detail::scan_around(root.get(), index, depth_first_labels);
  detail::coloring_labels lookahead_labels(static_cast<std::uint64_t>(n));
  const auto lookahead = detail::coloring_scan_lookahead(root.get(), index, lookahead_labels);
  check(depth_first.count == lookahead.count);
  const bool labels_ok = depth_first_labels.all_seen();
  check(lookahead_labels.all_seen() == labels_ok);
  if (!labels_ok) return;
  check(depth_first.x_node == lookahead.x_node);
  check(depth_first.x_parent == lookahead.x_parent);
  check(depth_first.left == lookahead.left);
  check(depth_first.right == lookahead.right);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  byte_reader in(data, size);
  const int n = 1 + in.next() % 10;
  const std::uint8_t options = in.next();
  const std::uint8_t amount = in.next();

  // Statics keep their capacity between runs: fewer allocations, which ASan makes costly.
  static ref::plain_tree t;
  t.left.clear();
  t.right.clear();
  t.parent.clear();
  t.value.clear();
  t.add_node(0, -1);
  static std::vector<std::pair<int, bool>> slots;  // (node, is right)
  slots.assign({{0, false}, {0, true}});
  for (int i = 1; i < n; ++i) {
    const std::size_t s = in.next() % slots.size();
    const auto [p, is_right] = slots[s];
    slots.erase(slots.begin() + static_cast<std::ptrdiff_t>(s));
    const int c = t.add_node(0, p);
    (is_right ? t.right : t.left)[static_cast<std::size_t>(p)] = c;
    slots.emplace_back(c, false);
    slots.emplace_back(c, true);
  }
  ref::label_in_level_order(t);
  if ((options & 1U) != 0) {
    for (std::size_t i = t.value.size(); i-- > 1;) {
      std::swap(t.value[i], t.value[in.next() % (i + 1)]);
    }
  }

  // Mistakes: 4 wrong n, 5 a label outside 1..n, 6 a repeated label, 7 an unknown x.
  const unsigned mistake = (options >> 1) & 7U;
  long long n_given = n;
  long long x = t.value[amount % t.value.size()];
  if (mistake == 4) {
    n_given = amount < 128 ? n + 1 + amount % 4 : static_cast<long long>(amount % 8) - 7 + n - 1;
    if (amount >= 250) n_given = std::numeric_limits<long long>::max() - (amount - 250);
  } else if (mistake == 5) {
    constexpr long long bad[] = {0, -1, std::numeric_limits<long long>::min(),
                                 std::numeric_limits<long long>::max()};
    t.value[amount % t.value.size()] = amount < 64 ? bad[amount % 4] : n + 1 + amount % 3;
  } else if (mistake == 6 && n > 1) {
    const std::size_t i = amount % t.value.size();
    t.value[i] = t.value[(i + 1 + amount / 16 % (t.value.size() - 1)) % t.value.size()];
  } else if (mistake == 7) {
    x = amount < 128 ? n + 1 + amount % 5 : -static_cast<long long>(amount % 3);
  }

  // The library's tree: node i of t, created in index order (a parent precedes its children).
  std::unique_ptr<node> root = std::make_unique<node>(t.value[0]);
  static std::vector<node*> nodes;
  nodes.assign(1, root.get());
  for (int i = 1; i < n; ++i) {
    const auto u = static_cast<std::size_t>(i);
    node& parent = *nodes[static_cast<std::size_t>(t.parent[u])];
    auto& slot = t.left[static_cast<std::size_t>(t.parent[u])] == i ? parent.left : parent.right;
    slot = std::make_unique<node>(t.value[u]);
    nodes.push_back(slot.get());
  }

  static std::vector<long long> sorted;
  sorted.assign(t.value.begin(), t.value.end());
  std::sort(sorted.begin(), sorted.end());
  bool labels_ok = true;
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    labels_ok = labels_ok && sorted[i] == static_cast<long long>(i + 1);
  }
  const bool x_ok = std::find(t.value.begin(), t.value.end(), x) != t.value.end();
  same_pass(root, n_given, x);
  if (labels_ok && x_ok && n_given == n) {
    valid_game(t, root, amount % n);
    return 0;
  }
  expect_invalid([&] { (void)coloring::analyze(root, n_given, x); });
  expect_invalid([&] { (void)coloring::second_player_wins(root, n_given, x); });
  if (!labels_ok) {
    expect_invalid([&] { (void)coloring::safe_first_moves(root); });
  } else {
    check(coloring::safe_first_moves(root).size() >= 1);
  }
  return 0;
}
