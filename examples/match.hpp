#pragma once
// The match program (match.cpp) as a function of its arguments, so that the tests run
// exactly what the program runs: plays N games between two players on a shipped game
// (gametree/match.hpp) and prints the score with its 95% confidence interval.
//
//   match <game> <player A> <player B> [--games N] [--opening-plies K] [--seed S]
//
//   <game>    tic-tac-toe | connect4 | nim:H,H,... | pig[:GOAL]
//             (nim: the heap sizes, 1 to 8 heaps of 0..64; pig: the goal, 1 to 150, 100 by default)
//   <player>  alphabeta:depth=D | alphabeta:nodes=N | alphabeta:time=MS, optionally ,threads=T
//             mcts:iterations=N | mcts:time=MS, optionally with ,c=X ,seed=S ,puct ,no-solver ,threads=T ,shared-tree
//             random, optionally random:seed=S
//             optimal (pig: the optimal policy, by value iteration)
//
// Output: the match, in Pig a line on the dice, a note when fewer games than asked could be
// played, each player, the result line ("no games, no score" after none) and the work per
// move; --help or -h, the usage. Exit status 0; 1 for bad arguments (one "error: ..." line
// naming the argument, nothing on stdout).

#include <gametree/games/connect_four.hpp>
#include <gametree/games/nim.hpp>
#include <gametree/games/pig.hpp>
#include <gametree/games/tic_tac_toe.hpp>
#include <gametree/match.hpp>

#include "nim_heaps.hpp"
#include "pig_goal.hpp"
#include "program_run.hpp"

#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace match_app {

/// What --help prints (README.md's table of the example programs says the same).
inline constexpr gametree_examples::program_usage usage{
    "match <game> <player A> <player B> [--games N] [--opening-plies K] [--seed S]",
    "  <game>             tic-tac-toe, connect4, nim:H,H,... (1 to 8 heaps of 0..64) or pig[:GOAL] (1 to 150)\n"
    "  <player>           alphabeta:depth=D|nodes=N|time=MS, optionally with ,threads=T\n"
    "                     mcts:iterations=N|time=MS, optionally with ,c=X ,seed=S ,puct ,no-solver ,threads=T\n"
    "                     ,shared-tree (its threads share one tree instead of one tree each)\n"
    "                     random, optionally random:seed=S\n"
    "                     optimal (pig: the optimal policy, by value iteration)\n"
    "  --games N          the number of games, even: each opening is played twice (20 by default)\n"
    "  --opening-plies K  the random plies each opening has (2 by default)\n"
    "  --seed S           the openings' seed, and the dice's in pig (1 by default)\n"
    "  -h, --help         print this usage and exit\n"};

/// A player as the command line gives it.
struct player_spec {
  enum class kind { alpha_beta, mcts, random, optimal } type = kind::random;
  std::string text;
  std::optional<std::int32_t> depth;
  std::optional<std::uint64_t> nodes;
  std::optional<std::uint64_t> iterations;
  std::optional<std::uint64_t> time_ms;
  std::size_t threads = 1;  // the engine's or MCTS's threads
  double exploration = 1.4;
  std::uint64_t seed = 0;
  bool puct = false;
  bool solver = true;
  bool shared_tree = false;  // mcts_parallelism::tree rather than root
};

struct options {
  std::string game;
  std::vector<unsigned> heaps;  // nim
  int goal = 100;               // pig
  player_spec a;
  player_spec b;
  std::size_t games = 20;
  std::size_t opening_plies = 2;
  std::uint64_t seed = 1;
};

/// A whole number in [low, high]; throws std::invalid_argument naming what it is.
inline std::uint64_t parse_number(std::string_view text, std::uint64_t low, std::uint64_t high, const std::string& what) {
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size() || v < low || v > high) {
    throw std::invalid_argument(what + " takes a whole number from " + std::to_string(low) + " to " +
                                std::to_string(high) + ", not '" + std::string(text) + "'");
  }
  return v;
}

inline double parse_positive(std::string_view text, const std::string& what) {
  double v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size() || !(v > 0 && v < 1e6)) {
    throw std::invalid_argument(what + " takes a positive number below 10^6, not '" + std::string(text) + "'");
  }
  return v;
}

/// Reads one player; throws std::invalid_argument naming the part at fault.
inline player_spec parse_player(std::string_view text, const std::string& which) {
  player_spec p;
  p.text = std::string(text);
  const std::size_t colon = text.find(':');
  const std::string_view kind = text.substr(0, colon);
  const std::string where = "player " + which + " '" + std::string(text) + "'";
  if (kind == "alphabeta") {
    p.type = player_spec::kind::alpha_beta;
  } else if (kind == "mcts") {
    p.type = player_spec::kind::mcts;
  } else if (kind == "random") {
    p.type = player_spec::kind::random;
  } else if (kind == "optimal") {
    p.type = player_spec::kind::optimal;
  } else {
    throw std::invalid_argument(where + ": the kind must be alphabeta, mcts, random or optimal, not '" +
                                std::string(kind) + "'");
  }
  std::string_view rest = colon == std::string_view::npos ? std::string_view{} : text.substr(colon + 1);
  if (colon != std::string_view::npos && rest.empty()) throw std::invalid_argument(where + ": nothing after ':'");
  int budgets = 0;
  while (!rest.empty()) {
    const std::size_t comma = rest.find(',');
    const std::string_view item = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    if (comma != std::string_view::npos && rest.empty()) throw std::invalid_argument(where + ": nothing after ','");
    const std::size_t eq = item.find('=');
    const std::string_view key = item.substr(0, eq);
    const std::string_view value = eq == std::string_view::npos ? std::string_view{} : item.substr(eq + 1);
    const std::string name = where + ": " + std::string(key);
    const bool ab = p.type == player_spec::kind::alpha_beta;
    const bool mc = p.type == player_spec::kind::mcts;
    if (key == "depth" && ab && eq != std::string_view::npos) {
      p.depth = static_cast<std::int32_t>(parse_number(value, 1, 64, name));
      ++budgets;
    } else if (key == "nodes" && ab && eq != std::string_view::npos) {
      p.nodes = parse_number(value, 1, std::uint64_t{1} << 40, name);
      ++budgets;
    } else if (key == "iterations" && mc && eq != std::string_view::npos) {
      p.iterations = parse_number(value, 1, std::uint64_t{1} << 40, name);
      ++budgets;
    } else if (key == "time" && (ab || mc) && eq != std::string_view::npos) {
      p.time_ms = parse_number(value, 1, 3'600'000, name + " (milliseconds)");
      ++budgets;
    } else if (key == "threads" && (ab || mc) && eq != std::string_view::npos) {
      p.threads = static_cast<std::size_t>(parse_number(value, 1, 1024, name));
    } else if (key == "c" && mc && eq != std::string_view::npos) {
      p.exploration = parse_positive(value, name);
    } else if (key == "seed" && (mc || p.type == player_spec::kind::random) && eq != std::string_view::npos) {
      p.seed = parse_number(value, 0, UINT64_MAX, name);
    } else if (key == "puct" && mc && eq == std::string_view::npos) {
      p.puct = true;
    } else if (key == "no-solver" && mc && eq == std::string_view::npos) {
      p.solver = false;
    } else if (key == "shared-tree" && mc && eq == std::string_view::npos) {
      p.shared_tree = true;
    } else {
      throw std::invalid_argument(where + ": '" + std::string(item) + "' is not an option of " + std::string(kind));
    }
  }
  if ((p.type == player_spec::kind::alpha_beta || p.type == player_spec::kind::mcts) && budgets != 1) {
    throw std::invalid_argument(where + ": give exactly one budget (" +
                                (p.type == player_spec::kind::alpha_beta ? "depth=, nodes= or time=" : "iterations= or time=") +
                                ")");
  }
  return p;
}

/// Reads the arguments (--help is answered before, by run); throws std::invalid_argument
/// naming the one at fault.
inline options parse_arguments(const std::vector<std::string_view>& args) {
  options o;
  std::vector<std::string_view> positional;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view a = args[i];
    if (a == "--games" || a == "--opening-plies" || a == "--seed") {
      if (i + 1 == args.size()) throw std::invalid_argument(std::string(a) + " needs a number");
      const std::string_view v = args[++i];
      if (a == "--games") {
        o.games = parse_number(v, 2, 1'000'000, "--games");
        if (o.games % 2 != 0) throw std::invalid_argument("--games must be even (each opening is played twice), not " + std::string(v));
      } else if (a == "--opening-plies") {
        o.opening_plies = parse_number(v, 0, 100, "--opening-plies");
      } else {
        o.seed = parse_number(v, 0, UINT64_MAX, "--seed");
      }
    } else if (a.starts_with("--")) {
      throw gametree_examples::unknown_option(a, usage);
    } else {
      positional.push_back(a);
    }
  }
  if (positional.size() != 3) {
    throw std::invalid_argument("expected a game and two players, got " + std::to_string(positional.size()) +
                                " argument(s) (usage: " + std::string(usage.synopsis) + ")");
  }
  const std::string_view game = positional[0];
  if (game == "tic-tac-toe" || game == "connect4") {
    o.game = std::string(game);
  } else if (game.starts_with("nim:")) {
    o.game = "nim";
    o.heaps = gametree_examples::parse_heaps(game.substr(4));
  } else if (game == "pig" || game.starts_with("pig:")) {
    o.game = "pig";
    o.goal = gametree_examples::parse_pig_goal(game.size() > 3 ? game.substr(4) : std::string_view{});
  } else {
    throw std::invalid_argument("unknown game '" + std::string(game) + "': tic-tac-toe, connect4, nim:H,H,... or pig[:GOAL]");
  }
  o.a = parse_player(positional[1], "A");
  o.b = parse_player(positional[2], "B");
  for (const player_spec* p : {&o.a, &o.b}) {
    if (p->type == player_spec::kind::optimal && o.game != "pig") {
      throw std::invalid_argument("player '" + p->text + "' needs a game value iteration solves: pig, not " + o.game);
    }
  }
  return o;
}

template <class Game>
gametree::match_player<Game> make_player(const Game& start, const player_spec& p) {
  const std::optional<std::chrono::nanoseconds> time =
      p.time_ms ? std::optional<std::chrono::nanoseconds>(std::chrono::milliseconds(*p.time_ms)) : std::nullopt;
  switch (p.type) {
    case player_spec::kind::alpha_beta: {
      gametree::search_limits limits;
      limits.max_depth = p.depth;
      limits.max_nodes = p.nodes;
      limits.max_time = time;
      gametree::engine_options o;
      o.threads = p.threads;
      return gametree::alpha_beta_player<Game>(p.text, o, limits);
    }
    case player_spec::kind::mcts: {
      gametree::mcts_options o;
      o.exploration = p.exploration;
      o.seed = p.seed;
      o.selection = p.puct ? gametree::mcts_selection::puct : gametree::mcts_selection::uct;
      o.solver = p.solver;
      o.threads = p.threads;
      o.parallelism = p.shared_tree ? gametree::mcts_parallelism::tree : gametree::mcts_parallelism::root;
      return gametree::mcts_player<Game>(p.text, o, {.max_iterations = p.iterations, .max_time = time});
    }
    case player_spec::kind::optimal:
      if constexpr (gametree::indexed_game<Game>) return gametree::optimal_player(p.text, start);
      break;  // parse_arguments allows optimal only for pig
    case player_spec::kind::random:
      break;
  }
  auto random = std::make_shared<gametree::playout_random>(p.seed);
  auto moves = std::make_shared<std::vector<typename Game::move_type>>();
  gametree::match_player<Game> player;
  player.name = p.text;
  player.choose = [random, moves](const Game& g) {
    moves->clear();
    g.legal_moves(*moves);
    return gametree::match_choice<Game>{(*moves)[random->below(moves->size())], 1};
  };
  return player;
}

inline std::string work_name(const player_spec& p) {
  switch (p.type) {
    case player_spec::kind::alpha_beta:
      return "nodes";
    case player_spec::kind::mcts:
      return "iterations";
    case player_spec::kind::random:
    case player_spec::kind::optimal:
      break;
  }
  return "moves";
}

inline std::string fixed(double x, int digits) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", digits, x);
  return buffer;
}

template <class Game>
void play(const Game& start, const options& o, std::string& out,
          const std::function<void(const gametree::match_progress&)>& progress) {
  auto a = make_player<Game>(start, o.a);
  auto b = make_player<Game>(start, o.b);
  const auto r = gametree::play_match(start, a, b, {.games = o.games, .opening_plies = o.opening_plies, .seed = o.seed},
                                      progress);
  std::string game = o.game;
  if (o.game == "nim") {
    game += " (heaps";
    for (const unsigned h : o.heaps) game += " " + std::to_string(h);
    game += ")";
  }
  if (o.game == "pig") game += " (goal " + std::to_string(o.goal) + ")";
  out += "match: " + game + ", " + std::to_string(r.games) + " games from " + std::to_string(r.openings) +
         " openings of " + std::to_string(o.opening_plies) + " random plies (seed " + std::to_string(o.seed) + ")\n";
  if constexpr (gametree::chance_game<Game>) out += "the two games of each opening roll the same dice\n";
  if (r.games < o.games) {
    out += "note: " + std::to_string(r.opening_tries) + " random openings gave only " + std::to_string(r.openings) +
           (gametree::chance_game<Game> ? "" : " distinct") + " that leave the game unfinished, so " +
           std::to_string(r.games) + " of the " + std::to_string(o.games) + " games were played\n";
  }
  out += "A: " + o.a.text + "\nB: " + o.b.text + "\n";
  out += "A wins " + std::to_string(r.wins) + ", draws " + std::to_string(r.draws) + ", loses " +
         std::to_string(r.losses) + ": ";
  out += r.games == 0 ? std::string("no games, no score\n")
                      : "score " + fixed(r.score, 3) + " (95% confidence " + fixed(r.score_low, 3) + " to " +
                            fixed(r.score_high, 3) + ")\n";
  out += "work per move: A " + fixed(r.work_per_move[0], 1) + " " + work_name(o.a) + " (" + std::to_string(r.moves[0]) +
         " moves), B " + fixed(r.work_per_move[1], 1) + " " + work_name(o.b) + " (" + std::to_string(r.moves[1]) +
         " moves)\n";
}

/// The whole program: arguments in, output and errors out, the exit status returned. With
/// --help or -h among args, the usage and status 0, whatever else args hold.
int run(const std::vector<std::string_view>& args, std::string& out, std::string& err,
        const std::function<void(const gametree::match_progress&)>& progress = {});

}  // namespace match_app
