#pragma once
// Oracles for the binary-tree coloring game (seed 001), independent of the library:
//  - plain_tree: a binary tree as index arrays, so the oracles share no code with the library;
//  - all_shapes(k): every binary tree shape with k nodes (Catalan(k) of them);
//  - game_solver: the game itself played out exhaustively (minimax over colorings);
//  - seed_regions / seed_answer: the seed's recursive method, ported as written.
// Everything here may recurse: it is only ever run on small trees (the solver on n <= 12, the
// seed method on trees a few hundred nodes deep at most).

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

namespace gametree_test::coloring_ref {

/// A binary tree as arrays: node i has children left[i], right[i] and parent parent[i] (-1 for
/// none) and the label value[i]. Node 0 is the root of a non-empty tree.
struct plain_tree {
  std::vector<int> left;
  std::vector<int> right;
  std::vector<int> parent;
  std::vector<long long> value;

  [[nodiscard]] int size() const { return static_cast<int>(left.size()); }

  int add_node(long long v, int parent_index) {
    left.push_back(-1);
    right.push_back(-1);
    parent.push_back(parent_index);
    value.push_back(v);
    return size() - 1;
  }
};

/// The nodes of t in level order (breadth first, left before right).
inline std::vector<int> level_order_indices(const plain_tree& t) {
  std::vector<int> order;
  if (t.size() == 0) return order;
  order.push_back(0);
  for (std::size_t i = 0; i < order.size(); ++i) {
    const int v = order[i];
    if (t.left[static_cast<std::size_t>(v)] >= 0) order.push_back(t.left[static_cast<std::size_t>(v)]);
    if (t.right[static_cast<std::size_t>(v)] >= 0) order.push_back(t.right[static_cast<std::size_t>(v)]);
  }
  return order;
}

/// Relabels t so that the values are 1..n in level order.
inline void label_in_level_order(plain_tree& t) {
  const std::vector<int> order = level_order_indices(t);
  for (std::size_t i = 0; i < order.size(); ++i) {
    t.value[static_cast<std::size_t>(order[i])] = static_cast<long long>(i + 1);
  }
}

namespace detail {

// Copies shape s (rooted at its node 0) under node `parent` of t as its left or right child;
// returns the index of the copied root.
inline int graft(plain_tree& t, const plain_tree& s, int s_node, int parent) {
  const int here = t.add_node(0, parent);
  const auto i = static_cast<std::size_t>(s_node);
  if (s.left[i] >= 0) {
    const int c = graft(t, s, s.left[i], here);
    t.left[static_cast<std::size_t>(here)] = c;
  }
  if (s.right[i] >= 0) {
    const int c = graft(t, s, s.right[i], here);
    t.right[static_cast<std::size_t>(here)] = c;
  }
  return here;
}

}  // namespace detail

/// Every binary tree shape with k nodes, labelled 1..k in level order. There are Catalan(k):
/// 1, 1, 2, 5, 14, 42, 132, 429, 1430, 4862, 16796 for k = 0..10.
inline std::vector<plain_tree> all_shapes(int k) {
  std::vector<std::vector<plain_tree>> by_size(static_cast<std::size_t>(k) + 1);
  by_size[0].push_back(plain_tree{});
  for (int m = 1; m <= k; ++m) {
    auto& out = by_size[static_cast<std::size_t>(m)];
    for (int l = 0; l < m; ++l) {
      for (const plain_tree& a : by_size[static_cast<std::size_t>(l)]) {
        for (const plain_tree& b : by_size[static_cast<std::size_t>(m - 1 - l)]) {
          plain_tree t;
          t.add_node(0, -1);
          if (a.size() > 0) t.left[0] = detail::graft(t, a, 0, 0);
          if (b.size() > 0) t.right[0] = detail::graft(t, b, 0, 0);
          out.push_back(std::move(t));
        }
      }
    }
  }
  std::vector<plain_tree> result = std::move(by_size[static_cast<std::size_t>(k)]);
  for (plain_tree& t : result) label_in_level_order(t);
  return result;
}

/// A random tree of n nodes: each new node takes a uniformly chosen free child slot of the
/// nodes so far, which gives bushy and stringy shapes alike. Values are a random
/// permutation of 1..n.
inline plain_tree random_tree(int n, std::mt19937_64& rng) {
  plain_tree t;
  if (n == 0) return t;
  t.add_node(0, -1);
  std::vector<std::pair<int, bool>> slots{{0, false}, {0, true}};  // (node, is right)
  for (int i = 1; i < n; ++i) {
    std::uniform_int_distribution<std::size_t> pick(0, slots.size() - 1);
    const std::size_t s = pick(rng);
    const auto [p, is_right] = slots[s];
    slots[s] = slots.back();
    slots.pop_back();
    const int c = t.add_node(0, p);
    (is_right ? t.right : t.left)[static_cast<std::size_t>(p)] = c;
    slots.emplace_back(c, false);
    slots.emplace_back(c, true);
  }
  std::vector<long long> labels(static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < labels.size(); ++i) labels[i] = static_cast<long long>(i + 1);
  std::shuffle(labels.begin(), labels.end(), rng);
  t.value = labels;
  return t;
}

/// The coloring game played out exhaustively, by the rules as stated in the seed and nothing
/// more: after red x and blue y, red moves first; a move colors an uncolored neighbour (left
/// child, right child or parent) of one of the mover's nodes; a player passes only when no
/// such move exists; the game ends when both players have passed in a row; each player
/// maximises (own nodes - other's nodes). Nothing from the region argument is used.
///
/// A state is (red set, blue set, player to move, whether the previous player passed),
/// memoised in a table indexed by the base-3 coloring code, so all (x, y) openings of one tree
/// share it. Trees of up to 12 nodes.
class game_solver {
 public:
  explicit game_solver(const plain_tree& t) : n_(t.size()), neighbours_(static_cast<std::size_t>(n_)) {
    assert(n_ >= 1 && n_ <= 12);
    for (int i = 0; i < n_; ++i) {
      const auto u = static_cast<std::size_t>(i);
      for (int v : {t.left[u], t.right[u], t.parent[u]}) {
        if (v >= 0) neighbours_[u] |= 1u << v;
      }
    }
    // reach_[S] = every node adjacent to some node of S.
    reach_.assign(std::size_t{1} << n_, 0);
    for (std::uint32_t s = 1; s < reach_.size(); ++s) {
      const int low = std::countr_zero(s);
      reach_[s] = reach_[s & (s - 1)] | neighbours_[static_cast<std::size_t>(low)];
    }
    pow3_.assign(static_cast<std::size_t>(n_) + 1, 1);
    for (std::size_t i = 1; i < pow3_.size(); ++i) pow3_[i] = pow3_[i - 1] * 3;
    memo_.assign(static_cast<std::size_t>(pow3_.back()) * 4, unknown);
  }

  [[nodiscard]] int size() const { return n_; }

  /// Final (blue - red) margin under best play after red colors node x and blue node y
  /// (indices into the plain_tree), red to move.
  [[nodiscard]] int margin_after(int x, int y) {
    assert(x != y);
    const std::uint32_t red = 1u << x;
    const std::uint32_t blue = 1u << y;
    return play(red, blue, pow3_[static_cast<std::size_t>(x)] + 2 * pow3_[static_cast<std::size_t>(y)],
                0, false);
  }

  /// Best (blue - red) margin player 2 can force after red colors node x: the maximum over y
  /// of margin_after. With a single node player 2 has no move at all and the margin is -1.
  [[nodiscard]] int best_margin(int x) {
    int best = -n_;
    bool any = false;
    for (int y = 0; y < n_; ++y) {
      if (y == x) continue;
      best = any ? std::max(best, margin_after(x, y)) : margin_after(x, y);
      any = true;
    }
    return any ? best : -1;
  }

 private:
  static constexpr signed char unknown = -128;

  // Margin (blue - red) of the rest of the game. turn 0 = red to move, 1 = blue to move.
  int play(std::uint32_t red, std::uint32_t blue, int code, int turn, bool previous_passed) {
    const std::size_t key = static_cast<std::size_t>(code) * 4 + static_cast<std::size_t>(turn) * 2 +
                            (previous_passed ? 1u : 0u);
    if (memo_[key] != unknown) return memo_[key];
    const std::uint32_t mine = turn == 0 ? red : blue;
    const std::uint32_t free_moves = reach_[mine] & ~(red | blue) & ((1u << n_) - 1);
    int result;
    if (free_moves == 0) {
      if (previous_passed) {
        result = std::popcount(blue) - std::popcount(red);
      } else {
        result = play(red, blue, code, 1 - turn, true);
      }
    } else {
      result = turn == 0 ? n_ + 1 : -(n_ + 1);
      for (std::uint32_t m = free_moves; m != 0; m &= m - 1) {
        const int v = std::countr_zero(m);
        const std::uint32_t bit = 1u << v;
        const int step = pow3_[static_cast<std::size_t>(v)] * (turn == 0 ? 1 : 2);
        const int r = turn == 0 ? play(red | bit, blue, code + step, 1, false)
                                : play(red, blue | bit, code + step, 0, false);
        result = turn == 0 ? std::min(result, r) : std::max(result, r);
      }
    }
    memo_[key] = static_cast<signed char>(result);
    return result;
  }

  int n_;
  std::vector<std::uint32_t> neighbours_;
  std::vector<std::uint32_t> reach_;
  std::vector<int> pow3_;
  std::vector<signed char> memo_;
};

/// The seed's counts, named as in the seed: leftVal, rightVal and nodeToX.
struct seed_counts {
  long long left_val = 0;
  long long right_val = 0;
  long long node_to_x = 0;
};

namespace detail {

// The seed's solve(node, x, l, r), recursion and all.
inline void seed_solve(const plain_tree& t, int node, long long x, bool l, bool r, seed_counts& c) {
  if (node < 0) return;
  if (l) {
    c.left_val += 1;
  } else if (r) {
    c.right_val += 1;
  }
  const auto i = static_cast<std::size_t>(node);
  if (t.value[i] == x) {
    seed_solve(t, t.left[i], x, true, false, c);
    seed_solve(t, t.right[i], x, false, true, c);
  } else {
    seed_solve(t, t.left[i], x, l, r, c);
    seed_solve(t, t.right[i], x, l, r, c);
  }
}

}  // namespace detail

/// The seed's region counts for x: solve(root, x), then nodeToX = n - leftVal - rightVal - 1.
inline seed_counts seed_regions(const plain_tree& t, long long n, long long x) {
  seed_counts c;
  detail::seed_solve(t, t.size() > 0 ? 0 : -1, x, false, false, c);
  c.node_to_x = n - c.left_val - c.right_val - 1;
  return c;
}

/// The seed's btreeGameWinningMove, including its answer for even n (where it calls a draw a
/// win: it is only meant for odd n).
inline bool seed_answer(const plain_tree& t, long long n, long long x) {
  const seed_counts c = seed_regions(t, n, x);
  const long long temp = std::max(c.right_val, std::max(c.node_to_x, c.left_val));
  return !(c.node_to_x + c.left_val + c.right_val - 2 * temp >= 0);
}

}  // namespace gametree_test::coloring_ref
