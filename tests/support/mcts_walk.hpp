#pragma once
// Every node of an MCTS tree, reached through the searcher's public children() alone: for
// the tests that compare trees (tests/mcts_test.cpp) and that count the nodes a tree's root
// reaches against tree_size() (tests/search_alloc_test.cpp). Iterative: trees may be deep.

#include <gametree/mcts.hpp>

#include <map>
#include <utility>
#include <vector>

namespace gametree_test {

// Every node of the tree under line, as (line, statistics), by walking children().
template <class G>
void walk(const gametree::mcts<G>& m, std::vector<typename G::move_type>& line,
          std::map<std::vector<typename G::move_type>, gametree::mcts_move_info<G>>& out) {
  std::vector<std::vector<typename G::move_type>> todo{line};
  while (!todo.empty()) {
    auto at = todo.back();
    todo.pop_back();
    for (const auto& info : m.children(at)) {
      auto next = at;
      next.push_back(info.move);
      out.emplace(next, info);
      todo.push_back(std::move(next));
    }
  }
}

}  // namespace gametree_test
