#pragma once
// Pons' Connect 4 test sets (GAMETREE_CONNECT4_DATA, set by tests/CMakeLists.txt when the
// data is there): "<moves> <score>" per line, the score for the player to move.
#ifdef GAMETREE_CONNECT4_DATA

#include <cstddef>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "catch.hpp"

namespace gametree_test {

// The first limit lines of the set, as (moves, score); the file must hold that many.
inline std::vector<std::pair<std::string, int>> read_set(const std::string& name, std::size_t limit) {
  std::ifstream in(std::string(GAMETREE_CONNECT4_DATA) + "/" + name);
  REQUIRE(in.good());
  std::vector<std::pair<std::string, int>> set;
  std::string moves;
  int value = 0;
  while (set.size() < limit && in >> moves >> value) set.emplace_back(moves, value);
  REQUIRE(set.size() == limit);
  return set;
}

}  // namespace gametree_test

#endif
