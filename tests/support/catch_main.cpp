// The test runner's entry point for Catch2 v2; with v3, Catch2WithMain provides it and this
// file compiles to nothing.
#if GAMETREE_CATCH2_MAJOR == 2
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
#endif
