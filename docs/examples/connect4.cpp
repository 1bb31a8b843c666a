// docs/connect4.md: the engine configured as the connect4 program runs it, on a position of
// Pons' Test_L2_R1 (23 stones; his score for it: 8).
#include <gametree/games/connect_four.hpp>
#include <gametree/search.hpp>

#include <cstdio>

int main() {
  gametree::engine_options o;
  o.narrowing = true;      // null-window tests; with horizon() the quick wins and losses first
  o.killer_moves = false;  // the threat count orders better than a column that cut elsewhere
  o.history = false;
  o.max_pv_length = 0;     // the score and a move, no line: no last search to collect it
  gametree::engine<gametree::games::connect_four<>> e(o);
  const auto g = gametree::games::connect_four<>::from_moves("52753311433677442422121");
  const auto r = e.solve(g);
  std::printf("score %d (Pons' convention), column %d, %llu nodes\n", g.pons_score(r.value),
              *r.best_move + 1, static_cast<unsigned long long>(r.stats.nodes));
  return g.pons_score(r.value) == 8 && r.pv.empty() ? 0 : 1;
}
