#pragma once
// A random game of chance for the engine's tests: every state is (id, ply, player); whether it
// is terminal, a decision or a chance state, its branching (1..4), its outcomes'
// probabilities, its payoff and its evaluation (both in [-1, 1]) are functions of the state
// and a seed. Children ids are taken modulo a small width per ply, so lines meet in one state
// (transpositions for the table). The player to move after a move or an outcome is drawn too
// (it stays the same one time in three). With Bounded, the game declares payoff_bounds
// [-1, 1], so the engine prunes at chance states (Star1); without, it cannot.

#include <gametree/detail/hash.hpp>
#include <gametree/game.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

namespace gametree_test {

template <bool Bounded>
class random_chance_game {
 public:
  using move_type = int;

  struct params {
    std::uint64_t seed = 1;
    int max_ply = 6;
    std::uint64_t width = 12;
  };

  static constexpr int max_plies = 16;

  explicit random_chance_game(params p) : p_(p) {
    if (p.max_ply > max_plies) throw std::invalid_argument("random_chance_game: max_ply above 16");
  }

  void legal_moves(std::vector<int>& out) const {
    const int b = branching();
    for (int i = 0; i < b; ++i) out.push_back(i);
  }

  [[nodiscard]] bool is_chance() const { return branching() > 0 && h(13) % 5 < 2; }
  void chance_outcomes(std::vector<gametree::chance_outcome<int>>& out) const {
    const int b = branching();
    std::array<double, 4> w{};
    double total = 0;
    for (int i = 0; i < b; ++i) {
      w[static_cast<std::size_t>(i)] = static_cast<double>(1 + h(20 + static_cast<std::uint64_t>(i)) % 9);
      total += w[static_cast<std::size_t>(i)];
    }
    for (int i = 0; i < b; ++i) out.push_back({i, w[static_cast<std::size_t>(i)] / total});
  }

  void play(int m) {
    history_[static_cast<std::size_t>(ply_)] = {id_, player_};
    id_ = gametree::detail::mix64(p_.seed ^ gametree::detail::mix64(id_ * 7 + static_cast<std::uint64_t>(m) + 1) ^
                                  static_cast<std::uint64_t>(ply_)) %
          p_.width;
    ++ply_;
    if (h(11) % 3 != 0) player_ = 1 - player_;
  }
  void undo(int) {
    --ply_;
    id_ = history_[static_cast<std::size_t>(ply_)].first;
    player_ = history_[static_cast<std::size_t>(ply_)].second;
  }

  [[nodiscard]] std::optional<double> outcome() const {
    if (branching() != 0) return std::nullopt;
    return static_cast<double>(static_cast<int>(h(3) % 201) - 100) / 100.0;
  }
  [[nodiscard]] double evaluate() const { return static_cast<double>(static_cast<int>(h(5) % 201) - 100) / 100.0; }
  [[nodiscard]] gametree::payoff_bounds payoff_bounds() const
    requires Bounded
  {
    return {-1.0, 1.0};
  }

  [[nodiscard]] std::uint64_t hash() const { return h(17); }
  [[nodiscard]] std::pair<std::uint64_t, std::uint64_t> key() const {
    return {p_.seed, id_ | static_cast<std::uint64_t>(ply_) << 40 | static_cast<std::uint64_t>(player_) << 63};
  }
  [[nodiscard]] int player_to_move() const { return player_; }

 private:
  [[nodiscard]] std::uint64_t h(std::uint64_t salt) const {
    return gametree::detail::mix64(p_.seed * 31 + salt) ^
           gametree::detail::mix64(id_ ^ static_cast<std::uint64_t>(ply_) << 32 ^
                                   static_cast<std::uint64_t>(player_) << 48 ^ salt);
  }
  [[nodiscard]] int branching() const {
    if (ply_ >= p_.max_ply) return 0;
    if (ply_ == 0) return 2 + static_cast<int>(h(1) % 3);
    const int b = static_cast<int>(h(1) % 6);  // 0 or 5: terminal; else 1..4
    return b == 5 ? 0 : b;
  }

  params p_;
  std::uint64_t id_ = 0;
  int ply_ = 0;
  int player_ = 0;
  std::array<std::pair<std::uint64_t, int>, max_plies> history_{};
};

// The same games with every payoff and evaluation x moved to (x + 1) / 2, and payoff_bounds
// [0, 1]: bounds that are not symmetric, so that a state's value for its player (a payoff
// negated where the game ends with the other player to move) can lie outside them.
class shifted_chance_game : public random_chance_game<false> {
 public:
  using random_chance_game<false>::random_chance_game;
  [[nodiscard]] std::optional<double> outcome() const {
    const auto o = random_chance_game<false>::outcome();
    if (!o) return o;
    return (*o + 1) / 2;
  }
  [[nodiscard]] double evaluate() const { return (random_chance_game<false>::evaluate() + 1) / 2; }
  [[nodiscard]] gametree::payoff_bounds payoff_bounds() const { return {0, 1}; }
};

}  // namespace gametree_test
