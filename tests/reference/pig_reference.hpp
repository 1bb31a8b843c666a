#pragma once
// Pig solved straight from Neller & Presser's equations (2004), written for the tests with
// no library code: P[i][j][k], the probability that the player to move wins with score i
// against j and turn total k, is
//   roll: (1 - P[j][i][0] + sum over faces r = 2..6 of (i + k + r >= goal ? 1 : P[i][j][k + r])) / 6
//   hold: 1 - P[j][i + k][0]   (only for k > 0: a turn begins with a roll)
//   P[i][j][k] = max(roll, hold),
// iterated over all states in plain order (Jacobi sweeps: every sweep from the last one's
// values) until no value changes by more than 1e-13.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace gametree_test::reference {

class pig_solution {
 public:
  explicit pig_solution(int goal) : goal_(goal), p_(cells(), 0.0) {
    std::vector<double> next(p_.size());
    double change = 1;
    while (change > 1e-13) {
      change = 0;
      for (int i = 0; i < goal; ++i) {
        for (int j = 0; j < goal; ++j) {
          for (int k = 0; i + k < goal; ++k) {
            const double v = std::max(roll(i, j, k), k > 0 ? hold(i, j, k) : 0.0);
            change = std::max(change, std::abs(v - at(i, j, k)));
            next[index(i, j, k)] = v;
          }
        }
      }
      p_.swap(next);
    }
  }

  /// The probability that the player to move wins.
  [[nodiscard]] double win(int i, int j, int k) const { return at(i, j, k); }
  [[nodiscard]] double roll(int i, int j, int k) const {
    double sum = 1 - at(j, i, 0);
    for (int r = 2; r <= 6; ++r) sum += i + k + r >= goal_ ? 1.0 : at(i, j, k + r);
    return sum / 6;
  }
  [[nodiscard]] double hold(int i, int j, int k) const { return 1 - at(j, i + k, 0); }

 private:
  [[nodiscard]] std::size_t cells() const {
    const auto g = static_cast<std::size_t>(goal_);
    return g * g * g;
  }
  [[nodiscard]] std::size_t index(int i, int j, int k) const {
    const auto g = static_cast<std::size_t>(goal_);
    return (static_cast<std::size_t>(i) * g + static_cast<std::size_t>(j)) * g + static_cast<std::size_t>(k);
  }
  [[nodiscard]] double at(int i, int j, int k) const { return p_[index(i, j, k)]; }

  int goal_;
  std::vector<double> p_;
};

}  // namespace gametree_test::reference
