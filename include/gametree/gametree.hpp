#pragma once
// Umbrella header: includes every public gametree header.

#include <gametree/text_input.hpp>
#include <gametree/version.hpp>
