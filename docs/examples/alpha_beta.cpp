#include <gametree/alpha_beta.hpp>

#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

// The seed's examples, a generic tree made of callbacks, and a picture of the search.
int main() {
  // The seed's function: leaves of a complete tree, branching factor.
  const std::vector<long long> leaves{3, 12, 8, 2, 4, 6, 14, 5, 2};
  const auto r = gametree::alpha_beta(leaves, 3);
  std::printf("[%lld, %llu]\n", r.value, static_cast<unsigned long long>(r.leaves_evaluated));
  if (r.value != 3 || r.leaves_evaluated != 7 || r.cutoffs != 1) return 1;  // [3, 7]

  const auto s = gametree::alpha_beta({5, 6, 7, 4}, 2);
  if (s.value != 5 || s.leaves_evaluated != 4) return 1;  // [5, 4]

  // Plain minimax reads every leaf and agrees on the value.
  const auto m = gametree::minimax(leaves, 3);
  if (m.value != 3 || m.leaves_evaluated != 9) return 1;

  // Any tree: here a node is its depth, and the tree is a chain of 10^5 nodes.
  const gametree::callback_tree chain(
      0, [](int depth) { return depth < 100000 ? 1 : 0; },
      [](int depth, std::size_t) { return depth + 1; }, [](int depth) { return depth % 7; });
  if (gametree::alpha_beta(chain).value != 100000 % 7) return 1;

  // The picture: record the search, write Graphviz DOT.
  const gametree::complete_tree tree(leaves, 3);
  gametree::search_trace trace(tree);
  (void)gametree::alpha_beta(tree, trace);
  const std::string dot = trace.to_dot();  // dot -Tsvg turns it into docs/images/alpha_beta_seed.svg
  if (dot.find("digraph") != 0) return 1;

  try {
    (void)gametree::alpha_beta(std::vector<int>(10), 3);
    return 1;  // 10 is not a power of 3
  } catch (const gametree::tree_shape_error& e) {
    std::printf("%s\n", e.what());  // leaves has 10 elements, which is not a power of ...
  }
  return 0;
}
