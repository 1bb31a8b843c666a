#pragma once
// GAMETREE_DETAIL_INLINE, shared by the search loops of search_core.hpp and search.hpp.

// GAMETREE_DETAIL_INLINE marks the few small functions of a search loop that it must
// inline to be fast (compilers' own heuristics leave them as calls, and the loop then spills
// its state around every call). Only in optimised builds: unoptimised ones gain nothing, and
// coverage tools would count each inlined copy's branches apart.
#if defined(__GNUC__) && defined(__OPTIMIZE__)  // g++ and clang++, -O1 and up
#define GAMETREE_DETAIL_INLINE [[gnu::always_inline]] inline
#elif defined(_MSC_VER)
#define GAMETREE_DETAIL_INLINE __forceinline
#else
#define GAMETREE_DETAIL_INLINE inline
#endif
