#pragma once
// The transposition table the engine's searches share: what a search learnt about a state
// (score, bound type, depth, best move), found again when the state is reached by another
// order of moves or by the next iteration of iterative deepening.
//
// Buckets of two entries (Breuker, Uiterwijk & van den Herik, "Replacement schemes for
// transposition tables", ICCA Journal 17, 1994: the "two-level" scheme): the first entry keeps
// the deepest result of the current search, of two as deep the one whose search took more
// nodes (the subtree's size, which they found the better measure: in a solve every result is
// of no depth limit, and the first entry keeps the largest subtree's), the second is always
// replaced. The entries start
// on a cache line, so a bucket of two entries of 32 bytes (a game with a packed 64-bit key and
// an int move, as Connect 4) is one line: a probe waits for memory once. A large table sits
// on huge pages where the system has them (see detail::huge_page_allocator).
//
// Several threads may share one table (the engine's parallel search) once it is told so
// (set_concurrent): a key may own memory (a vector), so an entry cannot be read or written in
// one atomic step, and each bucket is then held by one of 4096 spin locks (the bucket's index
// picks it) while a thread reads or writes it; read() copies what the engine needs out under
// the lock. One thread pays a predicted branch and nothing else.

#include <gametree/detail/hash.hpp>
#include <gametree/detail/huge_pages.hpp>
#include <gametree/detail/prefetch.hpp>
#include <gametree/detail/spin_lock.hpp>
#include <gametree/game.hpp>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace gametree {

/// Depth stored for a result that no depth limit touched (exact at any depth).
inline constexpr std::int32_t unlimited_depth = std::numeric_limits<std::int32_t>::max();

namespace detail {
// A result's work class, what the tables weigh results of one depth by: half the bits of the
// nodes its search took (0 for 0 or 1 node, 1 for 2 to 7, 2 for 8 to 31, ...), at most
// max_work_class.
inline constexpr std::uint8_t max_work_class = 15;
constexpr std::uint8_t work_class(std::uint64_t work) noexcept {
  return static_cast<std::uint8_t>(std::min<std::uint64_t>(max_work_class, static_cast<std::uint64_t>(std::bit_width(work)) / 2));
}
}  // namespace detail

/// Counters of a transposition_table since its construction or clear(). Lookups change
/// nothing, so they are not counted here: the engine counts its own (engine_statistics
/// tt_probes and tt_hits).
struct table_statistics {
  std::uint64_t stores = 0;    ///< results written
  std::uint64_t rejected = 0;  ///< results not written: a compact_table's score field could not hold them
};

/// A fixed-size table from states to search results. Key is what identifies a state in full
/// (a game's key() type), or std::uint64_t to store the hash alone (then two states with the
/// same hash are taken for one: a collision can change a result).
template <class Key, class Move, class Value>
class transposition_table {
 public:
  using key_type = Key;
  using move_type = Move;
  using score_type = score<Value>;

  struct entry {
    Key key{};
    score_type value{};
    Move move{};
    std::int32_t depth = 0;  ///< remaining depth searched; unlimited_depth: exact at any depth
    std::uint32_t epoch = 0;  ///< in use while it equals the table's epoch (clear() moves it on)
    score_bound bound = score_bound::exact;
    std::uint8_t generation = 0;
    bool has_move = false;
    std::uint8_t work = 0;  ///< the result's work class (see store)
  };
  /// What probe returns: a pointer to the entry, or nullptr.
  using lookup = const entry*;
  /// What read() copies out of an entry: all but its key.
  struct result {
    score_type value{};
    Move move{};
    std::int32_t depth = 0;
    score_bound bound = score_bound::exact;
    bool has_move = false;
    std::uint8_t work = 0;
  };

  /// A table of at most mib MiB: as many entries as fit, rounded down to a power of two (so
  /// between half and all of it), and at least one.
  /// Complexity: O(size). Throws std::invalid_argument if mib is 0 or above 2^20 (1 TiB);
  /// std::bad_alloc.
  explicit transposition_table(std::size_t mib) {
    if (mib == 0 || mib > (std::size_t{1} << 20)) {
      throw std::invalid_argument("transposition_table: size must be 1 .. 1048576 MiB, not " +
                                  std::to_string(mib));
    }
    resize_entries(mib * (std::size_t{1} << 20) / sizeof(entry));
  }

  /// A table of exactly `entries` entries rounded down to a power of two (1 is allowed: one
  /// entry that is always replaced). Throws std::invalid_argument if entries is 0.
  [[nodiscard]] static transposition_table with_entries(std::size_t entries) {
    if (entries == 0) throw std::invalid_argument("transposition_table: at least one entry");
    transposition_table t;
    t.resize_entries(entries);
    return t;
  }

  /// Asks the processor to fetch hash's bucket into the cache, so that a probe made a little
  /// later does not wait for memory. Changes nothing.
  void prefetch(std::uint64_t hash) const noexcept { detail::prefetch(&entries_[bucket(hash)]); }

  /// The entry for a state, or nullptr. Changes nothing. O(1).
  [[nodiscard]] const entry* probe(std::uint64_t hash, const Key& key) const noexcept { return find(hash, key); }
  /// probe with anything a Key compares equal to with == (the engine looks states up by a
  /// reference to their key, so that nothing is copied).
  template <class Query>
    requires(!std::is_convertible_v<const Query&, const Key&>)
  [[nodiscard]] const entry* probe(std::uint64_t hash, const Query& key) const noexcept {
    return find(hash, key);
  }

  /// The result stored for a state, copied out of its entry, or none: probe for a table that
  /// several threads use at once (set_concurrent). O(1).
  template <class Query>
  [[nodiscard]] std::optional<result> read(std::uint64_t hash, const Query& key) const {
    const std::size_t base = bucket(hash);
    const detail::spin_guard hold(lock_of(base));
    const entry* e = find_at(base, key);
    if (e == nullptr) return std::nullopt;
    return result{e->value, e->move, e->depth, e->bound, e->has_move, e->work};
  }

  /// Whether several threads probe (read) and store at once from now on: each bucket is then
  /// locked while it is read or written. Only while no other thread uses the table (between
  /// searches, or by the one thread searching before others join). probe()'s pointer is not
  /// safe while another thread stores; read() is.
  void set_concurrent(bool on) {
    if (on && !locks_) locks_ = std::make_unique<detail::spin_mutex[]>(lock_count);
    concurrent_ = on;
  }
  [[nodiscard]] bool concurrent() const noexcept { return concurrent_; }

  /// Writes a result: into the first entry of its bucket if that holds the same state, is
  /// from an older search, is shallower, or is as deep and took no more work; else into the
  /// second. work is the nodes the result's search took (the engine passes the subtree's
  /// count), compared in classes (half its bits, at most 15): in a solve, where every result
  /// has no depth limit, the first entry keeps the result of most work. A result without a
  /// move keeps the move already stored for the same state. Returns true (written). O(1)
  /// (plus Key's assignment).
  bool store(std::uint64_t hash, const Key& key, const std::optional<Move>& move,
             const score_type& value, std::int32_t depth, score_bound bound, std::uint64_t work = 0) {
    write(hash, key, move, value, depth, bound, work);
    return true;
  }
  /// store with a key as for probe, which a Key can be assigned from.
  template <class Query>
    requires(!std::is_convertible_v<const Query&, const Key&>)
  bool store(std::uint64_t hash, const Query& key, const std::optional<Move>& move,
             const score_type& value, std::int32_t depth, score_bound bound, std::uint64_t work = 0) {
    write(hash, key, move, value, depth, bound, work);
    return true;
  }

  /// Starts a new search: entries of earlier searches stay readable but lose their claim on
  /// the depth-preferred slots. O(1).
  void new_search() noexcept { generation_ = static_cast<std::uint8_t>(generation_ + 1); }  // wraps

  /// Forgets every entry and zeroes the statistics: O(1), by moving the table's epoch on (an
  /// O(size) pass once every 2^32 clears). Keys keep their storage, so a table of keys that
  /// own memory (a vector) allocates nothing when it fills again.
  void clear() {
    if (++epoch_ == 0) {
      // GCOVR_EXCL_START: reached after 2^32 clears.
      for (entry& e : entries_) e.epoch = 0;
      epoch_ = 1;
      // GCOVR_EXCL_STOP
    }
    stats_ = {};
    generation_ = 0;
  }

  /// Number of entries.
  [[nodiscard]] std::size_t capacity() const noexcept { return entries_.size(); }
  /// Bytes held by the entries themselves (a Key that owns heap memory has more).
  [[nodiscard]] std::size_t size_bytes() const noexcept { return entries_.size() * sizeof(entry); }
  /// Entries in use. O(size).
  [[nodiscard]] std::size_t occupied() const noexcept {
    std::size_t n = 0;
    for (const entry& e : entries_) n += e.epoch == epoch_ ? 1 : 0;
    return n;
  }
  [[nodiscard]] const table_statistics& statistics() const noexcept { return stats_; }
  /// Adds counts to the statistics: the stores the threads of a concurrent search made (a
  /// concurrent table does not count them itself: one counter for every thread would be
  /// written at every store).
  void add_statistics(const table_statistics& s) noexcept {
    stats_.stores += s.stores;
    stats_.rejected += s.rejected;
  }

 private:
  transposition_table() = default;

  static constexpr std::size_t lock_count = 4096;

  // The lock of the bucket at base, or nullptr when one thread uses the table.
  detail::spin_mutex* lock_of(std::size_t base) const noexcept {
    return concurrent_ ? &locks_[(base >> second_) & (lock_count - 1)] : nullptr;
  }

  template <class Query>
  const entry* find(std::uint64_t hash, const Query& key) const noexcept {
    return find_at(bucket(hash), key);
  }
  template <class Query>
  const entry* find_at(std::size_t base, const Query& key) const noexcept {
    for (std::size_t i = base; i <= base + second_; ++i) {
      const entry& e = entries_[i];
      if (e.epoch == epoch_ && e.key == key) return &e;
    }
    return nullptr;
  }

  template <class Query>
  void write(std::uint64_t hash, const Query& key, const std::optional<Move>& move,
             const score_type& value, std::int32_t depth, score_bound bound, std::uint64_t work) {
    if (!concurrent_) ++stats_.stores;  // concurrent: the threads count (add_statistics)
    const std::size_t base = bucket(hash);
    const detail::spin_guard hold(lock_of(base));
    entry& first = entries_[base];
    const std::uint8_t work_class = detail::work_class(work);
    const bool take_first = first.epoch != epoch_ || first.key == key || first.generation != generation_ ||
                            first.depth < depth || (first.depth == depth && first.work <= work_class);
    entry& e = take_first ? first : entries_[base + second_];
    const bool same = e.epoch == epoch_ && e.key == key;
    if (move) {
      e.move = *move;
      e.has_move = true;
    } else if (!same) {
      e.has_move = false;
    }
    if (!same) e.key = key;
    e.value = value;
    e.depth = depth;
    e.bound = bound;
    e.generation = generation_;
    e.work = work_class;
    e.epoch = epoch_;
  }

  void resize_entries(std::size_t entries) {
    const std::size_t n = std::bit_floor(std::max<std::size_t>(entries, 1));
    entries_.assign(n, entry{});
    second_ = n >= 2 ? 1 : 0;
    mask_ = (n >> second_) - 1;
  }

  // The bucket's first entry. The hash is mixed first so that a game's plain hash, a packed
  // board say, spreads over the buckets.
  [[nodiscard]] std::size_t bucket(std::uint64_t h) const noexcept {
    return static_cast<std::size_t>(detail::mix64(h) & mask_) << second_;
  }

  std::vector<entry, detail::huge_page_allocator<entry>> entries_;
  std::size_t mask_ = 0;
  std::size_t second_ = 0;  // 1: buckets of two entries; 0: a single entry
  std::uint8_t generation_ = 0;
  std::uint32_t epoch_ = 1;  // entries start at 0: unused
  table_statistics stats_;
  bool concurrent_ = false;
  std::unique_ptr<detail::spin_mutex[]> locks_;  // lock_count of them, once made concurrent
};

}  // namespace gametree
