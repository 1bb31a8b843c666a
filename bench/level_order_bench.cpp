// level_order_parse/<gametree|scan_limit>/<nodes>: parsing LeetCode level-order text of a
// random tree into gametree::binary_node<int>, against the least work possible on the same
// bytes (tokenize and convert every number, build nothing).
#include <gametree/level_order.hpp>

#include <benchmark/benchmark.h>

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace {

// Canonical text of a tree of n nodes where each new node fills a uniformly chosen open
// slot; values in [-10^6, 10^6]. Fixed seed per size.
std::string random_tree_text(std::size_t n) {
  std::mt19937_64 rng(0x1e7e10deULL ^ n);
  std::uniform_int_distribution<int> value(-1'000'000, 1'000'000);
  std::unique_ptr<gametree::binary_node<int>> root;
  std::vector<std::unique_ptr<gametree::binary_node<int>>*> open{&root};
  for (std::size_t k = 0; k < n; ++k) {
    std::uniform_int_distribution<std::size_t> pick(0, open.size() - 1);
    const std::size_t i = pick(rng);
    auto* slot = open[i];
    open[i] = open.back();
    open.pop_back();
    *slot = gametree::make_node(value(rng));
    open.push_back(&(*slot)->left);
    open.push_back(&(*slot)->right);
  }
  return gametree::to_level_order(root);
}

// The text of each size is made once: making it builds and frees a tree of n nodes in random
// order, which would leave the heap different for every repetition.
const std::string& tree_text(std::size_t n) {
  static std::map<std::size_t, std::string> texts;
  std::string& text = texts[n];
  if (text.empty()) text = random_tree_text(n);
  return text;
}

// Each timed parse allocates its nodes on a heap where the previous parse of the same text
// has just been freed (one untimed parse comes first): a defined steady state, whichever
// benchmark ran before. The time per node depends on that state, as with any structure of
// individually allocated nodes: on a heap full of chunks freed in scattered order (after
// other benchmarks, or the first parse after making the text) each allocation waits on a
// cache miss (at 10^6 nodes, the parse right after making the text took 180 ms instead of
// 42 ms); in a fresh process it pays for the kernel's first touch of every page instead.
void gametree_parse(benchmark::State& state) {
  const std::size_t n = static_cast<std::size_t>(state.range(0));
  const std::string& text = tree_text(n);
  benchmark::DoNotOptimize(gametree::parse_level_order<int>(text).get());
  for (auto _ : state) {
    auto tree = gametree::parse_level_order<int>(text);
    benchmark::DoNotOptimize(tree.get());
    // Freeing the tree is not parsing; keep it out of the measured time.
    state.PauseTiming();
    tree.reset();
    state.ResumeTiming();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(n));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(text.size()));
}

// One pass over the bytes: split at ',' '[' ']' and whitespace, convert each number with
// std::from_chars, skip "null". No validation beyond that and no nodes.
void scan_limit(benchmark::State& state) {
  const std::size_t n = static_cast<std::size_t>(state.range(0));
  const std::string& text = tree_text(n);
  for (auto _ : state) {
    long long sum = 0;
    std::size_t tokens = 0;
    const char* p = text.data();
    const char* const end = p + text.size();
    while (p != end) {
      const char c = *p;
      if (c == ',' || c == '[' || c == ']' || c == ' ' || c == '\n' || c == '\t' || c == '\r') {
        ++p;
        continue;
      }
      ++tokens;
      if (c == 'n') {
        p += 4;
        continue;
      }
      int v = 0;
      p = std::from_chars(p, end, v).ptr;
      sum += v;
    }
    benchmark::DoNotOptimize(sum);
    benchmark::DoNotOptimize(tokens);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(n));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(text.size()));
}

void sizes(benchmark::internal::Benchmark* b) {
  for (std::int64_t n : {1'000, 10'000, 100'000, 1'000'000}) b->Arg(n);
}

BENCHMARK(gametree_parse)->Name("level_order_parse/gametree")->Apply(sizes);
BENCHMARK(scan_limit)->Name("level_order_parse/scan_limit")->Apply(sizes);

}  // namespace
