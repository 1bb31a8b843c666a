#pragma once
// LeetCode's level-order text format for binary trees: "[1,null,2,3]".
//
// The list gives the tree breadth first: the first element is the root, and every following
// element fills the next open child slot (left, then right, of the earliest node whose
// children are not yet listed); `null` leaves a slot empty, and the children of missing
// nodes are not listed. "[]" is the empty tree.

#include <gametree/binary_tree.hpp>
#include <gametree/detail/traversal.hpp>
#include <gametree/text_input.hpp>

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <vector>

namespace gametree {

namespace detail {

// The name of T used in parse messages ("expected a node value of type int").
template <class T>
[[nodiscard]] constexpr std::string_view number_type_name() noexcept {
  if constexpr (std::is_same_v<T, short>) return "short";
  else if constexpr (std::is_same_v<T, int>) return "int";
  else if constexpr (std::is_same_v<T, long>) return "long";
  else if constexpr (std::is_same_v<T, long long>) return "long long";
  else if constexpr (std::is_same_v<T, signed char>) return "signed char";
  else if constexpr (std::is_same_v<T, unsigned char>) return "unsigned char";
  else if constexpr (std::is_same_v<T, unsigned short>) return "unsigned short";
  else if constexpr (std::is_same_v<T, unsigned>) return "unsigned int";
  else if constexpr (std::is_same_v<T, unsigned long>) return "unsigned long";
  else if constexpr (std::is_same_v<T, unsigned long long>) return "unsigned long long";
  else if constexpr (std::is_same_v<T, float>) return "float";
  else if constexpr (std::is_same_v<T, double>) return "double";
  else if constexpr (std::is_same_v<T, long double>) return "long double";
  else if constexpr (std::is_floating_point_v<T>) return "floating-point number";
  else return "integer";
}

// Appends v in the format's number syntax: decimal integers; floating point in the shortest
// form that reads back to the same value (std::to_chars), so printing then parsing is exact.
template <readable_number T>
void append_number(std::string& out, T v) {
  char buffer[64];
  const std::to_chars_result r = std::to_chars(buffer, buffer + sizeof buffer, v);
  // 64 characters hold any integer and the shortest form of any floating-point value.
  out.append(buffer, r.ptr);
}

}  // namespace detail

/// Parses the level-order text of a binary tree ("[1,null,2,3]") into binary_node<T>;
/// "[]" gives nullptr. Any whitespace may surround brackets, commas and elements. Numbers are
/// decimal integers for integral T (a leading '+' is accepted), any std::from_chars general
/// form for floating T (including inf, but not nan). A `null` for which no child slot is left
/// is ignored, so untrimmed forms such as "[1,null,null]" are accepted.
/// Complexity: O(length of text) time; memory O(n) for the tree plus O(width of the tree)
/// pointers for the nodes whose children are still to come.
/// Throws parse_error (a std::invalid_argument) whose message says what was expected and at
/// which offset: for a missing '[' or ']', an empty element ("[1,,2]"), an element that is
/// neither a number of type T nor `null`, a number out of T's range, text after the closing
/// ']', or a number after every node's children are already listed. Throws std::bad_alloc if
/// memory runs out. Nothing leaks on a throw.
template <readable_number T>
[[nodiscard]] std::unique_ptr<binary_node<T>> parse_level_order(std::string_view text) {
  using node = binary_node<T>;
  static const std::string what =
      "a node value of type " + std::string(detail::number_type_name<T>());

  text_scanner scanner(text);
  scanner.expect('[', "at the start of a level-order tree");
  std::unique_ptr<node> root;
  if (scanner.try_consume(']')) {
    scanner.expect_end("after the closing ']'");
    return root;
  }

  // The nodes whose children are not all listed yet, in the order they were created, which is
  // the order in which their child slots are filled; the front is the next parent. A queue
  // rather than a vector of all n nodes: it holds about one level's width, in small blocks,
  // so parsing a small tree makes no large malloc request (with glibc, one makes malloc first
  // merge every small free chunk, which after freeing a tree of 10^3 nodes cost as much as
  // the whole parse). On wide trees its block map does grow past 1 KiB, and that merge then
  // happens once; the nodes that follow are carved in order from the merged memory, which
  // for 10^5 nodes and more is faster than reusing the freed chunks in the scattered order
  // they were freed in (a queue that never makes a large request measured 1.6-2.2x slower).
  std::deque<node*> open;
  bool right_slot = false;
  bool root_slot = true;

  // Moves past the slot just filled (by a value or a null): after a right slot, that parent
  // has all its children listed.
  const auto next_slot = [&] {
    if (right_slot) open.pop_front();
    right_slot = !right_slot;
  };

  // Places a value, read from text[start, end), in the next open slot, or throws if no slot
  // is left.
  const auto place = [&](T&& value, std::size_t start, std::size_t end) {
    if (root_slot) {
      root_slot = false;
      root = std::make_unique<node>(std::move(value));
      open.push_back(root.get());
      return;
    }
    if (open.empty()) {
      text_scanner::fail_at(start, "unexpected value " +
                                       text_scanner::quote(text.substr(start, end - start)) +
                                       ": every node's children are already listed");
    }
    node& parent = *open.front();
    std::unique_ptr<node>& slot = right_slot ? parent.right : parent.left;
    slot = std::make_unique<node>(std::move(value));
    open.push_back(slot.get());
    next_slot();
  };

  // The elements are read with the scanner's static functions on a local pointer, each once:
  // a number is converted where it starts, and `null` is recognised in place. Anything else
  // goes back to the scanner, which reads it as read_number does and words the error.
  const char* const first = text.data();
  const char* const last = first + text.size();
  const auto offset_of = [first](const char* q) { return static_cast<std::size_t>(q - first); };
  const char* p = first + scanner.offset();
  for (;;) {
    p = text_scanner::skip_space(p, last);
    const std::size_t start = offset_of(p);
    if (p != last && *p == 'n' && text_scanner::word_at(p, last, "null")) {
      p += 4;
      if (root_slot) {
        root_slot = false;
      } else if (!open.empty()) {
        next_slot();
      }
    } else {
      T value{};
      const char* end = text_scanner::number_at(p, last, value);
      if (end == nullptr) {
        // Not a number the fast path takes: read_number takes "+5" and words the error
        // for anything else.
        scanner.seek(start);
        if (scanner.at_empty_token()) {
          scanner.fail("expected " + what + " or 'null', found " + scanner.describe_next());
        }
        value = scanner.read_number<T>(what);
        end = first + scanner.offset();
      }
      p = end;
      place(std::move(value), start, offset_of(p));
    }
    p = text_scanner::skip_space(p, last);
    if (p != last && *p == ',') {
      ++p;
      continue;
    }
    if (p != last && *p == ']') {
      ++p;
      break;
    }
    scanner.seek(offset_of(p));
    scanner.fail("expected ']' or ',' after a tree element, found " + scanner.describe_next());
  }
  scanner.seek(offset_of(p));
  scanner.expect_end("after the closing ']'");
  return root;
}

/// Prints a tree in canonical level-order text: no spaces, `null` for a missing child,
/// trailing nulls trimmed, "[]" for an empty tree. Integers print in decimal; floating-point
/// values in the shortest form that parses back to the same value (a NaN prints as "nan",
/// which parse_level_order rejects). Works for any node shape through node_traits.
/// Complexity: O(n) time, O(width of the tree) extra memory besides the result.
/// Throws std::bad_alloc only.
template <tree_root Root>
  requires valued_tree_node<root_node_t<Root>> &&
           readable_number<tree_value_t<root_node_t<Root>>>
[[nodiscard]] std::string to_level_order(const Root& root) {
  using node = std::remove_const_t<root_node_t<Root>>;
  const node* top = detail::root_pointer(root);
  std::string out = "[";
  if (top != nullptr) {
    detail::append_number(out, detail::node_value(*top));
    // Nulls are held back until a later value shows they are not trailing.
    std::size_t held_nulls = 0;
    const auto slot = [&](const node* child) {
      if (child == nullptr) {
        ++held_nulls;
        return;
      }
      for (; held_nulls > 0; --held_nulls) out += ",null";
      out += ',';
      detail::append_number(out, detail::node_value(*child));
    };
    detail::for_each_level_order(top, [&](const node& n) {
      slot(detail::left_child(n));
      slot(detail::right_child(n));
    });
  }
  out += ']';
  return out;
}

}  // namespace gametree
