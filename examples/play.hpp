#pragma once
// The play program (play.cpp): the shipped games registered with gametree's console play loop
// (gametree/play.hpp), each with its board drawing and move names. The tests drive this same
// registry through streams.
//
//   play <game> [options]        play --list
//
//   tic-tac-toe   squares 1-9, row by row from the top left
//   connect4      columns 1-7
//   nim:H,H,...   heaps of 0..64 (1 to 8 heaps); a move "2:3" takes 3 objects from heap 2
//   pig[:GOAL]    the dice game to GOAL (1 to 150, 100 by default): roll or hold; the program
//                 rolls the die

#include <gametree/games/connect_four.hpp>
#include <gametree/games/nim.hpp>
#include <gametree/games/pig.hpp>
#include <gametree/games/tic_tac_toe.hpp>
#include <gametree/play.hpp>

#include "nim_heaps.hpp"
#include "pig_goal.hpp"

#include <charconv>
#include <string>
#include <string_view>
#include <system_error>

namespace play_app {

// ANSI colours: the first player red, the second blue (yellow on the Connect 4 board), hints dim.
inline std::string paint(char c, bool colour, std::string_view first = "1;31", std::string_view second = "1;34") {
  const std::string s(1, c);
  if (!colour) return s;
  if (c == 'X') return "\x1b[" + std::string(first) + "m" + s + "\x1b[0m";
  if (c == 'O') return "\x1b[" + std::string(second) + "m" + s + "\x1b[0m";
  return "\x1b[2m" + s + "\x1b[0m";
}

inline bool one_digit(std::string_view text, char low, char high) {
  return text.size() == 1 && text[0] >= low && text[0] <= high;
}

inline std::string draw_tic_tac_toe(const gametree::games::tic_tac_toe& g, bool colour) {
  std::string board;
  for (int row = 0; row < 3; ++row) {
    if (row > 0) board += "  ---+---+---\n";
    board += "  ";
    for (int col = 0; col < 3; ++col) {
      const int square = 3 * row + col;
      const char c = g.at(square);
      board += ' ';
      board += paint(c == '.' ? static_cast<char>('1' + square) : c, colour);
      board += col < 2 ? " |" : "\n";
    }
  }
  return board;
}

using connect_four = gametree::games::connect_four<>;

inline std::string draw_connect_four(const connect_four& g, bool colour) {
  std::string board;
  for (int row = connect_four::height - 1; row >= 0; --row) {
    board += "  |";
    for (int col = 0; col < connect_four::width; ++col) {
      board += ' ';
      board += paint(g.at(col, row), colour, "1;31", "1;33");
    }
    board += " |\n";
  }
  board += "  +";
  for (int col = 0; col < connect_four::width; ++col) board += "--";
  board += "-+\n   ";
  for (int col = 0; col < connect_four::width; ++col) {
    board += ' ';
    board += std::to_string(col + 1);
  }
  return board + "\n";
}

inline std::string draw_nim(const gametree::games::nim& g, bool colour) {
  std::string board;
  for (std::size_t i = 0; i < g.heaps().size(); ++i) {
    const unsigned h = g.heaps()[i];
    std::string sticks(h, '|');
    if (colour && h > 0) sticks = "\x1b[1;33m" + sticks + "\x1b[0m";
    board += "  heap " + std::to_string(i + 1) + ": " + sticks + (h > 0 ? " " : "") + "(" + std::to_string(h) + ")\n";
  }
  return board;
}

// "2:3": heap 2 (from 1), 3 objects.
inline bool nim_move_text(std::string_view text) {
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos || colon == 0 || colon + 1 == text.size()) return false;
  for (const char c : text) {
    if (c != ':' && (c < '0' || c > '9')) return false;
  }
  return text.find(':', colon + 1) == std::string_view::npos;
}

inline std::string draw_pig(const gametree::games::pig& g, bool colour) {
  const auto score = [&](int player) {
    const std::string n = std::to_string(g.score_of(player));
    return colour ? "\x1b[1m" + n + "\x1b[0m" : n;
  };
  std::string board = "  goal " + std::to_string(g.goal()) + "   player 1: " + score(0) + "   player 2: " + score(1);
  if (!g.outcome()) {
    board += "   turn total: " + std::to_string(g.turn_total());
    if (g.is_chance()) board += " (the die rolls)";
  }
  return board + "\n";
}

inline bool pig_move_text(std::string_view text) {
  return text == "roll" || text == "hold" || one_digit(text, '1', '6');
}

/// The shipped games, ready to run.
gametree::play_registry shipped_games();

}  // namespace play_app
