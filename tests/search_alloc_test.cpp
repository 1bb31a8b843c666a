// "No heap allocation per node once warm": this test binary counts every allocation through
// the global operator new, and a second search of the same position must make only the few
// that a result itself needs, however many nodes it searches.
#include <gametree/games/nim.hpp>
#include <gametree/games/tic_tac_toe.hpp>
#include <gametree/search.hpp>

#include <atomic>
#include <cstdlib>
#include <new>

#include "support/catch.hpp"

namespace {
std::atomic<std::size_t> allocations{0};
}

// Every form of new and delete that goes through malloc and free, so that each allocation is
// counted and each pairing stays consistent (ASan checks it). noinline keeps g++ from
// inlining free() into a delete expression and then warning that it does not match new.
[[gnu::noinline]] void* counted_malloc(std::size_t size) noexcept {
  ++allocations;
  return std::malloc(size == 0 ? 1 : size);
}
[[gnu::noinline]] void counted_free(void* p) noexcept { std::free(p); }

void* operator new(std::size_t size) {
  if (void* p = counted_malloc(size)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) {
  if (void* p = counted_malloc(size)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return counted_malloc(size); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return counted_malloc(size); }
void operator delete(void* p) noexcept { counted_free(p); }
void operator delete[](void* p) noexcept { counted_free(p); }
void operator delete(void* p, std::size_t) noexcept { counted_free(p); }
void operator delete[](void* p, std::size_t) noexcept { counted_free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { counted_free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { counted_free(p); }

namespace {

template <class G>
void check_warm(gametree::engine<G>& e, const G& g, const gametree::search_limits& limits) {
  (void)e.search(g, limits);  // warms the buffers
  e.clear();                  // the same search again, not one answered by the table
  const std::size_t before = allocations;
  const auto r = e.search(g, limits);
  const std::size_t made = allocations - before;
  INFO("allocations " << made << " for " << r.stats.nodes << " nodes");
  CHECK(r.stats.nodes > 1000);
  // The result's two vectors, and one copy of the root per iteration (the line of best play is
  // replayed on it: Nim's copy owns a vector).
  CHECK(made <= r.stats.nodes_by_depth.size() + 2);
}

}  // namespace

TEST_CASE("a warm engine does not allocate per node") {
  for (const bool undo : {true, false}) {
    gametree::engine_options o;
    o.use_undo = undo;
    gametree::engine<gametree::games::tic_tac_toe> t(o);
    check_warm(t, gametree::games::tic_tac_toe{}, {.max_depth = 9});
    gametree::engine<gametree::games::nim> n(o);
    check_warm(n, gametree::games::nim({3, 4, 5}), {.max_depth = 8});
    o.table_mib = 0;
    gametree::engine<gametree::games::tic_tac_toe> plain(o);
    check_warm(plain, gametree::games::tic_tac_toe{}, {});
  }
}

int* volatile sink = nullptr;  // keeps the compiler from eliding the allocation below

TEST_CASE("the allocation counter counts") {
  const std::size_t before = allocations;
  sink = new int(3);
  const std::size_t after = allocations;
  delete sink;
  CHECK(after == before + 1);
}
