#pragma once
// Nim, normal play: any number of heaps; a move takes one or more objects from one heap; the
// player who cannot move (every heap empty) loses. Bouton (1901): the player to move wins
// exactly when the xor of the heap sizes is not 0.
//
// Also the subtraction game: one heap, a move takes one of a fixed set of amounts, the player
// who cannot move loses. Its lines can be as long as the heap is large.

#include <gametree/detail/hash.hpp>
#include <gametree/game.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace gametree::games {

namespace detail {
// A heap's contribution to a Zobrist-style hash: the pair (heap, size) mixed.
[[nodiscard]] constexpr std::uint64_t mix(std::uint64_t a, std::uint64_t b) noexcept {
  return gametree::detail::mix64(a * 0x9e3779b97f4a7c15ULL + b + 0x632be59bd9b4e019ULL);
}
}  // namespace detail

/// A move of Nim: take `take` objects from heap `heap`.
struct nim_move {
  std::size_t heap = 0;
  unsigned take = 0;
  friend bool operator==(const nim_move&, const nim_move&) = default;
  /// Writes "take T from heap H" (heaps counted from 0), as errors and traces name the move.
  friend std::ostream& operator<<(std::ostream& out, const nim_move& m) {
    return out << "take " << m.take << " from heap " << m.heap;
  }
};

class nim {
 public:
  using move_type = nim_move;

  /// The position with these heap sizes. O(heaps).
  explicit nim(std::vector<unsigned> heaps) : heaps_(std::move(heaps)) {
    for (std::size_t i = 0; i < heaps_.size(); ++i) hash_ ^= detail::mix(i, heaps_[i]);
  }

  /// Appends every move: heap by heap, taking 1, 2, ... up to the whole heap.
  void legal_moves(std::vector<nim_move>& out) const {
    for (std::size_t i = 0; i < heaps_.size(); ++i) {
      for (unsigned t = 1; t <= heaps_[i]; ++t) out.push_back({i, t});
    }
  }

  void play(const nim_move& m) noexcept { set(m.heap, heaps_[m.heap] - m.take); }
  void undo(const nim_move& m) noexcept { set(m.heap, heaps_[m.heap] + m.take); }

  /// A loss for the player to move once every heap is empty.
  [[nodiscard]] std::optional<game_outcome> outcome() const noexcept {
    if (std::all_of(heaps_.begin(), heaps_.end(), [](unsigned h) { return h == 0; })) return game_outcome::loss;
    return std::nullopt;
  }

  /// 0: Nim needs no heuristic (the xor rule would be exact), so depth-limited searches of it
  /// are searches with no knowledge.
  [[nodiscard]] int evaluate() const noexcept { return 0; }

  [[nodiscard]] std::uint64_t hash() const noexcept { return hash_; }
  /// The heap sizes themselves.
  [[nodiscard]] const std::vector<unsigned>& key() const noexcept { return heaps_; }
  [[nodiscard]] const std::vector<unsigned>& heaps() const noexcept { return heaps_; }

 private:
  void set(std::size_t heap, unsigned size) noexcept {
    hash_ ^= detail::mix(heap, heaps_[heap]) ^ detail::mix(heap, size);
    heaps_[heap] = size;
  }

  std::vector<unsigned> heaps_;
  std::uint64_t hash_ = 0;
};

/// The subtraction game: one heap; a move takes one of the allowed amounts (at most the heap);
/// the player who cannot move loses.
class subtraction_game {
 public:
  using move_type = std::uint64_t;  // the amount taken

  /// A state in full: the heap and the rule (the allowed amounts).
  struct state {
    std::uint64_t heap = 0;
    std::vector<std::uint64_t> allowed;
    friend bool operator==(const state&, const state&) = default;
  };

  /// Throws std::invalid_argument if allowed is empty or holds 0.
  explicit subtraction_game(std::uint64_t heap, std::vector<std::uint64_t> allowed = {1, 2})
      : state_{heap, std::move(allowed)} {
    if (state_.allowed.empty()) throw std::invalid_argument("subtraction_game: no allowed amount");
    if (std::find(state_.allowed.begin(), state_.allowed.end(), 0) != state_.allowed.end()) {
      throw std::invalid_argument("subtraction_game: an allowed amount of 0 would never end the game");
    }
    for (std::size_t i = 0; i < state_.allowed.size(); ++i) rule_hash_ ^= detail::mix(i + 1, state_.allowed[i]);
  }

  /// Appends the allowed amounts that fit in the heap, in the order given.
  void legal_moves(std::vector<std::uint64_t>& out) const {
    for (const std::uint64_t a : state_.allowed) {
      if (a <= state_.heap) out.push_back(a);
    }
  }
  void play(std::uint64_t amount) noexcept { state_.heap -= amount; }
  void undo(std::uint64_t amount) noexcept { state_.heap += amount; }

  /// A loss for the player to move when no allowed amount fits.
  [[nodiscard]] std::optional<game_outcome> outcome() const noexcept {
    if (std::all_of(state_.allowed.begin(), state_.allowed.end(),
                    [this](std::uint64_t a) { return a > state_.heap; })) {
      return game_outcome::loss;
    }
    return std::nullopt;
  }
  [[nodiscard]] int evaluate() const noexcept { return 0; }
  /// The heap and the rule: one engine can search games with different rules.
  [[nodiscard]] std::uint64_t hash() const noexcept { return detail::mix(state_.heap, 0) ^ rule_hash_; }
  [[nodiscard]] const state& key() const noexcept { return state_; }
  [[nodiscard]] std::uint64_t heap() const noexcept { return state_.heap; }

 private:
  state state_;
  std::uint64_t rule_hash_ = 0;
};

}  // namespace gametree::games
