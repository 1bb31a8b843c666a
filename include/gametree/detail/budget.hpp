#pragma once
// detail::budget: the clock and the stop flags that end a search, shared by the engine
// (search.hpp) and MCTS (mcts.hpp) so that a max_time and a stop mean the same in both: a
// deadline at start + max_time (none when that is past what the clock can hold), the
// searcher's own stop_request (its stop()) and the caller's flag (limits.stop). How often
// each search looks is its own affair: every 1024 nodes for the engine, every iteration (the
// flags) and every 8 (the clock) for MCTS.

#include <gametree/detail/stop_request.hpp>

#include <atomic>
#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>

namespace gametree::detail {

class budget {
 public:
  using clock = std::chrono::steady_clock;

  budget() = default;
  // max_time must have passed check_max_time.
  // team: a flag the other threads of a parallel search set to end it for all (or nullptr).
  budget(clock::time_point start, const std::optional<std::chrono::nanoseconds>& max_time,
         const std::atomic<bool>* external, const stop_request* own, const std::atomic<bool>* team = nullptr)
      : external_(external), own_(own), team_(team) {
    if (max_time && *max_time < clock::time_point::max() - start) {  // else: no limit
      deadline_ = start + std::chrono::duration_cast<clock::duration>(*max_time);
      timed_ = true;
    }
  }

  // Throws std::invalid_argument for a negative max_time, naming limits (the struct it is in).
  static void check_max_time(const std::optional<std::chrono::nanoseconds>& max_time, const char* limits) {
    if (max_time && max_time->count() < 0) {
      throw std::invalid_argument(std::string(limits) + ": max_time must not be negative");
    }
  }

  // A stop was asked for, by stop(), by the caller's flag or by the team.
  [[nodiscard]] bool stop_requested() const noexcept {
    return (own_ != nullptr && own_->requested()) ||
           (external_ != nullptr && external_->load(std::memory_order_relaxed)) ||
           (team_ != nullptr && team_->load(std::memory_order_relaxed));
  }
  // Reads the clock; false when there is no deadline.
  [[nodiscard]] bool past_deadline() const {
    return timed_ && clock::now() >= deadline_;
  }

 private:
  clock::time_point deadline_{};
  bool timed_ = false;  // there is a deadline
  const std::atomic<bool>* external_ = nullptr;
  const stop_request* own_ = nullptr;
  const std::atomic<bool>* team_ = nullptr;
};

}  // namespace gametree::detail
