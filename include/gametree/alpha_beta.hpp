#pragma once
// Alpha-beta search (seed 002) and plain minimax over any game tree, with statistics of the
// work done and a trace that draws the searched tree as Graphviz DOT.
//
// Alpha-beta returns the minimax value while skipping subtrees that cannot change it. The rule
// is the one analysed by Knuth & Moore, "An analysis of alpha-beta pruning", Artificial
// Intelligence 6 (1975): children left to right, root MAX, window (-inf, +inf), a node stops as
// soon as alpha >= beta.

#include <gametree/detail/dot.hpp>
#include <gametree/detail/search_core.hpp>

#include <array>
#include <charconv>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <limits>
#include <optional>
#include <ostream>
#include <ranges>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace gametree {

/// Thrown when leaves and branching do not describe a complete tree: no leaves, branching
/// below 2, a leaf count that is not a power of branching, or a NaN score.
class tree_shape_error : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// A score the searches can compare: totally ordered and copyable (any arithmetic type, or a
/// user type with <, >=, ==). Floating-point scores may be +-infinity but not NaN.
template <class Value>
concept search_value = std::totally_ordered<Value> && std::semiregular<Value>;

/// A game tree as the searches see it. The tree object is a cheap view; node_type is a small
/// copyable handle (an index, a pointer, a game state). child_count(node) == 0 marks a leaf;
/// children are visited in index order 0, 1, ..., child_count - 1.
template <class Tree>
concept game_tree =
    requires {
      typename Tree::node_type;
      typename Tree::value_type;
    } && std::copyable<typename Tree::node_type> && search_value<typename Tree::value_type> &&
    requires(const Tree& tree, const typename Tree::node_type& node, std::size_t i) {
      { tree.root() } -> std::convertible_to<typename Tree::node_type>;
      { tree.child_count(node) } -> std::convertible_to<std::size_t>;
      { tree.child(node, i) } -> std::convertible_to<typename Tree::node_type>;
      { tree.leaf_value(node) } -> std::convertible_to<typename Tree::value_type>;
    };

/// The (alpha, beta) window of a node: alpha() and beta() return the bounds, empty while a
/// bound is still -inf / +inf; closed() is alpha >= beta.
template <class Value>
using search_window = detail::window<Value>;

/// The work a search did, counted the same way by every algorithm in this header.
struct search_statistics {
  /// Leaves whose score was read.
  std::uint64_t leaves_evaluated = 0;
  /// Nodes with at least one child that the search entered (the root included).
  std::uint64_t interior_nodes_visited = 0;
  /// Interior nodes that stopped with children left unsearched because alpha >= beta.
  std::uint64_t cutoffs = 0;
  /// nodes_at_depth[d]: nodes (leaves and interior) entered at depth d; the root is depth 0.
  std::vector<std::uint64_t> nodes_at_depth;
};

/// What a search found, and its statistics.
template <class Value>
struct search_result : search_statistics {
  /// The minimax value of the root.
  Value value{};
  /// Index of the root's first child whose value equals value; empty if the root is a leaf.
  std::optional<std::size_t> best_child;
};

/// An observer that ignores every event. Derive from it and hide the hooks you need:
///   on_enter(node, depth, maximizing, window)   every node the search enters, with the window
///                                               it inherits from its parent;
///   on_leaf(node, depth, value)                 a leaf's score was read;
///   on_exit(node, depth, value, window)         an interior node is done; its final window;
///   on_cutoff(node, depth, first_skipped, child_count)
///                                               children [first_skipped, child_count) are
///                                               skipped (called just before on_exit).
struct null_search_observer {
  template <class Node, class Window>
  void on_enter(const Node&, std::size_t, bool, const Window&) noexcept {}
  template <class Node, class Value>
  void on_leaf(const Node&, std::size_t, const Value&) noexcept {}
  template <class Node, class Value, class Window>
  void on_exit(const Node&, std::size_t, const Value&, const Window&) noexcept {}
  template <class Node>
  void on_cutoff(const Node&, std::size_t, std::size_t, std::size_t) noexcept {}
};

namespace detail {

template <class T>
concept numeric_score = std::is_arithmetic_v<T> && !std::same_as<T, bool>;

template <class T>
concept branching_integer = std::integral<T> && !std::same_as<T, bool>;

// The depth of the complete tree with leaf_count leaves and the given branching, or throws.
template <branching_integer Branching>
std::size_t complete_tree_depth(std::size_t leaf_count, Branching branching) {
  if (leaf_count == 0) {
    throw tree_shape_error(
        "leaves is empty: a complete tree has at least one leaf (branching^0 = 1)");
  }
  if (std::cmp_less(branching, 2)) {
    throw tree_shape_error("branching is " + std::to_string(branching) +
                           ": every interior node needs at least 2 children");
  }
  // GCOVR_EXCL_START: only where std::size_t is narrower than Branching (32-bit targets).
  if (!std::in_range<std::size_t>(branching)) {
    if (leaf_count == 1) return 0;  // branching^0; no larger power fits in memory
    throw tree_shape_error("leaves has " + std::to_string(leaf_count) +
                           " elements, which is not a power of branching " +
                           std::to_string(branching));
  }
  // GCOVR_EXCL_STOP
  const auto b = static_cast<std::size_t>(branching);
  std::size_t power = 1;
  std::size_t depth = 0;
  while (power <= leaf_count / b) {
    power *= b;
    ++depth;
  }
  if (power != leaf_count) {
    std::string next = power <= std::numeric_limits<std::size_t>::max() / b
                           ? std::to_string(power * b)
                           : std::string("more than ") +
                                 std::to_string(std::numeric_limits<std::size_t>::max());
    throw tree_shape_error("leaves has " + std::to_string(leaf_count) +
                           " elements, which is not a power of branching " +
                           std::to_string(b) + " (" + std::to_string(b) + "^" +
                           std::to_string(depth) + " = " + std::to_string(power) + ", " +
                           std::to_string(b) + "^" + std::to_string(depth + 1) + " = " + next +
                           ")");
  }
  return depth;
}

}  // namespace detail

/// The seed's tree: a complete tree whose leaves, left to right, are the elements of a
/// contiguous array (length branching^depth). A node is the pair (first leaf, level); a child
/// is found by arithmetic, so the tree stores nothing per node. The array is not owned.
template <search_value Value>
class complete_tree {
 public:
  struct node_type {
    std::size_t first_leaf;  // index of the leftmost leaf below the node
    std::size_t level;       // depth of the node; the root is 0
  };
  using value_type = Value;

  /// Views leaves as a complete tree with the given branching.
  /// Complexity: O(log n), plus O(n) for floating-point scores (each is checked for NaN).
  /// Throws tree_shape_error if leaves is empty, branching < 2, leaves.size() is not a power
  /// of branching, or a score is NaN.
  template <detail::branching_integer Branching>
  complete_tree(std::span<const Value> leaves, Branching branching)
      : leaves_(leaves.data()), depth_(detail::complete_tree_depth(leaves.size(), branching)) {
    branching_ = std::in_range<std::size_t>(branching) ? static_cast<std::size_t>(branching)
                                                      : std::numeric_limits<std::size_t>::max();  // GCOVR_EXCL_LINE: 32-bit only
    if constexpr (std::is_floating_point_v<Value>) {
      for (std::size_t i = 0; i < leaves.size(); ++i) {
        if (std::isnan(leaves[i])) {
          throw tree_shape_error("leaf " + std::to_string(i) +
                                 " is NaN, which has no order; scores must be comparable");
        }
      }
    }
    // width_[level]: leaves under a node at that level.
    std::size_t width = leaves.size();
    for (std::size_t level = 0; level <= depth_; ++level) {
      width_[level] = width;
      width /= branching_;
    }
  }

  /// The root: all leaves, level 0.
  [[nodiscard]] node_type root() const noexcept { return {0, 0}; }
  /// branching for interior nodes, 0 for leaves.
  [[nodiscard]] std::size_t child_count(const node_type& node) const noexcept {
    return node.level == depth_ ? 0 : branching_;
  }
  /// The i-th child (0-based) of an interior node.
  [[nodiscard]] node_type child(const node_type& node, std::size_t i) const noexcept {
    return {node.first_leaf + i * width_[node.level + 1], node.level + 1};
  }
  /// The scores of node's children if they are leaves, else an empty span. Optional for a
  /// game_tree; the searches use it to read a block of leaves in one loop.
  [[nodiscard]] std::span<const Value> child_scores(const node_type& node) const noexcept {
    if (node.level + 1 != depth_) return {};
    return {leaves_ + node.first_leaf, branching_};
  }
  /// The score of a leaf.
  [[nodiscard]] const Value& leaf_value(const node_type& node) const noexcept {
    return leaves_[node.first_leaf];
  }
  /// Levels below the root (0 for a single leaf).
  [[nodiscard]] std::size_t depth() const noexcept { return depth_; }
  /// Children per interior node (SIZE_MAX if a single leaf was given a larger branching).
  [[nodiscard]] std::size_t branching() const noexcept { return branching_; }
  /// Number of leaves.
  [[nodiscard]] std::size_t leaf_count() const noexcept { return width_[0]; }

 private:
  const Value* leaves_;
  std::size_t depth_;
  std::size_t branching_ = 2;
  // A complete tree with branching >= 2 and at most SIZE_MAX leaves has at most 64 levels.
  std::array<std::size_t, std::numeric_limits<std::size_t>::digits + 1> width_{};
};

template <class Range, class Branching>
complete_tree(const Range&, Branching)
    -> complete_tree<std::remove_cv_t<std::ranges::range_value_t<Range>>>;

namespace detail {

// A node of a complete tree searched from its root is at level == depth, and every interior
// node has branching() children: the search keeps the first leaf only.
template <class Value>
struct frame_layout<complete_tree<Value>> {
  using node_type = typename complete_tree<Value>::node_type;
  using stored_node = std::size_t;
  static constexpr bool uniform_count = true;
  static std::size_t store(const node_type& node) noexcept { return node.first_leaf; }
  static node_type view(std::size_t first_leaf, std::size_t depth) noexcept {
    return {first_leaf, depth};
  }
  static std::size_t interior_count(const complete_tree<Value>& tree) noexcept {
    return tree.branching();
  }
};

}  // namespace detail

/// A game tree made of three callables, for trees that exist only as code:
/// child_count(node) -> number of children (0 for a leaf), child(node, i) -> i-th child,
/// leaf_value(node) -> score. Nothing is stored but the root and the callables.
template <std::copyable Node, class ChildCount, class Child, class LeafValue>
class callback_tree {
 public:
  using node_type = Node;
  using value_type = std::remove_cvref_t<std::invoke_result_t<const LeafValue&, const Node&>>;

  /// Stores the root and the callables. O(1); throws what moving them throws.
  callback_tree(Node root, ChildCount child_count, Child child, LeafValue leaf_value)
      : root_(std::move(root)),
        child_count_(std::move(child_count)),
        child_(std::move(child)),
        leaf_value_(std::move(leaf_value)) {}

  /// The root given to the constructor.
  [[nodiscard]] Node root() const { return root_; }
  /// child_count(node), converted to std::size_t. Each of these three calls its callable
  /// once and throws what it throws.
  [[nodiscard]] std::size_t child_count(const Node& node) const {
    return static_cast<std::size_t>(std::invoke(child_count_, node));
  }
  /// child(node, i).
  [[nodiscard]] Node child(const Node& node, std::size_t i) const {
    return std::invoke(child_, node, i);
  }
  /// leaf_value(node).
  [[nodiscard]] value_type leaf_value(const Node& node) const {
    return std::invoke(leaf_value_, node);
  }

 private:
  Node root_;
  ChildCount child_count_;
  Child child_;
  LeafValue leaf_value_;
};

namespace detail {

template <bool Prune, class Tree, class Observer>
search_result<typename Tree::value_type> run_search(const Tree& tree, Observer& observer) {
  search_result<typename Tree::value_type> result{};
  // Leaf blocks skip the per-leaf events, so they are only for searches nobody watches.
  constexpr bool fast_leaves = std::is_same_v<Observer, null_search_observer>;
  auto outcome =
      search<Prune, fast_leaves>(tree, observer, static_cast<search_statistics&>(result));
  result.value = std::move(outcome.value);
  if (outcome.best_child != no_child) result.best_child = outcome.best_child;
  return result;
}

template <class Leaves>
using leaf_value_t = std::remove_cv_t<std::ranges::range_value_t<Leaves>>;

template <class Leaves>
concept leaf_array = std::ranges::contiguous_range<const Leaves&> &&
                     std::ranges::sized_range<const Leaves&> &&
                     numeric_score<leaf_value_t<Leaves>>;

template <class Leaves>
std::span<const leaf_value_t<Leaves>> leaf_span(const Leaves& leaves) {
  return {std::ranges::data(leaves), std::ranges::size(leaves)};
}

}  // namespace detail

/// Alpha-beta search of tree: the root is MAX, levels alternate, children are searched in
/// order with the window starting at (-inf, +inf); at a MAX node best = max(best, v) and
/// alpha = max(alpha, best) after each child, at a MIN node best = min(best, v) and
/// beta = min(beta, best); as soon as alpha >= beta the node's remaining children are skipped.
/// The value equals minimax's. The observer sees every event (see null_search_observer).
/// Complexity: O(nodes entered) time, at most every node; on a perfectly ordered complete tree
/// b^ceil(d/2) + b^floor(d/2) - 1 leaves (Knuth & Moore 1975). O(depth) extra space; no
/// recursion, so any depth that fits in memory works.
/// Throws std::invalid_argument if a floating-point leaf it evaluates is NaN; whatever the
/// tree's callbacks or the observer throw; std::bad_alloc.
template <game_tree Tree, class Observer>
[[nodiscard]] search_result<typename Tree::value_type> alpha_beta(const Tree& tree,
                                                                  Observer& observer) {
  return detail::run_search<true>(tree, observer);
}

/// alpha_beta(tree, observer) without an observer.
template <game_tree Tree>
[[nodiscard]] search_result<typename Tree::value_type> alpha_beta(const Tree& tree) {
  null_search_observer none;
  return detail::run_search<true>(tree, none);
}

/// Plain minimax of tree (root MAX, levels alternate, children in order): every node is
/// entered, cutoffs stays 0, and windows stay (-inf, +inf). The reference alpha_beta must agree
/// with. Complexity: O(nodes) time, O(depth) extra space, no recursion.
/// Throws as alpha_beta(tree, observer) does.
template <game_tree Tree, class Observer>
[[nodiscard]] search_result<typename Tree::value_type> minimax(const Tree& tree,
                                                               Observer& observer) {
  return detail::run_search<false>(tree, observer);
}

/// minimax(tree, observer) without an observer.
template <game_tree Tree>
[[nodiscard]] search_result<typename Tree::value_type> minimax(const Tree& tree) {
  null_search_observer none;
  return detail::run_search<false>(tree, none);
}

/// The seed's function: alpha-beta over the complete tree whose leaves, left to right, are
/// leaves (any contiguous range of an arithmetic type; length branching^depth, depth >= 0).
/// result.value is the root's value, result.leaves_evaluated the leaves read. A single leaf is
/// a tree of depth 0 (any branching >= 2): its value, 1 leaf.
/// Complexity: O(n) time in the worst case, O(log n) extra space.
/// Throws tree_shape_error (a std::invalid_argument) if leaves is empty, branching < 2, the
/// length is not a power of branching, or a floating-point leaf is NaN.
template <class Leaves, detail::branching_integer Branching>
  requires detail::leaf_array<Leaves>
[[nodiscard]] search_result<detail::leaf_value_t<Leaves>> alpha_beta(const Leaves& leaves,
                                                                     Branching branching) {
  const complete_tree<detail::leaf_value_t<Leaves>> tree(detail::leaf_span(leaves), branching);
  return alpha_beta(tree);
}

/// alpha_beta(leaves, branching) for a braced list: alpha_beta({3, 12, 8}, 3).
template <detail::numeric_score Value, detail::branching_integer Branching>
[[nodiscard]] search_result<Value> alpha_beta(std::initializer_list<Value> leaves,
                                              Branching branching) {
  return alpha_beta(std::span<const Value>(leaves.begin(), leaves.size()), branching);
}

/// Plain minimax over the complete tree given by leaves and branching, as alpha_beta(leaves,
/// branching) describes it; every leaf is evaluated. Complexity: O(n) time, O(log n) space.
/// Throws tree_shape_error as alpha_beta(leaves, branching) does.
template <class Leaves, detail::branching_integer Branching>
  requires detail::leaf_array<Leaves>
[[nodiscard]] search_result<detail::leaf_value_t<Leaves>> minimax(const Leaves& leaves,
                                                                  Branching branching) {
  const complete_tree<detail::leaf_value_t<Leaves>> tree(detail::leaf_span(leaves), branching);
  return minimax(tree);
}

/// minimax(leaves, branching) for a braced list.
template <detail::numeric_score Value, detail::branching_integer Branching>
[[nodiscard]] search_result<Value> minimax(std::initializer_list<Value> leaves,
                                           Branching branching) {
  return minimax(std::span<const Value>(leaves.begin(), leaves.size()), branching);
}

/// An observer that records every node a search enters, and optionally the subtrees a cutoff
/// skips, then writes them as Graphviz DOT (dot -Tsvg): each interior node with its MAX/MIN
/// role, value and (alpha, beta) window on entry and exit, evaluated leaves filled with their
/// evaluation order, skipped nodes grey and dashed. Keeps a reference to the tree.
template <game_tree Tree>
class search_trace {
 public:
  using node_type = typename Tree::node_type;
  using value_type = typename Tree::value_type;
  using window_type = search_window<value_type>;

  enum class status : unsigned char {
    searched,   // interior node, every child searched
    cut,        // interior node that skipped children (alpha >= beta)
    evaluated,  // leaf whose score was read
    skipped,    // node inside a subtree a cutoff skipped
  };

  /// One recorded node. parent indexes nodes(); the root's parent is no_parent.
  struct entry {
    std::size_t parent;
    std::size_t depth;
    bool maximizing;
    bool leaf;
    status state;
    std::optional<value_type> value;  // empty for skipped interior nodes
    window_type entry_window;
    window_type exit_window;
    std::size_t evaluation_order;  // 1-based, for evaluated leaves; 0 otherwise
  };

  static constexpr std::size_t no_parent = static_cast<std::size_t>(-1);

  /// Records searches of tree. With expand_skipped, every node below a cutoff is recorded too
  /// (as skipped), which costs time and memory proportional to the skipped subtrees.
  explicit search_trace(const Tree& tree, bool expand_skipped = true)
      : tree_(&tree), expand_skipped_(expand_skipped) {}

  /// The recorded nodes in the order they were entered (a skipped subtree right after the
  /// node whose cutoff skipped it).
  [[nodiscard]] const std::vector<entry>& nodes() const noexcept { return nodes_; }

  /// Observer hooks (see null_search_observer), called by the searches. O(1) amortised,
  /// except on_cutoff with expand_skipped: O(size of the skipped subtrees). They throw only
  /// std::bad_alloc.
  void on_enter(const node_type&, std::size_t depth, bool maximizing, const window_type& w) {
    nodes_.push_back(entry{open_.empty() ? no_parent : open_.back(), depth, maximizing, false,
                           status::searched, std::nullopt, w, w, 0});
    open_.push_back(nodes_.size() - 1);
  }
  void on_leaf(const node_type&, std::size_t, const value_type& v) {
    entry& e = nodes_[open_.back()];
    e.leaf = true;
    e.state = status::evaluated;
    e.value = v;
    e.evaluation_order = ++evaluated_;
    open_.pop_back();
  }
  void on_exit(const node_type&, std::size_t, const value_type& v, const window_type& w) {
    entry& e = nodes_[open_.back()];
    e.value = v;
    e.exit_window = w;
    open_.pop_back();
  }
  void on_cutoff(const node_type& node, std::size_t depth, std::size_t first_skipped,
                 std::size_t child_count) {
    const std::size_t cut_index = open_.back();
    nodes_[cut_index].state = status::cut;
    const bool child_maximizing = !nodes_[cut_index].maximizing;
    if (!expand_skipped_) {
      for (std::size_t i = first_skipped; i < child_count; ++i) {
        record_skipped(cut_index, depth + 1, child_maximizing, tree_->child(node, i), false);
      }
      return;
    }
    // Pre-order, left to right, with an explicit stack: skipped subtrees can be deep too.
    struct pending {
      node_type node;
      std::size_t parent;
      std::size_t depth;
      bool maximizing;
    };
    std::vector<pending> stack;
    for (std::size_t i = child_count; i-- > first_skipped;) {
      stack.push_back(pending{tree_->child(node, i), cut_index, depth + 1, child_maximizing});
    }
    while (!stack.empty()) {
      pending p = std::move(stack.back());
      stack.pop_back();
      const std::size_t n = static_cast<std::size_t>(tree_->child_count(p.node));
      const std::size_t index = record_skipped(p.parent, p.depth, p.maximizing, p.node, true);
      for (std::size_t i = n; i-- > 0;) {
        stack.push_back(pending{tree_->child(p.node, i), index, p.depth + 1, !p.maximizing});
      }
    }
  }

  /// Writes the recorded tree as a DOT digraph. Complexity: O(recorded nodes).
  void write_dot(std::ostream& out) const {
    detail::dot_begin(out, "alpha_beta");
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
      const entry& e = nodes_[i];
      out << "  n" << i << " [" << node_attributes(e) << "];\n";
      if (e.parent != no_parent) {
        out << "  n" << e.parent << " -> n" << i;
        if (e.state == status::skipped) out << " [style=dashed, color=gray70]";
        out << ";\n";
      }
    }
    std::string caption;
    if (!nodes_.empty() && nodes_.front().value) {
      std::size_t cuts = 0;
      std::size_t skipped_leaves = 0;
      for (const entry& e : nodes_) {
        cuts += e.state == status::cut ? 1 : 0;
        skipped_leaves += e.state == status::skipped && e.leaf ? 1 : 0;
      }
      caption = "value " + detail::format_value(*nodes_.front().value) + ", " + std::to_string(evaluated_) +
                " leaves evaluated (#k: order)";
      if (skipped_leaves != 0) caption += ", " + std::to_string(skipped_leaves) + " skipped";
      caption += ", " + std::to_string(cuts) + (cuts == 1 ? " cutoff" : " cutoffs");
    }
    detail::dot_end(out, caption);
  }

  /// write_dot into a string.
  [[nodiscard]] std::string to_dot() const {
    std::ostringstream out;
    write_dot(out);
    return out.str();
  }

 private:
  std::size_t record_skipped(std::size_t parent, std::size_t depth, bool maximizing,
                             const node_type& node, bool expand) {
    entry e{parent, depth, maximizing, false, status::skipped, std::nullopt, {}, {}, 0};
    if (expand && tree_->child_count(node) == 0) {
      e.leaf = true;
      e.value = static_cast<value_type>(tree_->leaf_value(node));
    }
    nodes_.push_back(std::move(e));
    return nodes_.size() - 1;
  }

  static std::string bound_text(const std::optional<value_type>& bound, bool lower) {
    if (bound) return score_text(*bound);
    return lower ? "-\u221e" : "+\u221e";
  }

  static std::string score_text(const value_type& v) {
    return detail::dot_escape(detail::format_value(v));
  }

  static std::string window_text(const window_type& w) {
    // Appended piece by piece: GCC 12's -Wrestrict misfires on "(" + a + ... at -O3.
    std::string text(1, '(');
    text += bound_text(w.alpha(), true);
    text += ", ";
    text += bound_text(w.beta(), false);
    text += ')';
    return text;
  }

  static std::string node_attributes(const entry& e) {
    const std::string role = e.maximizing ? "MAX" : "MIN";
    std::string label;
    std::string attributes;
    switch (e.state) {
      case status::evaluated:
        label = score_text(*e.value) + "\\n#" + std::to_string(e.evaluation_order);
        attributes = "shape=ellipse, fillcolor=\"#c8ecc0\", color=\"#2e7d32\", penwidth=2";
        break;
      case status::skipped:
        label = e.value ? score_text(*e.value) : role;
        attributes = std::string("shape=") + (e.leaf ? "ellipse" : "box") +
                     ", style=\"dashed\", color=gray70, fontcolor=gray60";
        break;
      case status::searched:
      case status::cut:
        label = role + " = " + (e.value ? score_text(*e.value) : "?") +
                "\\nin " + window_text(e.entry_window) + "\\nout " + window_text(e.exit_window);
        if (e.state == status::cut) label += "\\n\u03b1 \u2265 \u03b2: cut";
        attributes = std::string("shape=box, style=\"rounded,filled\", fillcolor=\"") +
                     (e.maximizing ? "#dbe8fb" : "#fde3cc") + "\"";
        if (e.state == status::cut) attributes += ", color=\"#c62828\", penwidth=2";
        break;
    }
    return "label=\"" + label + "\", " + attributes;
  }

  const Tree* tree_;
  bool expand_skipped_;
  std::vector<entry> nodes_;
  std::vector<std::size_t> open_;  // recorded indices of the nodes on the search path
  std::size_t evaluated_ = 0;
};

}  // namespace gametree
