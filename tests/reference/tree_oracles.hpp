#pragma once
// Naive reference implementations for the binary-tree tests: recursive traversals, a
// queue-based level-order printer and parser written the obvious way, and a random tree
// generator. They recurse, so use them on small trees only.

#include <gametree/binary_tree.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <queue>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace gametree_test {

using int_tree = std::unique_ptr<gametree::binary_node<int>>;
using visit_record = std::vector<std::pair<int, std::size_t>>;  // value, depth

inline void naive_preorder(const gametree::binary_node<int>* n, std::size_t depth,
                           visit_record& out) {
  if (n == nullptr) return;
  out.emplace_back(n->value, depth);
  naive_preorder(n->left.get(), depth + 1, out);
  naive_preorder(n->right.get(), depth + 1, out);
}

inline void naive_postorder(const gametree::binary_node<int>* n, std::size_t depth,
                            visit_record& out) {
  if (n == nullptr) return;
  naive_postorder(n->left.get(), depth + 1, out);
  naive_postorder(n->right.get(), depth + 1, out);
  out.emplace_back(n->value, depth);
}

inline void naive_inorder(const gametree::binary_node<int>* n, std::size_t depth,
                          visit_record& out) {
  if (n == nullptr) return;
  naive_inorder(n->left.get(), depth + 1, out);
  out.emplace_back(n->value, depth);
  naive_inorder(n->right.get(), depth + 1, out);
}

// The nested form the fold test builds, written recursively: "(L v@d R)", with "-" for a
// missing child, so that left and right, values and depths all show.
inline std::string naive_nested(const gametree::binary_node<int>* n, std::size_t depth) {
  std::string out("(");
  out += n->left ? naive_nested(n->left.get(), depth + 1) : std::string("-");
  out += ' ';
  out += std::to_string(n->value);
  out += '@';
  out += std::to_string(depth);
  out += ' ';
  out += n->right ? naive_nested(n->right.get(), depth + 1) : std::string("-");
  out += ')';
  return out;
}

inline visit_record naive_level_order(const gametree::binary_node<int>* root) {
  visit_record out;
  std::queue<std::pair<const gametree::binary_node<int>*, std::size_t>> q;
  if (root != nullptr) q.emplace(root, 0);
  while (!q.empty()) {
    auto [n, d] = q.front();
    q.pop();
    out.emplace_back(n->value, d);
    if (n->left) q.emplace(n->left.get(), d + 1);
    if (n->right) q.emplace(n->right.get(), d + 1);
  }
  return out;
}

// LeetCode's serializer: every slot of every present node in BFS order, then trailing nulls
// dropped.
inline std::string naive_print(const gametree::binary_node<int>* root) {
  std::vector<std::string> tokens;
  std::queue<const gametree::binary_node<int>*> q;
  q.push(root);
  while (!q.empty()) {
    const gametree::binary_node<int>* n = q.front();
    q.pop();
    if (n == nullptr) {
      tokens.push_back("null");
      continue;
    }
    tokens.push_back(std::to_string(n->value));
    q.push(n->left.get());
    q.push(n->right.get());
  }
  while (!tokens.empty() && tokens.back() == "null") tokens.pop_back();
  std::string s = "[";
  for (std::size_t i = 0; i < tokens.size(); ++i) s += (i > 0 ? "," : "") + tokens[i];
  return s + "]";
}

// Builds a tree from already-split elements (nullopt = null) with a queue of parents.
inline int_tree naive_build(const std::vector<std::optional<int>>& elements) {
  if (elements.empty() || !elements[0]) return nullptr;
  int_tree root = std::make_unique<gametree::binary_node<int>>(*elements[0]);
  std::queue<gametree::binary_node<int>*> parents;
  parents.push(root.get());
  std::size_t i = 1;
  while (!parents.empty() && i < elements.size()) {
    gametree::binary_node<int>* p = parents.front();
    parents.pop();
    if (i < elements.size() && elements[i]) {
      p->left = std::make_unique<gametree::binary_node<int>>(*elements[i]);
      parents.push(p->left.get());
    }
    ++i;
    if (i < elements.size() && elements[i]) {
      p->right = std::make_unique<gametree::binary_node<int>>(*elements[i]);
      parents.push(p->right.get());
    }
    ++i;
  }
  return root;
}

// A uniformly grown random tree: each new node fills a random open child slot.
inline int_tree random_tree(std::mt19937_64& rng, std::size_t n, int lo, int hi) {
  int_tree root;
  std::vector<int_tree*> open{&root};
  std::uniform_int_distribution<int> value(lo, hi);
  for (std::size_t k = 0; k < n; ++k) {
    std::uniform_int_distribution<std::size_t> pick(0, open.size() - 1);
    const std::size_t i = pick(rng);
    int_tree* slot = open[i];
    open[i] = open.back();
    open.pop_back();
    *slot = std::make_unique<gametree::binary_node<int>>(value(rng));
    open.push_back(&(*slot)->left);
    open.push_back(&(*slot)->right);
  }
  return root;
}

// Canonical level-order text of a chain of n >= 1 nodes valued 1..n, each node the only
// child of the previous one: always on the left, always on the right, or alternating
// (zigzag, starting on the left). Each level holds one node, whose two slots follow it, so
// the text is "[1" then, per node, ",<child>,null" or ",null,<child>", last null trimmed.
enum class chain_kind { left, right, zigzag };
inline std::string chain_text(std::size_t n, chain_kind kind) {
  std::string s = "[1";
  for (std::size_t i = 1; i < n; ++i) {
    const bool left = kind == chain_kind::left || (kind == chain_kind::zigzag && i % 2 == 1);
    const std::string child = std::to_string(i + 1);
    s += left ? "," + child + ",null" : ",null," + child;
  }
  if (s.size() >= 5 && s.compare(s.size() - 5, 5, ",null") == 0) s.resize(s.size() - 5);
  return s + "]";
}

}  // namespace gametree_test
