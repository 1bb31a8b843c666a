#pragma once
// A random game for the engine's tests: every state is (id, ply, player), its branching (0..6),
// payoff or outcome, evaluation and move hints are functions of the state and a seed. Children
// ids are taken modulo a small width per ply, so different lines meet in one state (a DAG:
// transpositions for the table to find). With extra_turns, a move keeps the turn now and
// then (the player moves twice). Every capability of the game concept is there.

#include <gametree/detail/hash.hpp>
#include <gametree/game.hpp>

#include <array>
#include <cstdint>
#include <stdexcept>
#include <limits>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

namespace gametree_test {

using gametree::detail::mix64;  // the game's randomness: not part of any oracle

// Payoff: terminal states end with a numeric payoff in [-10, 10]; else win, loss or draw.
// Value: the type of evaluate() and of the payoff. extreme: evaluations are often lowest() or
// max() of Value.
template <class Value, bool Payoff>
class random_game {
 public:
  using move_type = int;

  struct params {
    std::uint64_t seed = 1;
    int max_ply = 8;
    std::uint64_t width = 16;
    bool extra_turns = false;
    bool extreme = false;
    int min_root_branching = 2;
  };

  static constexpr int max_plies = 16;

  explicit random_game(params p) : p_(p) {
    if (p.max_ply > max_plies) throw std::invalid_argument("random_game: max_ply above 16");
  }

  void legal_moves(std::vector<int>& out) const {
    const int b = branching();
    for (int i = 0; i < b; ++i) out.push_back(i);
  }

  void play(int m) {
    history_[static_cast<std::size_t>(ply_)] = {id_, player_};
    id_ = mix64(p_.seed ^ mix64(id_ * 7 + static_cast<std::uint64_t>(m) + 1) ^
                static_cast<std::uint64_t>(ply_)) % p_.width;
    ++ply_;
    const bool extra = p_.extra_turns && h(11) % 4 == 0;
    if (!extra) player_ = 1 - player_;
  }

  void undo(int) {
    --ply_;
    id_ = history_[static_cast<std::size_t>(ply_)].first;
    player_ = history_[static_cast<std::size_t>(ply_)].second;
  }

  auto outcome() const {
    if constexpr (Payoff) {
      if (branching() != 0) return std::optional<Value>{};
      return std::optional<Value>{static_cast<Value>(static_cast<int>(h(3) % 21) - 10)};
    } else {
      if (branching() != 0) return std::optional<gametree::game_outcome>{};
      const int r = static_cast<int>(h(3) % 3);
      return std::optional<gametree::game_outcome>{
          r == 0 ? gametree::game_outcome::loss
                 : r == 1 ? gametree::game_outcome::draw : gametree::game_outcome::win};
    }
  }

  Value evaluate() const {
    const std::uint64_t r = h(5);
    if (p_.extreme && r % 3 == 0) {
      return r % 2 == 0 ? std::numeric_limits<Value>::lowest() : std::numeric_limits<Value>::max();
    }
    return static_cast<Value>(static_cast<int>(r % 101) - 50);
  }

  std::uint64_t hash() const { return h(17); }
  // The tree's seed beside the node: positions of different trees never share a key, even in
  // one engine's table.
  std::pair<std::uint64_t, std::uint64_t> key() const {
    return {p_.seed, id_ | static_cast<std::uint64_t>(ply_) << 40 | static_cast<std::uint64_t>(player_) << 63};
  }
  int player_to_move() const { return player_; }
  int move_hint(int m) const { return static_cast<int>(mix64(h(7) + static_cast<std::uint64_t>(m)) % 10); }
  int ply() const { return ply_; }

 private:
  std::uint64_t h(std::uint64_t salt) const {
    return mix64(p_.seed * 31 + salt) ^
           mix64(id_ ^ static_cast<std::uint64_t>(ply_) << 32 ^ static_cast<std::uint64_t>(player_) << 48 ^ salt);
  }
  int branching() const {
    if (ply_ >= p_.max_ply) return 0;
    const int b = static_cast<int>(h(1) % 7);
    if (ply_ == 0 && b < p_.min_root_branching) return p_.min_root_branching;
    return b;
  }

  params p_;
  std::uint64_t id_ = 0;
  int ply_ = 0;
  int player_ = 0;
  std::array<std::pair<std::uint64_t, int>, max_plies> history_{};  // for undo
};

}  // namespace gametree_test
