#pragma once
// Tic-tac-toe on the 3x3 board. X moves first; players alternate placing their mark on an
// empty square; three in a row, column or diagonal wins; a full board without a line is a
// draw. Squares are numbered 0..8 row by row:  0 1 2 / 3 4 5 / 6 7 8.
//
// Known facts (checked by the tests): perfect play draws; the full game tree has 549,946 nodes
// and 255,168 finished games; 5,478 legal positions are reachable from the empty board.

#include <gametree/game.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace gametree::games {

class tic_tac_toe {
 public:
  using move_type = int;  // a square, 0..8

  /// The empty board, X to move.
  tic_tac_toe() = default;

  /// The position after the moves in text, squares given as digits 1..9 ("519": X on the
  /// centre, O on the top-left corner, X on the bottom-right one).
  /// Throws std::invalid_argument naming the character at fault: not a digit 1..9, a square
  /// already taken, or a move after the game was won.
  [[nodiscard]] static tic_tac_toe from_moves(std::string_view text) {
    tic_tac_toe t;
    for (std::size_t i = 0; i < text.size(); ++i) {
      const char c = text[i];
      const std::string where = "tic_tac_toe: character " + std::to_string(i + 1) + " ('" + std::string(1, c) + "')";
      if (c < '1' || c > '9') throw std::invalid_argument(where + " is not a square 1..9");
      if (t.outcome()) throw std::invalid_argument(where + " comes after the game is over");
      const int square = c - '1';
      if (((t.x_ | t.o_) >> square & 1U) != 0) throw std::invalid_argument(where + " is already taken");
      t.play(square);
    }
    return t;
  }

  /// Appends the empty squares, in increasing order.
  void legal_moves(std::vector<int>& out) const {
    std::uint32_t empty = ~(x_ | o_) & full;
    while (empty != 0) {
      out.push_back(std::countr_zero(empty));
      empty &= empty - 1;
    }
  }

  void play(int square) noexcept {
    (x_to_move() ? x_ : o_) |= 1U << square;
    ++plies_;
  }
  void undo(int square) noexcept {
    --plies_;
    (x_to_move() ? x_ : o_) &= ~(1U << square);
  }

  /// Loss for the player to move if the last move made a line, draw on a full board.
  [[nodiscard]] std::optional<game_outcome> outcome() const noexcept {
    if (has_line(x_to_move() ? o_ : x_)) return game_outcome::loss;
    if (plies_ == 9) return game_outcome::draw;
    return std::nullopt;
  }

  /// Lines still open to the player to move minus those open to the opponent, with a line
  /// holding two of one's marks counted three times.
  [[nodiscard]] int evaluate() const noexcept {
    const std::uint32_t mine = x_to_move() ? x_ : o_;
    const std::uint32_t theirs = x_to_move() ? o_ : x_;
    int v = 0;
    for (const std::uint32_t line : lines) {
      if ((line & theirs) == 0) v += std::popcount(line & mine) == 2 ? 3 : 1;
      if ((line & mine) == 0) v -= std::popcount(line & theirs) == 2 ? 3 : 1;
    }
    return v;
  }

  /// The centre first, then the corners, then the edges.
  [[nodiscard]] int move_hint(int square) const noexcept {
    return square == 4 ? 2 : (square % 2 == 0 ? 1 : 0);
  }

  /// No win before the player to move can have a third mark down (on their own moves: plies
  /// 1, 3, 5 from now), no loss before the opponent can (plies 2, 4, 6).
  [[nodiscard]] score_range<int> score_bounds() const {
    const int mine = std::popcount(x_to_move() ? x_ : o_);
    const int theirs = std::popcount(x_to_move() ? o_ : x_);
    return {score<int>::loss_in(std::max(2, 2 * (3 - theirs))),
            score<int>::win_in(std::max(1, 2 * (3 - mine) - 1))};
  }

  /// The most plies left: the empty squares.
  [[nodiscard]] int horizon() const noexcept { return 9 - plies_; }

  /// The board packed in 18 bits: X's squares, then O's.
  [[nodiscard]] std::uint32_t key() const noexcept { return x_ | o_ << 9; }
  [[nodiscard]] std::uint64_t hash() const noexcept { return key(); }

  /// 'X', 'O' or '.' for square 0..8.
  [[nodiscard]] char at(int square) const noexcept {
    return (x_ >> square & 1U) != 0 ? 'X' : (o_ >> square & 1U) != 0 ? 'O' : '.';
  }
  [[nodiscard]] bool x_to_move() const noexcept { return plies_ % 2 == 0; }
  [[nodiscard]] int plies() const noexcept { return plies_; }

  friend bool operator==(const tic_tac_toe&, const tic_tac_toe&) = default;

 private:
  static constexpr std::uint32_t full = 0x1ff;
  static constexpr std::array<std::uint32_t, 8> lines{0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124};

  static bool has_line(std::uint32_t marks) noexcept {
    for (const std::uint32_t line : lines) {
      if ((marks & line) == line) return true;
    }
    return false;
  }

  std::uint32_t x_ = 0;
  std::uint32_t o_ = 0;
  int plies_ = 0;
};

}  // namespace gametree::games
