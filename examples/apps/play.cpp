// play_app::shipped_games, compiled once (into gametree_example_apps) for the play program and
// its tests: registering a game instantiates the whole play loop and engine for it.

#include "play.hpp"

gametree::play_registry play_app::shipped_games() {
  gametree::play_registry games;
  gametree::play_interface<gametree::games::tic_tac_toe> ttt;
  ttt.move_text = [](const gametree::games::tic_tac_toe&, int square) { return std::to_string(square + 1); };
  ttt.is_move = [](std::string_view t) { return one_digit(t, '1', '9'); };
  ttt.draw = draw_tic_tac_toe;
  ttt.move_help = "a square 1-9";
  ttt.first_name = "X";
  ttt.second_name = "O";
  games.add<gametree::games::tic_tac_toe>("tic-tac-toe", "3x3, X moves first; squares 1-9 row by row", {}, ttt);

  gametree::play_interface<connect_four> c4;
  c4.move_text = [](const connect_four&, int column) { return std::to_string(column + 1); };
  c4.is_move = [](std::string_view t) { return one_digit(t, '1', '7'); };
  c4.draw = draw_connect_four;
  c4.move_help = "a column 1-7";
  c4.first_name = "X";
  c4.second_name = "O";
  games.add<connect_four>("connect4", "7 columns x 6 rows, X moves first; columns 1-7", {}, c4);

  gametree::play_interface<gametree::games::nim> nim;
  nim.move_text = [](const gametree::games::nim&, const gametree::games::nim_move& m) {
    return std::to_string(m.heap + 1) + ":" + std::to_string(m.take);
  };
  nim.is_move = nim_move_text;
  nim.draw = draw_nim;
  nim.move_help = "heap:count, as 2:3";
  games.add<gametree::games::nim>(
      "nim", "nim:H,H,... heaps of 0-64; take any number from one heap; who cannot move loses",
      [](std::string_view heaps) {
        if (heaps.empty()) throw std::invalid_argument("nim needs its heaps, as nim:3,4,5");
        return gametree::games::nim(gametree_examples::parse_heaps(heaps));
      },
      nim);

  gametree::play_interface<gametree::games::pig> pig;
  pig.is_move = pig_move_text;
  pig.draw = draw_pig;
  pig.move_help = "roll or hold";
  pig.first_name = "player 1";
  pig.second_name = "player 2";
  games.add<gametree::games::pig>(
      "pig", "pig:GOAL (1-150, 100 by default): roll a die until you hold or roll a 1, first to the goal wins",
      [](std::string_view goal) { return gametree::games::pig(gametree_examples::parse_pig_goal(goal)); }, pig);
  return games;
}

