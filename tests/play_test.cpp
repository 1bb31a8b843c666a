// The console play loop (include/gametree/play.hpp) and the shipped games' registry of the play
// program (examples/play.hpp), driven through streams as a person at a terminal drives them:
// whole games, bad moves, undo, early end of input, the analysis of --solve against plain
// negamax, seeded choices, pictures, colour, games of chance (the dice and Pig's exact
// values) and the registration of a game of one's own.

#include <gametree/games/tic_tac_toe.hpp>
#include <gametree/play.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "play.hpp"
#include "reference/negamax_reference.hpp"
#include "reference/pig_reference.hpp"
#include "reference/random_game.hpp"
#include "support/catch.hpp"

using gametree_test::ContainsSubstring;
namespace reference = gametree_test::reference;
using ttt = gametree::games::tic_tac_toe;

namespace {

struct transcript {
  int status = -1;
  std::string out;
  std::string err;
};

transcript run(const gametree::play_registry& games, std::vector<std::string_view> args, const std::string& input = "",
               gametree::play_terminal t = {}) {
  std::istringstream in(input);
  std::ostringstream out;
  std::ostringstream err;
  transcript r;
  r.status = games.run(args, in, out, err, t);
  r.out = out.str();
  r.err = err.str();
  return r;
}

transcript play(std::vector<std::string_view> args, const std::string& input = "", gametree::play_terminal t = {}) {
  return run(play_app::shipped_games(), std::move(args), input, t);
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// A score for the side to move in the loop's words, written out again for the check.
std::string words(const gametree::score<int>& s, const std::string& mover, const std::string& other) {
  const auto plies = [](std::int64_t n) { return std::to_string(n) + (n == 1 ? " ply" : " plies"); };
  if (s.is_win()) return mover + " wins in " + plies(s.plies());
  if (s.is_loss()) return other + " wins in " + plies(s.plies());
  return "draw";
}

// A pile of stones; a move takes 1 or 2; who takes the last stone wins (misere: loses). No
// evaluation, moves printed as numbers, the board by operator<<: every default of the play
// loop. breaks_at >= 0: play() throws once the pile would be down to that many stones. One
// type for every variant, so that the test instantiates the loop once for them all.
struct pile {
  int stones = 5;
  bool misere = false;
  int breaks_at = -1;
  using move_type = int;
  void legal_moves(std::vector<int>& out) const {
    for (int take = 1; take <= std::min(2, stones); ++take) out.push_back(take);
  }
  void play(int take) {
    if (stones - take <= breaks_at) throw std::runtime_error("pile: the pile broke");
    stones -= take;
  }
  std::optional<gametree::game_outcome> outcome() const {
    if (stones == 0) return misere ? gametree::game_outcome::win : gametree::game_outcome::loss;
    return std::nullopt;
  }
  friend std::ostream& operator<<(std::ostream& out, const pile& p) { return out << "stones: " << p.stones; }
};

// Moves with no text at all.
struct opaque_move {
  int v = 0;
  friend bool operator==(const opaque_move&, const opaque_move&) = default;
};
struct opaque_game {
  using move_type = opaque_move;
  void legal_moves(std::vector<opaque_move>& out) const { out.push_back({}); }
  void play(const opaque_move&) { done = true; }
  std::optional<gametree::game_outcome> outcome() const {
    return done ? std::optional(gametree::game_outcome::draw) : std::nullopt;
  }
  bool done = false;
};
struct no_default_pile : pile {
  explicit no_default_pile(int n) { stones = n; }
};

}  // namespace

TEST_CASE("play: a person against the engine, bad moves refused and asked again") {
  // The person tries the squares in order; each refused one is asked again.
  std::string input = "0\nten\n\n5\n5\n";
  for (int i = 0; i < 9; ++i) input += "1\n2\n3\n4\n5\n6\n7\n8\n9\n";
  const auto r = play({"tic-tac-toe", "--depth", "9", "--no-timings"}, input);
  CHECK(r.status == 0);
  CHECK(r.err.empty());
  CHECK_THAT(r.out, ContainsSubstring("'0' is not a move: type a square 1-9\n"));
  CHECK_THAT(r.out, ContainsSubstring("'ten' is not a move: type a square 1-9\n"));
  CHECK_THAT(r.out, ContainsSubstring("'1' is not legal here; legal moves: "));
  CHECK_THAT(r.out, ContainsSubstring("O (engine) plays "));
  CHECK_THAT(r.out, ContainsSubstring("  solved, "));
  CHECK(r.out.find("X wins") == std::string::npos);  // the engine plays perfectly: it never loses
  CHECK_THAT(r.out, ContainsSubstring("game over: "));
  CHECK(r.out.find("M nodes/s") == std::string::npos);
}

TEST_CASE("play: the engine against itself draws tic-tac-toe, and reports every move") {
  const auto r = play({"tic-tac-toe", "--first", "engine", "--second", "engine"});
  CHECK(r.status == 0);
  CHECK(count(r.out, " (engine) plays ") == 9);
  CHECK(count(r.out, ", draw, pv ") == 9);
  CHECK(count(r.out, " M nodes/s, ") == 9);  // the default budget: one second, timings shown
  CHECK(r.out.ends_with("game over: a draw\n"));
}

TEST_CASE("play: two people, the winner named, and the board drawn after every move") {
  const auto r = play({"tic-tac-toe", "--second", "human"}, "1\n4\n2\n5\n3\n");
  CHECK(r.status == 0);
  CHECK(r.out.ends_with("game over: X wins\n"));
  CHECK(count(r.out, "---+---+---") == 2 * 6);  // the empty board and five moves
  CHECK_THAT(r.out, ContainsSubstring("   X | X | X\n  ---+---+---\n   O | O | 6\n"));
  CHECK(r.out.find("(engine)") == std::string::npos);
}

TEST_CASE("play: end of input, quit, help and undo") {
  SECTION("end of input leaves the game cleanly") {
    const auto r = play({"tic-tac-toe", "--depth", "2"}, "5\n");
    CHECK(r.status == 0);
    CHECK(r.out.ends_with("\nend of input: the game is left unfinished after 2 plies\n"));
  }
  SECTION("quit") {
    const auto r = play({"tic-tac-toe", "--second", "human"}, "5\nquit\n");
    CHECK(r.status == 0);
    CHECK(r.out.ends_with("O quits: the game is left unfinished after 1 ply\n"));
  }
  SECTION("help lists the legal moves") {
    const auto r = play({"tic-tac-toe", "--moves", "5", "--second", "human"}, "help\n");
    CHECK_THAT(r.out, ContainsSubstring("quit): legal moves: 1 2 3 4 6 7 8 9\ncommands: "));
  }
  SECTION("undo takes back the person's move and the engine's reply") {
    const auto r = play({"tic-tac-toe", "--depth", "1", "--no-timings"}, "5\nundo\nU\n");
    CHECK_THAT(r.out, ContainsSubstring("O (engine) plays 1\n"));
    CHECK_THAT(r.out, ContainsSubstring("taken back: 5 1\n"));
    CHECK_THAT(r.out, ContainsSubstring("nothing to take back\n"));
    CHECK(r.out.ends_with("left unfinished after 0 plies\n"));
  }
  SECTION("undo between two people takes back the last move, and never the moves of --moves") {
    const auto r = play({"tic-tac-toe", "--moves", "5", "--second", "human"}, "1\n9\nundo\nundo\nundo\n");
    CHECK_THAT(r.out, ContainsSubstring("taken back: 9\n"));
    CHECK_THAT(r.out, ContainsSubstring("taken back: 1\n"));
    CHECK(count(r.out, "nothing to take back\n") == 1);
    // Back where O was first asked: only X's stone from --moves on the board.
    CHECK(r.out.ends_with("   1 | 2 | 3\n  ---+---+---\n   4 | X | 6\n  ---+---+---\n   7 | 8 | 9\n"
                          "O to move (a square 1-9; help, undo, quit): \nend of input: the game is left unfinished after 0 plies\n"));
  }
  SECTION("--plies counts the plies on the board: a move taken back does not count") {
    const auto r = play({"tic-tac-toe", "--second", "human", "--plies", "2"}, "5\nundo\n1\n9\n");
    CHECK_THAT(r.out, ContainsSubstring("taken back: 5\n"));
    CHECK_THAT(r.out, ContainsSubstring("   X | 2 | 3\n  ---+---+---\n   4 | 5 | 6\n  ---+---+---\n   7 | 8 | O\n"));
    CHECK(r.out.ends_with("stopped after 2 plies (--plies)\n"));
  }
  SECTION("commands in any case and their short forms") {
    const auto r = play({"tic-tac-toe", "--second", "human"}, "H\n?\nExit\n");
    CHECK(count(r.out, "\ncommands: help (h, ?), undo (u: take back your last move") == 2);
    CHECK(r.out.ends_with("X quits: the game is left unfinished after 0 plies\n"));
    CHECK(play({"tic-tac-toe", "--second", "human"}, "q\n").out.ends_with("X quits: the game is left unfinished after 0 plies\n"));
  }
  SECTION("blanks and a carriage return around a move are ignored") {
    const auto r = play({"tic-tac-toe", "--second", "human"}, "\t5 \r\n \r\n1\r\n");
    CHECK_THAT(r.out, ContainsSubstring("   O | 2 | 3\n  ---+---+---\n   4 | X | 6\n"));
  }
  SECTION("echo: what is read shows in the transcript") {
    const auto r = play({"tic-tac-toe", "--second", "human"}, "5\n", {.colour = false, .echo = true});
    CHECK_THAT(r.out, ContainsSubstring("X to move (a square 1-9; help, undo, quit): 5\n"));
  }
}

TEST_CASE("play: --moves, with or without separators, and its errors") {
  const auto a = play({"tic-tac-toe", "--moves", "519", "--plies", "0"});
  const auto b = play({"tic-tac-toe", "--moves", " 5, 1 9 ", "--plies", "0"});
  CHECK(a.status == 0);
  CHECK(a.out == b.out);
  CHECK_THAT(a.out, ContainsSubstring("   O | 2 | 3\n  ---+---+---\n   4 | X | 6\n  ---+---+---\n   7 | 8 | X\n"));
  CHECK(a.out.ends_with("stopped after 0 plies (--plies)\n"));
  const auto taken = play({"tic-tac-toe", "--moves", "55"});
  CHECK(taken.status == 1);
  CHECK(taken.out.empty());
  CHECK(taken.err == "error: --moves: at character 2 ('5') no legal move follows (legal here: 1 2 3 4 6 7 8 9)\n");
  const auto over = play({"tic-tac-toe", "--moves", "142536"});
  CHECK(over.err == "error: --moves: character 6 ('6') comes after the game is over\n");
  const auto nim = play({"nim:3,4", "--moves", "1:3 2:10", "--plies", "0"});
  CHECK(nim.err == "error: --moves: at character 8 ('0') no legal move follows (legal here: 2:1 2:2 2:3)\n");
  const auto finished = play({"nim:1", "--moves", "1:1 1:1"});
  CHECK(finished.err == "error: --moves: character 5 ('1') comes after the game is over\n");
  const auto nim_ok = play({"nim:3,4", "--moves", "1:3 2:1", "--plies", "0"});
  CHECK_THAT(nim_ok.out, ContainsSubstring("  heap 1: (0)\n  heap 2: ||| (3)\n"));
}

TEST_CASE("play: --solve gives the exact value of the position and of every move, as negamax finds them") {
  std::mt19937_64 rng(5);
  for (int k = 0; k < 40; ++k) {
    ttt g;
    std::string moves;
    const int plies = std::uniform_int_distribution<int>(0, 7)(rng);
    for (int i = 0; i < plies && !g.outcome(); ++i) {
      std::vector<int> legal;
      g.legal_moves(legal);
      const int m = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
      g.play(m);
      moves += static_cast<char>('1' + m);
    }
    if (g.outcome()) continue;
    CAPTURE(moves);
    const auto r = play({"tic-tac-toe", "--moves", moves, "--solve", "--plies", "0"});
    REQUIRE(r.status == 0);
    const std::string mover = g.x_to_move() ? "X" : "O";
    const std::string other = g.x_to_move() ? "O" : "X";
    std::string expected = "exact value: " + words(reference::negamax(g), mover, other) + "; by move:";
    std::vector<int> legal;
    g.legal_moves(legal);
    for (const int m : legal) {
      expected += ' ';
      expected += std::to_string(m + 1);
      expected += ' ';
      expected += words(reference::move_value(g, m), mover, other);
      expected += ',';
    }
    expected.back() = '\n';
    CHECK_THAT(r.out, ContainsSubstring("\n" + expected));
  }
}

TEST_CASE("play: --seed chooses among the equally good moves, the same way every time") {
  std::set<std::string> first_moves;
  for (const char* seed : {"1", "2", "3", "4", "5", "6", "7", "8"}) {
    const auto r = play({"tic-tac-toe", "--first", "engine", "--plies", "1", "--seed", seed, "--no-timings"});
    REQUIRE(r.status == 0);
    CHECK_THAT(r.out, ContainsSubstring(", chosen among 9 equally good moves\n"));  // every first move draws
    const auto again = play({"tic-tac-toe", "--first", "engine", "--plies", "1", "--seed", seed, "--no-timings"});
    CHECK(again.out == r.out);
    const std::size_t at = r.out.find("X (engine) plays ");
    REQUIRE(at != std::string::npos);
    const std::string chosen = r.out.substr(at + 17, 1);
    first_moves.insert(chosen);
    CHECK_THAT(r.out, ContainsSubstring("plays " + chosen + "\n  solved, draw, pv " + chosen + " "));  // its own line
  }
  CHECK(first_moves.size() >= 3);
  // At a fixed depth, the moves that score as well at that depth; in a won position only the
  // winning moves.
  // At depth 2 after X's centre, O's corners score alike and its edges worse.
  std::set<std::string> replies;
  for (const char* seed : {"1", "2", "3", "4", "5", "6"}) {
    const auto depth = play({"tic-tac-toe", "--moves", "5", "--first", "engine", "--second", "engine", "--depth", "2",
                             "--plies", "1", "--seed", seed, "--no-timings"});
    const std::size_t at = depth.out.find("O (engine) plays ");
    REQUIRE(at != std::string::npos);
    replies.insert(depth.out.substr(at + 17, 1));
    CHECK_THAT(depth.out, ContainsSubstring(", chosen among 4 equally good moves\n"));
  }
  CHECK(replies.size() >= 2);
  for (const std::string& square : replies) CHECK((square == "1" || square == "3" || square == "7" || square == "9"));
  const auto win = play({"tic-tac-toe", "--moves", "1425", "--first", "engine", "--plies", "1", "--seed", "9"});
  CHECK_THAT(win.out, ContainsSubstring("X (engine) plays 3\n  solved, X wins in 1 ply"));
  const auto nim = play({"nim:1,1,1", "--first", "engine", "--plies", "1", "--seed", "2", "--no-timings"});
  CHECK_THAT(nim.out, ContainsSubstring("chosen among 3 equally good moves"));
  // At depth 1 the other moves are evaluated: every square but the centre is worse for X.
  const auto shallow = play({"tic-tac-toe", "--first", "engine", "--plies", "1", "--depth", "1", "--seed", "5", "--no-timings"});
  CHECK_THAT(shallow.out, ContainsSubstring("X (engine) plays 5\n  depth 1, +4 for X, pv 5, 10 nodes\n"));
  // No iteration completed: nothing to compare, the engine's move stands.
  const auto starved = play({"tic-tac-toe", "--first", "engine", "--plies", "1", "--nodes", "1", "--seed", "5", "--no-timings"});
  CHECK_THAT(starved.out, ContainsSubstring("X (engine) plays 1\n  no iteration completed within the budget, 1 nodes\n"));
}

TEST_CASE("play: --dot writes the engine's first search as Graphviz DOT") {
  const std::string file = "play_test_search.dot";
  std::remove(file.c_str());
  const auto r = play({"tic-tac-toe", "--moves", "5193", "--first", "engine", "--second", "engine", "--depth", "3",
                       "--plies", "2", "--dot", file});
  REQUIRE(r.status == 0);
  std::ifstream in(file);
  const std::string dot((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(dot.rfind("digraph engine_search {\n", 0) == 0);
  CHECK_THAT(dot, ContainsSubstring("[label=\"2\", penwidth=3"));  // the first search: X blocks at 2
  CHECK_THAT(dot, ContainsSubstring("iteration of depth 3: "));
  std::remove(file.c_str());
  const auto bad = play({"tic-tac-toe", "--first", "engine", "--dot", "no/such/directory/x.dot"});
  CHECK(bad.status == 1);
  CHECK(bad.out.empty());  // found before the game starts
  CHECK(bad.err == "error: --dot: cannot write 'no/such/directory/x.dot'\n");
}

TEST_CASE("play: a time budget, and options that only a program's caller can get wrong") {
  const auto timed = play({"connect4", "--first", "engine", "--time", "0.05", "--plies", "1"});
  CHECK(timed.status == 0);
  CHECK_THAT(timed.out, ContainsSubstring("X (engine) plays "));
  CHECK_THAT(timed.out, ContainsSubstring(" M nodes/s, "));
  const auto no_file = play({"tic-tac-toe", "--dot", ""});
  CHECK(no_file.err == "error: --dot needs a file name\n");
  const auto help = play({"--help"});
  CHECK(help.status == 0);
  CHECK(help.out.rfind("usage: play <game>", 0) == 0);
  CHECK(play({"-h"}).out == help.out);
  const auto unknown = play({"connect4", "--solve", "--nodes", "200", "--plies", "0"});
  CHECK_THAT(unknown.out, ContainsSubstring("exact value: unknown; by move: 4 unknown,"));  // the budget ends each solve
  const auto automatic = play({"tic-tac-toe", "--plies", "0", "--color", "auto"}, "", {.colour = true, .echo = false});
  CHECK_THAT(automatic.out, ContainsSubstring("\x1b[2m1\x1b[0m"));  // auto: what the terminal says
}

TEST_CASE("play: colour only when asked for") {
  const auto plain = play({"connect4", "--moves", "4453", "--plies", "0"});
  CHECK(plain.out.find('\x1b') == std::string::npos);
  CHECK_THAT(plain.out, ContainsSubstring("  | . . . O . . . |\n  | . . O X X . . |\n"));
  const auto colour = play({"connect4", "--moves", "4453", "--plies", "0"}, "", {.colour = true, .echo = false});
  CHECK_THAT(colour.out, ContainsSubstring("\x1b[1;31mX\x1b[0m"));
  CHECK_THAT(colour.out, ContainsSubstring("\x1b[1;33mO\x1b[0m"));
  const auto never = play({"connect4", "--plies", "0", "--color", "never"}, "", {.colour = true, .echo = false});
  CHECK(never.out.find('\x1b') == std::string::npos);
  const auto always = play({"tic-tac-toe", "--moves", "5", "--plies", "0", "--colour", "always"});
  CHECK_THAT(always.out, ContainsSubstring("\x1b[1;31mX\x1b[0m"));
  CHECK_THAT(always.out, ContainsSubstring("\x1b[2m1\x1b[0m"));
  const auto nim = play({"nim:2,0", "--plies", "0", "--color", "always"});
  CHECK_THAT(nim.out, ContainsSubstring("  heap 1: \x1b[1;33m||\x1b[0m (2)\n  heap 2: (0)\n"));
}

TEST_CASE("play: Connect 4 and Nim to the end, engine against engine") {
  // A position of Pons' Test_L3_R1 (its first line, 37 stones: the first player loses).
  const auto c4 = play({"connect4", "--first", "engine", "--second", "engine", "--depth", "6", "--no-timings", "--moves",
                        "2252576253462244111563365343671351441"});
  CHECK(c4.status == 0);
  CHECK(c4.out.ends_with("game over: X wins\n"));  // Pons' score -1: O, to move, loses
  const auto nim = play({"nim:3,4,5", "--first", "engine", "--second", "engine", "--no-timings"});
  CHECK(nim.out.ends_with("game over: first player wins\n"));  // 3 xor 4 xor 5 is not 0
  CHECK_THAT(nim.out, ContainsSubstring("first player (engine) plays 1:2\n  solved, first player wins in "));
}

TEST_CASE("play: a game of one's own, registered by one line, with every default") {
  gametree::play_registry games;
  games.add<pile>("pile", "take 1 or 2; who takes the last stone wins");
  const auto r = run(games, {"pile", "--second", "engine"}, "3\n2\n2\n");
  CHECK(r.status == 0);
  CHECK_THAT(r.out, ContainsSubstring("\nstones: 5\nfirst player to move (a move; help, undo, quit): "));
  CHECK_THAT(r.out, ContainsSubstring("'3' is not legal here; legal moves: 1 2\n"));
  CHECK_THAT(r.out, ContainsSubstring("\nstones: 3\nsecond player (engine) plays 1\n  solved, first player wins in 2 plies"));
  CHECK(r.out.ends_with("game over: first player wins\n"));
  const auto list = run(games, {"--list"});
  CHECK(list.out == "pile  take 1 or 2; who takes the last stone wins\n");
  // run and play_session::run default the terminal: no colour, no echo.
  {
    std::istringstream in("1\n");
    std::ostringstream out;
    std::ostringstream err;
    CHECK(games.run({"pile", "--second", "engine", "--no-timings"}, in, out, err) == 0);
    CHECK_THAT(out.str(), ContainsSubstring("second player (engine) plays 1\n"));
    CHECK(out.str().find("\x1b[") == std::string::npos);
    std::istringstream one("1\n");
    std::ostringstream session_out;
    gametree::play_session<pile> session(pile{}, {}, {});
    CHECK(session.run(one, session_out) == 0);
    CHECK(session_out.str().find("\x1b[") == std::string::npos);
  }
  const auto depth = run(games, {"pile", "--depth", "3"});
  CHECK(depth.err == "error: --depth: this game has no evaluation, so its moves are solved: use --time or --nodes\n");
  const auto params = run(games, {"pile:7"});
  CHECK(params.err == "error: pile takes no parameters, not '7'\n");
  games.add<no_default_pile>("small", "two stones", [](std::string_view) { return no_default_pile(2); });
  CHECK(run(games, {"small", "--first", "engine", "--plies", "1", "--no-timings"}).out.find("plays 2") != std::string::npos);
  CHECK_THROWS_WITH(games.add<no_default_pile>("broken", "no start"), ContainsSubstring("broken has no default state"));
  // A game won by the player to move, and a solve cut short on a game without evaluation.
  games.add<pile>("misere", "who takes the last stone loses", [](std::string_view) { return pile{.misere = true}; });
  const auto misere = run(games, {"misere:", "--first", "human", "--second", "human"}, "2\n2\n1\n");
  CHECK(misere.out.ends_with("game over: second player wins\n"));  // the first took the last stone
  // --seed on a game without evaluation: the root is solved, so are the other moves; only
  // taking 2 (leaving 3) wins.
  const auto seeded = run(games, {"pile", "--first", "engine", "--plies", "1", "--seed", "2", "--no-timings"});
  CHECK_THAT(seeded.out, ContainsSubstring("first player (engine) plays 2\n  solved, first player wins in "));
  CHECK(seeded.out.find("chosen among") == std::string::npos);
  const auto cut = run(games, {"pile", "--first", "engine", "--nodes", "1", "--seed", "3", "--plies", "1", "--no-timings"});
  CHECK_THAT(cut.out, ContainsSubstring("first player (engine) plays 1\n  no iteration completed within the budget"));
  // What the game throws during the game ends it with an error line, after what was printed.
  games.add<pile>("fragile", "breaks", [](std::string_view) { return pile{.breaks_at = 3}; });
  const auto broke = run(games, {"fragile", "--second", "human"}, "1\n1\n");
  CHECK(broke.status == 1);
  CHECK(broke.err == "error: pile: the pile broke\n");
  CHECK_THAT(broke.out, ContainsSubstring("stones: 4\n"));
  gametree::play_registry opaque;
  CHECK_THROWS_WITH(opaque.add<opaque_game>("opaque", "moves without text"),
                    ContainsSubstring("the moves have no text: give the game a move_text(move) member"));
}

TEST_CASE("play: numeric payoffs and extra turns, as a game that reports its player has them") {
  using game = gametree_test::random_game<int, true>;
  gametree::play_registry games;
  int seen_extra_turn = 0;
  int seen_payoff = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    games = gametree::play_registry();
    games.add<game>("random", "a random game", [seed](std::string_view) {
      return game({.seed = seed, .max_ply = 6, .width = 8, .extra_turns = true});
    });
    const auto r = run(games, {"random", "--first", "engine", "--second", "engine", "--no-timings", "--solve"});
    REQUIRE(r.status == 0);
    CHECK_THAT(r.out, ContainsSubstring("game over: "));
    // After a move that keeps the turn, the same side reports the next move too.
    for (const char* side : {"first player", "second player"}) {
      const std::string twice = std::string(side) + " (engine) plays ";
      for (std::size_t at = r.out.find(twice); at != std::string::npos; at = r.out.find(twice, at + 1)) {
        const std::size_t next = r.out.find(" (engine) plays ", at + twice.size());
        if (next != std::string::npos && r.out.compare(r.out.rfind('\n', next) + 1, std::string(side).size(), side) == 0) {
          ++seen_extra_turn;
        }
      }
    }
    seen_payoff += r.out.find(" scores ") != std::string::npos ? 1 : 0;
    // The engine's value at the start is the solved value negamax finds.
    const auto start = game({.seed = seed, .max_ply = 6, .width = 8, .extra_turns = true});
    const auto v = reference::negamax(start);
    const std::string mover = "first player";
    std::string text = v.is_win() ? mover + " wins in " : v.is_loss() ? "second player wins in " : "";
    if (v.is_value()) {
      text = v.value() == 0 ? "draw" : (v.value() > 0 ? "+" : "") + std::to_string(v.value()) + " for " + mover;
    }
    CHECK_THAT(r.out, ContainsSubstring("exact value: " + text));
  }
  CHECK(seen_extra_turn > 0);
  CHECK(seen_payoff > 0);
}

TEST_CASE("play: a line 10^5 plies long is replayed and ended without recursion", "[deep]") {
  struct chain {
    int left = 100'000;
    using move_type = int;
    void legal_moves(std::vector<int>& out) const { out.push_back(1); }
    void play(int) { --left; }
    std::optional<gametree::game_outcome> outcome() const {
      if (left == 0) return gametree::game_outcome::loss;
      return std::nullopt;
    }
  };
  gametree::play_registry games;
  gametree::play_interface<chain> ui;
  ui.draw = [](const chain&, bool) { return std::string(); };
  games.add<chain>("chain", "one move at a time", {}, ui);
  std::string moves;
  for (int i = 0; i < 99'999; ++i) moves += "1 ";
  const auto r = run(games, {"chain", "--moves", moves, "--second", "human"}, "undo\n1\n");
  CHECK(r.status == 0);
  CHECK_THAT(r.out, ContainsSubstring("nothing to take back\n"));
  CHECK(r.out.ends_with("game over: second player wins\n"));  // the second player takes the last of 10^5
}

namespace {

// Flips of a biased coin: each turn the player to move says "flip" and the coin lands heads
// (probability 0.9) or tails; after `flips` flips the first player scores the heads' share
// less the tails'.
struct flips {
  using move_type = int;  // 0 flip, 1 heads, 2 tails
  int left = 200;
  int heads = 0;
  int tails = 0;
  bool in_air = false;
  void legal_moves(std::vector<int>& out) const {
    if (in_air) {
      out.push_back(1);
      out.push_back(2);
    } else {
      out.push_back(0);
    }
  }
  void play(int m) {
    in_air = m == 0;
    if (m == 1) ++heads;
    if (m == 2) ++tails;
    if (m != 0) --left;
  }
  [[nodiscard]] std::optional<double> outcome() const {
    if (left > 0) return std::nullopt;
    return static_cast<double>(heads - tails) / 200.0;
  }
  [[nodiscard]] double evaluate() const { return static_cast<double>(heads - tails) / 200.0; }
  [[nodiscard]] int player_to_move() const { return 0; }
  [[nodiscard]] bool is_chance() const { return in_air; }
  void chance_outcomes(std::vector<gametree::chance_outcome<int>>& out) const {
    out.push_back({1, 0.9});
    out.push_back({2, 0.1});
  }
  [[nodiscard]] std::string move_text(int m) const { return m == 0 ? "flip" : m == 1 ? "heads" : "tails"; }
};

}  // namespace

TEST_CASE("play: a game of chance rolls its dice from the seed, by their probabilities, and shows each roll") {
  gametree::play_registry games;
  games.add<flips>("flips", "200 flips of a coin");
  const auto r = run(games, {"flips", "--first", "engine", "--depth", "2", "--seed", "5", "--no-timings"});
  REQUIRE(r.status == 0);
  CHECK(r.out.starts_with("the dice roll from seed 5 (--seed 5 rolls them again)\n"));
  const std::size_t heads = count(r.out, "chance: heads (probability 0.900)\n");
  const std::size_t tails = count(r.out, "chance: tails (probability 0.100)\n");
  CHECK(heads + tails == 200);
  CHECK(heads >= 160);  // 0.9 of 200, binomial standard deviation 4.2: five of them below is 159
  CHECK(tails >= 1);
  // The engine's line assumes the most probable outcome, in brackets.
  CHECK_THAT(r.out, ContainsSubstring(", pv flip [heads], "));
  // The end, by the payoff's sign.
  CHECK_THAT(r.out, ContainsSubstring("game over: first player wins (first player scores +"));
  // The same seed, the same rolls; another seed, others.
  CHECK(run(games, {"flips", "--first", "engine", "--depth", "2", "--seed", "5", "--no-timings"}).out == r.out);
  const auto other = run(games, {"flips", "--first", "engine", "--depth", "2", "--seed", "6", "--no-timings"});
  CHECK(other.out != r.out);
  // Without a seed, one is drawn, shown, and rolls the same game again.
  const auto drawn = run(games, {"flips", "--first", "engine", "--depth", "2", "--no-timings"});
  const std::string prefix = "the dice roll from seed ";
  REQUIRE(drawn.out.starts_with(prefix));
  const std::string seed = drawn.out.substr(prefix.size(), drawn.out.find(' ', prefix.size()) - prefix.size());
  const auto replay = run(games, {"flips", "--first", "engine", "--depth", "2", "--no-timings", "--seed", seed});
  CHECK(replay.out.substr(replay.out.find('\n')) == drawn.out.substr(drawn.out.find('\n')));
}

TEST_CASE("play: --solve on Pig gives value iteration's exact values, as Neller & Presser's equations do") {
  const reference::pig_solution exact(12);
  const auto words = [](double p_win) {
    char text[32];
    const double v = 2 * p_win - 1;
    std::snprintf(text, sizeof text, "%s%.3f", v > 0 ? "+" : "", v);
    return std::string(text);
  };
  // After the moves given: player 1 has 5 in hand (rolled 5), then holds, player 2 rolls a 4.
  const auto r = play({"pig:12", "--moves", "roll 5 hold roll 4", "--solve", "--plies", "0", "--second", "human"});
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, ContainsSubstring("exact value: " + words(exact.win(0, 5, 4)) + " for player 2; by move: roll " +
                                      words(exact.roll(0, 5, 4)) + " for player 2, hold " + words(exact.hold(0, 5, 4)) +
                                      " for player 2\n"));
}
