#pragma once
// The finaliser of SplitMix64 (Steele, Lea & Flood, "Fast splittable pseudorandom number
// generators", OOPSLA 2014): spreads any 64-bit value over all 64 bits. The table mixes
// hashes with it before it takes a bucket; the shipped games build their hashes from it.

#include <cstdint>

namespace gametree::detail {

[[nodiscard]] constexpr std::uint64_t mix64(std::uint64_t h) noexcept {
  h ^= h >> 30;
  h *= 0xbf58476d1ce4e5b9ULL;
  h ^= h >> 27;
  h *= 0x94d049bb133111ebULL;
  h ^= h >> 31;
  return h;
}

}  // namespace gametree::detail
