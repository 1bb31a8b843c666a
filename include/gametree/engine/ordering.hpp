#pragma once
// detail::move_order: the engine's move ordering, one per search thread. A node's moves go in
// this order: the table's move, the two killers of the node's ply (the moves that last caused
// a cutoff there), then by history (cutoffs anywhere, weighted by depth squared), the game's
// move_hint() breaking ties, and the order the game generated them in last.
//
// Killer moves: Akl & Newborn (1977); the history heuristic: Schaeffer, "The history
// heuristic and alpha-beta search enhancements in practice", IEEE PAMI 11 (1989).

#include <gametree/engine/options.hpp>
#include <gametree/game.hpp>

#include <algorithm>
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

namespace gametree::detail {

template <game Game>
class move_order {
 public:
  using move_type = typename Game::move_type;

  explicit move_order(const engine_options& options) noexcept
      : killer_moves_(options.killer_moves), history_on_(options.history) {}

  // Sorts moves[first, last) of the node at ply p of state g (stable for equal keys).
  void order(const Game& g, std::vector<move_type>& moves, std::size_t first, std::size_t last,
             const std::optional<move_type>& table_move, std::size_t p) {
    const std::size_t k = 2 * p;
    if (killers_.size() < k + 2) killers_.resize(k + 2);  // reward() writes them, sorted or not
    if (last - first < 2) return;  // one move is in order (Connect 4's forced blocks)
    if (keys_.size() < last) keys_.resize(moves.capacity());
    const std::optional<move_type>& killer1 = killers_[k];
    const std::optional<move_type>& killer2 = killers_[k + 1];
    for (std::size_t i = first; i < last; ++i) {
      const move_type& m = moves[i];
      std::int64_t rank = 0;
      if (table_move && m == *table_move) {
        rank = 3;
      } else if (killer_moves_ && killer1 && m == *killer1) {
        rank = 2;
      } else if (killer_moves_ && killer2 && m == *killer2) {
        rank = 1;
      }
      key sort_key{rank << 58, 0.0};
      if constexpr (history_possible) {
        if (history_on_) sort_key.primary += std::min(history_[slot(m)], history_cap);
      }
      if constexpr (hinted_game<Game>) sort_key.hint = static_cast<double>(g.move_hint(m));
      // Insertion sort, stable: a handful of moves per node, most often nearly in order.
      std::size_t j = i;
      while (j > first && sort_key.before(keys_[j - 1])) {
        keys_[j] = keys_[j - 1];
        std::swap(moves[j], moves[j - 1]);
        --j;
      }
      keys_[j] = sort_key;
    }
  }

  // Move m cut off at ply p with depth plies to go: it becomes a killer of that ply, and its
  // history grows with the depth it cut at.
  void reward(const move_type& m, std::int64_t depth, std::size_t p) {
    const std::size_t k = 2 * p;
    if (killer_moves_ && !(killers_[k] && *killers_[k] == m)) {
      killers_[k + 1] = std::move(killers_[k]);
      killers_[k] = m;
    }
    if constexpr (history_possible) {
      if (!history_on_) return;
      const std::int64_t d = std::min<std::int64_t>(depth, 64);
      // At most 64^2 per cutoff: 2^51 cutoffs in one search before this could overflow.
      history_[slot(m)] += d * d;
    }
  }

  // A new search: older searches' history counts for half.
  void age() noexcept {
    if (!history_on_) return;  // else it stays all 0
    for (std::int64_t& h : history_) h /= 2;
  }

  // Forgets the killers and the history: O(plies searched) and the 4096 counters.
  void clear() {
    killers_.clear();
    if (history_on_) history_.fill(0);
  }

 private:
  struct key {
    std::int64_t primary;  // the class (3: table move, 2 and 1: killers, 0: the rest) << 58, plus history
    double hint;
    [[nodiscard]] bool before(const key& o) const noexcept {
      return primary > o.primary || (primary == o.primary && hint > o.hint);
    }
  };

  static constexpr std::size_t history_size = 4096;
  static constexpr std::int64_t history_cap = (std::int64_t{1} << 58) - 1;  // below a killer
  static constexpr bool history_possible = requires(const move_type& m) {
    { std::hash<move_type>{}(m) } -> std::convertible_to<std::size_t>;
  };

  static std::size_t slot(const move_type& m) noexcept {
    if constexpr (history_possible) {
      return static_cast<std::size_t>(std::hash<move_type>{}(m)) & (history_size - 1);
    } else {
      return 0;
    }
  }

  bool killer_moves_;
  bool history_on_;
  std::vector<key> keys_;                          // the ordering keys of the moves being sorted
  std::vector<std::optional<move_type>> killers_;  // two per ply
  std::array<std::int64_t, history_size> history_{};
};

}  // namespace gametree::detail
