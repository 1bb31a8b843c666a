#pragma once
// engine_trace: the tree one search of an engine walks, recorded for a picture (Graphviz).
// Included by <gametree/search.hpp>.

#include <gametree/detail/dot.hpp>
#include <gametree/game.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace gametree {

template <game Game>
class engine;

namespace detail {
template <game Game>
class search_worker;
}  // namespace detail

/// Records the tree one search of an engine walks, for a picture: set it with
/// engine::set_trace, search, then write_dot. What is shown is the last root search that
/// completed, the one whose result the search reports: the deepest iteration of iterative
/// deepening (its last re-search, with aspiration), or the last search of a narrowing solve or
/// of MTD(f) (the one with the window just around the value that collects the line, else the
/// last null-window test). A search that completed none shows the unfinished one. Every node
/// entered is recorded with its window, how it was answered and its value, and the moves a
/// cutoff left unsearched as pruned children; after the search the principal variation is
/// marked. Scores are negamax scores, for the player to move at each node, counted from it.
/// At most max_nodes entries are kept; the rest are counted in omitted().
template <game Game>
class engine_trace {
 public:
  using move_type = typename Game::move_type;
  using score_type = score<game_value_t<Game>>;

  enum class status : std::uint8_t {
    searched,    ///< its moves were searched, every one
    cut,         ///< a move reached beta and the rest were pruned
    terminal,    ///< the game is over here
    horizon,     ///< the depth limit: evaluate() answered
    table,       ///< the transposition table's bound answered it, no search
    bounds,      ///< the game's score_bounds() answered it, no search
    pruned,      ///< a move a cutoff left unsearched (never entered)
    unfinished,  ///< a budget ended the search while it was open
  };

  struct entry {
    std::size_t parent = no_parent;  ///< index into nodes(); no_parent for the root
    std::int64_t ply = 0;
    std::optional<move_type> move;  ///< the move from the parent (empty at the root)
    score_type alpha{}, beta{};     ///< the window it was entered with
    std::optional<score_type> value;  ///< empty for pruned and unfinished nodes
    score_bound bound = score_bound::exact;  ///< what value is, for searched and cut nodes
    status state = status::unfinished;
    bool table_move = false;  ///< the table knew a move here, searched first
    bool pv = false;          ///< on the principal variation of the search's result
  };

  static constexpr std::size_t no_parent = static_cast<std::size_t>(-1);

  /// Keeps at most max_nodes entries (>= 1). Throws std::invalid_argument for 0.
  explicit engine_trace(std::size_t max_nodes = 100'000) : max_nodes_(max_nodes) {
    if (max_nodes == 0) throw std::invalid_argument("engine_trace: max_nodes must be at least 1");
  }

  /// The recorded nodes in the order they were entered; a node's pruned moves come right
  /// after the child that caused the cutoff's subtree.
  [[nodiscard]] const std::vector<entry>& nodes() const noexcept { return nodes_; }
  /// Nodes entered (or pruned) that the max_nodes cap left out.
  [[nodiscard]] std::uint64_t omitted() const noexcept { return omitted_; }
  /// The depth of the recorded iteration; empty for an unlimited one (a solve).
  [[nodiscard]] std::optional<std::int64_t> depth() const noexcept { return depth_; }

  /// Writes the recorded tree as a DOT digraph (dot -Tsvg): boxes for searched nodes with
  /// their value and window (red when cut), ellipses for nodes answered at once (the game's
  /// end, an evaluation, a table entry in yellow, the game's bounds), pruned moves dashed and
  /// grey, the principal variation bold. Edges carry the moves, as move_text writes them
  /// (default: the number, or operator<<). O(recorded nodes).
  void write_dot(std::ostream& out, const std::function<std::string(const move_type&)>& move_text = {}) const {
    detail::dot_begin(out, "engine_search");
    std::size_t counts[8] = {};
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
      const entry& e = nodes_[i];
      ++counts[static_cast<std::size_t>(e.state)];
      out << "  n" << i << " [" << attributes(e) << "];\n";
      if (e.parent == no_parent) continue;
      out << "  n" << e.parent << " -> n" << i << " [label=\""
          << detail::dot_escape(move_text ? move_text(*e.move) : detail::format_value(*e.move)) << '"';
      if (e.state == status::pruned) out << ", style=dashed, color=gray70, fontcolor=gray60";
      if (e.pv) out << ", penwidth=3, color=black";
      out << "];\n";
    }
    std::ostringstream caption;
    if (depth_) {
      caption << "iteration of depth " << *depth_;
    } else {
      caption << "unlimited search";
    }
    caption << ": " << nodes_.size() - counts[static_cast<std::size_t>(status::pruned)] << " nodes entered, "
            << counts[static_cast<std::size_t>(status::cut)] << " cut, " << counts[static_cast<std::size_t>(status::pruned)]
            << " moves pruned, " << counts[static_cast<std::size_t>(status::table)] << " answered by the table";
    if (omitted_ != 0) caption << ", " << omitted_ << " more not drawn";
    caption << "\nscores are for the player to move at each node; bold: the principal variation";
    detail::dot_end(out, caption.str());
  }

  /// write_dot into a string.
  [[nodiscard]] std::string to_dot(const std::function<std::string(const move_type&)>& move_text = {}) const {
    std::ostringstream out;
    write_dot(out, move_text);
    return out.str();
  }

 private:
  template <game>
  friend class engine;
  template <game>
  friend class detail::search_worker;
  using access = detail::score_access<game_value_t<Game>>;
  static constexpr std::size_t not_kept = static_cast<std::size_t>(-2);

  // The engine's hooks. Scores arrive counted from the root, as the engine keeps them.
  // A search starts: nothing kept yet (a finished root leaves it so).
  void start() {
    nodes_.clear();
    omitted_ = 0;
    depth_.reset();
    kept_ = false;
    live_.clear();  // a search stopped before its root shows nothing, not an earlier tree
    live_omitted_ = 0;
    live_depth_.reset();
  }
  // An iteration enters its root.
  void begin(std::optional<std::int64_t> depth) {
    live_.clear();
    path_.clear();
    live_omitted_ = 0;
    live_depth_ = depth;
  }
  // The iteration being recorded completed: it becomes the one shown.
  void commit() {
    nodes_.swap(live_);
    omitted_ = live_omitted_;
    depth_ = live_depth_;
    kept_ = true;
  }
  // The search ended: without a completed iteration, the unfinished one is shown.
  void finish() {
    if (!kept_) commit();
  }
  // The node at ply p is entered (by move, from the node at ply p - 1).
  void enter(std::size_t p, const move_type* move, const score_type& alpha, const score_type& beta) {
    if (path_.size() <= p) path_.resize(p + 1);
    const std::size_t parent = p == 0 ? no_parent : path_[p - 1];
    path_[p] = add(parent, p, move);
    if (path_[p] < live_.size()) {
      live_[path_[p]].alpha = node_score(alpha, p);
      live_[path_[p]].beta = node_score(beta, p);
    }
  }
  void table_move(std::size_t p) {
    if (path_[p] < live_.size()) live_[path_[p]].table_move = true;
  }
  // The node at ply p was answered at once, or its frame is done.
  void leave(std::size_t p, const score_type& value, status how, score_bound bound = score_bound::exact) {
    if (path_[p] >= live_.size()) return;
    entry& e = live_[path_[p]];
    e.value = node_score(value, p);
    if (e.state != status::cut) e.state = how;
    e.bound = bound;
  }
  // The node at ply p cut: these moves were not searched.
  void prune(std::size_t p, const move_type* first, const move_type* last) {
    if (path_[p] < live_.size()) live_[path_[p]].state = status::cut;
    for (; first != last; ++first) {
      const std::size_t i = add(path_[p], p + 1, first);
      if (i < live_.size()) live_[i].state = status::pruned;
    }
  }
  // Called after finish(): nodes_ holds the root, unless the search never entered it.
  void mark_pv(std::span<const move_type> pv) {
    if (nodes_.empty()) return;
    std::size_t at = 0;
    nodes_[0].pv = true;
    for (const move_type& m : pv) {
      std::size_t next = no_parent;
      for (std::size_t i = at + 1; i < nodes_.size(); ++i) {  // the last search of m (PVS re-searches)
        if (nodes_[i].parent == at && nodes_[i].state != status::pruned && *nodes_[i].move == m) next = i;
      }
      if (next == no_parent) return;
      nodes_[next].pv = true;
      at = next;
    }
  }

  std::size_t add(std::size_t parent, std::size_t p, const move_type* move) {
    if (parent == not_kept || live_.size() >= max_nodes_) {
      ++live_omitted_;
      return not_kept;
    }
    entry e;
    e.parent = parent;
    e.ply = static_cast<std::int64_t>(p);
    if (move != nullptr) e.move = *move;
    live_.push_back(std::move(e));
    return live_.size() - 1;
  }

  static score_type node_score(const score_type& s, std::size_t p) {
    if (!access::greater(s, access::neg_inf()) || !access::greater(access::pos_inf(), s)) return s;
    return access::to_node(s, static_cast<std::int64_t>(p));
  }

  static std::string text(const score_type& s) {
    if (!access::greater(s, access::neg_inf())) return "-\u221e";
    if (!access::greater(access::pos_inf(), s)) return "+\u221e";
    return to_string(s);
  }

  static std::string attributes(const entry& e) {
    std::string label;
    std::string style;
    std::string value = "?";
    if (e.value) {
      value = text(*e.value);
      if (e.bound == score_bound::lower) value += " (at least)";
      if (e.bound == score_bound::upper) value += " (at most)";
    }
    switch (e.state) {
      case status::searched:
      case status::cut:
      case status::unfinished: {
        if (e.state == status::unfinished) {
          label = "unfinished";
        } else {
          label = value;
        }
        label += "\nwindow (" + text(e.alpha) + ", " + text(e.beta) + ")";
        if (e.state == status::cut) label += "\ncut";
        if (e.table_move) label += "\ntable move first";
        style = "shape=box, style=\"rounded,filled\", fillcolor=\"#dbe8fb\"";
        if (e.state == status::cut) style += ", color=\"#c62828\"";
        if (e.state == status::unfinished) style += ", fillcolor=white, style=\"rounded,dashed\"";
        break;
      }
      case status::terminal:
        label = "game over\n";
        if (*e.value == score_type{}) {
          label += "draw";
        } else {
          label += value;
        }
        style = "shape=ellipse, fillcolor=\"#c8ecc0\"";
        break;
      case status::horizon:
        label = "evaluated\n" + value;
        style = "shape=ellipse, fillcolor=\"#eeeeee\"";
        break;
      case status::table:
        label = "table\n" + value;
        style = "shape=ellipse, fillcolor=\"#fff3b0\", color=\"#b08800\"";
        break;
      case status::bounds:
        label = "bounds\n" + value;
        style = "shape=ellipse, fillcolor=\"#e6dcf5\"";
        break;
      case status::pruned:
        label = "pruned";
        style = "shape=box, style=dashed, color=gray70, fontcolor=gray60";
        break;
    }
    if (e.pv) style += ", penwidth=3";
    return "label=\"" + detail::dot_escape(label) + "\", " + style;
  }

  std::size_t max_nodes_;
  std::vector<entry> nodes_;  // the iteration shown
  std::uint64_t omitted_ = 0;
  std::optional<std::int64_t> depth_;
  bool kept_ = false;        // an iteration of this search completed
  std::vector<entry> live_;  // the iteration being recorded
  std::uint64_t live_omitted_ = 0;
  std::optional<std::int64_t> live_depth_;
  std::vector<std::size_t> path_;  // path_[p]: the entry of the node at ply p (or not_kept)
};

}  // namespace gametree
