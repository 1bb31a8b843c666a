#pragma once
// Naive oracles for alpha_beta_test.cpp, written straight from the seed's rules (seed 002),
// recursive and unoptimised on purpose: they share no code with the library.

#include <cstddef>
#include <limits>
#include <type_traits>
#include <vector>

namespace gametree_test::reference {

// A score extended with -inf and +inf. Floating-point scores use their own infinities, as
// the seed does; integer scores get a separate tag so that lowest() and max() stay ordinary.
template <class T>
struct extended {
  int tag = 0;  // -1: -inf, 0: finite, +1: +inf
  T finite{};

  static extended minus_infinity() { return {-1, T{}}; }
  static extended plus_infinity() { return {+1, T{}}; }
  static extended of(T v) { return {0, v}; }

  friend bool operator<(const extended& a, const extended& b) {
    if (a.tag != b.tag) return a.tag < b.tag;
    return a.tag == 0 && a.finite < b.finite;
  }
  friend bool operator>=(const extended& a, const extended& b) { return !(a < b); }
};

template <class T>
struct score_traits {
  using bound = extended<T>;
  static bound minus_infinity() { return bound::minus_infinity(); }
  static bound plus_infinity() { return bound::plus_infinity(); }
  static bound of(T v) { return bound::of(v); }
  static T value(const bound& b) { return b.finite; }
};

template <class T>
  requires std::is_floating_point_v<T>
struct score_traits<T> {
  using bound = T;
  static T minus_infinity() { return -std::numeric_limits<T>::infinity(); }
  static T plus_infinity() { return std::numeric_limits<T>::infinity(); }
  static T of(T v) { return v; }
  static T value(T b) { return b; }
};

template <class B>
B max_of(const B& a, const B& b) {
  return a < b ? b : a;
}
template <class B>
B min_of(const B& a, const B& b) {
  return b < a ? b : a;
}

template <class T>
struct result {
  T value;
  std::size_t evaluated;
};

// The seed's alpha_beta(leaves, branching), node = leaves[first, first + width).
template <class T>
typename score_traits<T>::bound alpha_beta_node(const std::vector<T>& leaves,
                                                std::size_t branching, std::size_t first,
                                                std::size_t width, bool maximizing,
                                                typename score_traits<T>::bound alpha,
                                                typename score_traits<T>::bound beta,
                                                std::size_t& evaluated) {
  using traits = score_traits<T>;
  if (width == 1) {
    ++evaluated;
    return traits::of(leaves[first]);
  }
  const std::size_t child_width = width / branching;
  auto best = maximizing ? traits::minus_infinity() : traits::plus_infinity();
  for (std::size_t i = 0; i < branching; ++i) {
    const auto v = alpha_beta_node(leaves, branching, first + i * child_width, child_width,
                                   !maximizing, alpha, beta, evaluated);
    if (maximizing) {
      best = max_of(best, v);
      alpha = max_of(alpha, best);
    } else {
      best = min_of(best, v);
      beta = min_of(beta, best);
    }
    if (alpha >= beta) break;
  }
  return best;
}

template <class T>
result<T> alpha_beta(const std::vector<T>& leaves, std::size_t branching) {
  using traits = score_traits<T>;
  std::size_t evaluated = 0;
  const auto v = alpha_beta_node(leaves, branching, 0, leaves.size(), true,
                                 traits::minus_infinity(), traits::plus_infinity(), evaluated);
  return {traits::value(v), evaluated};
}

template <class T>
T minimax_node(const std::vector<T>& leaves, std::size_t branching, std::size_t first,
               std::size_t width, bool maximizing) {
  if (width == 1) return leaves[first];
  const std::size_t child_width = width / branching;
  T best = minimax_node(leaves, branching, first, child_width, !maximizing);
  for (std::size_t i = 1; i < branching; ++i) {
    const T v = minimax_node(leaves, branching, first + i * child_width, child_width, !maximizing);
    best = maximizing ? max_of(best, v) : min_of(best, v);
  }
  return best;
}

template <class T>
T minimax(const std::vector<T>& leaves, std::size_t branching) {
  return minimax_node(leaves, branching, 0, leaves.size(), true);
}

// An explicit tree of any shape: children[n] lists node n's children in order; a node
// without children is a leaf scored score[n]. Node 0 is the root.
template <class T>
struct explicit_tree {
  std::vector<std::vector<std::size_t>> children;
  std::vector<T> score;
};

template <class T>
typename score_traits<T>::bound alpha_beta_node(const explicit_tree<T>& tree, std::size_t node,
                                                bool maximizing,
                                                typename score_traits<T>::bound alpha,
                                                typename score_traits<T>::bound beta,
                                                std::size_t& evaluated) {
  using traits = score_traits<T>;
  if (tree.children[node].empty()) {
    ++evaluated;
    return traits::of(tree.score[node]);
  }
  auto best = maximizing ? traits::minus_infinity() : traits::plus_infinity();
  for (const std::size_t child : tree.children[node]) {
    const auto v = alpha_beta_node(tree, child, !maximizing, alpha, beta, evaluated);
    if (maximizing) {
      best = max_of(best, v);
      alpha = max_of(alpha, best);
    } else {
      best = min_of(best, v);
      beta = min_of(beta, best);
    }
    if (alpha >= beta) break;
  }
  return best;
}

template <class T>
result<T> alpha_beta(const explicit_tree<T>& tree) {
  using traits = score_traits<T>;
  std::size_t evaluated = 0;
  const auto v = alpha_beta_node(tree, 0, true, traits::minus_infinity(),
                                 traits::plus_infinity(), evaluated);
  return {traits::value(v), evaluated};
}

template <class T>
T minimax(const explicit_tree<T>& tree, std::size_t node = 0, bool maximizing = true) {
  if (tree.children[node].empty()) return tree.score[node];
  T best = minimax(tree, tree.children[node].front(), !maximizing);
  for (const std::size_t child : tree.children[node]) {
    const T v = minimax(tree, child, !maximizing);
    best = maximizing ? max_of(best, v) : min_of(best, v);
  }
  return best;
}

}  // namespace gametree_test::reference
