#pragma once
// Playing a game at the console: people against the engine (either side), the engine against
// itself, or two people. A program registers its games, one line each, and hands over its
// command line:
//
//   gametree::play_registry games;
//   games.add<my_game>("my-game", "what it is");
//   return games.main(argc, argv);
//
// The loop draws the board after every move, reads a person's moves (saying why a bad one is
// refused and asking again), prints what the engine found for each of its moves (depth, score
// in words, principal variation, nodes, nodes/s, time), can print the exact value of every
// move before each turn (--solve), and can write the engine's search tree as Graphviz DOT.
// play_usage lists the options.

#include <gametree/detail/hash.hpp>
#include <gametree/game.hpp>
#include <gametree/mcts.hpp>
#include <gametree/search.hpp>
#include <gametree/value_iteration.hpp>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <ostream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#if __has_include(<unistd.h>)
#include <unistd.h>
#define GAMETREE_PLAY_ISATTY(fd) (::isatty(fd) != 0)
#elif __has_include(<io.h>)
#include <io.h>
#define GAMETREE_PLAY_ISATTY(fd) (::_isatty(fd) != 0)
#else
#define GAMETREE_PLAY_ISATTY(fd) false
#endif

namespace gametree {

inline constexpr std::string_view play_usage =
    "play <game>[:parameters] [--first human|engine] [--second human|engine] [--moves SEQUENCE] "
    "[--depth N | --time SECONDS | --nodes N] [--threads N] [--seed S] [--solve] [--plies N] [--dot FILE] "
    "[--color auto|always|never] [--no-timings]; play --list";

/// How the loop shows a game and reads its moves. Every field may stay empty; the defaults
/// come from the game's own members where it has them.
template <game Game>
struct play_interface {
  using move_type = typename Game::move_type;
  /// A move as people type it. Default: g.move_text(m) if the game has it, else the number
  /// (integral moves), else operator<<.
  std::function<std::string(const Game&, const move_type&)> move_text{};
  /// Whether text is a move of the game at all (legal or not here), so that the loop can
  /// tell "not a move" from "not legal here". Default: any text counts as a move.
  std::function<bool(std::string_view)> is_move{};
  /// The board, in colour (ANSI escapes) when colour is true. Default: g.draw(colour) if the
  /// game has it, else operator<<, else nothing.
  std::function<std::string(const Game&, bool colour)> draw{};
  /// What a move looks like, for the prompt ("a column 1-7"). Default: "a move".
  std::string move_help{};
  /// The two sides' names, the first mover's first. Default: "first player", "second player".
  std::string first_name{};
  std::string second_name{};
};

/// What the terminal is: colour on stdout, and whether to echo what is read (so that a
/// transcript of a game read from a file shows the moves).
struct play_terminal {
  bool colour = false;  ///< draw the board with ANSI colours
  bool echo = false;    ///< write each line read after its prompt
};

namespace detail {

template <class Game>
concept self_drawn = requires(const Game& g) {
  { g.draw(true) } -> std::convertible_to<std::string>;
};
template <class T>
concept streamable = requires(std::ostream& out, const T& t) { out << t; };

// The interface with its empty fields filled in.
template <game Game>
play_interface<Game> complete(play_interface<Game> ui) {
  using move_type = typename Game::move_type;
  if (!ui.move_text) {
    if constexpr (move_texted<Game>) {
      ui.move_text = [](const Game& g, const move_type& m) { return std::string(g.move_text(m)); };
    } else if constexpr (std::is_integral_v<move_type> || streamable<move_type>) {
      ui.move_text = [](const Game&, const move_type& m) { return format_value(m); };
    } else {
      throw std::invalid_argument("play: the moves have no text: give the game a move_text(move) member, "
                                  "or set play_interface::move_text");
    }
  }
  if (!ui.draw) {
    if constexpr (self_drawn<Game>) {
      ui.draw = [](const Game& g, bool colour) { return std::string(g.draw(colour)); };
    } else if constexpr (streamable<Game>) {
      ui.draw = [](const Game& g, bool) { return format_value(g); };
    } else {
      ui.draw = [](const Game&, bool) { return std::string(); };
    }
  }
  if (ui.move_help.empty()) ui.move_help = "a move";
  if (ui.first_name.empty()) ui.first_name = "first player";
  if (ui.second_name.empty()) ui.second_name = "second player";
  return ui;
}

// A whole number in [low, high] from an option's value; throws naming the option.
inline std::uint64_t play_number(std::string_view text, std::uint64_t low, std::uint64_t high, std::string_view what) {
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || end != text.data() + text.size() || v < low || v > high) {  // "" is ec too
    throw std::invalid_argument(std::string(what) + " takes a whole number from " + std::to_string(low) + " to " +
                                std::to_string(high) + ", not '" + std::string(text) + "'");
  }
  return v;
}

inline std::string trim(std::string_view s) {
  const std::size_t first = s.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  return std::string(s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1));
}

// "1,234,567"
inline std::string grouped(std::uint64_t n) {
  const std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

inline std::string fixed(double x, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, x);
  return buffer;
}

}  // namespace detail

/// The options of one session, as play_registry reads them from the command line.
struct play_options {
  bool first_is_engine = false;  ///< the engine plays the first mover's side (else a person)
  bool second_is_engine = true;  ///< the engine plays the second side
  std::string moves;  ///< played first, move texts one after another (separators optional)
  /// The engine's budget per move: one second unless the caller sets one. Without its depth,
  /// also the budget of each search --solve and --seed make.
  search_limits limits{.max_time = std::chrono::seconds(1)};
  /// Choose at random among equally good moves; and in a game of chance, the seed of the
  /// dice (without it, a seed drawn from std::random_device, shown at the start).
  std::optional<std::uint64_t> seed;
  std::size_t threads = 1;  ///< the engine's threads (engine_options::threads), its solves' too
  bool solve = false;  ///< print the position's and every move's exact value before each turn
  std::optional<std::uint64_t> plies;  ///< stop after this many more plies
  std::string dot_file;  ///< the engine's first search as DOT (at most dot_nodes nodes)
  std::size_t dot_nodes = 5'000;  ///< the trace's cap (>= 1: engine_trace throws for 0)
  bool timings = true;   ///< nodes/s and time in the engine's report
};

/// One game, played from start with o, reading people's moves from in and writing to out.
/// The constructor throws std::invalid_argument when the moves have no text (see
/// play_registry::add). run() returns 0 when the game ended, was left or input ended. Throws
/// what the game or the engine throws; std::invalid_argument for --moves that are not legal
/// moves and for a --dot file that cannot be opened (both before anything is written to out);
/// std::runtime_error when writing the --dot file fails.
template <game Game>
class play_session {
 public:
  using move_type = typename Game::move_type;
  using score_type = score<game_value_t<Game>>;

  play_session(Game start, play_interface<Game> ui, play_options o)
      : start_(std::move(start)), ui_(detail::complete(std::move(ui))), o_(std::move(o)) {}

  int run(std::istream& in, std::ostream& out, play_terminal t = {}) {
    game_ = start_;
    history_.clear();
    replay_moves();
    traced_ = false;
    if (!o_.dot_file.empty() && !std::ofstream(o_.dot_file)) {
      throw std::invalid_argument("--dot: cannot write '" + o_.dot_file + "'");
    }
    std::uint64_t played = 0;
    if constexpr (chance_game<Game>) {
      const std::uint64_t seed = o_.seed ? *o_.seed : (std::uint64_t{std::random_device{}()} << 32 | std::random_device{}());
      dice_.reseed(detail::mix64(seed ^ 0x5851f42d4c957f2dULL));  // apart from the stream that breaks ties
      out << "the dice roll from seed " << seed << " (--seed " << seed << " rolls them again)\n";
    }
    while (true) {
      show(out, t);
      if (const auto o = game_.outcome()) {
        out << result_text(*o) << "\n";
        return 0;
      }
      if (o_.solve) out << analysis();
      if (o_.plies && played == *o_.plies) {
        out << "stopped after " << played << (played == 1 ? " ply" : " plies") << " (--plies)\n";
        return 0;
      }
      const int side = side_to_move();
      std::optional<move_type> move;
      if (detail::at_chance(game_)) {
        move = roll(out);
      } else if (side == 0 ? o_.first_is_engine : o_.second_is_engine) {
        move = engine_move(side, out);
      } else {
        const auto typed = ask(in, out, t);
        if (typed.kind == reply_kind::end) {
          out << "\nend of input: the game is left unfinished after " << history_.size()
              << (history_.size() == 1 ? " ply" : " plies") << "\n";
          return 0;
        }
        if (typed.kind == reply_kind::quit) {
          out << name(side) << " quits: the game is left unfinished after " << history_.size()
              << (history_.size() == 1 ? " ply" : " plies") << "\n";
          return 0;
        }
        if (typed.kind == reply_kind::undo) {
          const std::size_t taken = take_back(out);
          played -= std::min<std::uint64_t>(played, taken);
          continue;
        }
        move = typed.move;
      }
      game_.play(*move);
      history_.push_back(*move);
      ++played;
    }
  }

 private:
  enum class reply_kind { move, quit, undo, end };
  struct reply {
    reply_kind kind;
    std::optional<move_type> move;
  };

  // Which side moves: 0 for the game's first mover. A game that reports its player is asked;
  // otherwise turns alternate.
  int side_to_move() const {
    if constexpr (turn_reporting_game<Game>) {
      return game_.player_to_move() == start_.player_to_move() ? 0 : 1;
    } else {
      return static_cast<int>((history_.size() + moves_before_) % 2);
    }
  }
  const std::string& name(int side) const { return side == 0 ? ui_.first_name : ui_.second_name; }

  std::string text(const move_type& m) const { return ui_.move_text(game_, m); }

  std::vector<move_type> legal() const {
    std::vector<move_type> moves;
    game_.legal_moves(moves);
    return moves;
  }

  std::string legal_list() const {
    std::string list;
    for (const move_type& m : legal()) {
      if (!list.empty()) list += ' ';
      list += text(m);
    }
    return list;
  }

  // --moves: move texts separated by spaces or commas. A piece between separators that is
  // not one legal move is read as moves written together ("4453"), the longest legal move
  // first at each character.
  void replay_moves() {
    const std::string_view s = o_.moves;
    std::size_t i = 0;
    while (true) {
      while (i < s.size() && (s[i] == ' ' || s[i] == ',')) ++i;
      if (i == s.size()) break;
      check_not_over(i, s);
      const std::size_t piece_end = std::min(s.find_first_of(" ,", i), s.size());
      if (const auto whole = legal_move_named(s.substr(i, piece_end - i))) {
        play_given(*whole);
        i = piece_end;
        continue;
      }
      while (i < piece_end) {
        check_not_over(i, s);
        std::optional<move_type> best;
        std::size_t best_length = 0;
        for (const move_type& m : legal()) {
          const std::string t = text(m);
          if (t.size() > best_length && i + t.size() <= piece_end && s.compare(i, t.size(), t) == 0) {
            best = m;
            best_length = t.size();
          }
        }
        if (!best) {
          throw std::invalid_argument("--moves: at character " + std::to_string(i + 1) + " ('" + std::string(1, s[i]) +
                                      "') no legal move follows (legal here: " + legal_list() + ")");
        }
        play_given(*best);
        i += best_length;
      }
    }
    start_after_moves_ = game_;
    moves_before_ = history_.size();
    history_.clear();
  }

  std::optional<move_type> legal_move_named(std::string_view name) const {
    for (const move_type& m : legal()) {
      if (text(m) == name) return m;
    }
    return std::nullopt;
  }

  void check_not_over(std::size_t i, std::string_view s) const {
    if (game_.outcome()) {
      throw std::invalid_argument("--moves: character " + std::to_string(i + 1) + " ('" + std::string(1, s[i]) +
                                  "') comes after the game is over");
    }
  }

  void play_given(const move_type& m) {
    game_.play(m);
    history_.push_back(m);
  }

  void show(std::ostream& out, const play_terminal& t) const {
    const std::string board = ui_.draw(game_, t.colour);
    out << "\n" << board;
    if (!board.empty() && board.back() != '\n') out << "\n";
  }

  template <class Outcome>
  std::string result_text(const Outcome& o) const {
    const int mover = side_to_move();
    const score_type s = detail::terminal_score<game_value_t<Game>>(o);
    if (s.is_win()) return "game over: " + name(mover) + " wins";
    if (s.is_loss()) return "game over: " + name(1 - mover) + " wins";
    if (s.value() == game_value_t<Game>{}) return "game over: a draw";
    const int winner = s.value() > game_value_t<Game>{} ? mover : 1 - mover;
    return "game over: " + name(winner) + " wins (" + name(mover) + " scores " + signed_text(s.value()) + ")";
  }

  // A value with its sign; a floating-point one to three places.
  static std::string signed_text(game_value_t<Game> v) {
    std::string t;
    if constexpr (std::is_floating_point_v<game_value_t<Game>>) {
      t = detail::fixed(static_cast<double>(v), 3);
    } else {
      t = detail::format_value(v);
    }
    return v > game_value_t<Game>{} ? "+" + t : t;
  }

  // A score for the side to move, in words.
  std::string words(const score_type& s, int mover, bool exact) const {
    const auto plies = [](std::int64_t n) { return std::to_string(n) + (n == 1 ? " ply" : " plies"); };
    if (s.is_win()) return name(mover) + " wins in " + plies(s.plies());
    if (s.is_loss()) return name(1 - mover) + " wins in " + plies(s.plies());
    if (exact && s.value() == game_value_t<Game>{}) return "draw";
    return signed_text(s.value()) + " for " + name(mover);
  }

  // The score of move m for the side to move, from the child's score.
  score_type through(const Game& child, const score_type& s) const {
    using access = detail::score_access<game_value_t<Game>>;
    bool same = false;
    if constexpr (turn_reporting_game<Game>) same = child.player_to_move() == game_.player_to_move();
    const score_type one_ply_further = access::to_root(s, 1);
    return same ? one_ply_further : access::negate(one_ply_further);
  }

  // The move's budget without its depth: what a solve() for --solve and --seed may spend.
  search_limits solve_budget() const {
    search_limits budget = o_.limits;
    budget.max_depth.reset();
    return budget;
  }

  // --solve: the exact value of the position and of every move, each solve within the move's
  // node and time budget (none with --depth); "unknown" where that budget ends it. A game that
  // numbers its states is solved once, whole, by value iteration instead (a game of chance
  // whose states repeat, as Pig's, has no end for a search to reach).
  std::string analysis() {
    const int mover = side_to_move();
    const search_limits budget = solve_budget();
    const auto exact = [&](const Game& g, bool child) {
      score_type value;
      if constexpr (indexed_game<Game>) {
        if (!solution_) solution_ = std::make_unique<value_iteration_result<Game>>(solve_by_value_iteration(start_));
        value = score_type::of(static_cast<game_value_t<Game>>(solution_->value(g)));
      } else {
        if (!solver_) solver_ = std::make_unique<engine<Game>>(engine_options{.threads = o_.threads});
        const auto r = solver_->solve(g, budget);
        if (!r.solved) return std::string("unknown");
        value = r.value;
      }
      return words(child ? through(g, value) : value, mover, true);
    };
    std::string line = "exact value: " + exact(game_, false) + (detail::at_chance(game_) ? "; by outcome:" : "; by move:");
    for (const move_type& m : legal()) {
      Game child = game_;
      child.play(m);
      line += ' ';
      line += text(m);
      line += ' ';
      line += exact(child, true);
      line += ',';
    }
    line.back() = '\n';
    return line;
  }

  // A chance state's outcome, drawn by its probabilities from the dice, and shown.
  move_type roll(std::ostream& out) {
    const chance_outcome<move_type> o = detail::roll(game_, dice_);
    out << "chance: " << text(o.move) << " (probability " << detail::fixed(o.probability, 3) << ")\n";
    return o.move;
  }

  // The line as people read it: the outcomes it assumes at chance states in brackets.
  std::string line_text(const std::vector<move_type>& line) const {
    std::string t;
    Game g = game_;
    for (const move_type& m : line) {
      if (!t.empty()) t += ' ';
      const bool chance = detail::at_chance(g);
      if (chance) t += '[';
      t += ui_.move_text(g, m);
      if (chance) t += ']';
      g.play(m);
    }
    return t;
  }

  // A search's move and what it saw: the score, whether it is exact, the line from the move.
  struct choice {
    move_type move;
    std::vector<move_type> line;
  };

  move_type engine_move(int side, std::ostream& out) {
    auto& e = engines_[side];
    if (!e) e = std::make_unique<engine<Game>>(engine_options{.threads = o_.threads});
    engine_trace<Game> trace(o_.dot_nodes);
    const bool tracing = !o_.dot_file.empty() && !traced_;
    e->set_trace(tracing ? &trace : nullptr);
    const auto r = e->search(game_, o_.limits);
    e->set_trace(nullptr);
    if (tracing) {
      traced_ = true;
      std::ofstream file(o_.dot_file);
      file << trace.to_dot([this](const move_type& m) { return text(m); });
      file.close();
      if (!file) throw std::runtime_error("--dot: writing '" + o_.dot_file + "' failed");  // GCOVR_EXCL_LINE: a full disk
    }
    choice chosen{*r.best_move, r.pv};
    std::size_t choices = 1;
    if (o_.seed) chosen = seeded_choice(*e, r, choices);
    const std::string pv = line_text(chosen.line);
    // The engine's own searches (default options) end with an exact score, or with none (a
    // budget too small for one iteration: the move is the best one seen so far, else the first
    // one generated).
    std::string report = name(side) + " (engine) plays " + text(chosen.move) + "\n  ";
    if (r.bound == score_bound::unknown) {
      report += "no iteration completed within the budget";
    } else {
      if (r.solved) {
        report += "solved";
      } else {
        report += "depth ";
        report += std::to_string(r.depth);
      }
      report += ", " + words(r.value, side, r.solved) + ", pv " + pv;
    }
    out << report << ", " << detail::grouped(r.stats.nodes) << " nodes";
    if (choices > 1) out << ", chosen among " << choices << " equally good moves";
    if (o_.timings) {
      out << ", " << detail::fixed(r.stats.nodes_per_second() / 1e6, 2) << " M nodes/s, "
          << detail::fixed(r.stats.elapsed.count(), 3) << " s";
    }
    out << "\n";
    return chosen.move;
  }

  // --seed: every root move whose score equals the best one's, and one of them drawn at
  // random, with its line. A solved root's other moves are solved; at depth d they are
  // searched to depth d - 1 (evaluated, for d = 1); each within the move's node and time
  // budget, and a move whose search that budget ends does not count. Without a completed
  // iteration there is nothing to compare: the engine's move stands.
  choice seeded_choice(engine<Game>& e, const engine_result<Game>& r, std::size_t& choices) {
    if (!random_) random_ = std::make_unique<playout_random>(*o_.seed);
    std::vector<choice> equal{{*r.best_move, r.pv}};
    if (!r.solved && (!evaluated_game<Game> || r.depth == 0)) return equal.front();
    const search_limits budget = solve_budget();
    for (const move_type& m : legal()) {
      if (m == *r.best_move) continue;
      Game child = game_;
      child.play(m);
      std::vector<move_type> line{m};
      score_type s;
      bool known = true;
      bool evaluated_here = false;
      if constexpr (evaluated_game<Game>) {
        if (!r.solved && r.depth == 1) {
          const auto o = child.outcome();
          s = o ? detail::terminal_score<game_value_t<Game>>(*o) : detail::evaluation(child);
          evaluated_here = true;
        }
      }
      if (!evaluated_here) {  // an unsolved root here has an evaluation and a depth of 2 or more
        search_limits deep = budget;
        if (!r.solved) deep.max_depth = static_cast<std::int32_t>(r.depth - 1);
        const auto c = r.solved ? e.solve(child, budget) : e.search(child, deep);
        known = c.reason == stop_reason::completed;
        s = c.value;
        line.insert(line.end(), c.pv.begin(), c.pv.end());
      }
      if (known && through(child, s) == r.value) equal.push_back({m, line});
    }
    choices = equal.size();
    return equal[static_cast<std::size_t>(random_->below(equal.size()))];
  }

  reply ask(std::istream& in, std::ostream& out, const play_terminal& t) {
    const int side = side_to_move();
    while (true) {
      out << name(side) << " to move (" << ui_.move_help << "; help, undo, quit): " << std::flush;
      std::string line;
      if (!std::getline(in, line)) return {reply_kind::end, std::nullopt};
      if (t.echo) out << line << "\n";
      const std::string typed = detail::trim(line);
      if (typed.empty()) continue;
      if (const auto m = legal_move_named(typed)) return {reply_kind::move, m};  // a move first
      std::string command = typed;
      for (char& c : command) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
      if (command == "quit" || command == "q" || command == "exit") return {reply_kind::quit, std::nullopt};
      if (command == "undo" || command == "u") return {reply_kind::undo, std::nullopt};
      if (command == "help" || command == "h" || command == "?") {
        out << "legal moves: " << legal_list()
            << "\ncommands: help (h, ?), undo (u: take back your last move; between two people, the last move), "
               "quit (q, exit)\n";
        continue;
      }
      if (ui_.is_move && !ui_.is_move(typed)) {
        out << "'" << typed << "' is not a move: type " << ui_.move_help << "\n";
      } else {
        out << "'" << typed << "' is not legal here; legal moves: " << legal_list() << "\n";
      }
    }
  }

  // undo: against the engine, back to the asking side's previous turn (its last move and the
  // engine's replies); between two people, the last move. The moves of --moves stay. One
  // replay to find the turn, one to reach it: O(moves). Returns the plies taken back.
  std::size_t take_back(std::ostream& out) {
    const int side = side_to_move();
    const bool people = !o_.first_is_engine && !o_.second_is_engine;
    const std::vector<move_type> moves = history_;
    std::optional<std::size_t> keep;  // moves before the side's last turn
    if (people && !moves.empty()) keep = moves.size() - 1;
    if (!people) {
      replay(moves, moves.size(), [&](std::size_t k) {
        if (k < moves.size() && side_to_move() == side) keep = k;
      });
    }
    replay(moves, keep.value_or(moves.size()), [](std::size_t) {});
    if (!keep) {
      out << "nothing to take back\n";
      return 0;
    }
    std::string taken;
    for (std::size_t k = *keep; k < moves.size(); ++k) {
      taken += ' ';
      taken += ui_.move_text(game_, moves[k]);  // named at the position they are taken back to
    }
    out << "taken back:" << taken << "\n";
    return moves.size() - *keep;
  }

  // The position after the first n of moves (from the end of --moves); seen(k) after k moves.
  template <class Seen>
  void replay(const std::vector<move_type>& moves, std::size_t n, Seen&& seen) {
    game_ = start_after_moves_;
    history_.clear();
    seen(0);
    for (std::size_t k = 0; k < n; ++k) {
      game_.play(moves[k]);
      history_.push_back(moves[k]);
      seen(k + 1);
    }
  }

  Game start_;
  Game game_ = start_;
  Game start_after_moves_ = start_;
  play_interface<Game> ui_;
  play_options o_;
  std::vector<move_type> history_;  // moves since --moves
  std::size_t moves_before_ = 0;    // the moves of --moves
  std::unique_ptr<engine<Game>> engines_[2];
  std::unique_ptr<engine<Game>> solver_;
  std::unique_ptr<value_iteration_result<Game>> solution_;  // --solve, for an indexed_game
  std::unique_ptr<playout_random> random_;
  playout_random dice_;  // a game of chance's outcomes
  bool traced_ = false;
};

/// The games a play program offers, and its command line.
class play_registry {
 public:
  /// Registers a game. Throws std::invalid_argument if its moves have no text (no move_text
  /// in ui, no move_text member, and a move type that is neither a number nor printable), or
  /// if make is empty and Game is not default-constructible.
  /// make(parameters) builds the start position from what follows
  /// "name:" on the command line (throwing std::invalid_argument naming what is wrong);
  /// without make, the game takes no parameters and starts from Game{}.
  template <game Game>
  play_registry& add(std::string name, std::string description,
                     std::function<Game(std::string_view parameters)> make = {}, play_interface<Game> ui = {}) {
    if (!make) {
      if constexpr (std::is_default_constructible_v<Game>) {
        make = [name](std::string_view parameters) {
          if (!parameters.empty()) {
            throw std::invalid_argument(name + " takes no parameters, not '" + std::string(parameters) + "'");
          }
          return Game{};
        };
      } else {
        throw std::invalid_argument("play_registry::add: " + name + " has no default state: give make");
      }
    }
    games_.push_back(entry{name, std::move(description),
                           [make = std::move(make), ui = detail::complete(std::move(ui))](
                               std::string_view parameters, const play_options& o, std::istream& in, std::ostream& out,
                               play_terminal t) {
                             if constexpr (!evaluated_game<Game>) {
                               if (o.limits.max_depth) {
                                 throw std::invalid_argument(
                                     "--depth: this game has no evaluation, so its moves are solved: use --time or --nodes");
                               }
                             }
                             play_session<Game> session(make(parameters), ui, o);
                             return session.run(in, out, t);
                           }});
    return *this;
  }

  /// Runs the command line args (without the program's name). Returns the exit status: 0; or
  /// 1 with one "error: ..." line on err: for bad arguments (nothing on out), or for an
  /// exception the game or the engine threw during the game (after what was printed). What a
  /// game throws that is not a std::exception passes through.
  int run(const std::vector<std::string_view>& args, std::istream& in, std::ostream& out, std::ostream& err,
          play_terminal t = {}) const {
    // --help anywhere wins, as in every program of the project: whoever asks is finding out how
    // to write the rest.
    if (std::any_of(args.begin(), args.end(), [](std::string_view a) { return a == "--help" || a == "-h"; })) {
      out << "usage: " << play_usage << "\n";
      return 0;
    }
    try {
      std::string game;
      play_options o;
      std::optional<bool> colour;
      bool list = false;
      int budgets = 0;
      for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view a = args[i];
        const auto value = [&]() -> std::string_view {
          if (i + 1 == args.size()) throw std::invalid_argument(std::string(a) + " needs a value");
          return args[++i];
        };
        if (a == "--list") {
          list = true;
        } else if (a == "--first" || a == "--second") {
          const std::string_view v = value();
          if (v != "human" && v != "engine") {
            throw std::invalid_argument(std::string(a) + " takes human or engine, not '" + std::string(v) + "'");
          }
          (a == "--first" ? o.first_is_engine : o.second_is_engine) = v == "engine";
        } else if (a == "--moves") {
          o.moves = std::string(value());
        } else if (a == "--depth") {
          o.limits.max_depth = static_cast<std::int32_t>(detail::play_number(value(), 1, 64, "--depth"));
          o.limits.max_time.reset();  // the one-second default gives way
          ++budgets;
        } else if (a == "--nodes") {
          o.limits.max_nodes = detail::play_number(value(), 1, std::uint64_t{1} << 40, "--nodes");
          o.limits.max_time.reset();
          ++budgets;
        } else if (a == "--time") {
          o.limits.max_time = seconds(value());
          ++budgets;
        } else if (a == "--seed") {
          o.seed = detail::play_number(value(), 0, UINT64_MAX, "--seed");
        } else if (a == "--threads") {
          o.threads = static_cast<std::size_t>(detail::play_number(value(), 1, 1024, "--threads"));
        } else if (a == "--solve") {
          o.solve = true;
        } else if (a == "--plies") {
          o.plies = detail::play_number(value(), 0, 1'000'000, "--plies");
        } else if (a == "--dot") {
          o.dot_file = std::string(value());
          if (o.dot_file.empty()) throw std::invalid_argument("--dot needs a file name");
        } else if (a == "--color" || a == "--colour") {
          const std::string_view v = value();
          if (v != "auto" && v != "always" && v != "never") {
            throw std::invalid_argument(std::string(a) + " takes auto, always or never, not '" + std::string(v) + "'");
          }
          if (v != "auto") colour = v == "always";
        } else if (a == "--no-timings") {
          o.timings = false;
        } else if (a.starts_with("-")) {
          throw std::invalid_argument("unknown option '" + std::string(a) + "' (usage: " + std::string(play_usage) + ")");
        } else if (!game.empty()) {
          throw std::invalid_argument("one game only: '" + game + "', then '" + std::string(a) + "'");
        } else {
          game = std::string(a);
        }
      }
      if (budgets > 1) throw std::invalid_argument("give at most one of --depth, --time and --nodes");
      if (!o.dot_file.empty() && !o.first_is_engine && !o.second_is_engine) {
        throw std::invalid_argument("--dot draws an engine's search, and neither side is the engine");
      }
      if (list) {
        if (!game.empty()) throw std::invalid_argument("--list takes no game");
        std::size_t width = 0;
        for (const entry& g : games_) width = std::max(width, g.name.size());
        std::string text;
        for (const entry& g : games_) text += g.name + std::string(width + 2 - g.name.size(), ' ') + g.description + "\n";
        out << text;
        return 0;
      }
      if (game.empty()) throw std::invalid_argument("no game given (play --list names them; usage: " + std::string(play_usage) + ")");
      const std::size_t colon = game.find(':');
      const std::string name = game.substr(0, colon);
      const std::string parameters = colon == std::string::npos ? std::string() : game.substr(colon + 1);
      const auto found = std::find_if(games_.begin(), games_.end(), [&](const entry& g) { return g.name == name; });
      if (found == games_.end()) {
        std::string names;
        for (const entry& g : games_) names += (names.empty() ? "" : ", ") + g.name;
        throw std::invalid_argument("unknown game '" + name + "' (the games: " + names + ")");
      }
      if (colour) t.colour = *colour;
      return found->run(parameters, o, in, out, t);
    } catch (const std::exception& e) {  // bad arguments, and whatever the game throws
      err << "error: " << e.what() << "\n";
      return 1;
    }
  }

  /// The whole program: standard input and output, colour when stdout is a terminal and
  /// NO_COLOR is unset, the moves read echoed when stdin is not a terminal.
  int main(int argc, char** argv) const {
    play_terminal t;
    const char* no_colour = std::getenv("NO_COLOR");
    t.colour = GAMETREE_PLAY_ISATTY(1) && (no_colour == nullptr || *no_colour == '\0');
    t.echo = !GAMETREE_PLAY_ISATTY(0);
    std::vector<std::string_view> args;
    for (int i = 1; i < argc; ++i) args.emplace_back(argv[i]);
    // Errors go out whole after the run, so that stdout stays empty when a run fails early.
    std::ostringstream err;
    const int status = run(args, std::cin, std::cout, err, t);
    std::cout.flush();
    std::cerr << err.str();
    return std::cout ? status : 1;
  }

 private:
  using runner = std::function<int(std::string_view, const play_options&, std::istream&, std::ostream&, play_terminal)>;
  struct entry {
    std::string name;
    std::string description;
    runner run;
  };

  static std::chrono::nanoseconds seconds(std::string_view text) {
    double v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc{} || end != text.data() + text.size() || !(v > 0 && v <= 3600)) {
      throw std::invalid_argument("--time takes seconds, more than 0 and at most 3600, not '" + std::string(text) + "'");
    }
    return std::chrono::nanoseconds(static_cast<std::int64_t>(std::llround(v * 1e9)));
  }

  std::vector<entry> games_;
};

}  // namespace gametree

#undef GAMETREE_PLAY_ISATTY
