#pragma once
// Plain expectimax for the tests, written from the chance_game concept's rules alone:
// recursive, no pruning, no table, none of the engine's code. Values are for the player to
// move (a chance state's: its player_to_move()); a child's value is negated where the player
// changes. A chance state's value is the sum, in the order the outcomes are listed, of each
// outcome's probability times its value.

#include <gametree/game.hpp>

#include <vector>

namespace gametree_test::reference {

// The value of g searched depth plies deep (depth < 0: to the end of the game), every ply a
// decision or an outcome, evaluate() at depth 0.
template <class G>
double expectimax(const G& g, int depth = -1) {
  if (const auto o = g.outcome()) return static_cast<double>(*o);
  if (depth == 0) return static_cast<double>(g.evaluate());
  const auto child_value = [&](const typename G::move_type& m) {
    G child = g;
    child.play(m);
    const double v = expectimax(child, depth < 0 ? depth : depth - 1);
    return child.player_to_move() == g.player_to_move() ? v : -v;
  };
  if (g.is_chance()) {
    std::vector<gametree::chance_outcome<typename G::move_type>> outcomes;
    g.chance_outcomes(outcomes);
    double sum = 0;
    for (const auto& o : outcomes) sum += o.probability * child_value(o.move);
    return sum;
  }
  std::vector<typename G::move_type> moves;
  g.legal_moves(moves);
  bool first = true;
  double best = 0;
  for (const auto& m : moves) {
    const double v = child_value(m);
    if (first || v > best) best = v;
    first = false;
  }
  return best;
}

}  // namespace gametree_test::reference
