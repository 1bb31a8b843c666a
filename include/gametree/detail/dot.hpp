#pragma once
// What the two search traces share when they draw a tree as Graphviz DOT: values as text,
// escaping for DOT strings, and the graph's frame (the same fonts and spacing for both
// pictures). alpha_beta.hpp's search_trace draws explicit trees; search.hpp's engine_trace
// draws the engine's searches of games.

#include <array>
#include <charconv>
#include <cmath>
#include <ostream>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>

namespace gametree::detail {

// A value as text: shortest round-trip form for arithmetic types (infinities as "∞"), else
// operator<< if the type has one, else "?".
template <class Value>
std::string format_value(const Value& v) {
  if constexpr (std::is_floating_point_v<Value>) {
    if (std::isinf(v)) return v < 0 ? "-\u221e" : "\u221e";
  }
  if constexpr (std::is_same_v<Value, bool>) {
    return v ? "true" : "false";
  } else if constexpr (std::is_arithmetic_v<Value>) {
    std::array<char, 64> buffer{};
    const auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), v);
    if (ec != std::errc{}) return "?";  // GCOVR_EXCL_LINE: 64 characters hold every arithmetic value
    return std::string(buffer.data(), end);
  } else if constexpr (requires(std::ostream& os) { os << v; }) {
    std::ostringstream os;
    os << v;
    return os.str();
  } else {
    return "?";
  }
}

// text inside a DOT string: quotes and backslashes escaped, line breaks as DOT's \n.
inline std::string dot_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

// The opening of a digraph, with the attributes both traces use.
inline void dot_begin(std::ostream& out, std::string_view name) {
  out << "digraph " << name << " {\n"
         "  graph [ordering=out, nodesep=0.2, ranksep=0.45, fontname=\"Helvetica\"];\n"
         "  node [fontname=\"Helvetica\", fontsize=10, style=filled, penwidth=1.2];\n"
         "  edge [arrowsize=0.5, color=gray30, fontname=\"Helvetica\", fontsize=9];\n";
}

// The caption under the picture, and the closing brace.
inline void dot_end(std::ostream& out, std::string_view caption) {
  if (!caption.empty()) {
    out << "  label=\"" << dot_escape(caption) << "\";\n  labelloc=b;\n  fontsize=11;\n";
  }
  out << "}\n";
}

}  // namespace gametree::detail
