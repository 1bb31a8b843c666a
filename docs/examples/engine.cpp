#include <gametree/alpha_beta.hpp>
#include <gametree/games/tic_tac_toe.hpp>
#include <gametree/search.hpp>

#include <bit>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

// A game written from scratch: Domineering on a 4x4 board. Players take turns placing a domino
// on two empty cells: the first player vertically, the second horizontally. A player who
// cannot place a domino loses. Cells are bits 0..15, row by row; a move is the domino's top
// (or left) cell.
// [game]
class domineering {
 public:
  using move_type = int;  // the domino's top (or left) cell, 0..15

  void legal_moves(std::vector<int>& out) const {    // append, never clear
    for (int cell = 0; cell < 16; ++cell) {
      if (fits(cell, vertical_to_move())) out.push_back(cell);
    }
  }
  void play(int cell) { board_ |= cover(cell, vertical_to_move()); ++plies_; }
  void undo(int cell) { --plies_; board_ &= ~cover(cell, vertical_to_move()); }
  std::optional<gametree::game_outcome> outcome() const {     // empty while the game goes on
    if (mobility(vertical_to_move()) == 0) return gametree::game_outcome::loss;
    return std::nullopt;
  }
  int evaluate() const { return mobility(vertical_to_move()) - mobility(!vertical_to_move()); }
  std::uint64_t hash() const { return key() * 0x9e3779b97f4a7c15ULL; }
  std::uint32_t key() const { return board_ | static_cast<std::uint32_t>(plies_ % 2) << 16; }

 private:
  bool vertical_to_move() const { return plies_ % 2 == 0; }
  static std::uint32_t cover(int cell, bool vertical) {
    return (1U << cell) | (1U << (cell + (vertical ? 4 : 1)));
  }
  bool fits(int cell, bool vertical) const {
    if (vertical ? cell >= 12 : cell % 4 == 3) return false;
    return (board_ & cover(cell, vertical)) == 0;
  }
  int mobility(bool vertical) const {
    int n = 0;
    for (int cell = 0; cell < 16; ++cell) n += fits(cell, vertical) ? 1 : 0;
    return n;
  }
  std::uint32_t board_ = 0;
  int plies_ = 0;
};
// [game]

int main() {
  // [search]
  const auto solved = gametree::solve(domineering{});
  // solved.value: "win in 7" for the first player; *solved.best_move: 4; solved.pv: the line

  gametree::engine<domineering> engine;            // keeps its table between calls
  engine.on_iteration([](const gametree::search_info<domineering>& info) {
    std::printf("depth %lld: %s, %llu nodes\n", (long long)info.depth,
                gametree::to_string(info.value).c_str(), (unsigned long long)info.nodes);
  });
  const auto r = engine.search(domineering{}, {.max_depth = 4});
  const auto quick = engine.search(domineering{}, {.max_nodes = 50});  // exact node budget
  // [search]
  std::printf("4x4 Domineering: %s, first move at cell %d, %llu nodes\n",
              gametree::to_string(solved.value).c_str(), *solved.best_move,
              static_cast<unsigned long long>(solved.stats.nodes));
  if (!solved.solved || solved.bound != gametree::score_bound::exact) return 1;
  if (solved.value != gametree::score<int>::win_in(7) || *solved.best_move != 4 || solved.pv.empty()) return 1;

  // An independent check: plain minimax over the whole game tree (alpha_beta.hpp).
  const auto minimax = gametree::minimax(gametree::game_tree_view(domineering{}));
  if (minimax.value != solved.value) return 1;
  if (r.depth != 4 || r.solved || r.pv.empty() || r.pv.front() != *r.best_move) return 1;

  // Budgets: a node limit is exact, and a search that has moves always returns one.
  if (quick.stats.nodes > 50 || !quick.best_move) return 1;
  std::printf("50-node budget: depth %lld completed, move %d\n", static_cast<long long>(quick.depth),
              *quick.best_move);

  // What the optional capabilities buy on a shipped game: tic-tac-toe solved from the start.
  gametree::engine_options no_table;
  no_table.table_mib = 0;
  gametree::engine_options unordered;
  unordered.move_ordering = false;
  const auto full = gametree::solve(gametree::games::tic_tac_toe{});
  const auto without_table = gametree::engine<gametree::games::tic_tac_toe>(no_table).solve({});
  const auto without_order = gametree::engine<gametree::games::tic_tac_toe>(unordered).solve({});
  std::printf("tic-tac-toe solved: %llu nodes; %llu without the table; %llu without ordering\n",
              static_cast<unsigned long long>(full.stats.nodes),
              static_cast<unsigned long long>(without_table.stats.nodes),
              static_cast<unsigned long long>(without_order.stats.nodes));
  if (full.value != without_table.value || full.value != without_order.value) return 1;
  return full.value == gametree::score<int>{} ? 0 : 1;  // a draw
}
