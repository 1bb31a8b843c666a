#pragma once
// The depth-first search loop shared by gametree's game-tree algorithms (minimax, alpha-beta,
// and later engines over game states). It keeps its own stack instead of recursing, because a
// generic tree can be far deeper than the call stack allows. The public side is alpha_beta.hpp.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace gametree::detail {

inline constexpr std::size_t no_child = static_cast<std::size_t>(-1);

// An (alpha, beta) window that starts at (-inf, +inf).
//
// For integer (and user-defined) scores the infinities cannot be ordinary values: a leaf may
// score lowest() or max(), and the seed's cutoff test alpha >= beta must then differ from the
// test against a true infinity. So "no bound yet" is a flag, and nothing is ever added to or
// negated in a score, which rules out overflow.
template <class Value, bool = std::is_floating_point_v<Value>>
class window {
 public:
  /// The lower bound; empty while it is still -inf.
  [[nodiscard]] std::optional<Value> alpha() const {
    if (has_alpha_) return alpha_;
    return std::nullopt;
  }
  /// The upper bound; empty while it is still +inf.
  [[nodiscard]] std::optional<Value> beta() const {
    if (has_beta_) return beta_;
    return std::nullopt;
  }
  /// alpha = max(alpha, v).
  void raise_alpha(const Value& v) {
    const bool keep = has_alpha_ && !(alpha_ < v);
    alpha_ = keep ? alpha_ : v;
    has_alpha_ = true;
  }
  /// beta = min(beta, v).
  void lower_beta(const Value& v) {
    const bool keep = has_beta_ && !(v < beta_);
    beta_ = keep ? beta_ : v;
    has_beta_ = true;
  }
  /// alpha >= beta: no value inside the window can reach the root.
  [[nodiscard]] bool closed() const {
    const bool both = has_alpha_ && has_beta_;
    return both && alpha_ >= beta_;
  }
  /// For the search loop: the alpha a score can be compared with, or null while alpha is an
  /// infinity that no score can reach (so alpha >= score never holds).
  [[nodiscard]] const Value* comparable_alpha() const noexcept {
    return has_alpha_ ? &alpha_ : nullptr;
  }
  /// For the search loop: as comparable_alpha, for beta.
  [[nodiscard]] const Value* comparable_beta() const noexcept {
    return has_beta_ ? &beta_ : nullptr;
  }

 private:
  Value alpha_{};
  Value beta_{};
  bool has_alpha_ = false;
  bool has_beta_ = false;
};

// Floating-point scores have real infinities, and the seed compares against them: a leaf
// scored +inf at a MAX node makes alpha = +inf >= beta = +inf, which is a cutoff. Using the
// infinities themselves reproduces that exactly.
template <class Value>
class window<Value, true> {
 public:
  [[nodiscard]] std::optional<Value> alpha() const {
    if (alpha_ == -std::numeric_limits<Value>::infinity()) return std::nullopt;
    return alpha_;
  }
  [[nodiscard]] std::optional<Value> beta() const {
    if (beta_ == std::numeric_limits<Value>::infinity()) return std::nullopt;
    return beta_;
  }
  void raise_alpha(const Value& v) noexcept {
    if (alpha_ < v) alpha_ = v;
  }
  void lower_beta(const Value& v) noexcept {
    if (v < beta_) beta_ = v;
  }
  [[nodiscard]] bool closed() const noexcept { return alpha_ >= beta_; }
  // A score can equal an infinity, so the bounds are always comparable.
  [[nodiscard]] const Value* comparable_alpha() const noexcept { return &alpha_; }
  [[nodiscard]] const Value* comparable_beta() const noexcept { return &beta_; }

 private:
  Value alpha_ = -std::numeric_limits<Value>::infinity();
  Value beta_ = std::numeric_limits<Value>::infinity();
};

template <class Value>
struct search_outcome {
  Value value;
  std::size_t best_child;  // no_child when the root is a leaf
};

[[noreturn]] inline void throw_nan_leaf(std::size_t depth) {
  throw std::invalid_argument("a leaf at depth " + std::to_string(depth) +
                              " scores NaN, which has no order; scores must be comparable");
}

template <class Value>
inline void check_score(const Value& v, std::size_t depth) {
  if constexpr (std::is_floating_point_v<Value>) {
    if (std::isnan(v)) throw_nan_leaf(depth);
  }
}

// A tree that can hand over the scores of a node's children in one block when they are all
// leaves (empty otherwise). The search then reads them in a tight loop instead of one child
// handle at a time; complete_tree does this, which is most of its speed.
template <class Tree>
concept tree_with_child_scores =
    requires(const Tree& tree, const typename Tree::node_type& node) {
      {
        tree.child_scores(node)
      } -> std::convertible_to<std::span<const typename Tree::value_type>>;
    };

// Counters kept in locals: stores into the frame stack could alias them if they lived in the
// caller's statistics object. at_depth is grown ahead of the search (see reach) so that
// counting a node is a plain increment; trailing zeros are trimmed at the end.
struct local_counters {
  std::uint64_t leaves = 0;
  std::uint64_t interior = 0;
  std::uint64_t cutoffs = 0;
  std::vector<std::uint64_t> at_depth;

  // Makes at_depth[depth] valid.
  void reach(std::size_t depth) {
    if (depth >= at_depth.size()) at_depth.resize(2 * depth + 2, 0);
  }
  std::vector<std::uint64_t> take_at_depth() {
    while (!at_depth.empty() && at_depth.back() == 0) at_depth.pop_back();
    return std::move(at_depth);
  }
};

// The value of a node all of whose children are leaves, scored by scores, entered with the
// open window w; the same rule as the main loop, specialised: as the window is open on entry,
// a MAX node's window closes exactly when best >= beta, a MIN node's when alpha >= best, and
// with no comparable bound it cannot close at all.
template <bool Prune, class Value, class Window>
Value search_leaf_block(std::span<const Value> scores, bool maximizing, const Window& w,
                        std::size_t depth, local_counters& counters) {
  const std::size_t n = scores.size();
  Value best = scores[0];
  check_score(best, depth);
  std::size_t k = 1;  // leaves evaluated
  if (maximizing) {
    const Value* beta = Prune ? w.comparable_beta() : nullptr;
    if (beta == nullptr) {
      for (; k < n; ++k) {
        check_score(scores[k], depth);
        if (best < scores[k]) best = scores[k];
      }
    } else if (!(best >= *beta)) {
      for (; k < n;) {
        const Value& v = scores[k++];
        check_score(v, depth);
        if (best < v) best = v;
        if (best >= *beta) break;
      }
    }
  } else {
    const Value* alpha = Prune ? w.comparable_alpha() : nullptr;
    if (alpha == nullptr) {
      for (; k < n; ++k) {
        check_score(scores[k], depth);
        if (scores[k] < best) best = scores[k];
      }
    } else if (!(*alpha >= best)) {
      for (; k < n;) {
        const Value& v = scores[k++];
        check_score(v, depth);
        if (v < best) best = v;
        if (*alpha >= best) break;
      }
    }
  }
  if (k < n) ++counters.cutoffs;
  counters.leaves += k;
  counters.at_depth[depth] += k;  // reached by the caller
  return best;
}

// Searches tree from its root: MAX at even depths, MIN at odd depths, children in order. With
// Prune, a node stops as soon as its window closes (alpha >= beta), which is alpha-beta exactly
// as Knuth & Moore (1975) state it; without, it is plain minimax. Stats needs the members
// leaves_evaluated, interior_nodes_visited, cutoffs and nodes_at_depth (a vector). FastLeaves
// allows the leaf-block shortcut, which skips the per-leaf observer events.
template <bool Prune, bool FastLeaves, class Tree, class Observer, class Stats>
search_outcome<typename Tree::value_type> search(const Tree& tree, Observer& observer,
                                                 Stats& stats) {
  using node_type = typename Tree::node_type;
  using value_type = typename Tree::value_type;
  using window_type = window<value_type>;

  struct frame {
    node_type node;
    std::size_t next;        // index of the next child to search
    std::size_t count;       // number of children
    std::size_t best_child;  // index of the child that set best
    window_type bounds;
    value_type best;  // meaningful once next > 0
    bool maximizing;
  };

  local_counters counters;
  const auto finish = [&](value_type value, std::size_t best_child) {
    stats.leaves_evaluated += counters.leaves;
    stats.interior_nodes_visited += counters.interior;
    stats.cutoffs += counters.cutoffs;
    stats.nodes_at_depth = counters.take_at_depth();
    return search_outcome<value_type>{std::move(value), best_child};
  };

  const window_type open{};
  node_type root(tree.root());
  counters.reach(2);
  ++counters.at_depth[0];
  observer.on_enter(std::as_const(root), std::size_t{0}, true, open);
  const std::size_t root_children = static_cast<std::size_t>(tree.child_count(root));
  if (root_children == 0) {
    value_type v(tree.leaf_value(root));
    check_score(v, 0);
    ++counters.leaves;
    observer.on_leaf(std::as_const(root), std::size_t{0}, std::as_const(v));
    return finish(std::move(v), no_child);
  }
  ++counters.interior;

  // The open nodes, root first: stack[0, open_count). Grown by hand rather than by
  // push_back/pop_back, so that the loop, which runs once per node, keeps top in a register.
  std::vector<frame> stack(64);
  std::size_t open_count = 1;
  stack[0] = frame{std::move(root), 0, root_children, no_child, open, value_type{}, true};
  frame* top = stack.data();

  for (;;) {
    // Descend into the next child of top; v becomes its value if the child is a leaf (or a
    // block of leaves), otherwise the child becomes the new top.
    value_type v;
    {
      const std::size_t depth = open_count;
      node_type child(tree.child(top->node, top->next));
      ++top->next;
      const bool child_maximizing = !top->maximizing;
      ++counters.at_depth[depth];  // at_depth covers open_count + 1
      observer.on_enter(std::as_const(child), depth, child_maximizing,
                        std::as_const(top->bounds));
      bool block = false;
      if constexpr (FastLeaves && tree_with_child_scores<Tree>) {
        // Checked first: where a tree offers blocks they are the common case.
        const std::span<const value_type> scores = tree.child_scores(child);
        if (!scores.empty()) {
          ++counters.interior;
          v = search_leaf_block<Prune>(scores, child_maximizing, top->bounds, depth + 1,
                                       counters);
          block = true;
        }
      }
      if (!block) {
        const std::size_t grandchildren = static_cast<std::size_t>(tree.child_count(child));
        if (grandchildren == 0) {
          v = value_type(tree.leaf_value(child));
          check_score(v, depth);
          ++counters.leaves;
          observer.on_leaf(std::as_const(child), depth, std::as_const(v));
        } else {
          ++counters.interior;
          if (open_count == stack.size()) {
            stack.resize(2 * stack.size());
            top = stack.data() + open_count - 1;
          }
          counters.reach(open_count + 2);
          // Field by field: best and best_child are written by the first child's fold.
          frame& pushed = top[1];
          pushed.node = std::move(child);
          pushed.next = 0;
          pushed.count = grandchildren;
          pushed.bounds = top->bounds;
          pushed.maximizing = child_maximizing;
          ++top;
          ++open_count;
          continue;
        }
      }
    }

    // Ascend: fold v into top; every node that thereby finishes folds into its parent.
    for (;;) {
      frame& f = *top;
      // Unconditional stores of selected values, and | rather than ||: whether a child
      // improves best is as good as random, and a mispredicted branch costs more than a
      // comparison with the (stale but valid) best of the first child.
      if (f.maximizing) {
        const bool improves = (f.next == 1) | static_cast<bool>(f.best < v);
        f.best = improves ? v : f.best;
        f.best_child = improves ? f.next - 1 : f.best_child;
        if constexpr (Prune) f.bounds.raise_alpha(f.best);
      } else {
        const bool improves = (f.next == 1) | static_cast<bool>(v < f.best);
        f.best = improves ? v : f.best;
        f.best_child = improves ? f.next - 1 : f.best_child;
        if constexpr (Prune) f.bounds.lower_beta(f.best);
      }
      if (f.next < f.count) {
        if constexpr (Prune) {
          if (!f.bounds.closed()) break;
          ++counters.cutoffs;
          observer.on_cutoff(std::as_const(f.node), open_count - 1, f.next, f.count);
        } else {
          break;
        }
      }
      v = f.best;
      observer.on_exit(std::as_const(f.node), open_count - 1, std::as_const(v),
                       std::as_const(f.bounds));
      if (open_count == 1) return finish(std::move(v), f.best_child);
      --open_count;
      --top;
    }
  }
}

}  // namespace gametree::detail
