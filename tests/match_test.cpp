// Matches (include/gametree/match.hpp): openings, sides, the tally and its confidence
// interval, turns that do not alternate, the dice of games of chance, the optimal player, and
// the errors; the match program's account of too few openings.
#include <gametree/games/nim.hpp>
#include <gametree/games/pig.hpp>
#include <gametree/games/tic_tac_toe.hpp>
#include <gametree/match.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "match.hpp"  // the match program (examples/match.hpp)
#include "reference/random_game.hpp"
#include "support/catch.hpp"

namespace {

using gametree::games::nim;
using gametree::games::tic_tac_toe;

// A player that plays the first legal move and records what it saw.
template <class Game>
gametree::match_player<Game> first_move_player(std::string name, std::vector<Game>* seen = nullptr) {
  gametree::match_player<Game> p;
  p.name = std::move(name);
  p.choose = [seen](const Game& g) {
    if (seen != nullptr) seen->push_back(g);
    std::vector<typename Game::move_type> moves;
    g.legal_moves(moves);
    return gametree::match_choice<Game>{moves.front(), 3};
  };
  return p;
}

// A countdown with no hash, key or ==: openings are told apart by their moves.
struct countdown {
  using move_type = int;
  int left = 5;
  void legal_moves(std::vector<int>& out) const {
    for (int take = 1; take <= 2 && take <= left; ++take) out.push_back(take);
  }
  void play(int take) { left -= take; }
  std::optional<gametree::game_outcome> outcome() const {
    if (left == 0) return gametree::game_outcome::loss;
    return std::nullopt;
  }
};

// A game with no legal move at a state that is not over.
struct stuck {
  using move_type = int;
  void legal_moves(std::vector<int>&) const {}
  void play(int) {}
  std::optional<gametree::game_outcome> outcome() const { return std::nullopt; }
};

// A game that never ends.
struct endless {
  using move_type = int;
  void legal_moves(std::vector<int>& out) const { out.push_back(0); }
  void play(int) {}
  std::optional<gametree::game_outcome> outcome() const { return std::nullopt; }
};

}  // namespace

TEST_CASE("match: each opening is played twice, each player starting once") {
  std::vector<tic_tac_toe> seen_a;
  std::vector<tic_tac_toe> seen_b;
  auto a = first_move_player<tic_tac_toe>("a", &seen_a);
  auto b = first_move_player<tic_tac_toe>("b", &seen_b);
  std::vector<std::pair<tic_tac_toe, int>> starts;  // the position each game began at, and who moved first
  int games_started = 0;
  a.new_game = [&](const tic_tac_toe&) { ++games_started; };
  std::size_t progress_calls = 0;
  const auto r = gametree::play_match(tic_tac_toe{}, a, b, {.games = 20, .opening_plies = 3, .seed = 5},
                                      [&](const gametree::match_progress& p) {
                                        ++progress_calls;
                                        CHECK(p.played == progress_calls);
                                        CHECK(p.games == 20);
                                        CHECK(p.wins + p.draws + p.losses == p.played);
                                      });
  CHECK(r.games == 20);
  CHECK(r.openings == 10);
  CHECK(games_started == 20);
  CHECK(progress_calls == 20);
  CHECK(r.wins + r.draws + r.losses == 20);
  CHECK(r.work_per_move[0] == 3);
  CHECK(r.work_per_move[1] == 3);
  // Every opening has 3 stones; the first move after it was made by a in one game, b in the other.
  std::map<std::uint32_t, std::set<char>> first_mover;
  for (const auto& g : seen_a) {
    if (g.plies() == 3) first_mover[static_cast<std::uint32_t>(g.key())].insert('a');
  }
  for (const auto& g : seen_b) {
    if (g.plies() == 3) first_mover[static_cast<std::uint32_t>(g.key())].insert('b');
  }
  CHECK(first_mover.size() == 10);
  for (const auto& [key, movers] : first_mover) CHECK(movers.size() == 2);
}

TEST_CASE("match: duplicate openings are dropped, and fewer games played") {
  auto a = first_move_player<tic_tac_toe>("a");
  auto b = first_move_player<tic_tac_toe>("b");
  const auto r = gametree::play_match(tic_tac_toe{}, a, b, {.games = 40, .opening_plies = 1});
  CHECK(r.openings == 9);  // one per square
  CHECK(r.opening_tries == 2000);  // 100 for each of the 20 wanted
  CHECK(r.games == 18);
}

namespace {

// Tic-tac-toe with none of key(), hash() and ==; then known by its hash alone, or by == alone.
struct anonymous_tic_tac_toe {
  using move_type = tic_tac_toe::move_type;
  tic_tac_toe t;
  void legal_moves(std::vector<move_type>& out) const { t.legal_moves(out); }
  void play(move_type m) { t.play(m); }
  auto outcome() const { return t.outcome(); }
};
struct hashed_only : anonymous_tic_tac_toe {
  std::uint64_t hash() const { return t.hash(); }
};
struct equal_only : anonymous_tic_tac_toe {
  bool operator==(const equal_only& o) const { return t.key() == o.t.key(); }
};
static_assert(!gametree::keyed_game<hashed_only> && !std::equality_comparable<hashed_only>);
static_assert(!gametree::hashed_game<equal_only> && std::equality_comparable<equal_only>);

}  // namespace

TEMPLATE_TEST_CASE("match: openings told apart by hash() alone or == alone, transpositions dropped", "", hashed_only, equal_only) {
  // After 3 plies X's two squares may have come in either order: 504 move lines reach
  // C(9,2) * 7 = 252 positions.
  auto a = first_move_player<TestType>("a");
  auto b = first_move_player<TestType>("b");
  const auto r = gametree::play_match(TestType{}, a, b, {.games = 800, .opening_plies = 3});
  CHECK(r.openings == 252);
  CHECK(r.games == 504);
}

TEST_CASE("match: openings of a game without identity are told apart by their moves") {
  auto a = first_move_player<countdown>("a");
  auto b = first_move_player<countdown>("b");
  const auto r = gametree::play_match(countdown{}, a, b, {.games = 10, .opening_plies = 1});
  CHECK(r.openings == 2);  // take 1 or take 2
  CHECK(r.opening_tries == 500);
  CHECK(r.games == 4);
}

TEST_CASE("match: no opening at all: no game") {
  auto a = first_move_player<nim>("a");
  auto b = first_move_player<nim>("b");
  const auto r = gametree::play_match(nim({0}), a, b, {.games = 4});  // over before it starts
  CHECK(r.openings == 0);
  CHECK(r.opening_tries == 200);
  CHECK(r.games == 0);
  CHECK(r.work_per_move[0] == 0);
  CHECK(r.score_low == 0);
  CHECK(r.score_high == 1);
}

TEST_CASE("match: the tally and the confidence interval") {
  // Nim with one heap of 3 after no opening: players that take the whole heap win when
  // they start, so each wins once: 1 win and 1 loss for a.
  const auto take_all = [](const nim& g) {
    std::vector<gametree::games::nim_move> moves;
    g.legal_moves(moves);
    return gametree::match_choice<nim>{moves.back(), 1};
  };
  gametree::match_player<nim> a{"a", take_all, {}, {}};
  gametree::match_player<nim> b{"b", take_all, {}, {}};
  const auto r = gametree::play_match(nim({3}), a, b, {.games = 2, .opening_plies = 0});
  REQUIRE(r.games == 2);
  CHECK(r.wins == 1);
  CHECK(r.losses == 1);
  CHECK(r.score == 0.5);
  CHECK(r.score_low == 0);  // 0.5 -+ 1.96 * 0.5: clamped to [0, 1]
  CHECK(r.score_high == 1);

  // Tic-tac-toe: a depth-1 search against one that plays the first empty square, 30 games:
  // wins, draws and losses all occur.
  auto shallow = gametree::alpha_beta_player<tic_tac_toe>("depth 1", {}, {.max_depth = 1});
  auto weak = first_move_player<tic_tac_toe>("first square");
  const auto m = gametree::play_match(tic_tac_toe{}, shallow, weak, {.games = 30, .opening_plies = 3, .seed = 3});
  CHECK(m.games == 30);
  INFO(m.wins << " " << m.draws << " " << m.losses);
  CHECK((m.wins > 0 && m.losses + m.draws > 0));
  // The interval, recomputed from the tally: mean -+ 1.96 s / sqrt(n), s the sample deviation.
  const double n = static_cast<double>(m.games);
  const double mean = (static_cast<double>(m.wins) + 0.5 * static_cast<double>(m.draws)) / n;
  const double ss = static_cast<double>(m.wins) * (1 - mean) * (1 - mean) +
                    static_cast<double>(m.draws) * (0.5 - mean) * (0.5 - mean) +
                    static_cast<double>(m.losses) * mean * mean;
  const double half = 1.96 * std::sqrt(ss / (n - 1) / n);
  CHECK(m.score == Approx(mean));
  CHECK(m.score_low == Approx(std::max(0.0, mean - half)).epsilon(1e-4));
  CHECK(m.score_high == Approx(std::min(1.0, mean + half)).epsilon(1e-4));
  CHECK(m.work_per_move[0] > 0);
}

TEST_CASE("match: MCTS with tree reuse against a random player") {
  auto m = gametree::mcts_player<tic_tac_toe>("mcts", {.seed = 2}, {.max_iterations = 1000});
  gametree::playout_random random(9);
  gametree::match_player<tic_tac_toe> r;
  r.name = "random";
  r.choose = [&random](const tic_tac_toe& g) {
    std::vector<int> moves;
    g.legal_moves(moves);
    return gametree::match_choice<tic_tac_toe>{moves[random.below(moves.size())], 0};
  };
  const auto result = gametree::play_match(tic_tac_toe{}, m, r, {.games = 2, .opening_plies = 0});
  CHECK(result.games == 2);
  CHECK(result.losses == 0);
  CHECK(result.work_per_move[0] > 0);
}

TEST_CASE("match: mcts_player checks its tree against the state it is asked about") {
  const gametree::mcts_options options{.seed = 3};
  const gametree::mcts_limits limits{.max_iterations = 300};
  // What a new tree at g plays: the answer a player out of step must give.
  const auto fresh = [&](const tic_tac_toe& g) {
    gametree::mcts<tic_tac_toe> m(options);
    return *m.search(g, limits).best_move;
  };
  const auto legal = [](const tic_tac_toe& g, int move) {
    std::vector<int> moves;
    g.legal_moves(moves);
    return std::find(moves.begin(), moves.end(), move) != moves.end();
  };
  auto p = gametree::mcts_player<tic_tac_toe>("mcts", options, limits);
  tic_tac_toe g;
  SECTION("played() skipped") {
    p.new_game(g);
    const auto first = p.choose(g);
    g.play(first.move);  // the player is not told
    const auto second = p.choose(g);
    CHECK(legal(g, second.move));
    CHECK(second.move == fresh(g));
    CHECK(second.work == 300);
  }
  SECTION("asked about another state than the one played() led to") {
    p.new_game(g);
    p.played(4);
    const auto other = tic_tac_toe::from_moves("1");
    const auto choice = p.choose(other);
    CHECK(legal(other, choice.move));
    CHECK(choice.move == fresh(other));
  }
  SECTION("played() with a move the tree cannot follow") {
    p.new_game(g);
    p.played(4);
    CHECK_NOTHROW(p.played(4));  // taken: the tree is left as it was
    g = tic_tac_toe::from_moves("51");
    CHECK(p.choose(g).move == fresh(g));
  }
  SECTION("choose() before any new_game()") {
    CHECK(p.choose(g).move == fresh(g));
  }
  SECTION("in step: the tree is kept from move to move") {
    gametree::mcts<tic_tac_toe> m(options);
    m.reset(g);
    p.new_game(g);
    const auto first = p.choose(g);
    CHECK(first.move == *m.search(limits).best_move);
    g.play(first.move);
    p.played(first.move);
    m.advance(first.move);
    CHECK(p.choose(g).move == *m.search(limits).best_move);
  }
}

TEST_CASE("match: mcts_player on a game without key, hash or == searches a new tree each move") {
  auto p = gametree::mcts_player<countdown>("mcts", {.seed = 1}, {.max_iterations = 200});
  CHECK(!p.played);  // nothing to keep in step
  p.new_game(countdown{});
  CHECK(p.choose(countdown{}).move == 2);  // 5 -> 3: the win
  CHECK(p.choose(countdown{1}).move == 1);  // the only move, though the tree was for 5
  auto q = gametree::mcts_player<countdown>("mcts", {.seed = 1}, {.max_iterations = 200});
  const auto r = gametree::play_match(countdown{}, p, q, {.games = 4, .opening_plies = 1});
  CHECK(r.games == 4);
}

TEST_CASE("match: turns that do not alternate go to the player whose turn it is") {
  using game = gametree_test::random_game<int, true>;
  const game start({.seed = 3, .max_ply = 12, .width = 30, .extra_turns = true, .min_root_branching = 3});
  // Each player must always see the same player_to_move() within one game.
  std::optional<int> id_a;
  std::optional<int> id_b;
  bool consistent = true;
  const auto watcher = [&consistent](std::optional<int>& id) {
    return [&consistent, &id](const game& g) {
      if (!id) id = g.player_to_move();
      consistent = consistent && *id == g.player_to_move();
      std::vector<int> moves;
      g.legal_moves(moves);
      return gametree::match_choice<game>{moves.front(), 1};
    };
  };
  gametree::match_player<game> a{"a", watcher(id_a), [&](const game&) { id_a.reset(); }, {}};
  gametree::match_player<game> b{"b", watcher(id_b), [&](const game&) { id_b.reset(); }, {}};
  const auto r = gametree::play_match(start, a, b, {.games = 6, .opening_plies = 1});
  CHECK(r.games == 6);
  CHECK(consistent);
  CHECK(r.moves[0] + r.moves[1] > 6);
}

TEST_CASE("match: errors") {
  auto a = first_move_player<tic_tac_toe>("a");
  auto b = first_move_player<tic_tac_toe>("b");
  CHECK_THROWS_AS(gametree::play_match(tic_tac_toe{}, a, b, {.games = 3}), std::invalid_argument);
  CHECK_THROWS_AS(gametree::play_match(tic_tac_toe{}, a, b, {.games = 0}), std::invalid_argument);
  gametree::match_player<tic_tac_toe> none{"none", {}, {}, {}};
  CHECK_THROWS_AS(gametree::play_match(tic_tac_toe{}, a, none, {.games = 2}), std::invalid_argument);
  CHECK_THROWS_AS(gametree::play_match(tic_tac_toe{}, none, b, {.games = 2}), std::invalid_argument);
  auto s1 = first_move_player<stuck>("s1");
  auto s2 = first_move_player<stuck>("s2");
  CHECK_THROWS_AS(gametree::play_match(stuck{}, s1, s2, {.games = 2, .opening_plies = 1}), gametree::game_contract_error);
  gametree::match_player<tic_tac_toe> cheat{"cheat", [](const tic_tac_toe&) {
                                              return gametree::match_choice<tic_tac_toe>{42, 0};
                                            }, {}, {}};
  CHECK_THROWS_AS(gametree::play_match(tic_tac_toe{}, cheat, b, {.games = 2}), gametree::illegal_move_error);
  auto e1 = first_move_player<endless>("e1");
  auto e2 = first_move_player<endless>("e2");
  CHECK_THROWS_WITH(gametree::play_match(endless{}, e1, e2, {.games = 2, .opening_plies = 0, .max_plies = 1000}),
                    Catch::Matchers::Contains("more than 1000 plies"));
}

namespace {

// One decision (go), then a coin: the mover wins with probability p_win, else loses.
struct coin {
  using move_type = int;
  int state = 0;  // 0: to go; 1: the coin in the air; 2: won; 3: lost
  int player = 0;
  double p_win = 0.8;
  void legal_moves(std::vector<int>& out) const {
    if (state == 0) out.push_back(0);
    if (state == 1) {
      out.push_back(2);
      out.push_back(3);
    }
  }
  void play(int m) { state = m == 0 ? 1 : m; }
  [[nodiscard]] std::optional<double> outcome() const {
    if (state < 2) return std::nullopt;
    return state == 2 ? 1.0 : -1.0;
  }
  [[nodiscard]] int player_to_move() const { return player; }
  [[nodiscard]] bool is_chance() const { return state == 1; }
  void chance_outcomes(std::vector<gametree::chance_outcome<int>>& out) const {
    out.push_back({2, p_win});
    out.push_back({3, 1 - p_win});
  }
  friend bool operator==(const coin&, const coin&) = default;
};

}  // namespace

TEST_CASE("match: a game of chance rolls its dice by their probabilities, the same for both games of an opening") {
  auto a = first_move_player<coin>("a");
  auto b = first_move_player<coin>("b");
  std::vector<double> after;  // A's wins after each game
  const auto r = gametree::play_match(coin{}, a, b, {.games = 2000, .opening_plies = 0, .seed = 11},
                                      [&](const gametree::match_progress& p) { after.push_back(static_cast<double>(p.wins)); });
  // Openings may repeat in a game of chance: all 1000 are the start.
  CHECK(r.games == 2000);
  CHECK(r.openings == 1000);
  CHECK(r.opening_tries == 1000);  // none ends the game, none is dropped
  // The same coin in both games of an opening: whoever moves first wins both or loses both,
  // so A wins exactly one of each pair.
  CHECK(r.wins == 1000);
  CHECK(r.losses == 1000);
  // A moves first in the first game of each pair: its wins there are the coin's heads, 0.8
  // (binomial, 1000 flips: standard deviation 0.0126; five of them either side).
  double heads = 0;
  for (std::size_t i = 0; i < after.size(); i += 2) heads += after[i] - (i == 0 ? 0.0 : after[i - 1]);
  CHECK(std::abs(heads / 1000 - 0.8) < 0.063);
  // The players are asked only where a player moves.
  CHECK(r.moves[0] + r.moves[1] == 2000);
  // The same seed, the same games; another seed, other coins.
  auto a2 = first_move_player<coin>("a");
  auto b2 = first_move_player<coin>("b");
  std::vector<double> again;
  (void)gametree::play_match(coin{}, a2, b2, {.games = 2000, .opening_plies = 0, .seed = 11},
                             [&](const gametree::match_progress& p) { again.push_back(static_cast<double>(p.wins)); });
  CHECK(again == after);
  std::vector<double> other;
  (void)gametree::play_match(coin{}, a2, b2, {.games = 2000, .opening_plies = 0, .seed = 12},
                             [&](const gametree::match_progress& p) { other.push_back(static_cast<double>(p.wins)); });
  CHECK(other != after);
}

TEST_CASE("match: a chance state that breaks the rules ends the match with the contract error") {
  auto a = first_move_player<coin>("a");
  auto b = first_move_player<coin>("b");
  coin broken;
  broken.p_win = 1.5;
  CHECK_THROWS_WITH(gametree::play_match(broken, a, b, {.games = 2, .opening_plies = 0}),
                    gametree_test::ContainsSubstring("a chance outcome's probability must be in (0, 1]"));
}

TEST_CASE("match: the optimal player of Pig scores half against itself and beats random play") {
  const gametree::games::pig start(15);
  auto optimal = gametree::optimal_player("optimal", start);
  auto twin = gametree::optimal_player("optimal too", start);
  const auto same = gametree::play_match(start, optimal, twin, {.games = 200, .opening_plies = 0});
  CHECK(same.wins == 100);  // the same dice and the same choices: each pair splits
  gametree::match_player<gametree::games::pig> timid;  // holds after every roll it survives
  timid.name = "timid";
  timid.choose = [](const gametree::games::pig& g) {
    std::vector<gametree::games::pig::move_type> moves;
    g.legal_moves(moves);
    return gametree::match_choice<gametree::games::pig>{moves.back(), 1};
  };
  const auto r = gametree::play_match(start, optimal, timid, {.games = 400, .opening_plies = 0});
  CHECK(r.score_low > 0.6);
}

TEST_CASE("match program: too few openings are said, and no games give no score") {
  // Pig to 10 is over within 42 random plies in every one of the 200 tries: no game.
  std::string out, err;
  REQUIRE(match_app::run({"pig:10", "random", "random", "--games", "4", "--opening-plies", "42"}, out, err) == 0);
  CHECK(err.empty());
  CHECK_THAT(out, gametree_test::ContainsSubstring(
                      "note: 200 random openings gave only 0 that leave the game unfinished, so 0 of the 4 games "
                      "were played\n"));
  CHECK_THAT(out, gametree_test::ContainsSubstring("A wins 0, draws 0, loses 0: no games, no score\n"));
  // Tic-tac-toe has nine openings of one ply.
  out.clear();
  REQUIRE(match_app::run({"tic-tac-toe", "random", "random", "--games", "40", "--opening-plies", "1"}, out, err) == 0);
  CHECK_THAT(out, gametree_test::ContainsSubstring(
                      "note: 2000 random openings gave only 9 distinct that leave the game unfinished, so 18 of the "
                      "40 games were played\n"));
  CHECK_THAT(out, gametree_test::ContainsSubstring(": score "));
}
