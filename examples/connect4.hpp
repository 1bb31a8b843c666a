#pragma once
// The connect4 program (connect4.cpp) as a function of its input and arguments, so that the
// tests and the fuzzer (fuzz/connect4_input_fuzz.cpp) run exactly what the program runs.
//
// Input: one position per line, `<moves>` or `<moves> <expected score>` (Pons' test-set
// format: columns 1-7 from the empty board, the score for the player to move in his
// convention). Output: `<moves> <score>` per line, then with --best the best columns, with
// --stats the nodes and microseconds of the solve, and a summary line. Exit status 0 (also
// for --help or -h, which print the usage and read no input); 1 for bad input or arguments
// (one "error: line L, column C: ..." line, nothing on stdout; the whole input is checked
// before any solving); 2 when an expected score differs (each one named on stderr).

#include <gametree/games/connect_four.hpp>
#include <gametree/search.hpp>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "program_run.hpp"

namespace connect4_app {

using board = gametree::games::connect_four<>;

/// What --help prints (README.md's table of the example programs says the same).
inline constexpr gametree_examples::program_usage usage{
    "connect4 [--weak] [--stats] [--best] [--steps] [--tt-mib N] [--threads N] [--keep-table] < positions",
    "  --weak        only who wins: 1, 0 or -1 (cheaper)\n"
    "  --stats       also the nodes and microseconds per position, and a summary line\n"
    "  --best        also the columns that keep the score\n"
    "  --steps       each null-window test on stderr as it ends\n"
    "  --tt-mib N    the transposition table's size, 1 to 65536 MiB (64 by default)\n"
    "  --threads N   threads that search each position, 1 to 1024 (1 by default)\n"
    "  --keep-table  keep the table between positions (by default it is cleared before each)\n"
    "  -h, --help    print this usage and exit\n"};

struct options {
  bool weak = false;        // only the sign: 1 win, 0 draw, -1 loss
  bool stats = false;       // nodes and microseconds per position, and a summary line
  bool best = false;        // every column that achieves the score
  bool keep_table = false;  // the table is not cleared between positions
  bool steps = false;       // each null-window test of the narrowing, on stderr
  std::size_t table_mib = 64;
  std::size_t threads = 1;
};

/// The number after option args[i] (i moves on to it), from lo to hi; throws
/// std::invalid_argument naming the option and what it takes (what: "a size", unit: " MiB"
/// or "").
inline std::size_t parse_count(const std::vector<std::string_view>& args, std::size_t& i, const std::string& what,
                               std::size_t lo, std::size_t hi, const std::string& unit) {
  const std::string option(args[i]);
  if (i + 1 == args.size()) throw std::invalid_argument(option + " needs " + what + (unit.empty() ? "" : " in" + unit));
  const std::string_view n = args[++i];
  std::size_t v = 0;
  bool ok = !n.empty() && n.size() <= 7;
  for (const char c : n) {
    ok = ok && c >= '0' && c <= '9';
    v = v * 10 + static_cast<std::size_t>(c - '0');
  }
  if (!ok || v < lo || v > hi) {
    throw std::invalid_argument(option + " takes " + what + " from " + std::to_string(lo) + " to " +
                                std::to_string(hi) + unit + ", not '" + std::string(n) + "'");
  }
  return v;
}

/// Reads the arguments (--help is answered before, by run_with_progress); throws
/// std::invalid_argument naming the one at fault.
inline options parse_arguments(const std::vector<std::string_view>& args) {
  options o;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view a = args[i];
    if (a == "--weak") {
      o.weak = true;
    } else if (a == "--stats") {
      o.stats = true;
    } else if (a == "--best") {
      o.best = true;
    } else if (a == "--steps") {
      o.steps = true;
    } else if (a == "--keep-table") {
      o.keep_table = true;
    } else if (a == "--tt-mib") {
      o.table_mib = parse_count(args, i, "a size", 1, 65536, " MiB");
    } else if (a == "--threads") {
      o.threads = parse_count(args, i, "a count", 1, 1024, "");
    } else {
      throw gametree_examples::unknown_option(a, usage);
    }
  }
  return o;
}

/// One line of input, checked.
struct position {
  std::size_t line = 0;            // 1-based
  std::string_view moves;          // as written
  board game;                      // after the moves
  std::optional<int> expected;     // the score the line gives
};

/// The scores a position with this many stones can have (Pons' convention): a win with the
/// mover's next stone at best, a loss to the opponent's next stone at worst.
inline int highest_score(int stones) { return (board::cells + 1 - stones) / 2; }
inline int lowest_score(int stones) { return -(board::cells - stones) / 2; }

[[noreturn]] inline void fail(std::size_t line, std::size_t column, const std::string& what) {
  throw std::invalid_argument("line " + std::to_string(line) + ", column " + std::to_string(column) +
                              ": " + what);
}

inline std::string quote(char c) {
  if (c >= 0x21 && c <= 0x7e) return std::string("'") + c + "'";
  char code[8];
  std::snprintf(code, sizeof code, "0x%02x", static_cast<unsigned>(static_cast<unsigned char>(c)));
  return std::string("byte ") + code;
}

/// Checks every line; throws std::invalid_argument at the first fault ("line L, column C:
/// ..."). Blank lines (spaces, tabs, a CR) are skipped; "." is the empty board.
inline std::vector<position> parse_positions(std::string_view text) {
  std::vector<position> out;
  std::size_t line_no = 0;
  std::size_t start = 0;
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++line_no;
    std::size_t i = 0;
    while (i < line.size() && blank(line[i])) ++i;
    if (i == line.size()) continue;
    position p;
    p.line = line_no;
    const std::size_t moves_at = i;
    const bool empty_board = line[i] == '.' && (i + 1 == line.size() || blank(line[i + 1]));
    if (empty_board) ++i;
    while (!empty_board && i < line.size() && !blank(line[i])) {
      const char c = line[i];
      const std::size_t column = i + 1;
      if (c < '1' || c > '7') fail(line_no, column, quote(c) + " is not a column 1..7");
      const int col = c - '1';
      if (p.game.moves() == board::cells) {
        fail(line_no, column, "more moves than the " + std::to_string(board::cells) + " cells of the board");
      }
      if (p.game.outcome()) {
        fail(line_no, column, "a move after the game was won (the stone before made four)");
      }
      if (!p.game.can_play(col)) fail(line_no, column, "column " + std::string(1, c) + " is full");
      p.game.play(col);
      ++i;
    }
    p.moves = line.substr(moves_at, i - moves_at);
    if (p.game.outcome() == gametree::game_outcome::loss) {
      fail(line_no, i, "the game is over: the last stone made four, so there is no position to solve");
    }
    while (i < line.size() && blank(line[i])) ++i;
    if (i < line.size()) {
      const std::size_t score_at = i;
      const bool negative = line[i] == '-';
      if (negative || line[i] == '+') ++i;
      int v = 0;
      std::size_t digits = 0;
      while (i < line.size() && line[i] >= '0' && line[i] <= '9') {
        if (digits++ < 4) v = v * 10 + (line[i] - '0');
        ++i;
      }
      if (digits == 0 || (i < line.size() && !blank(line[i]))) {
        std::size_t token_end = score_at;
        while (token_end < line.size() && !blank(line[token_end])) ++token_end;
        fail(line_no, score_at + 1,
             "expected score '" + std::string(line.substr(score_at, token_end - score_at)) +
                 "' is not an integer");
      }
      if (negative) v = -v;
      const int stones = p.game.moves();
      if (digits > 4 || v < lowest_score(stones) || v > highest_score(stones)) {
        fail(line_no, score_at + 1,
             "expected score " + std::string(line.substr(score_at, i - score_at)) +
                 " is impossible with " + std::to_string(stones) + " stones on the board (" +
                 std::to_string(lowest_score(stones)) + " .. " + std::to_string(highest_score(stones)) + ")");
      }
      p.expected = v;
      while (i < line.size() && blank(line[i])) ++i;
      if (i < line.size()) {
        fail(line_no, i + 1, "unexpected " + quote(line[i]) + " after the expected score");
      }
    }
    out.push_back(p);
  }
  if (out.empty()) {
    fail(line_no + 1, 1, "no position in the input (one per line: <moves> [<expected score>])");
  }
  return out;
}

/// What the program's engine runs: null-window narrowing, the game's threat-count hints
/// alone (killers and history only get in their way here), no principal variation; threads
/// searching threads.
inline gametree::engine_options engine_options(std::size_t table_mib, std::size_t threads = 1) {
  gametree::engine_options o;
  o.table_mib = table_mib;
  o.threads = threads;
  o.narrowing = true;
  o.killer_moves = false;
  o.history = false;
  o.max_pv_length = 0;
  return o;
}

/// A solved position in Pons' convention (weak: -1, 0 or 1), and the work it took.
struct solved {
  int score = 0;
  std::uint64_t nodes = 0;
  double microseconds = 0;
};

inline int sign(int v) { return (v > 0) - (v < 0); }

/// `solving` points at g while it is solved (the --steps lines read it).
inline solved solve(gametree::engine<board>& e, const board& g, const options& o, const board*& solving) {
  solving = &g;
  if (!o.keep_table) e.clear();
  const auto t0 = std::chrono::steady_clock::now();
  const auto r = e.solve(g, {}, o.weak ? gametree::solve_mode::weak : gametree::solve_mode::strong);
  const std::chrono::duration<double, std::micro> took = std::chrono::steady_clock::now() - t0;
  const int s = g.pons_score(r.value);
  return {o.weak ? sign(s) : s, r.stats.nodes, took.count()};
}

/// The columns (1-based, as digits) whose move keeps the score: each move's score is the
/// negation of the position's after it (Pons' scores count stones from the empty board, so
/// they need no shift), or a win now.
inline std::string best_columns(gametree::engine<board>& e, const board& g, const options& o, int score,
                                const board*& solving) {
  std::string columns;
  const int stones = g.moves();
  for (int c = 0; c < board::width; ++c) {
    if (!g.can_play(c)) continue;
    int value = 0;
    if (g.is_winning_move(c)) {
      value = highest_score(stones);
    } else {
      board after = g;
      after.play(c);
      value = -solve(e, after, o, solving).score;
    }
    if ((o.weak ? sign(value) : value) == score) columns += static_cast<char>('1' + c);
  }
  return columns;
}

/// Called after each position with (solved so far, total, nodes so far).
using progress_function = std::function<void(std::size_t, std::size_t, std::uint64_t)>;
/// Takes the --steps lines as they come (else they go to err).
using line_sink = std::function<void(const std::string&)>;

/// The whole program on input and args (see the top of this file); with --help or -h among
/// args, the usage on out and status 0, the input unread.
int run_with_progress(std::string_view input, const std::vector<std::string_view>& args, std::string& out,
                      std::string& err, const progress_function& progress, const line_sink& steps = nullptr);

/// run_with_progress with no progress.
int run(std::string_view input, const std::vector<std::string_view>& args, std::string& out, std::string& err);

}  // namespace connect4_app
