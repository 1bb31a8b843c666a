#pragma once
// The transposition table of a game whose key is a number of at most key_bits bits (Connect 4:
// 49), in entries of 8 bytes where transposition_table needs 32.
//
// The key is mixed by a bijection of the key_bits-bit numbers onto themselves. Of n buckets
// (any count, not only a power of two) the mix m chooses bucket floor(m * n / 2^key_bits),
// and its low key_bits - floor(log2 n) bits, at most 40 of them, are stored as the entry's
// check. Bucket and check together give back the whole mix, and so the key: a probe is exact,
// with no hash to collide, though no key is stored. (Two mixes a < b share a bucket only if
// (b - a) * n < 2^key_bits, so b - a < 2^(key_bits - floor(log2 n)): their checks differ.
// With n a power of two the bucket is the mix's top bits. Pons' solver does the same with a
// prime table size and the key's remainder; Tromp's before him.) The other 24 bits of
// the entry hold the score, the bound, the depth and the move, each in a small field; a result
// whose score does not fit is not stored, a depth that does not fit is stored as the largest
// that does (a result searched deeper is as good for a shallower need), a move that does not
// fit is left out. The depth's field holds either a depth limit's depth (0 .. 47) or, for a
// result no depth limit touched, how much work it took: the nodes searched for it, in classes
// of powers of 4 (48 .. 63).
//
// A bucket is one cache line: a header (the epoch that clear() moves on, each entry's search
// generation, the next entry to give up) and seven entries, so that a probe waits for memory
// once and a state has seven places to stay. A store takes the entry of the same state, else
// an empty one, else the one of the oldest search and least depth (ties in turn), a result of
// no depth limit counting as deeper than any limit, and among those the one of least work.
// (Breuker, Uiterwijk & van den Herik, ICCA Journal 1994 and 1996, found the subtree's size
// a better measure of what an entry saves than its depth.) The work decides a solve that overflows
// the table: the results of large subtrees stay, which cost most to find again, and the many
// of a few nodes give way (Pons' Test_L1_R2, first 60, weak solves in a 1 MiB table: 0.59x the
// nodes of giving up in turn).
//
// Several threads may probe and store at once (the engine's parallel search shares one table),
// without locks: every word of a bucket is read and written as an atomic (relaxed: plain loads
// and stores on common hardware), and an entry is a single word that carries its own check, so
// a probe sees a whole entry of the state it asks for or none; a race between two stores loses
// one of them, which costs a search nodes, never a wrong value. A bucket left from before the
// last clear() is emptied before its new epoch is published (release), and a probe reads the
// epoch first (acquire), so no entry of before the clear is read as one of after it.

#include <gametree/detail/inline.hpp>
#include <gametree/detail/prefetch.hpp>
#include <gametree/game.hpp>
#include <gametree/transposition_table.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace gametree {

namespace detail {
// A bijection of the numbers below 2^Bits onto themselves (a right xor-shift and a product
// with an odd constant, each invertible modulo 2^Bits), whose top bits depend on every bit of
// the input: what a compact table takes its bucket from.
template <int Bits>
constexpr std::uint64_t mix_bits(std::uint64_t x) noexcept {
  constexpr std::uint64_t mask = Bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << Bits) - 1;
  constexpr int half = (Bits + 1) / 2;
  x ^= x >> half;
  x = (x * 0xbf58476d1ce4e5b9U) & mask;
  x ^= x >> ((Bits + 2) / 3);
  x = (x * 0x94d049bb133111ebU) & mask;
  return x ^ (x >> half);
}

// x * n >> s for s in 0 .. 64, computed from 32-bit halves: scale_bits where the compiler has
// no 128-bit integer (and the check of the one it has).
constexpr std::uint64_t wide_product_shifted(std::uint64_t x, std::uint64_t n, int s) noexcept {
  const std::uint64_t x0 = x & 0xffffffffU, x1 = x >> 32, n0 = n & 0xffffffffU, n1 = n >> 32;
  const std::uint64_t p00 = x0 * n0, p01 = x0 * n1, p10 = x1 * n0;
  const std::uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffU) + (p10 & 0xffffffffU);
  const std::uint64_t hi = x1 * n1 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
  const std::uint64_t lo = (mid << 32) | (p00 & 0xffffffffU);
  if (s == 0) return lo;
  if (s == 64) return hi;
  return (hi << (64 - s)) | (lo >> s);
}

// floor(x * n / 2^Bits) for x below 2^Bits: which of n buckets a mix of Bits bits falls in
// (below n).
template <int Bits>
GAMETREE_DETAIL_INLINE constexpr std::uint64_t scale_bits(std::uint64_t x, std::uint64_t n) noexcept {
#if defined(__SIZEOF_INT128__)
  __extension__ using wide = unsigned __int128;
  return static_cast<std::uint64_t>((static_cast<wide>(x) * n) >> Bits);
#else
  return wide_product_shifted(x, n, Bits);
#endif
}

}  // namespace detail

/// A table from states with keys below 2^KeyBits to search results, in 8-byte entries, seven
/// to a 64-byte bucket. Exact: two states never share an entry. The engine uses it for a game
/// that declares key_bits (see compact_key_game) with an integer score value; its interface is
/// transposition_table's, but a probe returns a copy of the entry (the fields are packed).
template <class Move, class Value, int KeyBits>
class compact_table {
  static_assert(KeyBits >= 1 && KeyBits <= 64, "compact_table: KeyBits must be 1 .. 64");
  static_assert(std::is_integral_v<Value>, "compact_table: the score value must be an integer");
  static_assert(std::is_integral_v<Move> || std::is_enum_v<Move>, "compact_table: Move must be an integer or enum");

 public:
  using key_type = std::uint64_t;
  using move_type = Move;
  using score_type = score<Value>;

  /// Entries per bucket, and the bits of an entry that check its key.
  static constexpr std::size_t slots = 7;
  static constexpr int check_bits = 40;
  /// The fewest buckets: enough that the bucket and a check of check_bits give the key back.
  static constexpr std::size_t min_buckets = std::size_t{1} << (KeyBits > check_bits ? KeyBits - check_bits : 0);
  /// The largest depth, move, and decisive distance or |value| an entry holds.
  static constexpr std::int32_t max_depth = 47;
  static constexpr std::int64_t max_move = 62;
  static constexpr std::int64_t max_score = 255;

  /// A probe's answer, unpacked.
  struct entry {
    score_type value{};
    Move move{};
    std::int32_t depth = 0;  ///< remaining depth searched; unlimited_depth: exact at any depth
    score_bound bound = score_bound::exact;
    bool has_move = false;
    std::uint8_t work = 0;  ///< of a result of no depth limit: its work class (see store); else 0
  };
  /// What probe returns: an entry, or none.
  using lookup = std::optional<entry>;

  /// Where a state's entry lives: its key mixed by a bijection of the KeyBits-bit numbers,
  /// whose top bits pick the bucket and whose other bits (at most check_bits) the entry
  /// keeps. prefetch, probe and store take the key, or its place from locate(): a caller that
  /// makes all three for one state (the engine, at every node) mixes its key once. Made only
  /// by locate() (or default: the place of key 0), so always within the table.
  class place_type {
   public:
    constexpr place_type() noexcept = default;
    /// The mixed key: as distinct for distinct keys as the keys themselves.
    [[nodiscard]] constexpr std::uint64_t bits() const noexcept { return mixed_; }

   private:
    friend class compact_table;
    explicit constexpr place_type(std::uint64_t mixed) noexcept : mixed_(mixed) {}
    std::uint64_t mixed_ = 0;
  };
  [[nodiscard]] static constexpr place_type locate(std::uint64_t key) noexcept {
    return place_type(detail::mix_bits<KeyBits>(key));
  }

  /// A table of as many buckets as mib MiB holds, at least min_buckets (which a table for
  /// keys of more than 40 bits may make larger than asked) and at most one bucket per key.
  /// Throws std::invalid_argument if mib is 0 or above 2^20 (1 TiB); std::bad_alloc.
  explicit compact_table(std::size_t mib) {
    if (mib == 0 || mib > (std::size_t{1} << 20)) {
      throw std::invalid_argument("compact_table: size must be 1 .. 1048576 MiB, not " + std::to_string(mib));
    }
    resize_buckets(mib * (std::size_t{1} << 20) / sizeof(bucket));
  }

  /// A table of entries / 7 buckets (at least one), bounded as above.
  /// Throws std::invalid_argument if entries is 0.
  [[nodiscard]] static compact_table with_entries(std::size_t entries) {
    if (entries == 0) throw std::invalid_argument("compact_table: at least one entry");
    compact_table t;
    t.resize_buckets(entries / slots);
    return t;
  }

  /// Asks the processor to fetch the bucket of key into the cache. Changes nothing.
  void prefetch(std::uint64_t key) const noexcept { prefetch(locate(key)); }
  void prefetch(place_type at) const noexcept { detail::prefetch(&buckets_[split(at).index]); }

  /// The entry for the state of key, or none. Changes nothing. O(1).
  [[nodiscard]] lookup probe(std::uint64_t key) const noexcept { return probe(locate(key)); }
  [[nodiscard]] lookup probe(place_type at) const noexcept {
    return concurrent_ ? shared_probe(at) : probe_as<false>(at);
  }

  /// Writes a result, unless its score does not fit or its bound is unknown (then
  /// statistics().rejected counts it).
  /// A result without a move keeps the move already stored for the same state. work is the
  /// nodes its search took (the engine passes the subtree's count): of two results of no
  /// depth limit in a full bucket, the one of less work gives way first (compared in classes
  /// of powers of 4, 0 .. 15; a depth-limited result is ranked by its depth alone). Returns
  /// whether it was written. While the table is concurrent the statistics are not counted
  /// here (one counter for every thread would be written at every store): the threads count
  /// their own and add them (add_statistics). O(1).
  bool store(std::uint64_t key, const std::optional<Move>& move, const score_type& value, std::int32_t depth,
             score_bound bound, std::uint64_t work = 0) {
    return store(locate(key), move, value, depth, bound, work);
  }
  bool store(place_type at, const std::optional<Move>& move, const score_type& value, std::int32_t depth,
             score_bound bound, std::uint64_t work = 0) {
    const std::uint64_t depth_field = depth_code(depth, work);
    return concurrent_ ? shared_store(at, move, value, depth_field, bound)
                       : store_as<false>(at, move, value, depth_field, bound);
  }

  /// Whether several threads probe and store at once from now on (set only while no other
  /// thread uses the table): every word of a bucket is then read and written as an atomic. A table used
  /// by one thread reads and writes them plainly, which the compiler unrolls and inlines
  /// (the atomic accesses measured 6% more instructions a node on Connect 4).
  void set_concurrent(bool on) noexcept { concurrent_ = on; }
  [[nodiscard]] bool concurrent() const noexcept { return concurrent_; }

  /// Starts a new search: entries of earlier searches stay readable but are given up first.
  void new_search() noexcept { generation_ = static_cast<std::uint8_t>(generation_ + 1); }  // wraps

  /// Forgets every entry and zeroes the statistics: O(1), by moving the epoch on (an O(size)
  /// pass once every 2^32 clears).
  void clear() {
    if (++epoch_ == 0) {
      // GCOVR_EXCL_START: reached after 2^32 clears.
      for (bucket& b : buckets_) b.epoch = 0;
      epoch_ = 1;
      // GCOVR_EXCL_STOP
    }
    stats_ = {};
    generation_ = 0;
  }

  /// Number of entries.
  [[nodiscard]] std::size_t capacity() const noexcept { return buckets_.size() * slots; }
  /// Bytes held by the buckets.
  [[nodiscard]] std::size_t size_bytes() const noexcept { return buckets_.size() * sizeof(bucket); }
  /// Entries in use. O(size).
  [[nodiscard]] std::size_t occupied() const noexcept {
    std::size_t n = 0;
    for (const bucket& b : buckets_) {
      if (b.epoch != epoch_) continue;
      for (const std::uint64_t w : b.slot) n += w != 0 ? 1U : 0U;
    }
    return n;
  }
  [[nodiscard]] const table_statistics& statistics() const noexcept { return stats_; }
  /// Adds counts to the statistics: the stores the threads of a concurrent search made.
  void add_statistics(const table_statistics& s) noexcept {
    stats_.stores += s.stores;
    stats_.rejected += s.rejected;
  }

 private:
  // An entry, from its low bits: bound (2 bits; 0: the entry is empty), score (10), depth or
  // work (6), move (6), and the key's check (40).
  static constexpr unsigned score_shift = 2;
  static constexpr unsigned depth_shift = 12;
  static constexpr unsigned move_shift = 18;
  static constexpr unsigned payload_bits = 24;
  static constexpr std::uint64_t field_mask = 63;
  static constexpr std::uint64_t no_move = 63;
  static constexpr std::uint64_t unlimited_code = 48;  // the least code of no depth limit
  static_assert(static_cast<std::uint64_t>(max_depth) + 1 == unlimited_code &&
                unlimited_code + detail::max_work_class == field_mask);
  static_assert(payload_bits + check_bits == 64);

  struct alignas(64) bucket {
    std::uint32_t epoch = 0;
    std::uint32_t meta = 0;  // bits 4i .. 4i+3: entry i's generation; bits 28 .. 30: the next to give up
    std::array<std::uint64_t, slots> slot{};
  };
  static_assert(sizeof(bucket) == 64);

  struct spot {
    std::size_t index;
    std::uint64_t check;
  };

  compact_table() = default;

  [[nodiscard]] spot split(place_type at) const noexcept {
    return {static_cast<std::size_t>(detail::scale_bits<KeyBits>(at.mixed_, bucket_count_)), at.mixed_ & check_mask_};
  }

  // The shared table's probe and store, out of line so that the one-thread path stays small
  // enough to be inlined into the search loop.
  [[gnu::noinline]] lookup shared_probe(place_type at) const noexcept { return probe_as<true>(at); }
  [[gnu::noinline]] bool shared_store(place_type at, const std::optional<Move>& move, const score_type& value,
                                      std::uint64_t depth_field, score_bound bound) {
    return store_as<true>(at, move, value, depth_field, bound);
  }

  template <bool Shared>
  lookup probe_as(place_type at) const noexcept {
    const spot s = split(at);
    bucket& b = buckets_[s.index];
    if (load<Shared>(b.epoch, std::memory_order_acquire) != epoch_) return std::nullopt;
    // The entry that holds the state, without a branch per entry (where the match lies
    // varies from probe to probe, so the branches would be mispredicted): at most one does.
    // Each word is read once: another thread may change it meanwhile.
    std::uint64_t found = 0;
    for (std::size_t i = 0; i < slots; ++i) {
      const std::uint64_t word = load<Shared>(b.slot[i]);
      found = word != 0 && (word >> payload_bits) == s.check ? word : found;
    }
    if (found == 0) return std::nullopt;
    return unpack(found);
  }

  template <bool Shared>
  bool store_as(place_type where, const std::optional<Move>& move, const score_type& value,
                std::uint64_t depth_field, score_bound bound) {
    const std::uint64_t code = score_code(value);
    if (code == 0 || bound == score_bound::unknown) {
      if constexpr (!Shared) ++stats_.rejected;
      return false;
    }
    if constexpr (!Shared) ++stats_.stores;
    const spot s = split(where);
    bucket& b = buckets_[s.index];
    if (load<Shared>(b.epoch, std::memory_order_acquire) != epoch_) {
      for (std::uint64_t& w : b.slot) save<Shared>(w, 0);
      save<Shared>(b.meta, 0);
      save<Shared>(b.epoch, epoch_, std::memory_order_release);
    }
    // The entry of the same state (its word kept: another thread may overwrite the entry
    // meanwhile), else an empty one, else a victim.
    std::size_t at = slots;
    std::uint64_t same = 0;
    for (std::size_t i = 0; i < slots && at == slots; ++i) {
      const std::uint64_t word = load<Shared>(b.slot[i]);
      if (word != 0 && (word >> payload_bits) == s.check) {
        at = i;
        same = word;
      }
    }
    for (std::size_t i = 0; i < slots && at == slots; ++i) {
      if (load<Shared>(b.slot[i]) == 0) at = i;
    }
    std::uint32_t meta = load<Shared>(b.meta);
    if (at == slots) at = victim<Shared>(b, meta);
    std::uint64_t move_field = no_move;
    if (move && fits_move(*move)) {
      move_field = static_cast<std::uint64_t>(*move);
    } else if (!move && same != 0) {
      move_field = (same >> move_shift) & field_mask;
    }
    save<Shared>(b.slot[at], (s.check << payload_bits) | (move_field << move_shift) |
                                 (depth_field << depth_shift) | (code << score_shift) | bound_code(bound));
    const auto gen_shift = static_cast<unsigned>(4 * at);
    save<Shared>(b.meta, (meta & ~(std::uint32_t{15} << gen_shift)) | (std::uint32_t{generation_ & 15U} << gen_shift));
    return true;
  }

  // The entry to give up in full bucket b, whose header was meta: the least depth field (a
  // depth, or for a result of no depth limit 48 + its work class) among the oldest search's,
  // the search before the current one counted as older than it (generations are kept modulo
  // 16); among equals the next in turn after the last one given up, which meta then names.
  template <bool Shared>
  std::size_t victim(bucket& b, std::uint32_t& meta) const noexcept {
    const auto start = static_cast<std::size_t>(meta >> 28);
    std::size_t best = start;
    std::uint64_t best_rank = ~std::uint64_t{0};
    for (std::size_t k = 0, i = start; k < slots; ++k, i = i + 1 == slots ? 0 : i + 1) {
      const bool current = ((meta >> (4 * i)) & 15U) == (generation_ & 15U);
      const std::uint64_t rank = (current ? 64U : 0U) + ((load<Shared>(b.slot[i]) >> depth_shift) & field_mask);
      if (rank < best_rank) {
        best_rank = rank;
        best = i;
      }
    }
    meta = (meta & 0x0fffffffU) | (static_cast<std::uint32_t>(best + 1 == slots ? 0 : best + 1) << 28);
    return best;
  }

  // A word of a bucket, read or written: as an atomic where the table is shared (see the top
  // of the file), else plainly.
  template <bool Shared, class T>
  GAMETREE_DETAIL_INLINE static T load(T& x, std::memory_order order = std::memory_order_relaxed) noexcept {
    if constexpr (Shared) {
      return std::atomic_ref<T>(x).load(order);
    } else {
      (void)order;
      return x;
    }
  }
  template <bool Shared, class T>
  GAMETREE_DETAIL_INLINE static void save(T& x, std::type_identity_t<T> v,
                                          std::memory_order order = std::memory_order_relaxed) noexcept {
    if constexpr (Shared) {
      std::atomic_ref<T>(x).store(v, order);
    } else {
      (void)order;
      x = v;
    }
  }


  static constexpr bool fits_move(const Move& m) noexcept {
    if constexpr (std::is_enum_v<Move>) {
      return fits_move_number(static_cast<std::underlying_type_t<Move>>(m));
    } else {
      return fits_move_number(m);
    }
  }
  template <class N>
  static constexpr bool fits_move_number(N n) noexcept {
    if constexpr (std::is_signed_v<N>) {
      if (n < 0) return false;
    }
    return static_cast<std::uint64_t>(n) <= static_cast<std::uint64_t>(max_move);
  }

  // 1 .. 256: a loss in 0 .. 255 plies; 257 .. 767: a value of -255 .. 255; 768 .. 1023: a win
  // in 255 .. 0 plies; 0: does not fit.
  static constexpr std::uint64_t score_code(const score_type& v) noexcept {
    if (v.is_value()) {
      const auto x = static_cast<std::int64_t>(v.value());
      return x < -max_score || x > max_score ? 0 : static_cast<std::uint64_t>(512 + x);
    }
    const std::int64_t plies = v.plies();
    if (plies > max_score) return 0;
    return v.is_win() ? static_cast<std::uint64_t>(1023 - plies) : static_cast<std::uint64_t>(1 + plies);
  }
  static constexpr score_type score_of(std::uint64_t code) {
    const auto c = static_cast<std::int64_t>(code);
    if (c <= 256) return score_type::loss_in(c - 1);
    if (c >= 768) return score_type::win_in(1023 - c);
    return score_type::of(static_cast<Value>(c - 512));
  }
  // Every code's score, so that a probe reads its score without a branch (8 KiB for an int
  // score, in cache while the table is in use).
  static constexpr std::array<score_type, 1024> scores = [] {
    std::array<score_type, 1024> a{};
    for (std::uint64_t c = 1; c < a.size(); ++c) a[c] = score_of(c);
    return a;
  }();
  // 0 .. 47: a depth; 48 .. 63: no depth limit, and the work class (detail::work_class: half
  // the bits of work, at most 15).
  static constexpr std::uint64_t depth_code(std::int32_t depth, std::uint64_t work) noexcept {
    if (depth == unlimited_depth) {
      return unlimited_code + detail::work_class(work);
    }
    return static_cast<std::uint64_t>(std::clamp<std::int32_t>(depth, 0, max_depth));
  }
  // 1 .. 3: exact, lower, upper (score_bound's order, checked below).
  static constexpr std::uint64_t bound_code(score_bound b) noexcept { return static_cast<std::uint64_t>(b) + 1; }
  static_assert(static_cast<int>(score_bound::exact) == 0 && static_cast<int>(score_bound::lower) == 1 &&
                static_cast<int>(score_bound::upper) == 2);

  static entry unpack(std::uint64_t word) noexcept {
    entry e;
    e.bound = static_cast<score_bound>((word & 3U) - 1);
    e.value = scores[(word >> score_shift) & 1023U];
    const std::uint64_t depth = (word >> depth_shift) & field_mask;
    e.depth = depth >= unlimited_code ? unlimited_depth : static_cast<std::int32_t>(depth);
    e.work = static_cast<std::uint8_t>(depth >= unlimited_code ? depth - unlimited_code : 0);
    const std::uint64_t move = (word >> move_shift) & field_mask;
    e.has_move = move != no_move;
    if (e.has_move) e.move = static_cast<Move>(move);
    return e;
  }

  void resize_buckets(std::size_t n) {
    n = std::max({n, std::size_t{1}, min_buckets});
    if constexpr (KeyBits < 40) n = std::min(n, std::size_t{1} << KeyBits);  // a bucket per key at most
    buckets_.assign(n, bucket{});
    bucket_count_ = n;
    // At most check_bits (min_buckets sees to it): never a shift by 64.
    const auto kept = static_cast<unsigned>(KeyBits) + 1 - static_cast<unsigned>(std::bit_width(n));
    check_mask_ = (std::uint64_t{1} << kept) - 1;
  }

  // mutable: a probe reads through std::atomic_ref, which takes no const object.
  mutable std::vector<bucket, detail::huge_page_allocator<bucket>> buckets_;
  // buckets_.size(), kept beside the mask: split() reading the vector's size cost Connect 4
  // 1.36% more instructions than a shift did, this member 0.37% (callgrind).
  std::uint64_t bucket_count_ = 0;
  std::uint64_t check_mask_ = 0;  // the mix's bits kept as the check
  std::uint8_t generation_ = 0;
  std::uint32_t epoch_ = 1;  // buckets start at 0: empty
  table_statistics stats_;
  bool concurrent_ = false;
};

}  // namespace gametree
