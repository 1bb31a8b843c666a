// The engine tutorial of docs/engine.md, from nothing to a solved game: Hexapawn written from
// scratch, searched, solved, checked against plain minimax, and played with gametree's play
// loop. ctest compiles and runs it; it exits 1 if any result is wrong.
#include <gametree/alpha_beta.hpp>
#include <gametree/play.hpp>
#include <gametree/search.hpp>

#include <bit>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

// [game]
// Hexapawn (Martin Gardner, 1962): three pawns a side on a 3x3 board. White moves first, up
// the board; a pawn steps forward onto an empty square or takes an enemy pawn diagonally
// forward. A player wins by reaching the far row, or when the opponent has no pawn or no move.
// Squares 0..8 row by row from White's side (a1 b1 c1 / a2 b2 c2 / a3 b3 c3); a move is
// from * 9 + to.
class hexapawn {
 public:
  using move_type = int;

  void legal_moves(std::vector<int>& out) const {
    const std::uint32_t mine = white_to_move_ ? white_ : black_;
    const std::uint32_t theirs = white_to_move_ ? black_ : white_;
    const int step = white_to_move_ ? 3 : -3;
    for (int from = 0; from < 9; ++from) {
      const int to = from + step;
      if ((mine >> from & 1U) == 0 || to < 0 || to > 8) continue;
      if (((white_ | black_) >> to & 1U) == 0) out.push_back(from * 9 + to);
      if (from % 3 > 0 && (theirs >> (to - 1) & 1U) != 0) out.push_back(from * 9 + to - 1);
      if (from % 3 < 2 && (theirs >> (to + 1) & 1U) != 0) out.push_back(from * 9 + to + 1);
    }
  }
  void play(int move) {
    const std::uint32_t from = 1U << (move / 9);
    const std::uint32_t to = 1U << (move % 9);
    std::uint32_t& mine = white_to_move_ ? white_ : black_;
    std::uint32_t& theirs = white_to_move_ ? black_ : white_;
    mine = (mine & ~from) | to;
    theirs &= ~to;
    white_to_move_ = !white_to_move_;
  }
  // The player to move has lost if the opponent reached the far row, or if no move is left.
  std::optional<gametree::game_outcome> outcome() const {
    const std::uint32_t far_row = white_to_move_ ? black_ & 0007U : white_ & 0700U;
    std::vector<int> moves;
    legal_moves(moves);
    if (far_row != 0 || moves.empty()) return gametree::game_outcome::loss;
    return std::nullopt;
  }
  // For depth-limited search: pawns ahead.
  int evaluate() const {
    const int balance = std::popcount(white_) - std::popcount(black_);
    return white_to_move_ ? balance : -balance;
  }
  // For the play loop: how moves are written and the board drawn.
  std::string move_text(int move) const { return square(move / 9) + "-" + square(move % 9); }
  std::string draw(bool) const {
    std::string board;
    for (int row = 2; row >= 0; --row) {
      board += "  " + std::to_string(row + 1) + " ";
      for (int col = 0; col < 3; ++col) {
        const int s = 3 * row + col;
        board += (white_ >> s & 1U) != 0 ? " W" : (black_ >> s & 1U) != 0 ? " B" : " .";
      }
      board += "\n";
    }
    return board + "     a b c\n";
  }

 private:
  static std::string square(int s) { return std::string(1, static_cast<char>('a' + s % 3)) + std::to_string(s / 3 + 1); }
  std::uint32_t white_ = 0007;
  std::uint32_t black_ = 0700;
  bool white_to_move_ = true;
};
// [game]

int main() {
  // [solve]
  const auto solved = gametree::solve(hexapawn{});
  std::printf("Hexapawn: %s for White, %llu nodes, line:", gametree::to_string(solved.value).c_str(),
              static_cast<unsigned long long>(solved.stats.nodes));
  hexapawn g;
  for (const int m : solved.pv) {
    std::printf(" %s", g.move_text(m).c_str());
    g.play(m);
  }
  std::printf("\n");
  // [solve]
  // Black wins, whatever White does (Gardner's result): a loss for the player to move.
  if (!solved.solved || !solved.value.is_loss() || solved.bound != gametree::score_bound::exact) return 1;
  // An independent check: plain minimax over the whole game tree.
  if (gametree::minimax(gametree::game_tree_view(hexapawn{})).value != solved.value) return 1;

  // [search]
  gametree::engine<hexapawn> engine;
  const auto r = engine.search(hexapawn{}, {.max_depth = 3});
  std::printf("depth %lld: %s (%s), move %s, %llu nodes\n", static_cast<long long>(r.depth),
              gametree::to_string(r.value).c_str(), r.solved ? "solved" : "a heuristic score",
              hexapawn{}.move_text(*r.best_move).c_str(), static_cast<unsigned long long>(r.stats.nodes));
  // [search]
  if (r.depth != 3 || r.pv.empty() || r.pv.front() != *r.best_move) return 1;

  // [play]
  gametree::play_registry games;
  games.add<hexapawn>("hexapawn", "Gardner's 3x3 pawn game", {}, {.first_name = "White", .second_name = "Black"});
  // A program would end here with:  return games.main(argc, argv);
  // [play]
  std::istringstream person("b1-b3\nb1-b2\nhelp\nquit\n");
  std::ostringstream out;
  std::ostringstream err;
  const int status = games.run({"hexapawn", "--second", "engine", "--no-timings"}, person, out, err, {});
  std::printf("%s", out.str().c_str());
  if (status != 0 || !err.str().empty()) return 1;
  const std::string transcript = out.str();
  if (transcript.find("'b1-b3' is not legal here; legal moves: a1-a2 b1-b2 c1-c2") == std::string::npos) return 1;
  if (transcript.find("Black (engine) plays ") == std::string::npos) return 1;
  if (transcript.find("White quits") == std::string::npos) return 1;

  // The engine against itself plays the solved line: Black wins.
  std::istringstream nobody;
  std::ostringstream game;
  (void)games.run({"hexapawn", "--first", "engine", "--second", "engine", "--no-timings"}, nobody, game, err, {});
  std::printf("%s", game.str().c_str());
  return game.str().ends_with("game over: Black wins\n") ? 0 : 1;
}
