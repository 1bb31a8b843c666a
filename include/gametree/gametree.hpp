#pragma once
// Umbrella header: includes every public gametree header.

#include <gametree/alpha_beta.hpp>
#include <gametree/binary_tree.hpp>
#include <gametree/coloring.hpp>
#include <gametree/compact_table.hpp>
#include <gametree/game.hpp>
#include <gametree/games/connect_four.hpp>
#include <gametree/games/nim.hpp>
#include <gametree/games/pig.hpp>
#include <gametree/games/tic_tac_toe.hpp>
#include <gametree/grid_game.hpp>
#include <gametree/level_order.hpp>
#include <gametree/match.hpp>
#include <gametree/mcts.hpp>
#include <gametree/minimax_fill.hpp>
#include <gametree/play.hpp>
#include <gametree/search.hpp>
#include <gametree/text_input.hpp>
#include <gametree/transposition_table.hpp>
#include <gametree/value_iteration.hpp>
#include <gametree/version.hpp>
