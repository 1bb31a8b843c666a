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

class spin_mutex {
 public:
  spin_mutex() = default;
  spin_mutex(const spin_mutex&) = delete;
  spin_mutex& operator=(const spin_mutex&) = delete;
  ~spin_mutex() = default;

  void lock() noexcept {
    while (flag_.test_and_set(std::memory_order_acquire)) {
      for (unsigned spins = 0; flag_.test(std::memory_order_relaxed); ++spins) {
        if (spins >= 64) std::this_thread::yield();
      }
    }
  }
  [[nodiscard]] bool try_lock() noexcept { return !flag_.test_and_set(std::memory_order_acquire); }
  void unlock() noexcept { flag_.clear(std::memory_order_release); }

 private:
  std::atomic_flag flag_;
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
