#pragma once

/// gametree's version, as in CMakeLists.txt's project(VERSION).
#define GAMETREE_VERSION_MAJOR 0
#define GAMETREE_VERSION_MINOR 1
#define GAMETREE_VERSION_PATCH 0

namespace gametree {

/// The library version as "major.minor.patch".
inline constexpr const char* version_string = "0.1.0";

}  // namespace gametree
