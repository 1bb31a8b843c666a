#pragma once
// detail::stop_request: the flag behind engine::stop() and mcts::stop(), shared so that both
// mean the same thing. A request made while no search runs is kept for the next search (a
// stop() sent just before a search starts must not be lost); every search clears it when it
// ends. Movable, unlike std::atomic, so that the objects holding one can be moved.

#include <atomic>

namespace gametree::detail {

class stop_request {
 public:
  stop_request() = default;
  // Moving takes the other's pending request along; neither side may be searching.
  stop_request(stop_request&& other) noexcept : flag_(other.flag_.load(std::memory_order_relaxed)) {}
  stop_request& operator=(stop_request&& other) noexcept {
    flag_.store(other.flag_.load(std::memory_order_relaxed), std::memory_order_relaxed);
    return *this;
  }
  stop_request(const stop_request&) = delete;
  stop_request& operator=(const stop_request&) = delete;
  ~stop_request() = default;

  void request() noexcept { flag_.store(true, std::memory_order_relaxed); }
  [[nodiscard]] bool requested() const noexcept { return flag_.load(std::memory_order_relaxed); }
  void clear() noexcept { flag_.store(false, std::memory_order_relaxed); }

  // Held by a search for as long as it runs: clears the request when the search ends, by a
  // return or by an exception.
  class clear_at_end {
   public:
    explicit clear_at_end(stop_request& r) noexcept : r_(r) {}
    clear_at_end(const clear_at_end&) = delete;
    clear_at_end& operator=(const clear_at_end&) = delete;
    ~clear_at_end() { r_.clear(); }

   private:
    stop_request& r_;
  };

 private:
  std::atomic<bool> flag_{false};
};

}  // namespace gametree::detail
