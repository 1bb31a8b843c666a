#pragma once
// detail::thread_pool: the threads of a parallel search, started once and kept between
// searches (a search of a few hundred microseconds must not pay for starting threads). run()
// hands one task to every thread, the caller's included (or, deferred, to the caller alone
// until it calls release()), and returns when all that started it are done, so the task may
// use whatever lives on the caller's stack.

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#if defined(__linux__)
#include <sched.h>
#endif

namespace gametree::detail {

// The CPUs this process may run on: its affinity mask where the system has one (Linux: a
// container or `taskset` may allow fewer than the machine has), else
// std::thread::hardware_concurrency(); at least 1.
inline std::size_t usable_cpus() noexcept {
#if defined(__linux__)
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0) {
    const int n = CPU_COUNT(&set);
    if (n > 0) return static_cast<std::size_t>(n);
  }
#endif
  const unsigned n = std::thread::hardware_concurrency();  // GCOVR_EXCL_LINE: Linux answers above
  return n > 0 ? n : 1;                                     // GCOVR_EXCL_LINE
}

class thread_pool {
 public:
  // A pool of helpers threads besides the caller's.
  explicit thread_pool(std::size_t helpers) : errors_(helpers + 1) {
    threads_.reserve(helpers);
    try {
      for (std::size_t i = 1; i <= helpers; ++i) threads_.emplace_back([this, i] { serve(i); });
      // GCOVR_EXCL_START: a thread the system would not start.
    } catch (...) {
      quit();
      throw;
    }
    // GCOVR_EXCL_STOP
  }
  thread_pool(const thread_pool&) = delete;
  thread_pool& operator=(const thread_pool&) = delete;
  ~thread_pool() { quit(); }

  // The threads run() uses: the helpers and the caller.
  [[nodiscard]] std::size_t size() const noexcept { return threads_.size() + 1; }

  // Runs task(0) on the calling thread and task(i) on helper i, 1 <= i < size(), and returns
  // when every one has returned. If any threw, the exception of the lowest index is rethrown
  // (after all have returned). One run() at a time.
  // deferred: the helpers start only when task(0) calls release(); if task(0) returns
  // without, they never run the task, and run() returns without waking them.
  void run(const std::function<void(std::size_t)>& task, bool deferred = false) {
    {
      const std::lock_guard<std::mutex> hold(mutex_);
      task_ = &task;
      released_ = false;
      for (std::exception_ptr& e : errors_) e = nullptr;
    }
    if (!deferred) release();
    try {
      task(0);
    } catch (...) {
      errors_[0] = std::current_exception();
    }
    std::unique_lock<std::mutex> hold(mutex_);
    done_.wait(hold, [this] { return running_ == 0; });
    task_ = nullptr;
    for (const std::exception_ptr& e : errors_) {
      if (e) std::rethrow_exception(e);
    }
  }

  // Starts the helpers on the task of the run() in progress (from its task(0), or by run()
  // itself); a second call does nothing.
  void release() {
    {
      const std::lock_guard<std::mutex> hold(mutex_);
      if (released_ || task_ == nullptr) return;  // started already, or no run() under way
      released_ = true;
      running_ = threads_.size();
      ++round_;
    }
    wake_.notify_all();
  }

 private:
  void serve(std::size_t index) {
    std::uint64_t seen = 0;
    while (true) {
      const std::function<void(std::size_t)>* task = nullptr;
      {
        std::unique_lock<std::mutex> hold(mutex_);
        wake_.wait(hold, [&] { return quit_ || round_ != seen; });
        if (quit_) return;
        seen = round_;
        task = task_;
      }
      try {
        (*task)(index);
      } catch (...) {
        errors_[index] = std::current_exception();  // read by run() after the mutex below
      }
      {
        const std::lock_guard<std::mutex> hold(mutex_);
        --running_;
      }
      done_.notify_one();
    }
  }

  void quit() noexcept {
    {
      const std::lock_guard<std::mutex> hold(mutex_);
      quit_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : threads_) t.join();
  }

  std::mutex mutex_;
  std::condition_variable wake_;  // a new round, or quit
  std::condition_variable done_;  // a helper finished its task
  const std::function<void(std::size_t)>* task_ = nullptr;
  std::uint64_t round_ = 0;
  std::size_t running_ = 0;  // helpers still in the round's task
  bool released_ = false;    // the helpers were started on the current (or last) task
  bool quit_ = false;
  std::vector<std::exception_ptr> errors_;  // one per index, set by the thread of that index
  std::vector<std::thread> threads_;
};

}  // namespace gametree::detail
