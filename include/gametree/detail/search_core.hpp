#pragma once
// The depth-first search loop shared by gametree's static-tree algorithms (minimax and
// alpha-beta over a game_tree; the engine of search.hpp has a loop of its own, over game
// states). It keeps its own stack instead of recursing, because a generic tree can be far
// deeper than the call stack allows. The public side is alpha_beta.hpp.

#include <gametree/detail/inline.hpp>

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
// negated in a score, which rules out overflow. For integer scores an unset bound holds
// lowest() (alpha) or max() (beta), so that raising or lowering it is a plain max or min,
// which compiles to a conditional move rather than a branch on the scores.
template <class Value, bool = std::is_floating_point_v<Value>>
class window {
  static constexpr bool preset = std::is_arithmetic_v<Value>;

  static Value start(bool lower) {
    if constexpr (preset) {
      return lower ? std::numeric_limits<Value>::lowest() : std::numeric_limits<Value>::max();
    } else {
      return Value{};
    }
  }

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
  /// alpha = max(alpha, v). (A preset unset alpha is lowest(), and max(lowest(), v) = v.)
  void raise_alpha(const Value& v) {
    const bool keep = static_cast<bool>(!(alpha_ < v)) & (preset || has_alpha_);
    alpha_ = keep ? alpha_ : v;
    has_alpha_ = true;
  }
  /// beta = min(beta, v).
  void lower_beta(const Value& v) {
    const bool keep = static_cast<bool>(!(v < beta_)) & (preset || has_beta_);
    beta_ = keep ? beta_ : v;
    has_beta_ = true;
  }
  /// alpha >= beta: no value inside the window can reach the root.
  [[nodiscard]] bool closed() const {
    // The comparison first, the flags after: an unset bound compares as lowest(), max() or
    // Value{}, and the flags then decide. (Flags first makes g++ 12 emit markedly slower code.)
    return alpha_ >= beta_ && has_alpha_ && has_beta_;
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
  Value alpha_ = start(true);
  Value beta_ = start(false);
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
  void raise_alpha(const Value& v) noexcept { alpha_ = alpha_ < v ? v : alpha_; }
  void lower_beta(const Value& v) noexcept { beta_ = v < beta_ ? v : beta_; }
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
// caller's statistics object. at_depth[d] counts the nodes entered at depth d; the search keeps
// it a few levels longer than its stack (see search), so counting is a plain addition, and
// trailing zeros are trimmed at the end. Interior nodes need no counter of their own: every
// node entered is either a leaf, whose score is read, or interior.
struct local_counters {
  std::uint64_t leaves = 0;
  std::uint64_t cutoffs = 0;
  std::vector<std::uint64_t> at_depth;

  [[nodiscard]] std::uint64_t interior() const noexcept {
    std::uint64_t entered = 0;
    for (const std::uint64_t n : at_depth) entered += n;
    return entered - leaves;
  }
  std::vector<std::uint64_t> take_at_depth() {
    while (!at_depth.empty() && at_depth.back() == 0) at_depth.pop_back();
    return std::move(at_depth);
  }
};

// Folding a child's value v into a node's best. Whether a child improves best is as good as
// random, and a mispredicted branch on it waits for the leaves read from memory, so the fold
// must be a selection that compilers emit as a conditional move. For arithmetic scores best
// starts at the identity of max (lowest, or -inf) or of min, so the fold is a plain max or
// min and the result is exactly the first child's value after one fold (no score is NaN).
// Other scores start with a default value that the first child (first true) replaces.
template <class Value>
inline constexpr bool fold_from_identity = std::is_arithmetic_v<Value>;

template <class Value>
Value fold_start(bool maximizing) {
  if constexpr (std::is_floating_point_v<Value>) {
    constexpr Value inf = std::numeric_limits<Value>::infinity();
    return maximizing ? -inf : inf;
  } else if constexpr (fold_from_identity<Value>) {
    return maximizing ? std::numeric_limits<Value>::lowest() : std::numeric_limits<Value>::max();
  } else {
    return Value{};
  }
}

// best = max(best, v), keeping best on ties; first: v is the node's first child's value.
template <class Value>
void fold_max(Value& best, const Value& v, bool first) {
  const bool improves = (!fold_from_identity<Value> && first) | static_cast<bool>(best < v);
  best = improves ? v : best;
}

// best = min(best, v), keeping best on ties; first as for fold_max.
template <class Value>
void fold_min(Value& best, const Value& v, bool first) {
  const bool improves = (!fold_from_identity<Value> && first) | static_cast<bool>(v < best);
  best = improves ? v : best;
}

// The value of a node all of whose children are leaves, scored by scores, entered with an
// open window; the same rule as the main loop, specialised: as the window is open on entry,
// a MAX node's window closes exactly when best >= beta, a MIN node's when alpha >= best, and
// with no comparable bound (bounded false) it cannot close at all. bound is beta for a MAX
// node, alpha for a MIN node; passed by value so that the caller's window can stay in
// registers.
template <bool Prune, class Value>
GAMETREE_DETAIL_INLINE Value search_leaf_scores(std::span<const Value> scores, bool maximizing,
                                                bool bounded, const Value bound,
                                                std::size_t depth, local_counters& counters) {
  const std::size_t n = scores.size();
  Value best = scores[0];
  check_score(best, depth);
  std::size_t k = 1;  // leaves evaluated
  if (maximizing) {
    if (!(Prune && bounded)) {
      for (; k < n; ++k) {
        check_score(scores[k], depth);
        fold_max(best, scores[k], false);
      }
    } else if (!(best >= bound)) {
      for (; k < n;) {
        const Value& v = scores[k++];
        check_score(v, depth);
        fold_max(best, v, false);
        if (best >= bound) break;
      }
    }
  } else {
    if (!(Prune && bounded)) {
      for (; k < n; ++k) {
        check_score(scores[k], depth);
        fold_min(best, scores[k], false);
      }
    } else if (!(bound >= best)) {
      for (; k < n;) {
        const Value& v = scores[k++];
        check_score(v, depth);
        fold_min(best, v, false);
        if (bound >= best) break;
      }
    }
  }
  if (k < n) ++counters.cutoffs;
  counters.leaves += k;
  counters.at_depth[depth] += k;  // kept valid by the caller
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
// bounds is the open window it inherits, best is fold_start, next is 0; on return next
// children were searched into best and bounds. Returns true when the node is done (all
// children searched, or its window closed with children left: a cutoff, counted); false if
// it stopped before child next because that child is not a leaf block (a tree need not be
// uniform), leaving the node for the caller to continue in a frame. Counts the children it
// entered at depth, as the main loop does (so only when it returns true); at_depth must be
// valid up to depth + 1.
template <bool Prune, class Tree, class Window>
GAMETREE_DETAIL_INLINE bool search_leaf_parents(const Tree& tree,
                                                const typename Tree::node_type& node,
                                                std::size_t count, bool maximizing,
                                                Window& bounds, typename Tree::value_type& best,
                                                std::size_t& next, std::size_t depth,
                                                local_counters& counters) {
  using value_type = typename Tree::value_type;
  for (;;) {
    const std::span<const value_type> scores = tree.child_scores(tree.child(node, next));
    if (scores.empty()) return false;
    const value_type v =
        search_leaf_block<Prune>(scores, !maximizing, bounds, depth + 1, counters);
    if (maximizing) {
      fold_max(best, v, next == 0);
      if constexpr (Prune) bounds.raise_alpha(best);
    } else {
      fold_min(best, v, next == 0);
      if constexpr (Prune) bounds.lower_beta(best);
    }
    ++next;
    bool done = next == count;
    if constexpr (Prune) {
      if (!done && bounds.closed()) {
        ++counters.cutoffs;
        done = true;
      }
    }
    if (done) {
      counters.at_depth[depth] += next;
      return true;
    }
  }
}

// How the search keeps a node: the current one in a local, its ancestors in frames. The
// default keeps the tree's node_type and child count as they are; a tree can specialise it
// to keep less (complete_tree does).
//   stored_node           what the search keeps of a node
//   store(node)           -> stored_node (node may be moved from)
//   view(stored, depth)   -> the node (a node_type, or a reference to one) kept in stored
//                            for a node at that depth
//   uniform_count         true if every interior node has interior_count(tree) children
//                         (a function needed only then), which a frame then does not store
template <class Tree>
struct frame_layout {
  using node_type = typename Tree::node_type;
  using stored_node = node_type;
  static constexpr bool uniform_count = false;
  static node_type&& store(node_type& node) noexcept { return std::move(node); }
  static const node_type& view(const stored_node& stored, std::size_t) noexcept {
    return stored;
  }
};

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
  using layout = frame_layout<Tree>;
  constexpr bool blocks = FastLeaves && tree_with_child_scores<Tree>;

  // A node on the search path above the current one. Whether it is MAX follows from its
  // depth, and only the root's best child is reported (root_best_child), so neither is kept;
  // nor is the child count of a tree with a uniform one.
  struct counted_frame {
    typename layout::stored_node node;
    std::size_t next;   // index of the next child to search
    std::size_t count;  // number of children
    window_type bounds;
    value_type best;
  };
  struct uniform_frame {
    typename layout::stored_node node;
    std::size_t next;
    window_type bounds;
    value_type best;
  };
  using frame = std::conditional_t<layout::uniform_count, uniform_frame, counted_frame>;

  local_counters counters;
  const auto finish = [&](value_type value, std::size_t best_child) {
    stats.leaves_evaluated += counters.leaves;
    stats.interior_nodes_visited += counters.interior();
    stats.cutoffs += counters.cutoffs;
    stats.nodes_at_depth = counters.take_at_depth();
    return search_outcome<value_type>{std::move(value), best_child};
  };

  // at_depth stays 4 longer than the stack: the current node is at most at depth
  // stack.size(), and the deepest count, for the leaves below a search_leaf_parents node, is 3
  // below it.
  std::size_t capacity = 64;  // stack.size(), kept apart as frame sizes need not be powers of 2
  std::vector<frame> stack(capacity);
  counters.at_depth.assign(capacity + 4, 0);

  const window_type open{};
  node_type root(tree.root());
  counters.at_depth[0] = 1;
  observer.on_enter(std::as_const(root), std::size_t{0}, true, open);
  std::size_t count = static_cast<std::size_t>(tree.child_count(root));
  if (count == 0) {
    value_type v(tree.leaf_value(root));
    check_score(v, 0);
    ++counters.leaves;
    observer.on_leaf(std::as_const(root), std::size_t{0}, std::as_const(v));
    return finish(std::move(v), no_child);
  }

  // The current node is kept in locals, not in a frame: the loop, which runs once per node,
  // then reads and updates its window and best in registers, and a frame is written only when
  // a child becomes current and read back only when that child is done. (Reading a window
  // straight after storing it field by field defeats the processor's store forwarding.)
  typename layout::stored_node node = layout::store(root);  // the current node
  std::size_t depth = 0;  // of the current node; stack[0, depth) holds its ancestors
  std::size_t next = 0;   // index of its next child; next children have been entered
  std::size_t root_best_child = no_child;
  window_type bounds = open;
  value_type best = fold_start<value_type>(true);

  for (;;) {
    // Descend into child next of the current node; v becomes its value if the child is a
    // leaf (or is searched by a shortcut), otherwise the child becomes the current node.
    value_type v;
    {
      const std::size_t child_depth = depth + 1;
      const bool child_maximizing = (child_depth & 1) == 0;
      node_type child(tree.child(layout::view(node, depth), next));
      ++next;
      observer.on_enter(std::as_const(child), child_depth, child_maximizing,
                        std::as_const(bounds));
      bool done = false;
      if constexpr (blocks) {
        // Checked first: where a tree offers blocks they are the common case.
        const std::span<const value_type> scores = tree.child_scores(child);
        if (!scores.empty()) {
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
          window_type child_bounds = bounds;
          value_type child_best = fold_start<value_type>(child_maximizing);
          std::size_t child_next = 0;
          if constexpr (blocks) {
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
            if (depth == capacity) {
              capacity *= 2;
              stack.resize(capacity);
              counters.at_depth.resize(capacity + 4, 0);
            }
            frame& saved = stack[depth];
            saved.node = std::move(node);
            saved.next = next;
            if constexpr (!layout::uniform_count) saved.count = count;
            saved.bounds = bounds;
            saved.best = std::move(best);
            node = layout::store(child);
            next = child_next;
            if constexpr (!layout::uniform_count) count = grandchildren;
            bounds = child_bounds;
            best = std::move(child_best);
            depth = child_depth;
            continue;
          }
        }
      }
    }

    // Ascend: fold v into the current node; every node that thereby finishes folds into its
    // parent, which becomes current again.
    for (;;) {
      if (depth == 0) {
        // The root (MAX) reports the child that set its best: the first, or one above it.
        const bool improves = (next == 1) | static_cast<bool>(best < v);
        root_best_child = improves ? next - 1 : root_best_child;
      }
      if ((depth & 1) == 0) {
        fold_max(best, v, next == 1);
        if constexpr (Prune) bounds.raise_alpha(best);
      } else {
        fold_min(best, v, next == 1);
        if constexpr (Prune) bounds.lower_beta(best);
      }
      std::size_t children = count;
      if constexpr (layout::uniform_count) children = layout::interior_count(tree);
      if (next < children) {
        if constexpr (Prune) {
          if (!bounds.closed()) break;
          ++counters.cutoffs;
          observer.on_cutoff(layout::view(node, depth), depth, next, children);
        } else {
          break;
        }
      }
      counters.at_depth[depth + 1] += next;
      v = best;
      observer.on_exit(layout::view(node, depth), depth, std::as_const(v),
                       std::as_const(bounds));
      if (depth == 0) return finish(std::move(v), root_best_child);
      --depth;
      frame& saved = stack[depth];
      node = std::move(saved.node);
      next = saved.next;
      if constexpr (!layout::uniform_count) count = saved.count;
      bounds = saved.bounds;
      best = std::move(saved.best);
    }
  }
}

}  // namespace gametree::detail

