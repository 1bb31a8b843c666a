// The example of docs/mcts.md: MCTS on Connect 4 and tic-tac-toe, a kept tree, the solver.
// Exits non-zero if a result is not what the documentation says.
#include <gametree/games/connect_four.hpp>
#include <gametree/games/tic_tac_toe.hpp>
#include <gametree/mcts.hpp>

#include <cstdio>

int main() {
  using gametree::games::connect_four;
  using gametree::games::tic_tac_toe;

  // A fixed budget from a Connect 4 position where the first player wins by making an open
  // three in column 3 or 6 (0-based 2 or 5): the solver proves it.
  gametree::mcts<connect_four<>> m({.seed = 1});
  const auto r = m.search(connect_four<>::from_moves("4455"), {.max_iterations = 5000});
  std::printf("best column %d (0-based), solved %d, value %.0f, %llu iterations\n", *r.best_move, r.solved,
              r.value, static_cast<unsigned long long>(r.stats.iterations));
  if (!r.solved || *r.proven_value != 1 || (*r.best_move != 2 && *r.best_move != 5)) return 1;

  // Tic-tac-toe solved from the empty board: a draw.
  gametree::mcts<tic_tac_toe> t;
  const auto d = t.search(tic_tac_toe{}, {.max_iterations = 1'000'000});
  std::printf("tic-tac-toe: solved %d, value %.0f after %llu iterations\n", d.solved, *d.proven_value,
              static_cast<unsigned long long>(d.stats.iterations));
  if (!d.solved || *d.proven_value != 0) return 1;

  // Tree reuse: play the chosen move and the reply, keep searching the same tree.
  gametree::mcts<connect_four<>> game({.seed = 7});
  game.reset(connect_four<>{});
  const auto first = game.search({.max_iterations = 2000});
  game.advance(*first.best_move);
  game.advance(3);  // the opponent's reply
  const std::size_t kept = game.tree_size();
  const auto next = game.search({.max_iterations = 2000});
  std::printf("kept %zu nodes; the next search grew the tree to %zu\n", kept, next.stats.tree_nodes);
  return kept > 1 && next.stats.tree_nodes > kept ? 0 : 1;
}
