#include <gametree/compact_table.hpp>
#include <gametree/transposition_table.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <stdexcept>
#include <unordered_map>
#include <utility>
#include <vector>

#include "support/catch.hpp"

using gametree::score;
using gametree::score_bound;
using gametree_test::ContainsSubstring;
using table = gametree::transposition_table<std::uint64_t, int, int>;

TEST_CASE("transposition table storage: on a cache line, and on a huge page's boundary from 2 MiB") {
  using entry = table::entry;
  gametree::detail::huge_page_allocator<entry> a;
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

TEST_CASE("transposition table: of two results as deep, the first entry keeps the one of more work") {
  auto t = table::with_entries(2);
  const auto unlimited = gametree::unlimited_depth;
  t.store(1, 1, 1, score<int>::of(1), unlimited, score_bound::exact, 5000);  // class 6
  CHECK(t.probe(1, 1)->work == 6);
  t.store(2, 2, 2, score<int>::of(2), unlimited, score_bound::exact, 40);  // less work: second entry
  CHECK(t.probe(1, 1) != nullptr);
  CHECK(t.probe(2, 2)->work == 3);
  t.store(3, 3, 3, score<int>::of(3), unlimited, score_bound::exact, 1000);  // class 5: the second again
  CHECK(t.probe(1, 1) != nullptr);
  CHECK(t.probe(2, 2) == nullptr);
  t.store(4, 4, 4, score<int>::of(4), unlimited, score_bound::exact, 4096);  // class 6, as much: the first
  CHECK(t.probe(1, 1) == nullptr);
  CHECK(t.probe(3, 3) != nullptr);
  CHECK(t.probe(4, 4) != nullptr);
  // Depth comes first: a shallower result of much work goes to the second entry, a deeper
  // one of little work to the first.
  t.new_search();
  t.store(5, 5, 5, score<int>::of(5), 8, score_bound::exact, 100);  // a new search: the first
  t.store(6, 6, 6, score<int>::of(6), 7, score_bound::exact, 1ULL << 40);
  CHECK(t.probe(5, 5) != nullptr);
  CHECK(t.probe(6, 6) != nullptr);
  t.store(7, 7, 7, score<int>::of(7), 9, score_bound::exact, 0);
  CHECK(t.probe(5, 5) == nullptr);
  CHECK(t.probe(7, 7)->work == 0);
  // read() copies the work class out too.
  CHECK(t.read(6, std::uint64_t{6})->work == 15);
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

// compact_table: a table of 8-byte entries for keys of at most KeyBits bits.
using compact20 = gametree::compact_table<int, int, 20>;
using compact49 = gametree::compact_table<int, int, 49>;

TEST_CASE("compact table: the key's mix is a bijection of the KeyBits-bit numbers") {
  std::vector<bool> seen(std::size_t{1} << 16);
  std::size_t repeated = 0;
  std::size_t outside = 0;
  for (std::uint64_t x = 0; x < seen.size(); ++x) {
    const std::uint64_t y = gametree::detail::mix_bits<16>(x);
    if (y >= seen.size()) {
      ++outside;
      continue;
    }
    repeated += seen[y] ? 1U : 0U;
    seen[y] = true;
  }
  CHECK(repeated == 0);
  CHECK(outside == 0);
  std::mt19937_64 rng(7);
  for (int i = 0; i < 1000; ++i) CHECK(gametree::detail::mix_bits<49>(rng() >> 15) < (std::uint64_t{1} << 49));
  CHECK(gametree::detail::mix_bits<64>(1) != gametree::detail::mix_bits<64>(2));
}

TEST_CASE("compact table: store and probe every field, at the ends of its ranges") {
  compact49 t(1);
  CHECK(t.size_bytes() == (std::size_t{1} << 20));
  CHECK(t.capacity() == 16384 * 7);
  CHECK(!t.probe(5));
  t.store(5, 3, score<int>::of(8), 4, score_bound::lower);
  const auto e = t.probe(5);
  REQUIRE(e);
  CHECK(e->value == score<int>::of(8));
  CHECK(e->has_move);
  CHECK(e->move == 3);
  CHECK(e->depth == 4);
  CHECK(e->bound == score_bound::lower);
  CHECK(!t.probe(6));
  CHECK(t.statistics().stores == 1);
  CHECK(t.occupied() == 1);
  const std::uint64_t top = (std::uint64_t{1} << 49) - 1;  // the largest key
  for (const auto v : {score<int>::win_in(0), score<int>::win_in(255), score<int>::loss_in(0), score<int>::loss_in(255),
                       score<int>::of(-255), score<int>::of(255), score<int>::of(0)}) {
    t.store(top, std::nullopt, v, gametree::unlimited_depth, score_bound::upper);
    const auto f = t.probe(top);
    REQUIRE(f);
    CHECK(f->value == v);
    CHECK(f->depth == gametree::unlimited_depth);
    CHECK(f->bound == score_bound::upper);
    CHECK(!f->has_move);
  }
  // Scores beyond the fields are not stored, and counted.
  t.store(8, 1, score<int>::win_in(256), 1, score_bound::exact);
  t.store(8, 1, score<int>::loss_in(256), 1, score_bound::exact);
  t.store(8, 1, score<int>::of(256), 1, score_bound::exact);
  t.store(8, 1, score<int>::of(-256), 1, score_bound::exact);
  t.store(8, 1, score<int>::of(1), 1, score_bound::unknown);  // says nothing
  CHECK(!t.probe(8));
  CHECK(t.statistics().rejected == 5);
  // A depth beyond the field is stored as the largest it holds; below 0 as 0.
  STATIC_REQUIRE(compact49::max_depth == 47);
  t.store(9, 62, score<int>::of(1), 47, score_bound::exact);
  CHECK(t.probe(9)->depth == 47);
  t.store(9, 62, score<int>::of(1), 100, score_bound::exact);
  CHECK(t.probe(9)->depth == 47);
  CHECK(t.probe(9)->move == 62);
  CHECK(t.probe(9)->work == 0);  // a depth-limited result has no work class
  t.store(9, std::nullopt, score<int>::of(1), -3, score_bound::exact);
  CHECK(t.probe(9)->depth == 0);
  CHECK(t.probe(9)->move == 62);  // kept: the result has none
  // Moves the field cannot hold are left out.
  t.store(9, 63, score<int>::of(1), 1, score_bound::exact);
  CHECK(!t.probe(9)->has_move);
  t.store(9, -1, score<int>::of(1), 1, score_bound::exact);
  CHECK(!t.probe(9)->has_move);
  CHECK(t.occupied() == 3);
  t.clear();
  CHECK(!t.probe(5));
  CHECK(!t.probe(9));
  CHECK(t.occupied() == 0);
  CHECK(t.statistics().stores == 0);
}

TEST_CASE("compact table: a key's place from locate() reaches the key's entry, and prefetch changes nothing") {
  compact49 t(1);
  const std::uint64_t key = 0x1234'5678'9abcULL;
  const compact49::place_type at = compact49::locate(key);
  CHECK(at.bits() == gametree::detail::mix_bits<49>(key));
  CHECK(compact49::place_type{}.bits() == compact49::locate(0).bits());  // the default: key 0's
  t.prefetch(key);
  t.prefetch(at);
  CHECK(t.occupied() == 0);
  CHECK(t.store(at, 7, score<int>::of(-3), 5, score_bound::exact));
  REQUIRE(t.probe(key));  // stored by place, found by key
  CHECK(t.probe(key)->move == 7);
  CHECK(t.store(key, 2, score<int>::of(4), 6, score_bound::upper));
  REQUIRE(t.probe(at));  // stored by key, found by place: the same entry
  CHECK(t.probe(at)->value == score<int>::of(4));
  CHECK(t.occupied() == 1);
  CHECK(!t.probe(compact49::locate(key + 1)));
}

TEST_CASE("compact table: seven entries a bucket, the oldest search's shallowest entry gives way, equals in turn") {
  auto t = compact20::with_entries(7);  // one bucket: every key shares it
  CHECK(t.capacity() == 7);
  for (int k = 1; k <= 7; ++k) t.store(static_cast<std::uint64_t>(k), k, score<int>::of(k), k, score_bound::exact);
  for (int k = 1; k <= 7; ++k) CHECK(t.probe(static_cast<std::uint64_t>(k)));
  t.store(8, 8, score<int>::of(8), 9, score_bound::exact);
  CHECK(!t.probe(1));  // the shallowest
  for (int k = 2; k <= 8; ++k) CHECK(t.probe(static_cast<std::uint64_t>(k)));
  t.new_search();
  t.store(9, 9, score<int>::of(9), 0, score_bound::exact);
  CHECK(!t.probe(2));  // the shallowest of the older search, though deeper than the new result
  t.store(10, 10, score<int>::of(10), 0, score_bound::exact);
  CHECK(!t.probe(3));
  CHECK(t.probe(9));
  // Equals give way in turn: a bucket of results of no depth limit and equal work keeps the
  // newest seven.
  auto u = compact20::with_entries(7);
  for (std::uint64_t k = 1; k <= 20; ++k) u.store(k, 0, score<int>::of(0), gametree::unlimited_depth, score_bound::exact);
  std::size_t kept = 0;
  for (std::uint64_t k = 14; k <= 20; ++k) kept += u.probe(k) ? 1U : 0U;
  CHECK(kept == 7);
  // A table of more buckets than keys has one per key.
  CHECK(gametree::compact_table<int, int, 4>(1).capacity() == 16 * 7);
}

TEST_CASE("compact table: of results of no depth limit, the one of least work gives way") {
  // The work class: half the bits of the nodes, at most 15; the depth stays unlimited.
  compact49 t(1);
  const std::vector<std::pair<std::uint64_t, int>> classes = {
      {0, 0}, {1, 0}, {2, 1}, {7, 1}, {8, 2}, {31, 2}, {32, 3}, {(1ULL << 29) - 1, 14}, {1ULL << 29, 15}, {~0ULL, 15}};
  for (const auto& [work, want] : classes) {
    t.store(77, 1, score<int>::of(2), gametree::unlimited_depth, score_bound::lower, work);
    const auto e = t.probe(77);
    REQUIRE(e);
    CHECK(e->work == want);
    CHECK(e->depth == gametree::unlimited_depth);
    CHECK(e->bound == score_bound::lower);
    CHECK(e->value == score<int>::of(2));
  }
  // One bucket of seven: the least work gives way, whatever the order the results came in.
  auto u = compact20::with_entries(7);
  const std::uint64_t works[] = {5000, 40, 1000000, 9, 300, 70000, 2000};  // classes 6, 3, 10, 2, 4, 8, 5
  for (std::uint64_t k = 0; k < 7; ++k) u.store(k + 1, 0, score<int>::of(0), gametree::unlimited_depth, score_bound::exact, works[k]);
  u.store(8, 0, score<int>::of(0), gametree::unlimited_depth, score_bound::exact, 100);  // class 3
  CHECK(!u.probe(4));  // 9 nodes
  for (const std::uint64_t k : {1U, 2U, 3U, 5U, 6U, 7U, 8U}) CHECK(u.probe(k));
  u.store(9, 0, score<int>::of(0), gametree::unlimited_depth, score_bound::exact, 1ULL << 40);
  CHECK(!u.probe(2));  // 40 nodes: class 3, as the 100 of key 8, which came later; the first in turn goes
  CHECK(u.probe(8));
  u.store(10, 0, score<int>::of(0), gametree::unlimited_depth, score_bound::exact, 0);
  CHECK(!u.probe(8));  // now the least
  CHECK(u.probe(10));  // a result of little work is still stored, and gives way next
  u.store(11, 0, score<int>::of(0), gametree::unlimited_depth, score_bound::exact, 1ULL << 20);
  CHECK(!u.probe(10));
  // A depth-limited result gives way before any result of no depth limit, however deep.
  u.store(12, 0, score<int>::of(0), compact20::max_depth, score_bound::exact);
  CHECK(!u.probe(5));  // 300 nodes, the least work left: the depth-limited result took its place
  u.store(13, 0, score<int>::of(0), gametree::unlimited_depth, score_bound::exact, 0);
  CHECK(!u.probe(12));
  CHECK(u.probe(13));
  for (const std::uint64_t k : {1U, 3U, 6U, 7U, 9U, 11U}) CHECK(u.probe(k));
}

TEST_CASE("compact table: a probe never answers with another state's entry") {
  // Keys of 24 bits in one bucket, and of 49 bits in the smallest table (512 buckets): each
  // found entry must hold what was last stored for its own key.
  std::mt19937_64 rng(2026);
  const auto check = [&rng](auto t, int bits, std::uint64_t keys) {
    std::unordered_map<std::uint64_t, int> last;
    std::vector<std::uint64_t> stored;
    std::size_t wrong = 0;
    std::size_t found = 0;
    for (int i = 0; i < 100000; ++i) {
      const std::uint64_t k = (rng() >> (64 - bits)) % keys;
      const int v = static_cast<int>(rng() % 511) - 255;
      t.store(k, std::nullopt, score<int>::of(v), 1, score_bound::exact);
      last[k] = v;
      stored.push_back(k);
      // Half the probes ask for one of the last few keys stored, half for any key.
      const std::uint64_t q = rng() % 2 == 0 ? stored[stored.size() - 1 - rng() % std::min<std::size_t>(stored.size(), 10)]
                                             : (rng() >> (64 - bits)) % keys;
      if (const auto e = t.probe(q)) {
        ++found;
        const auto it = last.find(q);
        wrong += it == last.end() || score<int>::of(it->second) != e->value ? 1U : 0U;
      }
    }
    CHECK(wrong == 0);
    CHECK(found > 10000);
  };
  check(gametree::compact_table<int, int, 24>::with_entries(7), 24, std::uint64_t{1} << 24);
  check(compact49::with_entries(1), 49, std::uint64_t{1} << 49);
  check(compact49::with_entries(1), 49, 8000);  // few keys: many found
  CHECK(compact49::with_entries(1).capacity() == compact49::min_buckets * 7);
}

TEST_CASE("compact table: any bucket count is exact, and a MiB size is used whole") {
  // Every key of a small key space stored in a table whose buckets can hold them all (each
  // bucket gets at most ceil(2^bits / n) <= 7 mixes): each probe must find its own entry, whose
  // value and depth name the key. A check one bit too short would let two keys of a bucket
  // answer for each other when n is not a power of two.
  const auto fill_all = [](auto t, std::uint64_t keys) {
    const auto code = [](std::uint64_t k) {
      return std::pair{score<int>::of(static_cast<int>(k % 511) - 255), static_cast<std::int32_t>(k / 511)};
    };
    for (std::uint64_t k = 0; k < keys; ++k) {
      const auto [v, d] = code(k);
      t.store(k, std::nullopt, v, d, score_bound::exact);
    }
    std::size_t wrong = 0;
    for (std::uint64_t k = 0; k < keys; ++k) {
      const auto e = t.probe(k);
      const auto [v, d] = code(k);
      wrong += !e || e->value != v || e->depth != d ? 1U : 0U;
    }
    return wrong;
  };
  std::size_t wrong = 0;
  for (std::size_t n = 147; n <= 1024; ++n) {  // 1024 / 7 rounded up, to a bucket per key
    auto t = gametree::compact_table<int, int, 10>::with_entries(n * 7);
    REQUIRE(t.capacity() == n * 7);
    wrong += fill_all(std::move(t), 1024);
  }
  for (std::size_t n = 1171; n <= 8192; n += 97) wrong += fill_all(gametree::compact_table<int, int, 13>::with_entries(n * 7), 8192);
  CHECK(wrong == 0);
  // A size in MiB that is not a power of two is used whole.
  const compact49 t(79);
  CHECK(t.size_bytes() == std::size_t{79} << 20);
  CHECK(t.capacity() == 79 * 16384 * 7);
}

TEST_CASE("compact table: the bucket's wide product, with and without a 128-bit integer") {
  using gametree::detail::wide_product_shifted;
  const std::uint64_t top = ~std::uint64_t{0};
  CHECK(wide_product_shifted(top, top, 64) == top - 1);  // (2^64 - 1)^2 = 2^128 - 2^65 + 1
  CHECK(wide_product_shifted(top, top, 0) == 1);
  CHECK(wide_product_shifted(std::uint64_t{1} << 48, std::uint64_t{3} << 20, 49) == std::uint64_t{3} << 19);
  CHECK(wide_product_shifted(12345, 678, 1) == 12345 * 678 / 2);
  CHECK(gametree::detail::scale_bits<49>((std::uint64_t{1} << 49) - 1, 1294336) == 1294335);  // the last bucket
  CHECK(gametree::detail::scale_bits<49>(0, 1294336) == 0);
#if defined(__SIZEOF_INT128__)
  __extension__ using wide = unsigned __int128;
  std::mt19937_64 rng(49);
  std::size_t differ = 0;
  for (int i = 0; i < 10000; ++i) {
    const std::uint64_t x = rng(), n = rng() >> (rng() % 64);
    for (const int s : {0, 1, 20, 49, 63, 64}) {
      differ += wide_product_shifted(x, n, s) != static_cast<std::uint64_t>((static_cast<wide>(x) * n) >> s) ? 1U : 0U;
    }
  }
  CHECK(differ == 0);
#endif
}

TEST_CASE("compact table: sizes are checked") {
  CHECK_THROWS_WITH(compact49(0), ContainsSubstring("size must be 1 .. 1048576 MiB, not 0"));
  CHECK_THROWS_AS(compact49((std::size_t{1} << 20) + 1), std::invalid_argument);
  CHECK_THROWS_WITH(compact49::with_entries(0), ContainsSubstring("at least one entry"));
}
