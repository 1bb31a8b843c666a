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
  /// For the search loop: whether alpha can be compared with a score; false while alpha is
  /// an infinity that no score can reach (so alpha >= score never holds). Values, not
  /// pointers, so that a window can live in registers.
  [[nodiscard]] bool alpha_comparable() const noexcept { return has_alpha_; }
  /// For the search loop: as alpha_comparable, for beta.
  [[nodiscard]] bool beta_comparable() const noexcept { return has_beta_; }
  /// For the search loop: the bounds, meaningful when comparable.
  [[nodiscard]] const Value& alpha_bound() const noexcept { return alpha_; }
  [[nodiscard]] const Value& beta_bound() const noexcept { return beta_; }

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
  [[nodiscard]] bool alpha_comparable() const noexcept { return true; }
  [[nodiscard]] bool beta_comparable() const noexcept { return true; }
  [[nodiscard]] const Value& alpha_bound() const noexcept { return alpha_; }
  [[nodiscard]] const Value& beta_bound() const noexcept { return beta_; }

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

// The value of a node all of whose children are leaves, scored by scores, entered with an
// open window; the same rule as the main loop, specialised: as the window is open on entry,
// a MAX node's window closes exactly when best >= beta, a MIN node's when alpha >= best, and
// with no comparable bound (bounded false) it cannot close at all. bound is beta for a MAX
// node, alpha for a MIN node; passed by value so that the caller's window can stay in
// registers.
template <bool Prune, class Value>
Value search_leaf_scores(std::span<const Value> scores, bool maximizing, bool bounded,
                         const Value bound, std::size_t depth, local_counters& counters) {
  const std::size_t n = scores.size();
  Value best = scores[0];
  check_score(best, depth);
  std::size_t k = 1;  // leaves evaluated
  if (maximizing) {
    if (!(Prune && bounded)) {
      for (; k < n; ++k) {
        check_score(scores[k], depth);
        if (best < scores[k]) best = scores[k];
      }
    } else if (!(best >= bound)) {
      for (; k < n;) {
        const Value& v = scores[k++];
        check_score(v, depth);
        if (best < v) best = v;
        if (best >= bound) break;
      }
    }
  } else {
    if (!(Prune && bounded)) {
      for (; k < n; ++k) {
        check_score(scores[k], depth);
        if (scores[k] < best) best = scores[k];
      }
    } else if (!(bound >= best)) {
      for (; k < n;) {
        const Value& v = scores[k++];
        check_score(v, depth);
        if (v < best) best = v;
        if (bound >= best) break;
      }
    }
  }
  if (k < n) ++counters.cutoffs;
  counters.leaves += k;
  counters.at_depth[depth] += k;  // reached by the caller
  return best;
}

// search_leaf_scores for a node entered with the open window w.
template <bool Prune, class Value, class Window>
Value search_leaf_block(std::span<const Value> scores, bool maximizing, const Window& w,
                        std::size_t depth, local_counters& counters) {
  return maximizing ? search_leaf_scores<Prune>(scores, true, w.beta_comparable(),
                                                w.beta_bound(), depth, counters)
                    : search_leaf_scores<Prune>(scores, false, w.alpha_comparable(),
                                                w.alpha_bound(), depth, counters);
}

// Searches a node at depth - 1 whose children are leaf blocks (see tree_with_child_scores),
// child by child, each with search_leaf_block, so that the two bottom levels of a tree cost
// no frame on the search's stack. best, bounds and next are the node's state: on entry
// bounds is the open window it inherits, next is 0; on return next children were searched
// into best and bounds. Returns true when the node is done (all children searched, or its
// window closed with children left: a cutoff, counted); false if it stopped before child
// next because that child is not a leaf block (a tree need not be uniform), leaving the node
// for the caller to continue in a frame. Counts as the main loop does: each child is entered
// at depth and is interior; at_depth must be valid up to depth + 1.
template <bool Prune, class Tree, class Window>
bool search_leaf_parents(const Tree& tree, const typename Tree::node_type& node,
                         std::size_t count, bool maximizing, Window& bounds,
                         typename Tree::value_type& best, std::size_t& next, std::size_t depth,
                         local_counters& counters) {
  using value_type = typename Tree::value_type;
  for (;;) {
    const std::span<const value_type> scores = tree.child_scores(tree.child(node, next));
    if (scores.empty()) return false;
    ++counters.at_depth[depth];
    ++counters.interior;
    const value_type v =
        search_leaf_block<Prune>(scores, !maximizing, bounds, depth + 1, counters);
    if (maximizing) {
      if (next == 0 || best < v) best = v;
      if constexpr (Prune) bounds.raise_alpha(best);
    } else {
      if (next == 0 || v < best) best = v;
      if constexpr (Prune) bounds.lower_beta(best);
    }
    ++next;
    if (next == count) return true;
    if constexpr (Prune) {
      if (bounds.closed()) {
        ++counters.cutoffs;
        return true;
      }
    }
  }
}

// Searches tree from its root: MAX at even depths, MIN at odd depths, children in order. With
// Prune, a node stops as soon as its window closes (alpha >= beta), which is alpha-beta exactly
// as Knuth & Moore (1975) state it; without, it is plain minimax. Stats needs the members
// leaves_evaluated, interior_nodes_visited, cutoffs and nodes_at_depth (a vector). FastLeaves
// allows the leaf-block shortcuts, which skip the events of the nodes they search.
template <bool Prune, bool FastLeaves, class Tree, class Observer, class Stats>
search_outcome<typename Tree::value_type> search(const Tree& tree, Observer& observer,
                                                 Stats& stats) {
  using node_type = typename Tree::node_type;
  using value_type = typename Tree::value_type;
  using window_type = window<value_type>;

  // A node on the search path above the current one.
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
  node_type node(tree.root());
  counters.reach(2);
  ++counters.at_depth[0];
  observer.on_enter(std::as_const(node), std::size_t{0}, true, open);
  std::size_t count = static_cast<std::size_t>(tree.child_count(node));
  if (count == 0) {
    value_type v(tree.leaf_value(node));
    check_score(v, 0);
    ++counters.leaves;
    observer.on_leaf(std::as_const(node), std::size_t{0}, std::as_const(v));
    return finish(std::move(v), no_child);
  }
  ++counters.interior;

  // The current node is kept in locals, not in a frame: the loop, which runs once per node,
  // then reads and updates its window and best in registers, and a frame is written only when
  // a child becomes current and read back only when that child is done. (Reading a window
  // straight after storing it field by field defeats the processor's store forwarding.)
  std::size_t depth = 0;  // of the current node; stack[0, depth) holds its ancestors
  std::size_t next = 0;
  std::size_t best_child = no_child;
  window_type bounds = open;
  value_type best{};
  bool maximizing = true;
  std::vector<frame> stack(64);

  for (;;) {
    // Descend into child next of the current node; v becomes its value if the child is a
    // leaf (or is searched by a shortcut), otherwise the child becomes the current node.
    value_type v;
    {
      const std::size_t child_depth = depth + 1;
      node_type child(tree.child(node, next));
      ++next;
      const bool child_maximizing = !maximizing;
      ++counters.at_depth[child_depth];  // at_depth covers depth + 2
      observer.on_enter(std::as_const(child), child_depth, child_maximizing,
                        std::as_const(bounds));
      bool done = false;
      if constexpr (FastLeaves && tree_with_child_scores<Tree>) {
        // Checked first: where a tree offers blocks they are the common case.
        const std::span<const value_type> scores = tree.child_scores(child);
        if (!scores.empty()) {
          ++counters.interior;
          v = search_leaf_block<Prune>(scores, child_maximizing, bounds, child_depth + 1,
                                       counters);
          done = true;
        }
      }
      if (!done) {
        const std::size_t grandchildren = static_cast<std::size_t>(tree.child_count(child));
        if (grandchildren == 0) {
          v = value_type(tree.leaf_value(child));
          check_score(v, child_depth);
          ++counters.leaves;
          observer.on_leaf(std::as_const(child), child_depth, std::as_const(v));
        } else {
          ++counters.interior;
          counters.reach(child_depth + 2);
          window_type child_bounds = bounds;
          value_type child_best{};
          std::size_t child_next = 0;
          if constexpr (FastLeaves && tree_with_child_scores<Tree>) {
            // A child whose children are leaf blocks is searched here without a frame: in a
            // complete tree that is every node on the level above the blocks, the level with
            // the most frames.
            done = search_leaf_parents<Prune>(tree, child, grandchildren, child_maximizing,
                                              child_bounds, child_best, child_next,
                                              child_depth + 1, counters);
          }
          if (done) {
            v = std::move(child_best);
          } else {
            if (depth == stack.size()) stack.resize(2 * stack.size());
            frame& saved = stack[depth];
            saved.node = std::move(node);
            saved.next = next;
            saved.count = count;
            saved.best_child = best_child;
            saved.bounds = bounds;
            saved.best = std::move(best);
            saved.maximizing = maximizing;
            node = std::move(child);
            next = child_next;
            count = grandchildren;
            best_child = no_child;  // set by the first child's fold (next == 1)
            bounds = child_bounds;
            best = std::move(child_best);
            maximizing = child_maximizing;
            depth = child_depth;
            continue;
          }
        }
      }
    }

    // Ascend: fold v into the current node; every node that thereby finishes folds into its
    // parent, which becomes current again.
    for (;;) {
      // Selected values rather than branches, and | rather than ||: whether a child improves
      // best is as good as random, and a mispredicted branch costs more than a comparison
      // with the (stale but valid) best of the first child.
      if (maximizing) {
        const bool improves = (next == 1) | static_cast<bool>(best < v);
        best = improves ? v : best;
        best_child = improves ? next - 1 : best_child;
        if constexpr (Prune) bounds.raise_alpha(best);
      } else {
        const bool improves = (next == 1) | static_cast<bool>(v < best);
        best = improves ? v : best;
        best_child = improves ? next - 1 : best_child;
        if constexpr (Prune) bounds.lower_beta(best);
      }
      if (next < count) {
        if constexpr (Prune) {
          if (!bounds.closed()) break;
          ++counters.cutoffs;
          observer.on_cutoff(std::as_const(node), depth, next, count);
        } else {
          break;
        }
      }
      v = best;
      observer.on_exit(std::as_const(node), depth, std::as_const(v), std::as_const(bounds));
      if (depth == 0) return finish(std::move(v), best_child);
      --depth;
      frame& saved = stack[depth];
      node = std::move(saved.node);
      next = saved.next;
      count = saved.count;
      best_child = saved.best_child;
      bounds = saved.bounds;
      best = std::move(saved.best);
      maximizing = saved.maximizing;
    }
  }
}

}  // namespace gametree::detail
