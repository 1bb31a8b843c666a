#pragma once
// The grid_game program (grid_game.cpp) as a function of its input and arguments, so that
// the fuzzer (fuzz/grid_game_input_fuzz.cpp) runs exactly what the program runs.

#include <gametree/grid_game.hpp>
#include <gametree/text_input.hpp>

#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "program_run.hpp"

namespace grid_game_app {

/// What --help prints (README.md's table of the example programs says the same).
inline constexpr gametree_examples::program_usage usage{
    "grid_game [--path] < input",
    "  --path      also print the score (Takahashi's points minus Aoki's) and an optimal R/D path\n"
    "  -h, --help  print this usage and exit\n"};

/// Reads `H W` and H rows; the rows returned view text.
inline std::vector<std::string_view> read_grid(std::string_view text) {
  gametree::text_scanner in(text);
  const std::size_t size_at = in.offset();
  const auto h = in.read_number<long long>("the number of rows H");
  const auto w = in.read_number<long long>("the number of columns W");
  if (h < 1 || w < 1) {
    gametree::text_scanner::fail_at(size_at, "H and W must be at least 1, found " +
                                                 std::to_string(h) + " " + std::to_string(w));
  }
  // Every cell is one character of the input, so this bounds H * W before anything is
  // allocated, without overflow.
  const auto available = static_cast<unsigned long long>(text.size());
  const auto uh = static_cast<unsigned long long>(h);
  const auto uw = static_cast<unsigned long long>(w);
  if (uh > available || uw > available / uh) {
    gametree::text_scanner::fail_at(size_at, "a " + std::to_string(h) + " x " +
                                                 std::to_string(w) +
                                                 " grid cannot fit in the " +
                                                 std::to_string(available) + " bytes of input");
  }
  // One row per line, split with memchr: a per-character tokenizer would take longer than
  // solving (a 4000 x 4000 grid is 16 MB of text and solves in a few milliseconds).
  const std::string_view all = text;
  std::size_t pos = in.offset();
  const auto next_line = [&all, &pos](std::size_t& start) {
    const void* nl = std::memchr(all.data() + pos, '\n', all.size() - pos);
    const std::size_t end =
        nl == nullptr ? all.size() : static_cast<std::size_t>(static_cast<const char*>(nl) - all.data());
    start = pos;
    pos = nl == nullptr ? all.size() : end + 1;
    std::size_t last = end;
    while (start < last && gametree::text_scanner::is_space(all[start])) ++start;
    while (last > start && gametree::text_scanner::is_space(all[last - 1])) --last;
    return all.substr(start, last - start);
  };
  std::size_t start = 0;
  if (const std::string_view rest = next_line(start); !rest.empty()) {
    gametree::text_scanner::fail_at(start, "unexpected " + gametree::text_scanner::quote(rest) +
                                               " after H and W (each row goes on its own line)");
  }
  std::vector<std::string_view> rows;
  rows.reserve(static_cast<std::size_t>(h));
  while (rows.size() < static_cast<std::size_t>(h)) {
    if (pos == all.size()) {
      gametree::text_scanner::fail_at(pos, "expected row " + std::to_string(rows.size()) +
                                               " (rows count from 0, " + std::to_string(h) +
                                               " in all), found end of input");
    }
    const std::string_view row = next_line(start);
    if (row.empty()) continue;  // blank lines are whitespace too
    if (row.size() != static_cast<std::size_t>(w)) {
      gametree::text_scanner::fail_at(
          start, "expected " + std::to_string(w) + " cells in row " + std::to_string(rows.size()) +
                     " (rows count from 0), found " + std::to_string(row.size()) + ": " +
                     gametree::text_scanner::quote(row));
    }
    rows.push_back(row);
  }
  gametree::text_scanner tail(all.substr(pos));
  if (!tail.at_end()) {
    gametree::text_scanner::fail_at(pos + tail.offset(),
                                    "unexpected " + tail.describe_next() + " after the last row");
  }
  return rows;
}

inline const char* name(gametree::grid::outcome o) {
  switch (o) {
    case gametree::grid::outcome::first: return "Takahashi";
    case gametree::grid::outcome::second: return "Aoki";
    case gametree::grid::outcome::draw: break;
  }
  return "Draw";
}

/// Runs the program on input with the command-line arguments args (without the program
/// name). out and err receive exactly what it prints to stdout and stderr; returns the exit
/// status: 0, or 1 with one line "error: ..." in err.
inline int run(std::string_view input, const std::vector<std::string_view>& args,
               std::string& out, std::string& err) {
  return gametree_examples::run_program(
      args, "--path", usage, out, err, [&](bool path, std::string& text) {
        const std::vector<std::string_view> rows = read_grid(input);
        if (path) {
          const gametree::grid::path_result r = gametree::grid::solve_path(rows);
          text = std::string(name(r.winner)) + "\nscore " + std::to_string(r.score) +
                 "\npath " + r.moves + "\n";
        } else {
          text = std::string(name(gametree::grid::solve(rows).winner)) + "\n";
        }
      });
}

}  // namespace grid_game_app
