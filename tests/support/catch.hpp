#pragma once
// One include for every test file, whichever Catch2 major version the build found.
// CMake defines GAMETREE_CATCH2_MAJOR on the gametree_catch_main target.
#if GAMETREE_CATCH2_MAJOR == 3
#include <catch2/catch_approx.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/generators/catch_generators.hpp>
#include <catch2/generators/catch_generators_range.hpp>
#include <catch2/matchers/catch_matchers_exception.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>
#else
#include <catch2/catch.hpp>
#endif

namespace gametree_test {
#if GAMETREE_CATCH2_MAJOR == 3
using Catch::Approx;
using Catch::Matchers::ContainsSubstring;
#else
using Catch::Approx;
inline auto ContainsSubstring(const std::string& s) { return Catch::Matchers::Contains(s); }
#endif
}  // namespace gametree_test
