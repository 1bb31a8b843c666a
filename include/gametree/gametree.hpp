#pragma once
// Umbrella header: includes every public gametree header.

#include <gametree/grid_game.hpp>
#include <gametree/text_input.hpp>
#include <gametree/version.hpp>
