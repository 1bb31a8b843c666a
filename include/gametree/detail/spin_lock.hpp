#pragma once
// detail::spin_mutex: a lock for sections that last a few hundred nanoseconds, where a
// std::mutex's sleep and wake-up would cost more than the wait (the shared table's buckets,
// the shared MCTS tree). A waiter spins on a read of the flag; past 64 reads of a held lock
// it yields its core instead, for the holder may have been preempted (more threads than
// cores): spinning on would burn the waiter's whole time slice. Lockable, so that
// std::unique_lock and std::lock_guard take it.

#include <atomic>
#include <thread>

namespace gametree::detail {

// The lock itself, on a plain bool true while held (through std::atomic_ref, so that the bool
// may live in a struct that is copied while no thread uses it, as the shared MCTS tree's
// nodes do: one lock a node).
inline void lock_flag(bool& flag) noexcept {
  const std::atomic_ref<bool> held(flag);
  while (held.exchange(true, std::memory_order_acquire)) {
    for (unsigned spins = 0; held.load(std::memory_order_relaxed); ++spins) {
      if (spins >= 64) std::this_thread::yield();
    }
  }
}
inline void unlock_flag(bool& flag) noexcept { std::atomic_ref<bool>(flag).store(false, std::memory_order_release); }

class spin_mutex {
 public:
  spin_mutex() = default;
  spin_mutex(const spin_mutex&) = delete;
  spin_mutex& operator=(const spin_mutex&) = delete;
  ~spin_mutex() = default;

  void lock() noexcept { lock_flag(held_); }
  [[nodiscard]] bool try_lock() noexcept { return !std::atomic_ref<bool>(held_).exchange(true, std::memory_order_acquire); }
  void unlock() noexcept { unlock_flag(held_); }

 private:
  bool held_ = false;
};

// A spin_mutex held for a scope, or nothing (nullptr: one thread uses the data).
class spin_guard {
 public:
  explicit spin_guard(spin_mutex* m) noexcept : m_(m) {
    if (m_ != nullptr) m_->lock();
  }
  spin_guard(const spin_guard&) = delete;
  spin_guard& operator=(const spin_guard&) = delete;
  ~spin_guard() {
    if (m_ != nullptr) m_->unlock();
  }

 private:
  spin_mutex* m_;
};

}  // namespace gametree::detail
