#pragma once
// The binary-tree coloring game (seed 001; LeetCode 1145, "Binary Tree Coloring Game").
//
// The tree's n nodes carry the distinct values 1..n. Player 1 colors node x red, player 2
// colors a node y != x blue; then, player 1 first, each in turn colors an uncolored neighbour
// (left child, right child or parent) of one of its own nodes, passing only when it cannot.
// When both pass, the one with more nodes wins. A tree is connected, so nobody can be stuck
// while a node is uncolored: the game ends exactly when all n nodes are colored.
//
// Why the regions decide it: removing x leaves at most three regions, x's left subtree, its
// right subtree and the rest of the tree (entered through x's parent). Player 2 can never
// leave the region of y, since its only way out is x, while player 1 colors everything outside
// it; and with y the neighbour of x in that region, player 1 can never enter it. So with best
// play player 2 ends with exactly the largest region, m nodes, and player 1 with n - m:
// player 2 wins iff 2m > n, draws iff 2m == n (even n only) and loses otherwise. The seed
// assumes n odd and calls 2m == n a win; here it is a draw. The x that leave player 2 no win
// are those with 2m <= n: the tree's centroids (Jordan 1869), one or two adjacent nodes.
//
// Every function checks the tree it is given: values distinct and in 1..n, n equal to the
// number of nodes, x present. That costs one byte per value and one store per node during
// the one traversal the answer needs anyway; only a tree that fails the check is walked
// again, to name its first bad value.

#include <gametree/binary_tree.hpp>
#include <gametree/detail/traversal.hpp>

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace gametree {

namespace detail {

// An integer type that can name a node (and count nodes): not bool, not a character type,
// and no wider than 64 bits so that every label maps into std::uint64_t.
template <class T>
concept coloring_integer =
    std::integral<T> && !std::same_as<std::remove_cv_t<T>, bool> &&
    !std::same_as<std::remove_cv_t<T>, char> && !std::same_as<std::remove_cv_t<T>, wchar_t> &&
    !std::same_as<std::remove_cv_t<T>, char8_t> && !std::same_as<std::remove_cv_t<T>, char16_t> &&
    !std::same_as<std::remove_cv_t<T>, char32_t> && sizeof(T) <= sizeof(std::uint64_t);

// Label v as a 0-based index: v - 1 for v in 1..n, and some value >= n (for any n < 2^63)
// otherwise, so that one unsigned comparison checks the range. Negative values are first
// widened with their sign, so that -1 of a 32-bit type cannot pass for a large label.
template <coloring_integer T>
[[nodiscard]] constexpr std::uint64_t coloring_index(T v) noexcept {
  if constexpr (std::is_signed_v<T>) {
    return static_cast<std::uint64_t>(static_cast<std::int64_t>(v)) - 1u;
  } else {
    return static_cast<std::uint64_t>(v) - 1u;
  }
}

// The value of a node through node_traits; const nodes are read through the traits'
// Node& accessors, which do not modify the node (as in detail::left_child).
template <class Node>
[[nodiscard]] inline auto coloring_value(Node& n) {
  using traits = node_traits<std::remove_const_t<Node>>;
  return static_cast<typename traits::value_type>(
      traits::value(const_cast<std::remove_const_t<Node>&>(n)));
}

// The largest n for which analyze trusts n without counting first (see there).
inline constexpr std::uint64_t coloring_trusted_count = std::uint64_t{1} << 24;

// analyze walks a tree whose n nodes take at least this many bytes (n * sizeof(Node)) with
// the lookahead walk (coloring_scan_lookahead), smaller ones depth-first (scan_around). The
// default, 1 MiB, is about the size of one core's L2 cache today: below it the nodes stay
// cached between calls and the depth-first walk, with less bookkeeping, is faster; above
// it every node is a cache miss, and the lookahead walk keeps 16 of them in flight instead
// of about one. Defining the macro (the same in every translation unit) moves the switch;
// a call can also name its walk (coloring::walk).
#ifdef GAMETREE_COLORING_LOOKAHEAD_BYTES
inline constexpr std::uint64_t coloring_lookahead_bytes = GAMETREE_COLORING_LOOKAHEAD_BYTES;
#else
inline constexpr std::uint64_t coloring_lookahead_bytes = std::uint64_t{1} << 20;
#endif

// How many nodes the lookahead walk has in flight (a power of two). At a few nanoseconds of
// work per node, 16 cover a memory latency of around 100 ns; 8 and 32 measured slower at
// 10^6 nodes.
inline constexpr std::size_t coloring_lookahead = 16;

[[noreturn]] inline void coloring_fail(const std::string& message) {
  throw std::invalid_argument("gametree::coloring: " + message);
}

// One label's mark. An enum rather than unsigned char, so that a store through a mark cannot
// alias anything else (char types may alias every object; an enum may not), and the walk's
// other state can stay in registers across it.
enum class label_mark : unsigned char { unseen, seen };

// Which labels 1..n the nodes carry: one mark per label, set by a single store (no load, no
// branch on what was there). Marks grow on demand up to n, so a wrong, huge n alone
// allocates nothing. On a tree of exactly n nodes, the labels are exactly 1..n iff none was
// outside 1..n and every mark is set: n nodes cover n labels only if none repeats. Which
// value was bad is found afterwards, on the error path, by coloring_throw_bad_label.
class coloring_labels {
 public:
  explicit coloring_labels(std::uint64_t n) : n_(n) {}

  // Allocates every mark at once (when n >= 1 is known to be the node count).
  void reserve_all() { grow(n_ - 1); }

  [[nodiscard]] label_mark* marks() noexcept { return marks_.data(); }
  // Labels with index below covered() have their mark in marks().
  [[nodiscard]] std::uint64_t covered() const noexcept { return marks_.size(); }

  // For a label index i >= covered(): grows the marks and returns true, or notes that a
  // label was outside 1..n and returns false.
  [[nodiscard]] bool make_room(std::uint64_t i) {
    if (i >= n_) {
      out_of_range_ = true;
      return false;
    }
    grow(i);
    return true;
  }

  // After marking every node of a tree of exactly n >= 1 nodes: true iff its labels are
  // 1..n. (covered() == n >= 1, so the marks are not empty.)
  [[nodiscard]] bool all_seen() const noexcept {
    // memchr, not std::find: compilers do not vectorise a loop that can stop early, and
    // the scan would then cost a sizeable part of the whole walk on small trees.
    return !out_of_range_ && covered() == n_ &&
           std::memchr(marks_.data(), static_cast<int>(label_mark::unseen), marks_.size()) ==
               nullptr;
  }

 private:
  void grow(std::uint64_t i) {
    // Doubling keeps the total cost O(n) however the labels arrive; the first step takes
    // up to 64 KiB at once, which is harmless however wrong n is, so that a tree of up to
    // 65536 nodes allocates its marks once.
    constexpr std::uint64_t first_step = std::uint64_t{1} << 16;
    const std::uint64_t size =
        std::min(n_, std::max({i + 1, 2 * covered(), first_step}));
    marks_.resize(static_cast<std::size_t>(size), label_mark::unseen);
  }

  std::uint64_t n_;
  std::vector<label_mark> marks_;
  bool out_of_range_ = false;
};

// Marks labels in a coloring_labels: the state a loop needs, in members of a local object
// (its registers), touching the coloring_labels only on the rare growing path.
class coloring_label_marker {
 public:
  explicit coloring_label_marker(coloring_labels& labels) noexcept
      : labels_(labels), marks_(labels.marks()), covered_(labels.covered()) {}

  template <class T>
  void mark(T v) {
    const std::uint64_t i = coloring_index(v);
    if (i >= covered_) [[unlikely]] {
      if (!labels_.make_room(i)) return;
      marks_ = labels_.marks();
      covered_ = labels_.covered();
    }
    marks_[static_cast<std::size_t>(i)] = label_mark::seen;
  }

 private:
  coloring_labels& labels_;
  label_mark* marks_;
  std::uint64_t covered_;
};

// The error path of the label check, once a tree of exactly n nodes failed it: throws for
// the first label, in the order given, that is outside 1..n or repeats an earlier one.
// Labels come as coloring_index values; is_signed tells how to print one back. what_n names n
// in the message ("n = 7"). O(n) time, n bits. Not a template, so that it exists once.
[[noreturn]] inline void coloring_throw_bad_label(const std::vector<std::uint64_t>& indices,
                                                  bool is_signed, std::uint64_t n,
                                                  const std::string& what_n) {
  // coloring_index(v) is v - 1 taken modulo 2^64 (after sign extension), so i + 1 gives v
  // back, as a signed or an unsigned 64-bit number.
  const auto text = [is_signed](std::uint64_t i) {
    return is_signed ? std::to_string(static_cast<std::int64_t>(i + 1)) : std::to_string(i + 1);
  };
  std::vector<bool> seen(static_cast<std::size_t>(n));
  for (const std::uint64_t i : indices) {
    if (i >= n) {
      coloring_fail("node value " + text(i) + " is outside 1.." + std::to_string(n) + " (" +
                    what_n + "; node values must be 1..n)");
    }
    if (seen[static_cast<std::size_t>(i)]) {
      coloring_fail("node value " + text(i) + " appears more than once; node values must be distinct");
    }
    seen[static_cast<std::size_t>(i)] = true;
  }
  // A failed check always has a first bad label; the fallback keeps this function total.
  coloring_fail("node values are not 1..n (" + what_n + ")");  // GCOVR_EXCL_LINE
}

// The labels of the tree at root in pre-order, as coloring_index values, for the error path.
template <class Node>
[[noreturn]] void coloring_throw_bad_label(Node* root, std::uint64_t n, const std::string& what_n) {
  std::vector<std::uint64_t> indices;
  for_each_preorder(root, [&indices](Node& node) {
    indices.push_back(coloring_index(coloring_value(node)));
  });
  using value_type = decltype(coloring_value(*root));
  coloring_throw_bad_label(indices, std::is_signed_v<value_type>, n, what_n);
}

// What analyze needs from its one pass: the node count, x's node and parent, and the sizes
// of x's two subtrees.
template <class Node>
struct coloring_scan {
  std::uint64_t count = 0;
  Node* x_node = nullptr;
  Node* x_parent = nullptr;
  std::size_t left = 0;
  std::size_t right = 0;
};

// A right child waiting on the walk's stack, with its parent.
template <class Node>
struct coloring_entry {
  Node* node;
  Node* parent;
};

// The pre-order walk of detail/traversal.hpp, specialised for analyze: it goes down left
// children in a register and stacks only right children, each with its parent (which is how
// x's parent is known). It starts at node (child of parent; may be nullptr), goes on through
// the entries waiting in stack[floor, size) (those below floor belong to an outer walk),
// counts the nodes it visits into count and marks their labels. With FindX it stops right
// after visiting the first node whose label index is x_index, before going below it, and
// returns that node (its parent in x_parent, what still waits in stack[floor, size));
// otherwise it returns nullptr when all is visited.
// All hot state is in locals, touched through references only on entry, on exit and on the
// rare slow paths, so that it stays in registers: the loop then costs little more than a
// bare walk.
template <bool FindX, class Node>
[[nodiscard]] Node* coloring_walk(Node* node, Node* parent,
                                  std::vector<coloring_entry<Node>>& stack, std::size_t floor,
                                  std::size_t& size,
                                  coloring_labels& labels, std::uint64_t x_index,
                                  std::uint64_t& count, Node*& x_parent) {
  coloring_label_marker marker(labels);
  coloring_entry<Node>* waiting = stack.data();
  std::size_t top = size;
  std::size_t capacity = stack.size();
  std::uint64_t visited = 0;
  Node* found = nullptr;
  if (node == nullptr && top > floor) {
    --top;
    node = waiting[top].node;
    parent = waiting[top].parent;
  }
  while (node != nullptr) {
    ++visited;
    const auto v = coloring_value(*node);
    marker.mark(v);
    if constexpr (FindX) {
      if (coloring_index(v) == x_index) [[unlikely]] {
        found = node;
        x_parent = parent;
        break;
      }
    }
    Node* next = left_child(*node);
    if (Node* const right = right_child(*node)) {
      if (next == nullptr) {
        next = right;
      } else {
        // It waits for the whole left subtree: start loading it now.
        prefetch(right);
        if (top == capacity) [[unlikely]] {
          capacity = capacity == 0 ? 32 : 2 * capacity;
          stack.resize(capacity);
          waiting = stack.data();
        }
        waiting[top++] = coloring_entry<Node>{right, node};
      }
    }
    parent = node;
    if (next == nullptr) {
      if (top == floor) break;
      --top;
      next = waiting[top].node;
      parent = waiting[top].parent;
    }
    node = next;
  }
  size = top;
  count += visited;
  return found;
}

// One pre-order pass over the whole tree: counts the nodes, marks every label once, finds x,
// its parent and the sizes of its two subtrees. The walk stops at x; x's subtrees are then
// walked on their own (their counts are the region sizes) and the walk resumes with what
// still waits on its stack, without looking for x any more.
template <class Node>
[[nodiscard]] coloring_scan<Node> scan_around(Node* root, std::uint64_t x_index,
                                              coloring_labels& check) {
  coloring_scan<Node> scan;
  std::vector<coloring_entry<Node>> stack;
  std::size_t size = 0;
  std::uint64_t count = 0;
  Node* x_parent = nullptr;
  Node* const x = coloring_walk<true>(root, static_cast<Node*>(nullptr), stack, 0, size, check,
                                      x_index, count, x_parent);
  if (x != nullptr) {
    // x's subtrees are walked on the same stack, above the entries waiting there.
    const std::size_t waiting = size;
    std::uint64_t left = 0;
    std::uint64_t right = 0;
    Node* unused = nullptr;
    (void)coloring_walk<false>(left_child(*x), x, stack, waiting, size, check, 0, left, unused);
    (void)coloring_walk<false>(right_child(*x), x, stack, waiting, size, check, 0, right, unused);
    (void)coloring_walk<false>(static_cast<Node*>(nullptr), x, stack, 0, size, check, 0, count,
                               unused);
    scan.x_node = x;
    scan.x_parent = x_parent;
    scan.left = static_cast<std::size_t>(left);
    scan.right = static_cast<std::size_t>(right);
    count += left + right;
  }
  scan.count = count;
  return scan;
}

// The same pass as scan_around, for trees much larger than the cache, in no particular
// order. A depth-first walk waits on one cache miss at a time: each node's address is read
// from its parent. This walk takes nodes from its stack into a ring of coloring_lookahead
// slots, prefetching each as it enters, and visits the oldest, whose load has had the time
// of coloring_lookahead visits to arrive. Each entry carries its node's parent (which is how
// x's parent is known) and its region: 0 outside x's subtree (x itself included), 1 in x's
// left subtree, 2 in its right subtree; children inherit their parent's region, except x's.
// The region counts give the sizes. The stack stays within about coloring_lookahead entries
// per level of the tree (measured: 240 on a complete tree of 10^6 nodes, height 19).
template <class Node>
[[nodiscard]] coloring_scan<Node> coloring_scan_lookahead(Node* root, std::uint64_t x_index,
                                                          coloring_labels& check) {
  struct entry {
    Node* node;
    Node* parent;
    std::size_t region;
  };
  constexpr std::size_t slots = coloring_lookahead;
  static_assert((slots & (slots - 1)) == 0, "coloring_lookahead must be a power of two");
  coloring_label_marker marker(check);
  std::vector<entry> stack(64);
  entry* waiting = stack.data();
  std::size_t top = 0;
  std::size_t capacity = stack.size();
  entry ring[slots];
  std::size_t oldest = 0;
  std::size_t in_flight = 0;
  std::uint64_t region_size[3] = {0, 0, 0};
  coloring_scan<Node> scan;
  if (root != nullptr) waiting[top++] = entry{root, nullptr, 0};
  for (;;) {
    while (in_flight < slots && top > 0) {
      const entry next = waiting[--top];
      prefetch(next.node);
      ring[(oldest + in_flight) & (slots - 1)] = next;
      ++in_flight;
    }
    if (in_flight == 0) break;
    const entry current = ring[oldest];
    oldest = (oldest + 1) & (slots - 1);
    --in_flight;
    const auto v = coloring_value(*current.node);
    marker.mark(v);
    ++region_size[current.region];
    const bool is_x = coloring_index(v) == x_index;
    if (is_x) [[unlikely]] {
      scan.x_node = current.node;
      scan.x_parent = current.parent;
    }
    if (capacity - top < 2) [[unlikely]] {
      capacity *= 2;
      stack.resize(capacity);
      waiting = stack.data();
    }
    if (Node* const right = right_child(*current.node)) {
      waiting[top++] = entry{right, current.node, is_x ? std::size_t{2} : current.region};
    }
    if (Node* const left = left_child(*current.node)) {
      waiting[top++] = entry{left, current.node, is_x ? std::size_t{1} : current.region};
    }
  }
  scan.count = region_size[0] + region_size[1] + region_size[2];
  scan.left = static_cast<std::size_t>(region_size[1]);
  scan.right = static_cast<std::size_t>(region_size[2]);
  return scan;
}

}  // namespace detail

namespace coloring {

/// A root (see gametree::tree_root: Node*, std::unique_ptr<Node>, std::shared_ptr<Node>) of a
/// tree whose node values are integers, the labels 1..n of the game.
template <class Root>
concept labelled_tree = tree_root<Root> && valued_tree_node<root_node_t<Root>> &&
                        detail::coloring_integer<tree_value_t<root_node_t<Root>>>;

/// The result of the game for player 2 (the one choosing y, "us" in the seed) when both
/// players play their best.
enum class outcome : unsigned char {
  loss,  ///< player 1 ends with more nodes
  draw,  ///< both end with n/2 nodes (only possible for even n)
  win,   ///< player 2 ends with more nodes
};

/// The three regions that removing node x leaves, by number of nodes. Any may be empty;
/// left + right + parent + 1 == n.
/// Which pass analyze makes over the tree. Both give the same answer and check the same
/// things; they differ only in speed. automatic picks by the tree's size in bytes (see
/// analyze); the others force one walk, for benchmarks and for tests of both walks.
enum class walk : unsigned char {
  automatic,    ///< depth-first below 1 MiB of nodes, lookahead from there
  depth_first,  ///< pre-order, one node at a time
  lookahead,    ///< 16 nodes' loads in flight
};

struct regions {
  std::size_t left = 0;    ///< nodes in x's left subtree
  std::size_t right = 0;   ///< nodes in x's right subtree
  std::size_t parent = 0;  ///< nodes outside x's subtree (reached through x's parent)

  /// The size of the largest region: the number of nodes player 2 ends with under best play.
  [[nodiscard]] constexpr std::size_t largest() const noexcept {
    return std::max(std::max(left, right), parent);
  }

  friend constexpr bool operator==(const regions&, const regions&) noexcept = default;
};

/// Everything about player 1's opening move x: the regions it leaves, the result for
/// player 2, and player 2's best reply.
template <class Value>
struct analysis {
  regions sizes;    ///< the regions around x
  outcome result;   ///< for player 2, both playing their best
  /// x's neighbour in the largest region (ties: left child, then right child, then parent).
  /// It is a best reply in every case: it wins when result is win, draws when draw, and
  /// otherwise loses by the least possible. Empty only for a one-node tree (no y exists).
  std::optional<Value> best_reply;
};

/// Analyses player 1's opening x on the tree at root with n nodes: region sizes, the result
/// for player 2 under best play (win / draw / loss, valid for odd and even n) and player 2's
/// best reply. n and x may be of any integer type (int as in LeetCode, std::size_t, ...).
/// Checks, in this order, and throws std::invalid_argument (message starting
/// "gametree::coloring: ") when: n < 1; the tree does not have exactly n nodes; a node value
/// is outside 1..n or appears twice; no node has the value x.
/// Complexity: one pass, O(n) time, no recursion (plus a counting pass first when n > 2^24,
/// so that a wrong huge n is caught before any memory is sized by it, and a second pre-order
/// pass on bad values, to name the first one). The pass is depth-first when the n nodes take
/// less than 1 MiB, and otherwise keeps 16 nodes' loads in flight (see
/// detail::coloring_lookahead_bytes), unless how names the walk. Memory: n bytes for the
/// value check plus O(height) for the traversal stack (16 times as many entries at most on
/// the lookahead walk). Also throws std::bad_alloc if that memory cannot be had.
template <labelled_tree Root, detail::coloring_integer Count, detail::coloring_integer Label>
[[nodiscard]] analysis<tree_value_t<root_node_t<Root>>> analyze(const Root& root, Count n,
                                                                Label x, walk how = walk::automatic) {
  using node = root_node_t<Root>;
  using value_type = tree_value_t<node>;
  if (n < 1) {
    detail::coloring_fail("n = " + std::to_string(n) + ", but the game needs a node to start");
  }
  const auto node_count = static_cast<std::uint64_t>(n);
  // The messages' words for n, made only on the error paths.
  const auto what_n = [n] { return "n = " + std::to_string(n); };
  const auto wrong_count = [&what_n](std::uint64_t count) {
    detail::coloring_fail(what_n() + ", but the tree has " + std::to_string(count) + " nodes");
  };
  // The label marks grow up to n bytes as labels arrive. Up to 2^24 (16 MiB) that is
  // harmless even if n is wrong; beyond, the tree is counted first, so that a wrong huge n
  // cannot cost memory (the extra pass is paid only by trees of more than 16.7 million
  // nodes).
  if (node_count > detail::coloring_trusted_count) {
    const std::uint64_t count = count_nodes(root);
    if (count != node_count) wrong_count(count);
  }
  detail::coloring_labels labels(node_count);
  node* const top = detail::root_pointer(root);
  const bool lookahead = how == walk::automatic
                             ? node_count >= detail::coloring_lookahead_bytes / sizeof(node)
                             : how == walk::lookahead;
  const detail::coloring_scan<node> scan =
      lookahead ? detail::coloring_scan_lookahead(top, detail::coloring_index(x), labels)
          : detail::scan_around(top, detail::coloring_index(x), labels);
  const std::uint64_t count = scan.count;
  if (count != node_count) wrong_count(count);
  if (!labels.all_seen()) {
    detail::coloring_throw_bad_label(top, node_count, what_n());
  }
  if (scan.x_node == nullptr) {
    detail::coloring_fail("x = " + std::to_string(x) + " is not the value of any node (" +
                          what_n() + "; node values are 1..n)");
  }

  analysis<value_type> result{};
  result.sizes.left = scan.left;
  result.sizes.right = scan.right;
  result.sizes.parent = static_cast<std::size_t>(count) - 1 - scan.left - scan.right;
  const std::size_t largest = result.sizes.largest();
  // 2 * largest cannot overflow: largest < count, and count nodes occupy memory.
  result.result = 2 * largest > count    ? outcome::win
                  : 2 * largest == count ? outcome::draw
                                         : outcome::loss;
  if (largest > 0) {
    node* reply = largest == result.sizes.left    ? detail::left_child(*scan.x_node)
                  : largest == result.sizes.right ? detail::right_child(*scan.x_node)
                                                  : scan.x_parent;
    result.best_reply = detail::coloring_value(*reply);
  }
  return result;
}

/// True when player 2 can force a win after player 1 opens with x on the tree at root with
/// n nodes (the seed's question): when one region around x holds more than n/2 nodes. For
/// even n an equal split is a draw, so the answer is then false (the seed would say true).
/// Complexity, memory, exceptions and how: as analyze.
template <labelled_tree Root, detail::coloring_integer Count, detail::coloring_integer Label>
[[nodiscard]] bool second_player_wins(const Root& root, Count n, Label x, walk how = walk::automatic) {
  return analyze(root, n, x, how).result == outcome::win;
}

/// A value y with which player 2 wins after player 1 opens with x, or std::nullopt when
/// player 2 cannot win. The reply is x's neighbour in the region of more than n/2 nodes,
/// which wins by the most; a node deeper in that region may win too. Complexity, memory,
/// exceptions and how: as analyze.
template <labelled_tree Root, detail::coloring_integer Count, detail::coloring_integer Label>
[[nodiscard]] std::optional<tree_value_t<root_node_t<Root>>> winning_reply(
    const Root& root, Count n, Label x, walk how = walk::automatic) {
  analysis<tree_value_t<root_node_t<Root>>> a = analyze(root, n, x, how);
  if (a.result != outcome::win) return std::nullopt;
  return a.best_reply;
}

/// Every opening x after which player 2 cannot win (it draws at best, or loses): the
/// values of the tree's centroids, the nodes whose removal leaves no region of more than n/2
/// nodes, where n is the tree's node count. They are one node or, for some even n, two
/// adjacent nodes; returned in increasing order. An empty tree gives an empty vector.
/// Checks that the values are distinct and 1..n and throws std::invalid_argument (message
/// starting "gametree::coloring: ") if not.
/// Complexity: two passes (a count, then a post-order that sizes every subtree), O(n) time,
/// no recursion. Memory: n bytes for the value check plus O(height). Also throws
/// std::bad_alloc if that memory cannot be had.
template <labelled_tree Root>
[[nodiscard]] std::vector<tree_value_t<root_node_t<Root>>> safe_first_moves(const Root& root) {
  using node = root_node_t<Root>;
  using value_type = tree_value_t<node>;
  std::vector<value_type> centroids;
  // The centroid test needs n before the sizes come in, hence the first pass.
  const std::size_t n = count_nodes(root);
  if (n == 0) return centroids;

  detail::coloring_labels labels(n);
  labels.reserve_all();
  detail::coloring_label_marker marker(labels);
  // Subtree sizes bottom-up: x is safe when neither its heaviest child's subtree nor the
  // rest of the tree (n - size) holds more than n/2 nodes.
  (void)detail::fold_postorder<std::size_t>(
      detail::root_pointer(root), [&](node& current, std::size_t, const std::size_t* left,
                                      const std::size_t* right) {
        const value_type v = detail::coloring_value(current);
        marker.mark(v);
        const std::size_t left_size = left != nullptr ? *left : 0;
        const std::size_t right_size = right != nullptr ? *right : 0;
        const std::size_t size = 1 + left_size + right_size;
        if (2 * std::max(std::max(left_size, right_size), n - size) <= n) centroids.push_back(v);
        return size;
      });
  if (!labels.all_seen()) {
    detail::coloring_throw_bad_label(detail::root_pointer(root), n,
                                     "the tree has " + std::to_string(n) + " nodes");
  }
  std::sort(centroids.begin(), centroids.end());
  return centroids;
}

}  // namespace coloring
}  // namespace gametree
