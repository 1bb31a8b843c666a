#include <gametree/gametree.hpp>

#include <string>

#include "support/catch.hpp"

TEST_CASE("version string matches the version macros") {
  const std::string expected = std::to_string(GAMETREE_VERSION_MAJOR) + "." +
                               std::to_string(GAMETREE_VERSION_MINOR) + "." +
                               std::to_string(GAMETREE_VERSION_PATCH);
  CHECK(gametree::version_string == expected);
}
