#pragma once
// A faithful C++ port of the seed's approach (seed 002): a recursive function over node
// indices (children of node k at the next level are k*b .. k*b+b-1), alpha and beta passed
// by value, -inf/+inf as the extremes of long long (the seed's scores lie in [-1000, 1000]),
// and a counter of evaluated leaves. It is the baseline the library is measured against.

#include <algorithm>
#include <cstddef>
#include <limits>
#include <utility>
#include <vector>

namespace gametree_bench::seed_port {

class alpha_beta_search {
 public:
  alpha_beta_search(const std::vector<long long>& leaves, std::size_t branching)
      : leaves_(leaves), branching_(branching) {}

  // [value, evaluated]
  std::pair<long long, long long> run() {
    std::size_t depth = 0;
    for (std::size_t n = leaves_.size(); n > 1; n /= branching_) ++depth;
    evaluated_ = 0;
    const long long value = search(depth, 0, std::numeric_limits<long long>::min(),
                                   std::numeric_limits<long long>::max(), true);
    return {value, evaluated_};
  }

 private:
  long long search(std::size_t depth_left, std::size_t index, long long alpha, long long beta,
                   bool maximizing) {
    if (depth_left == 0) {
      ++evaluated_;
      return leaves_[index];
    }
    if (maximizing) {
      long long best = std::numeric_limits<long long>::min();
      for (std::size_t i = 0; i < branching_; ++i) {
        const long long v = search(depth_left - 1, index * branching_ + i, alpha, beta, false);
        best = std::max(best, v);
        alpha = std::max(alpha, best);
        if (alpha >= beta) break;
      }
      return best;
    }
    long long best = std::numeric_limits<long long>::max();
    for (std::size_t i = 0; i < branching_; ++i) {
      const long long v = search(depth_left - 1, index * branching_ + i, alpha, beta, true);
      best = std::min(best, v);
      beta = std::min(beta, best);
      if (alpha >= beta) break;
    }
    return best;
  }

  const std::vector<long long>& leaves_;
  std::size_t branching_;
  long long evaluated_ = 0;
};

inline std::pair<long long, long long> alpha_beta(const std::vector<long long>& leaves,
                                                  std::size_t branching) {
  return alpha_beta_search(leaves, branching).run();
}

}  // namespace gametree_bench::seed_port
