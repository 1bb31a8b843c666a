#include <gametree/transposition_table.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>

#include "support/catch.hpp"

using gametree::score;
using gametree::score_bound;
using gametree_test::ContainsSubstring;
using table = gametree::transposition_table<std::uint64_t, int, int>;

TEST_CASE("transposition table storage: on a cache line, and on a huge page's boundary from 2 MiB") {
  using entry = table::entry;
  gametree::detail::table_allocator<entry> a;
  const std::size_t small = 1000;
  const std::size_t large = (std::size_t{2} << 20) / sizeof(entry);
  entry* s = a.allocate(small);
  entry* l = a.allocate(large);
  CHECK(reinterpret_cast<std::uintptr_t>(s) % 64 == 0);
  CHECK(reinterpret_cast<std::uintptr_t>(l) % (std::size_t{2} << 20) == 0);
  a.deallocate(l, large);
  a.deallocate(s, small);
}

TEST_CASE("transposition table: store and probe") {
  table t(1);
  CHECK(t.size_bytes() <= (std::size_t{1} << 20));
  CHECK(t.size_bytes() * 2 > (std::size_t{1} << 20));
  CHECK(t.probe(5, 5) == nullptr);
  t.store(5, 5, 3, score<int>::of(7), 4, score_bound::lower);
  const auto* e = t.probe(5, 5);
  REQUIRE(e != nullptr);
  CHECK(e->move == 3);
  CHECK(e->has_move);
  CHECK(e->value == score<int>::of(7));
  CHECK(e->depth == 4);
  CHECK(e->bound == score_bound::lower);
  CHECK(t.probe(5, 6) == nullptr);  // same hash, other key
  // A result without a move keeps the state's move.
  t.store(5, 5, std::nullopt, score<int>::of(8), 5, score_bound::exact);
  CHECK(t.probe(5, 5)->move == 3);
  CHECK(t.probe(5, 5)->value == score<int>::of(8));
  CHECK(t.statistics().stores == 2);
  CHECK(t.occupied() == 1);
  // Probing changes nothing: a const table answers it.
  const table& read_only = t;
  CHECK(read_only.probe(5, 5) == e);
  t.clear();
  CHECK(t.probe(5, 5) == nullptr);
  CHECK(t.occupied() == 0);
  CHECK(t.statistics().stores == 0);
}

TEST_CASE("transposition table: a bucket keeps the deepest result and the newest") {
  auto t = table::with_entries(2);  // one bucket: the depth-preferred entry and the other
  CHECK(t.capacity() == 2);
  t.store(1, 1, 1, score<int>::of(1), 9, score_bound::exact);
  t.store(2, 2, 2, score<int>::of(2), 3, score_bound::exact);  // shallower: second entry
  t.store(3, 3, 3, score<int>::of(3), 2, score_bound::exact);  // replaces the second
  CHECK(t.probe(1, 1) != nullptr);
  CHECK(t.probe(2, 2) == nullptr);
  CHECK(t.probe(3, 3) != nullptr);
  t.store(4, 4, std::nullopt, score<int>::of(4), 12, score_bound::upper);  // deeper: first entry
  CHECK(t.probe(1, 1) == nullptr);
  CHECK(t.probe(4, 4) != nullptr);
  CHECK(!t.probe(4, 4)->has_move);
  // A new search: the deep entry of the old one gives way.
  t.new_search();
  t.store(5, 5, 5, score<int>::of(5), 1, score_bound::lower);
  CHECK(t.probe(4, 4) == nullptr);
  CHECK(t.probe(5, 5) != nullptr);
  // The same state stored again replaces its entry.
  t.store(3, 3, 6, score<int>::of(6), 0, score_bound::exact);
  CHECK(t.probe(3, 3)->move == 6);
}

TEST_CASE("transposition table: one entry is always replaced") {
  auto t = table::with_entries(1);
  CHECK(t.capacity() == 1);
  t.store(1, 1, 1, score<int>::of(1), 100, score_bound::exact);
  t.store(2, 2, 2, score<int>::of(2), 1, score_bound::exact);
  CHECK(t.probe(1, 1) == nullptr);
  CHECK(t.probe(2, 2)->move == 2);
  CHECK(table::with_entries(5).capacity() == 4);
}

TEST_CASE("transposition table: sizes are checked") {
  CHECK_THROWS_WITH(table(0), ContainsSubstring("size must be 1 .. 1048576 MiB, not 0"));
  CHECK_THROWS_AS(table((std::size_t{1} << 20) + 1), std::invalid_argument);
  CHECK_THROWS_WITH(table::with_entries(0), ContainsSubstring("at least one entry"));
}
