#pragma once
// The heaps of a Nim game as the match and play programs take them: "3,4,5" (1 to 8 heaps
// of 0..64 objects).

#include <charconv>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace gametree_examples {

/// Reads "H,H,..."; throws std::invalid_argument naming the heap at fault.
inline std::vector<unsigned> parse_heaps(std::string_view text) {
  std::vector<unsigned> heaps;
  while (true) {
    const std::size_t comma = text.find(',');
    const std::string_view heap = text.substr(0, comma);
    unsigned v = 0;
    const auto [end, ec] = std::from_chars(heap.data(), heap.data() + heap.size(), v);
    if (heap.empty() || ec != std::errc{} || end != heap.data() + heap.size() || v > 64) {
      throw std::invalid_argument("nim: a heap takes a whole number from 0 to 64, not '" + std::string(heap) + "'");
    }
    heaps.push_back(v);
    if (comma == std::string_view::npos) break;
    text = text.substr(comma + 1);
  }
  if (heaps.size() > 8) throw std::invalid_argument("nim: at most 8 heaps, not " + std::to_string(heaps.size()));
  return heaps;
}

}  // namespace gametree_examples
