#include <gametree/grid_game.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "reference/grid_game_reference.hpp"
#include "support/catch.hpp"

using gametree::grid::outcome;
using gametree::grid::path_result;
using gametree::grid::solve;
using gametree::grid::solve_path;
using gametree_test::ContainsSubstring;
using gametree_test::reference_score;
using gametree_test::reference_table;

namespace {

using table = std::vector<std::vector<std::int64_t>>;

// Replays the path on the reference table: the running totals add up to the score, and every
// move keeps the value the reference gives the cell it leaves (so the move is optimal).
void check_path(const path_result& got, const table& payoff) {
  const table dp = reference_table(payoff);
  const std::size_t h = payoff.size();
  const std::size_t w = payoff.front().size();
  REQUIRE(got.moves.size() == h + w - 2);
  REQUIRE(got.running.size() == got.moves.size());
  std::size_t y = 0;
  std::size_t x = 0;
  std::int64_t total = 0;
  for (std::size_t i = 0; i < got.moves.size(); ++i) {
    const std::int64_t before = dp[y][x];
    const std::int64_t sign = (y + x) % 2 == 0 ? 1 : -1;
    if (got.moves[i] == 'D') {
      ++y;
    } else {
      REQUIRE(got.moves[i] == 'R');
      ++x;
    }
    REQUIRE(y < h);
    REQUIRE(x < w);
    total += sign * payoff[y][x];
    CHECK(got.running[i] == total);
    REQUIRE(before == dp[y][x] + sign * payoff[y][x]);
  }
  CHECK(total == got.score);
  CHECK(got.score == dp[0][0]);
}

outcome outcome_of(std::int64_t s) {
  return s > 0 ? outcome::first : s < 0 ? outcome::second : outcome::draw;
}

}  // namespace

TEST_CASE("AtCoder ABC201 D samples") {
  const auto a = solve({"---", "+-+", "+--"});
  CHECK(a.winner == outcome::first);  // Takahashi
  CHECK(a.score == gametree_test::brute_force({"---", "+-+", "+--"}));
  const auto b = solve(std::vector<std::string>{"+++-", "-+-+"});
  CHECK(b.winner == outcome::second);  // Aoki
  CHECK(b.score == gametree_test::brute_force({"+++-", "-+-+"}));
  CHECK(reference_score({"---", "+-+", "+--"}) == a.score);
  CHECK(reference_table(gametree_test::sign_payoffs({"+++-", "-+-+"}))[0][0] == b.score);
  const auto c = solve({"-"});
  CHECK(c.winner == outcome::draw);
  CHECK(c.score == 0);

  const path_result p = solve_path({"---", "+-+", "+--"});
  CHECK(p.score == a.score);
  CHECK(p.winner == outcome::first);
  check_path(p, gametree_test::sign_payoffs({"---", "+-+", "+--"}));
}

TEST_CASE("rows may be any range of string-likes") {
  const std::array<const char*, 2> pointers{"+++-", "-+-+"};
  const std::vector<std::string_view> views{"+++-", "-+-+"};
  const char arrays[2][5] = {"+++-", "-+-+"};
  const auto expected = solve(std::vector<std::string>{"+++-", "-+-+"});
  CHECK(solve(pointers) == expected);
  CHECK(solve(views) == expected);
  CHECK(solve(arrays) == expected);
  CHECK(solve_path(views).moves == solve_path(pointers).moves);
}

TEST_CASE("single cell, single row, single column") {
  // The path is forced, so the score is the alternating sum of the entered cells.
  const auto forced = [](const std::string& line) {
    std::int64_t s = 0;
    for (std::size_t i = 1; i < line.size(); ++i) {
      s += ((i - 1) % 2 == 0 ? 1 : -1) * gametree_test::sign_of(line[i]);
    }
    return s;
  };
  std::mt19937_64 rng(7);
  for (const std::size_t n : {1U, 2U, 3U, 15U, 16U, 17U, 31U, 33U, 1000U, 40000U, 100001U}) {
    std::string line(n, '+');
    for (char& c : line) c = rng() % 3 == 0 ? '-' : '+';
    const std::vector<std::string> row{line};
    std::vector<std::string> column;
    for (const char c : line) column.emplace_back(1, c);
    INFO("n = " << n);
    CHECK(solve(row).score == forced(line));
    CHECK(solve(column).score == forced(line));
    CHECK(solve_path(row).moves == std::string(n - 1, 'R'));
    CHECK(solve_path(column).moves == std::string(n - 1, 'D'));
    CHECK(solve_path(column).score == forced(line));
  }
  CHECK(solve({"+"}).score == 0);
  CHECK(solve_path({"+"}).moves.empty());
  CHECK(solve_path({"+"}).running.empty());
}

TEST_CASE("every grid with at most 16 cells against exhaustive search") {
  std::size_t grids = 0;
  for (std::size_t h = 1; h <= 16; ++h) {
    for (std::size_t w = 1; h * w <= 16; ++w) {
      const std::size_t cells = h * w;
      std::vector<std::string> rows(h, std::string(w, '+'));
      for (std::uint32_t mask = 0; mask < (std::uint32_t{1} << cells); ++mask) {
        for (std::size_t i = 0; i < cells; ++i) rows[i / w][i % w] = (mask >> i) & 1U ? '-' : '+';
        const std::int64_t expected = gametree_test::brute_force(rows);
        const auto got = solve(rows);
        if (got.score != expected || got.winner != outcome_of(expected)) {
          INFO(h << " x " << w << " mask " << mask);
          REQUIRE(got.score == expected);
          REQUIRE(got.winner == outcome_of(expected));
        }
        ++grids;
      }
    }
  }
  CHECK(grids == 576'650);
}

TEST_CASE("random grids up to 40 x 40 against the seed's DP, with optimal paths") {
  std::mt19937_64 rng(2021'05'15);
  std::array<std::size_t, 3> wins{};
  for (int i = 0; i < 10'000; ++i) {
    const std::size_t h = 1 + rng() % 40;
    const std::size_t w = 1 + rng() % 40;
    const auto rows = gametree_test::random_grid(rng, h, w);
    const std::int64_t expected = reference_score(rows);
    const auto got = solve(rows);
    if (got.score != expected) {
      INFO(h << " x " << w << " grid #" << i);
      REQUIRE(got.score == expected);
    }
    ++wins[static_cast<std::size_t>(got.winner)];
    if (i % 10 == 0) check_path(solve_path(rows), gametree_test::sign_payoffs(rows));
  }
  // The grids are varied enough to reach every outcome often.
  CHECK(wins[0] > 1000);
  CHECK(wins[1] > 1000);
  CHECK(wins[2] > 1000);
}

TEST_CASE("larger grids: SIMD strips, remainders and the 32-bit path agree") {
  std::mt19937_64 rng(99);
  const std::array<std::array<std::size_t, 2>, 9> sizes{{{16, 31},
                                                         {16, 46},
                                                         {17, 47},
                                                         {64, 200},
                                                         {200, 64},
                                                         {95, 301},
                                                         {300, 299},
                                                         {1, 32001},
                                                         {33, 32000}}};
  for (const auto& [h, w] : sizes) {
    const auto rows = gametree_test::random_grid(rng, h, w);
    INFO(h << " x " << w);
    const std::int64_t expected = reference_score(rows);
    CHECK(solve(rows).score == expected);
    CHECK(solve(h, w, [&rows](std::size_t y, std::size_t x) {
            return rows[y][x] == '+' ? 1 : -1;
          }).score == expected);
    if (h * w <= 100'000) check_path(solve_path(rows), gametree_test::sign_payoffs(rows));
  }
}

TEST_CASE("generic payoffs: large weights agree with the reference") {
  std::mt19937_64 rng(3);
  constexpr std::int64_t big = 1'000'000'000'000'000;  // 80 moves of this fit in int64
  for (int i = 0; i < 300; ++i) {
    const std::size_t h = 1 + rng() % 40;
    const std::size_t w = 1 + rng() % 40;
    table payoff(h, std::vector<std::int64_t>(w));
    for (auto& row : payoff) {
      for (auto& v : row) v = static_cast<std::int64_t>(rng() % (2 * big + 1)) - big;
    }
    const auto f = [&payoff](std::size_t y, std::size_t x) { return payoff[y][x]; };
    const std::int64_t expected = reference_table(payoff)[0][0];
    INFO(h << " x " << w);
    const auto got = solve(h, w, f);
    REQUIRE(got.score == expected);
    CHECK(got.winner == outcome_of(expected));
    const auto path = solve_path(h, w, f);
    CHECK(path.score == expected);
    check_path(path, payoff);
  }
}

TEST_CASE("generic payoffs: small integer types and the never-entered start cell") {
  std::size_t calls = 0;
  const auto score = solve(3, 4, [&calls](std::size_t y, std::size_t x) -> short {
    ++calls;
    REQUIRE((y != 0 || x != 0));
    return static_cast<short>(y * 4 + x);
  });
  CHECK(calls == 11);
  const table payoff{{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9, 10, 11}};
  CHECK(score.score == reference_table(payoff)[0][0]);
  CHECK(solve(1, 1, [](std::size_t, std::size_t) -> std::uint8_t { return 200; }).score == 0);
}

TEST_CASE("overflow is detected, never wrapped") {
  constexpr std::int64_t max = std::numeric_limits<std::int64_t>::max();
  constexpr std::int64_t min = std::numeric_limits<std::int64_t>::min();
  // 3 x 1: the first player enters +max, then the second enters -max: the score is 2 max.
  const auto column = [](std::int64_t a, std::int64_t b) {
    return [a, b](std::size_t y, std::size_t) { return y == 1 ? a : b; };
  };
  CHECK_THROWS_AS(solve(3, 1, column(max, -max)), std::overflow_error);
  CHECK_THROWS_WITH(solve(3, 1, column(max, -max)),
                    ContainsSubstring("does not fit in std::int64_t") &&
                        ContainsSubstring("row 1, column 0"));
  CHECK_THROWS_AS(solve_path(3, 1, column(max, -max)), std::overflow_error);
  CHECK_THROWS_AS(solve(3, 1, column(min, 1)), std::overflow_error);
  // Extreme but representable: no false alarm.
  CHECK(solve(3, 1, column(max, max)).score == 0);
  CHECK(solve(2, 1, column(min, 0)).score == min);
  CHECK(solve(2, 1, column(max, 0)).score == max);
  CHECK(solve_path(2, 1, column(min, 0)).running == std::vector<std::int64_t>{min});
  // A payoff outside int64.
  CHECK_THROWS_WITH(
      solve(1, 2, [](std::size_t, std::size_t) { return std::numeric_limits<std::uint64_t>::max(); }),
      ContainsSubstring("the payoff at row 0, column 1"));
  // 1 x 4 with payoffs max, -1, -max: every sub-game fits (score 1), but the running total
  // after two moves is max + 1.
  const auto line = [](std::size_t, std::size_t x) -> std::int64_t {
    return x == 1 ? max : x == 2 ? -1 : -max;
  };
  CHECK(solve(1, 4, line).score == 1);
  CHECK_THROWS_WITH(solve_path(1, 4, line), ContainsSubstring("the running total"));
}

TEST_CASE("validation names the problem") {
  SECTION("empty") {
    CHECK_THROWS_WITH(solve(std::vector<std::string>{}), ContainsSubstring("empty (no rows)"));
    CHECK_THROWS_WITH(solve({"", ""}), ContainsSubstring("empty (row 0 has no cells)"));
    CHECK_THROWS_AS(solve_path(std::vector<std::string>{}), std::invalid_argument);
    CHECK_THROWS_WITH(solve(0, 5, [](std::size_t, std::size_t) { return 1; }),
                      ContainsSubstring("empty (0 rows x 5 columns)"));
    CHECK_THROWS_AS(solve_path(5, 0, [](std::size_t, std::size_t) { return 1; }),
                    std::invalid_argument);
  }
  SECTION("unequal rows") {
    CHECK_THROWS_WITH(solve({"++", "++", "+++"}),
                      ContainsSubstring("row 2 has 3 cells but row 0 has 2"));
    CHECK_THROWS_AS(solve_path({"++", "+"}), std::invalid_argument);
  }
  SECTION("bad characters, wherever they are") {
    CHECK_THROWS_WITH(solve({"+-", "+x"}), ContainsSubstring("row 1, column 1 is 'x'"));
    CHECK_THROWS_WITH(solve({"+-", std::string_view("+\0", 2)}),
                      ContainsSubstring("row 1, column 1 is byte 0x00"));
    CHECK_THROWS_WITH(solve_path({"+-", "*-"}), ContainsSubstring("row 1, column 0 is '*'"));
    CHECK_THROWS_WITH(solve({"#"}), ContainsSubstring("row 0, column 0 is '#'"));
    // Inside a vectorised block, in a remainder row and on a strip's scalar edge.
    std::mt19937_64 rng(11);
    // Characters differing from '+' in low bits, high bits, the sign bit and from '-' by one.
    for (const auto& [bad, shown] : std::array<std::pair<char, const char*>, 4>{
             {{'0', "'0'"}, {';', "';'"}, {static_cast<char>(0xab), "byte 0xab"}, {',', "','"}}}) {
      for (const auto& [y, x] : std::array<std::array<std::size_t, 2>, 4>{
               {{20, 40}, {0, 99}, {32, 3}, {47, 0}}}) {
        auto rows = gametree_test::random_grid(rng, 48, 100);
        rows[y][x] = bad;
        CHECK_THROWS_WITH(solve(rows), ContainsSubstring("row " + std::to_string(y) +
                                                         ", column " + std::to_string(x) +
                                                         " is " + shown));
      }
    }
  }
}

TEST_CASE("results compare by score and winner") {
  using gametree::grid::result;
  CHECK(result{2, outcome::first} == result{2, outcome::first});
  CHECK_FALSE(result{2, outcome::first} == result{3, outcome::first});
  CHECK_FALSE(result{2, outcome::first} == result{2, outcome::second});
}

TEST_CASE("the kernel's 64-bit instantiation, which only grids with a side of 2^30 reach") {
  // solve(rows) picks 16-, 32- or 64-bit lanes by size; a 2^30-cell side is more than a test
  // can allocate, so each width is run here on the same grids.
  std::mt19937_64 rng(64);
  for (int i = 0; i < 300; ++i) {
    const std::size_t h = 1 + rng() % 40;
    const std::size_t w = 1 + rng() % 40;
    const auto rows = gametree_test::random_grid(rng, h, w);
    std::vector<const char*> data;
    for (const std::string& row : rows) data.push_back(row.data());
    bool bad64 = false;
    bool bad32 = false;
    using gametree::detail::grid_sign_q00;
    const std::int64_t q64 = grid_sign_q00<std::int64_t>(data.data(), h, w, bad64);
    const std::int32_t q32 = grid_sign_q00<std::int32_t>(data.data(), h, w, bad32);
    INFO(h << " x " << w);
    // score = p(0, 0) - q(0, 0) (see detail/grid_sign_kernel.hpp).
    CHECK(gametree_test::sign_of(rows[0][0]) - q64 == reference_score(rows));
    CHECK(q32 == q64);
    CHECK_FALSE(bad64);
    CHECK_FALSE(bad32);
  }
  const std::array<const char*, 2> with_bad_cell{"+-", "-?"};
  bool bad = false;
  (void)gametree::detail::grid_sign_q00<std::int64_t>(with_bad_cell.data(), 2, 2, bad);
  CHECK(bad);
}

TEST_CASE("generic payoffs: every size check, and a running total below the minimum") {
  const auto one = [](std::size_t, std::size_t) { return 1; };
  CHECK_THROWS_WITH(solve(5, 0, one), ContainsSubstring("empty (5 rows x 0 columns)"));
  CHECK_THROWS_WITH(solve_path(0, 5, one), ContainsSubstring("empty (0 rows x 5 columns)"));
  // The choice bits would need more cells than std::size_t counts: refused before anything
  // is allocated.
  const std::size_t side = std::numeric_limits<std::size_t>::max() / 2 + 1;
  CHECK_THROWS_WITH(solve_path(side, side, one),
                    ContainsSubstring(std::to_string(side) + " x " + std::to_string(side) +
                                      " cells overflow std::size_t"));

  // 1 x 4 with payoffs -max, 2, max: the path is forced; the first player scores -max + max,
  // the second 2, so the score is -2 and every sub-game fits, but after two moves the running
  // total is -max - 2, below the minimum (the mirror of the positive case above).
  constexpr std::int64_t max = std::numeric_limits<std::int64_t>::max();
  const auto line = [](std::size_t, std::size_t x) -> std::int64_t {
    return x == 1 ? -max : x == 2 ? 2 : max;
  };
  CHECK(solve(1, 4, line).score == -2);
  CHECK_THROWS_WITH(solve_path(1, 4, line),
                    ContainsSubstring("the running total at row 0, column 2"));
}
