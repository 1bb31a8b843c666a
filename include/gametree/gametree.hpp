#pragma once
// Umbrella header: includes every public gametree header.

#include <gametree/version.hpp>
