#pragma once
// Plain negamax for the engine's tests, written from the game concept's rules alone: recursive,
// no pruning, no table, no ordering, and none of the engine's code (only the public score
// type's constructors). Scores are for the player to move; a child's score reaches its parent
// one ply further away, negated where the player changes.

#include <gametree/game.hpp>

#include <cstdint>
#include <optional>
#include <vector>

namespace gametree_test::reference {

template <class G>
using score_of = gametree::score<gametree::game_value_t<G>>;

// The child's score c seen from its parent; same: the same player moves at both.
template <class Value>
gametree::score<Value> to_parent(const gametree::score<Value>& c, bool same) {
  using S = gametree::score<Value>;
  if (c.is_win()) return same ? S::win_in(c.plies() + 1) : S::loss_in(c.plies() + 1);
  if (c.is_loss()) return same ? S::loss_in(c.plies() + 1) : S::win_in(c.plies() + 1);
  return same ? c : S::of(static_cast<Value>(-c.value()));
}

template <class G>
score_of<G> terminal(const G& g) {
  using S = score_of<G>;
  const auto o = *g.outcome();
  if constexpr (std::is_same_v<std::remove_cvref_t<decltype(o)>, gametree::game_outcome>) {
    if (o == gametree::game_outcome::win) return S::win_in(0);
    if (o == gametree::game_outcome::loss) return S::loss_in(0);
    return S{};
  } else {
    return S::of(static_cast<gametree::game_value_t<G>>(o));
  }
}

template <class G>
bool same_player(const G& parent, const G& child) {
  if constexpr (gametree::turn_reporting_game<G>) {
    return parent.player_to_move() == child.player_to_move();
  } else {
    (void)parent;
    (void)child;
    return false;
  }
}

// The negamax score of g searched depth plies deep (depth < 0: to the end of the game).
template <class G>
score_of<G> negamax(const G& g, int depth = -1) {
  if (g.outcome()) return terminal(g);
  if constexpr (gametree::evaluated_game<G>) {
    if (depth == 0) return score_of<G>::of(static_cast<gametree::game_value_t<G>>(g.evaluate()));
  }
  std::vector<typename G::move_type> moves;
  g.legal_moves(moves);
  std::optional<score_of<G>> best;
  for (const auto& m : moves) {
    G child = g;
    child.play(m);
    const auto s = to_parent(negamax(child, depth < 0 ? depth : depth - 1), same_player(g, child));
    if (!best || *best < s) best = s;
  }
  return *best;
}

// The score of playing move m at g, searched as negamax(g, depth) would.
template <class G>
score_of<G> move_value(const G& g, const typename G::move_type& m, int depth = -1) {
  G child = g;
  child.play(m);
  return to_parent(negamax(child, depth < 0 ? depth : depth - 1), same_player(g, child));
}

}  // namespace gametree_test::reference
