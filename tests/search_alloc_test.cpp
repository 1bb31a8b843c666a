// "No heap allocation per node once warm": this test binary counts every allocation through
// the global operator new, and a second search of the same position must make only the few
// that a result itself needs, however many nodes it searches. It can also refuse the large
// aligned allocations (MCTS's node pool growing), to see what a search leaves when memory
// runs out.
#include <gametree/games/nim.hpp>
#include <gametree/games/connect_four.hpp>
#include <gametree/games/pig.hpp>
#include <gametree/games/tic_tac_toe.hpp>
#include <gametree/mcts.hpp>
#include <gametree/search.hpp>

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <map>
#include <new>
#include <vector>

#include "support/catch.hpp"
#include "support/mcts_walk.hpp"

namespace {
std::atomic<std::size_t> allocations{0};
// An aligned allocation of at least this many bytes fails with std::bad_alloc (0: none does).
std::atomic<std::size_t> refuse_from{0};
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
// The aligned forms too (the tables and MCTS's node pool use them): aligned_alloc wants a
// size that is a multiple of the alignment.
[[gnu::noinline]] void* counted_aligned(std::size_t size, std::align_val_t al) noexcept {
  ++allocations;
  if (const std::size_t limit = refuse_from; limit != 0 && size >= limit) return nullptr;
  const auto a = static_cast<std::size_t>(al);
  return std::aligned_alloc(a, (size + a - 1) / a * a + (size == 0 ? a : 0));
}
void* operator new(std::size_t size, std::align_val_t al) {
  if (void* p = counted_aligned(size, al)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size, std::align_val_t al) {
  if (void* p = counted_aligned(size, al)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t size, std::align_val_t al, const std::nothrow_t&) noexcept {
  return counted_aligned(size, al);
}
void* operator new[](std::size_t size, std::align_val_t al, const std::nothrow_t&) noexcept {
  return counted_aligned(size, al);
}
void operator delete(void* p, std::align_val_t) noexcept { counted_free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { counted_free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { counted_free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { counted_free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { counted_free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { counted_free(p); }

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

TEST_CASE("a warm MCTS does not allocate per iteration") {
  // The tree's nodes come from a pool that keeps its memory through reset(); the buffers
  // (path, moves, the state) are reused. Only the result's vector of root moves is new.
  for (const bool undo : {true, false}) {
    gametree::mcts<gametree::games::connect_four<>> m({.use_undo = undo});
    const gametree::games::connect_four<> start;
    for (int warm = 0; warm < 2; ++warm) {  // the pool, the buffers, and reset()'s stack
      (void)m.search(start, {.max_iterations = 20000});
    }
    const std::size_t before = allocations;
    const auto r = m.search(start, {.max_iterations = 20000});
    const std::size_t made = allocations - before;
    INFO("allocations " << made << " for " << r.stats.iterations << " iterations");
    CHECK(r.stats.iterations == 20000);
    CHECK(made <= 1);
  }
  // Nim's state owns a vector: copy-make assigns into one kept copy, reusing its storage.
  gametree::mcts<gametree::games::nim> n({.use_undo = false});
  const gametree::games::nim heaps({3, 4, 5});
  (void)n.search(heaps, {.max_iterations = 5000});
  (void)n.search(heaps, {.max_iterations = 5000});
  const std::size_t before = allocations;
  (void)n.search(heaps, {.max_iterations = 5000});
  CHECK(allocations - before <= 3);  // the result, and the root and its copy in reset()
  // Chance states: the outcomes' buffer is reused too.
  gametree::mcts<gametree::games::pig> p;
  const gametree::games::pig race(100);
  (void)p.search(race, {.max_iterations = 20000});
  (void)p.search(race, {.max_iterations = 20000});
  const std::size_t before_pig = allocations;
  (void)p.search(race, {.max_iterations = 20000});
  CHECK(allocations - before_pig <= 1);
}

TEST_CASE("an MCTS pool that cannot grow in the middle of an expansion gives back the children made so far") {
  // The pool grows by doubling from 1,024 nodes. Each round refuses the next growth, which
  // ends that search with std::bad_alloc, most often with some of a node's 7 children made;
  // the tree must then hold only nodes its root reaches, and go on growing once memory is
  // there again.
  gametree::mcts<gametree::games::connect_four<>> m({.seed = 3});
  const auto reachable = [&m] {
    std::vector<int> root;
    std::map<std::vector<int>, gametree::mcts_move_info<gametree::games::connect_four<>>> nodes;
    gametree_test::walk(m, root, nodes);
    return nodes.size() + 1;  // and the root
  };
  (void)m.search(gametree::games::connect_four<>{}, {.max_iterations = 1});
  int refused = 0;
  for (int round = 0; round < 7; ++round) {
    {
      // A pool of 1,024 nodes or more: nothing else in a search is as large. Whatever the
      // search throws, the refusal ends with the block.
      struct refusal {
        refusal() { refuse_from = 16 * 1024; }
        ~refusal() { refuse_from = 0; }
        refusal(const refusal&) = delete;
        refusal& operator=(const refusal&) = delete;
      } const refusing;
      try {
        (void)m.search({.max_iterations = 1000000});
      } catch (const std::bad_alloc&) {
        ++refused;
      }
    }
    REQUIRE(m.tree_size() == reachable());
    CHECK(m.search({.max_iterations = 100}).stats.iterations == 100);  // and it grows again
  }
  CHECK(refused == 7);
}

int* volatile sink = nullptr;  // keeps the compiler from eliding the allocation below

TEST_CASE("the allocation counter counts") {
  const std::size_t before = allocations;
  sink = new int(3);
  const std::size_t after = allocations;
  delete sink;
  CHECK(after == before + 1);
}
