#pragma once
// Connect 4 on a Width x Height board (7 x 6 by default; any size with Width * (Height + 1)
// <= 64). Players drop stones in turn into a column that is not full; four of one's stones in
// a row, column or diagonal win; a full board without four is a draw. Columns are moves,
// 0 .. Width - 1 (1-based in from_moves, as in Pons' test sets).
//
// The position is two bitboards, one bit per cell, column after column with one spare bit on
// top of each column (so a column's stones and the sentinel above them never touch the next
// column): `mask` holds every stone, `current` the stones of the player to move. The key
// current + mask is unique for every position and fits in 64 bits.
//
// search_moves (what the engine searches) leaves out the moves that lose at once: if the
// player to move can win now, only the winning moves; if the opponent threatens to win in one
// column, only the block there; else no stone right under a cell where the opponent would
// win, unless every move is such a stone. The omitted moves all lose in 2 plies, the worst
// score there is, so no value changes. When every move loses at once, every move is searched.
// legal_moves is every column that is not full.
//
// score_bounds tells the engine the value outright where one stone decides it (a win now; a
// loss in 2 plies when every move loses at once; a draw with two cells left and no threat),
// and else that no win comes before the mover's next stone but one (ply 3) and, when some move
// does not lose at once, no loss before ply 4. With Pons' threat-count hints and horizon()
// (the empty cells) the engine searches as his dedicated solver does; expand_child() keeps his
// invariant too: below the root's children the mover cannot win at once, so it does not look.

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

template <int Width = 7, int Height = 6>
class connect_four {
  static_assert(Width >= 1 && Height >= 1 && Width * (Height + 1) <= 64,
                "connect_four: the board needs Width * (Height + 1) <= 64 bits");

 public:
  using move_type = int;  // a column, 0 .. Width - 1
  static constexpr int width = Width;
  static constexpr int height = Height;
  static constexpr int cells = Width * Height;

  /// The empty board, the first player to move.
  connect_four() = default;

  /// The position after the moves in text, columns given as digits 1 .. Width ("4453"; on a
  /// board wider than 9, the digits reach the first 9 columns only).
  /// Throws std::invalid_argument naming the character at fault: not a column, a full column,
  /// or a move after the game was won.
  [[nodiscard]] static connect_four from_moves(std::string_view text) {
    connect_four c;
    for (std::size_t i = 0; i < text.size(); ++i) {
      const char ch = text[i];
      const std::string where =
          "character " + std::to_string(i + 1) + " ('" + std::string(1, ch) + "')";
      const int column = ch - '1';
      if (ch < '1' || ch > '9' || column >= Width) {
        throw std::invalid_argument(where + " is not a column 1.." + std::to_string(std::min(Width, 9)) +
                                    (Width > 9 ? " (columns past 9 have no digit: play() them)" : ""));
      }
      if (c.won()) throw std::invalid_argument(where + " is a move after the game was won");
      if (!c.can_play(column)) {
        throw std::invalid_argument(where + ": column " + std::to_string(column + 1) + " is full");
      }
      c.play(column);
    }
    return c;
  }

  /// Appends every column that is not full, centre first.
  void legal_moves(std::vector<int>& out) const { append(playable(), out); }

  /// Appends the columns worth searching, centre first: those that do not lose at once (see
  /// the top of this file).
  void search_moves(std::vector<int>& out) const { (void)expand(out); }

  /// search_moves(out) and score_bounds() in one call: both come from the same winning cells,
  /// which the engine then computes once per node instead of twice.
  score_range<int> expand(std::vector<int>& out) const {
    return analyse<true>([&](std::uint64_t to_search) { append(to_search, out); });
  }

  /// expand(out) where the engine reached this position by a move that expand() listed at a
  /// position whose bounds were not exact (see gametree::child_expanding_game). Those moves
  /// leave the opponent no win at once, so the player to move here has none: its winning
  /// cells, half of expand()'s work, are not computed.
  score_range<int> expand_child(std::vector<int>& out) const {
    return analyse<false>([&](std::uint64_t to_search) { append(to_search, out); });
  }

  void play(int column) noexcept {
    const std::uint64_t stone = (mask_ + bottom_mask(column)) & column_mask(column);
    current_ ^= mask_;
    mask_ |= stone;
    ++moves_;
  }

  void undo(int column) noexcept {
    const std::uint64_t stones = mask_ & column_mask(column);
    mask_ ^= std::uint64_t{1} << (63 - std::countl_zero(stones));
    current_ ^= mask_;
    --moves_;
  }

  /// A loss for the player to move if the last stone made four, a draw on a full board.
  [[nodiscard]] std::optional<game_outcome> outcome() const noexcept {
    if (won()) return game_outcome::loss;
    if (moves_ == cells) return game_outcome::draw;
    return std::nullopt;
  }

  /// The cells where the player to move would make four, minus the opponent's.
  [[nodiscard]] int evaluate() const noexcept {
    return count(winning_cells(current_, mask_)) -
           count(winning_cells(current_ ^ mask_, mask_));
  }

  /// The number of cells where the mover would make four after the move (Pons' threat count;
  /// the generation order, centre first, breaks ties).
  [[nodiscard]] int move_hint(int column) const noexcept {
    const std::uint64_t stone = (mask_ + bottom_mask(column)) & column_mask(column);
    return count(winning_cells(current_ | stone, mask_ | stone));
  }

  /// Exactly a win in 1 if the mover wins at once, exactly a loss in 2 if every move loses at
  /// once; else no win before ply 3 and no loss before ply 4, and nothing past a full board
  /// (with two cells left: exactly a draw).
  [[nodiscard]] score_range<int> score_bounds() const {
    return analyse<true>([](std::uint64_t) {});
  }

  /// The most plies left: the empty cells.
  [[nodiscard]] int horizon() const noexcept { return cells - moves_; }

  /// Every key is below 2^key_bits (each column's stones plus the sentinel above them stay in
  /// its Height + 1 bits): the engine's table is then a compact_table.
  static constexpr int key_bits = Width * (Height + 1);
  /// The position packed exactly: current + mask.
  [[nodiscard]] std::uint64_t key() const noexcept { return current_ + mask_; }
  /// The key itself: the table mixes it before it takes a bucket.
  [[nodiscard]] std::uint64_t hash() const noexcept { return key(); }

  /// The smaller of the key and its mirror image's (columns reversed: the same value), and
  /// transform 1 where the mirror image's is the smaller. The table keeps one entry for both.
  [[nodiscard]] canonical_form<std::uint64_t> canonical() const noexcept {
    const std::uint64_t k = key();
    const std::uint64_t m = mirror(k);
    return m < k ? canonical_form<std::uint64_t>{m, 1} : canonical_form<std::uint64_t>{k, 0};
  }
  /// A column as seen in the mirror image (transform 1), or itself (transform 0).
  [[nodiscard]] static constexpr int to_canonical(int column, int transform) noexcept {
    return transform == 0 ? column : Width - 1 - column;
  }
  /// The inverse of to_canonical: the mirror is its own inverse.
  [[nodiscard]] static constexpr int from_canonical(int column, int transform) noexcept {
    return to_canonical(column, transform);
  }

  /// Stones on the board.
  [[nodiscard]] int moves() const noexcept { return moves_; }
  /// 'X' (the first player's stone), 'O' or '.' at column 0 .. Width - 1, row 0 .. Height - 1
  /// (row 0 at the bottom). Both must be on the board.
  [[nodiscard]] char at(int column, int row) const noexcept {
    const std::uint64_t cell = bottom_mask(column) << row;
    if ((mask_ & cell) == 0) return '.';
    const bool movers = (current_ & cell) != 0;  // a stone of the player to move
    return movers == (moves_ % 2 == 0) ? 'X' : 'O';
  }
  [[nodiscard]] bool can_play(int column) const noexcept {
    return (mask_ & top_mask(column)) == 0;
  }
  /// Whether the player to move wins by playing column (which must be playable).
  [[nodiscard]] bool is_winning_move(int column) const noexcept {
    return (winning_cells(current_, mask_) & playable() & column_mask(column)) != 0;
  }

  /// A score of this position in Pons' convention: a win whose winning stone is the k-th of
  /// its player scores 22 - k on 7x6, (cells + 1 - stones before the winning move) / 2 in
  /// general; a loss the negation; a draw 0.
  [[nodiscard]] int pons_score(const score<int>& s) const {
    if (s.is_value()) return 0;
    const auto before_last = static_cast<int>(moves_ + s.plies() - 1);
    const int v = (cells + 1 - before_last) / 2;
    return s.is_win() ? v : -v;
  }

  friend bool operator==(const connect_four&, const connect_four&) = default;

 private:
  static constexpr int h1 = Height + 1;

  static constexpr std::uint64_t bottom_mask(int column) noexcept {
    return std::uint64_t{1} << (column * h1);
  }
  static constexpr std::uint64_t top_mask(int column) noexcept {
    return std::uint64_t{1} << (column * h1 + Height - 1);
  }
  static constexpr std::uint64_t column_mask(int column) noexcept {
    return ((std::uint64_t{1} << Height) - 1) << (column * h1);
  }
  // The key of the mirror image: each column's Height + 1 bits moved to the mirror column.
  static constexpr std::uint64_t mirror(std::uint64_t k) noexcept {
    constexpr std::uint64_t column_bits = ~std::uint64_t{0} >> (64 - h1);
    std::uint64_t m = 0;
    for (int c = 0; c < Width; ++c) m |= ((k >> (c * h1)) & column_bits) << ((Width - 1 - c) * h1);
    return m;
  }
  static constexpr std::uint64_t board_mask() noexcept {
    std::uint64_t m = 0;
    for (int c = 0; c < Width; ++c) m |= column_mask(c);
    return m;
  }
  static constexpr std::uint64_t all_bottoms() noexcept {
    std::uint64_t m = 0;
    for (int c = 0; c < Width; ++c) m |= bottom_mask(c);
    return m;
  }
  static constexpr std::size_t columns = static_cast<std::size_t>(Width);
  static constexpr auto centre_order() noexcept {
    std::array<int, columns> order{};
    for (int i = 0; i < Width; ++i) {
      // Width / 2, then alternately left and right of it (the left first).
      order[static_cast<std::size_t>(i)] = Width / 2 + (i % 2 == 0 ? 1 : -1) * ((i + 1) / 2);
    }
    return order;
  }
  static constexpr std::array<int, columns> centre_first = centre_order();

  // The columns' masks in centre_first's order: append() tests each column with one load.
  static constexpr auto centre_masks() noexcept {
    std::array<std::uint64_t, columns> masks{};
    for (std::size_t i = 0; i < columns; ++i) masks[i] = column_mask(centre_first[i]);
    return masks;
  }
  static constexpr std::array<std::uint64_t, columns> centre_first_masks = centre_masks();

  static void append(std::uint64_t cells_to_play, std::vector<int>& out) {
    for (std::size_t i = 0; i < columns; ++i) {
      if ((cells_to_play & centre_first_masks[i]) != 0) out.push_back(centre_first[i]);
    }
  }

  // The bounds of score_bounds(), after handing the cells of the moves search_moves() keeps
  // to moves. MayWin: whether the player to move may win at once (else known not to).
  template <bool MayWin, class Moves>
  score_range<int> analyse(Moves&& moves) const {
    using s = score<int>;
    const std::uint64_t play = playable();
    if constexpr (MayWin) {
      const std::uint64_t wins = play & winning_cells(current_, mask_);
      if (wins != 0) {
        moves(wins);
        return {s::win_in(1), s::win_in(1)};
      }
    }
    const std::uint64_t safe = safe_cells(play);
    if (safe == 0) {
      moves(play);  // every move loses: search them all
      return {s::loss_in(2), s::loss_in(2)};
    }
    moves(safe);
    const int left = cells - moves_;
    return {left >= 4 ? s::loss_in(4) : s{}, left >= 3 ? s::win_in(3) : s{}};
  }

  // The cells of play (where the next stones land) that do not lose at once, when the mover
  // cannot win at once: the block of the opponent's one playable threat, if there is one,
  // and never a cell right under an opponent's threat. Empty when every move loses at once.
  [[nodiscard]] std::uint64_t safe_cells(std::uint64_t play) const noexcept {
    const std::uint64_t threats = winning_cells(current_ ^ mask_, mask_);
    const std::uint64_t forced = play & threats;
    if ((forced & (forced - 1)) != 0) return 0;  // two threats to block
    return (forced != 0 ? forced : play) & ~(threats >> 1);
  }

  // The cells where the next stone of each column lands.
  [[nodiscard]] std::uint64_t playable() const noexcept { return (mask_ + all_bottoms()) & board_mask(); }

  [[nodiscard]] bool won() const noexcept { return four(current_ ^ mask_); }

  // The cells in m. Threat counts are small (mostly 0 to 3): without the POPCNT instruction
  // (x86-64 before -mpopcnt or -march), a loop per cell beats std::popcount's library call.
  static constexpr int count(std::uint64_t m) noexcept {
#if defined(__POPCNT__) || !(defined(__x86_64__) || defined(__i386__))
    return std::popcount(m);
#else
    int n = 0;
    for (; m != 0; m &= m - 1) ++n;
    return n;
#endif
  }

  // p moved n bits up (toward a column's top and the next columns) or down; 0 once n reaches
  // 64, where a shift is undefined. Only tall, narrow boards get there (a diagonal's three
  // steps on 3 x 20, a row's step on 1 x 63), and 0 is then right: no two cells of the board
  // are 64 bits apart, so no line holds cells that far from each other. The callers' n are
  // constants once their loops are unrolled: the test costs nothing.
  static constexpr std::uint64_t up(std::uint64_t p, int n) noexcept { return n < 64 ? p << n : 0; }
  static constexpr std::uint64_t down(std::uint64_t p, int n) noexcept { return n < 64 ? p >> n : 0; }

  // Whether p holds four in a row: along a column (step 1), a row (Height + 1) or a diagonal.
  static constexpr bool four(std::uint64_t p) noexcept {
    for (const int d : {1, h1, Height, Height + 2}) {
      const std::uint64_t m = p & down(p, d);
      if ((m & down(m, 2 * d)) != 0) return true;
    }
    return false;
  }

  // Empty cells of the board that would complete four for the stones p.
  static constexpr std::uint64_t winning_cells(std::uint64_t p, std::uint64_t mask) noexcept {
    std::uint64_t r = (p << 1) & (p << 2) & (p << 3);  // three stacked below
    for (const int d : {h1, Height, Height + 2}) {
      // Two stones on one side, and the third beyond them or on the other side.
      r |= up(p, d) & up(p, 2 * d) & (up(p, 3 * d) | down(p, d));
      r |= down(p, d) & down(p, 2 * d) & (down(p, 3 * d) | up(p, d));
    }
    return r & (board_mask() ^ mask);
  }

  std::uint64_t current_ = 0;  // stones of the player to move
  std::uint64_t mask_ = 0;     // every stone
  int moves_ = 0;
};

}  // namespace gametree::games
