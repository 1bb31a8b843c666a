// Level-order parser: any input either parses or throws parse_error (with an offset inside
// the input); whatever parses prints canonically and parses back to the same tree.
#include <gametree/binary_tree.hpp>
#include <gametree/level_order.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

template <class T>
void round_trip(std::string_view text) {
  std::unique_ptr<gametree::binary_node<T>> tree;
  try {
    tree = gametree::parse_level_order<T>(text);
  } catch (const gametree::parse_error& e) {
    if (e.offset() > text.size() || std::string_view(e.what()).find(" at offset ") ==
                                        std::string_view::npos) {
      std::abort();
    }
    return;
  }
  const std::string printed = gametree::to_level_order(tree);
  const auto again = gametree::parse_level_order<T>(printed);  // must not throw
  if (!gametree::trees_equal(tree, again)) std::abort();
  if (gametree::to_level_order(again) != printed) std::abort();
  if (gametree::count_nodes(tree) != gametree::count_nodes(again)) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  round_trip<long long>(text);
  round_trip<int>(text);
  round_trip<double>(text);
  return 0;
}
