// docs/engine.md, "What each capability buys": the same solve with everything a shipped game
// offers and with one optional capability taken away, nodes counted as
// engine_statistics::nodes. Every claim the section makes is checked here.
#include <gametree/alpha_beta.hpp>
#include <gametree/games/connect_four.hpp>
#include <gametree/games/nim.hpp>
#include <gametree/games/tic_tac_toe.hpp>
#include <gametree/search.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace {

namespace games = gametree::games;

// The optional capabilities, as bits of without<G, Dropped>.
namespace cap {
inline constexpr unsigned none = 0;
inline constexpr unsigned undo = 1U << 0;
inline constexpr unsigned hash = 1U << 1;  // key() goes with it: keyed_game needs hash()
inline constexpr unsigned key = 1U << 2;
inline constexpr unsigned player_to_move = 1U << 3;
inline constexpr unsigned move_hint = 1U << 4;
inline constexpr unsigned score_bounds = 1U << 5;
inline constexpr unsigned search_moves = 1U << 6;
inline constexpr unsigned horizon = 1U << 7;
inline constexpr unsigned expand = 1U << 8;
inline constexpr unsigned key_bits = 1U << 9;  // hash and key take it along
inline constexpr unsigned symmetry = 1U << 10;  // canonical() and the move maps; hash and key take it along
}  // namespace cap

// G::key_bits, where G has it and Keep.
template <class G, bool Keep>
struct key_bits_of {};
template <class G>
  requires requires { G::key_bits; }
struct key_bits_of<G, true> {
  static constexpr int key_bits = G::key_bits;
};

// G with the capabilities in Dropped taken away: it forwards the required members, evaluate(),
// and each optional member that G has and Dropped does not name. The engine detects a
// capability by the member's presence, so a member whose constraint fails is not there.
template <class G, unsigned Dropped>
class without : public key_bits_of<G, (Dropped & (cap::hash | cap::key | cap::key_bits)) == 0> {
  static constexpr bool keeps(unsigned c) { return (Dropped & c) == 0; }

 public:
  using move_type = typename G::move_type;
  explicit without(G g) : g_(std::move(g)) {}

  void legal_moves(std::vector<move_type>& out) const { g_.legal_moves(out); }
  void play(const move_type& m) { g_.play(m); }
  auto outcome() const { return g_.outcome(); }
  auto evaluate() const requires gametree::evaluated_game<G> { return g_.evaluate(); }

  void undo(const move_type& m) requires(keeps(cap::undo) && gametree::undoable_game<G>) { g_.undo(m); }
  auto hash() const requires(keeps(cap::hash) && gametree::hashed_game<G>) { return g_.hash(); }
  decltype(auto) key() const requires(keeps(cap::hash | cap::key) && gametree::keyed_game<G>) {
    return g_.key();
  }
  auto player_to_move() const requires(keeps(cap::player_to_move) && gametree::turn_reporting_game<G>) {
    return g_.player_to_move();
  }
  auto move_hint(const move_type& m) const requires(keeps(cap::move_hint) && gametree::hinted_game<G>) {
    return g_.move_hint(m);
  }
  auto score_bounds() const requires(keeps(cap::score_bounds) && gametree::bounded_game<G>) {
    return g_.score_bounds();
  }
  void search_moves(std::vector<move_type>& out) const
      requires(keeps(cap::search_moves) && gametree::pruning_game<G>) {
    g_.search_moves(out);
  }
  auto horizon() const requires(keeps(cap::horizon) && gametree::horizon_game<G>) { return g_.horizon(); }
  auto canonical() const requires(keeps(cap::hash | cap::key | cap::symmetry) && gametree::symmetric_game<G>) {
    return g_.canonical();
  }
  move_type to_canonical(const move_type& m, int t) const
      requires(keeps(cap::hash | cap::key | cap::symmetry) && gametree::symmetric_game<G>) {
    return g_.to_canonical(m, t);
  }
  move_type from_canonical(const move_type& m, int t) const
      requires(keeps(cap::hash | cap::key | cap::symmetry) && gametree::symmetric_game<G>) {
    return g_.from_canonical(m, t);
  }
  auto expand(std::vector<move_type>& out) const
      requires(keeps(cap::expand | cap::score_bounds | cap::search_moves) && gametree::expanding_game<G>) {
    return g_.expand(out);
  }

 private:
  G g_;
};

static_assert(gametree::hinted_game<without<games::tic_tac_toe, cap::undo>>);
static_assert(!gametree::hinted_game<without<games::tic_tac_toe, cap::move_hint>>);
static_assert(!gametree::keyed_game<without<games::tic_tac_toe, cap::hash>>);
static_assert(gametree::hashed_game<without<games::tic_tac_toe, cap::key>> &&
              !gametree::keyed_game<without<games::tic_tac_toe, cap::key>>);

// A made-up game where a player may move twice: one heap; a move takes one or two counters;
// whoever takes two moves again (unless the heap is empty); whoever takes the last one wins.
// The first player wins from any heap by taking two at a time. No shipped game has turns that
// do not alternate.
class bonus_heap {
 public:
  using move_type = int;
  explicit bonus_heap(int heap) : heap_(heap) {}
  void legal_moves(std::vector<int>& out) const {
    for (int take = 1; take <= std::min(2, heap_); ++take) out.push_back(take);
  }
  void play(int take) {
    heap_ -= take;
    if (take == 1 || heap_ == 0) first_to_move_ = !first_to_move_;
  }
  std::optional<gametree::game_outcome> outcome() const {
    if (heap_ == 0) return gametree::game_outcome::loss;
    return std::nullopt;
  }
  bool player_to_move() const { return first_to_move_; }

 private:
  int heap_;
  bool first_to_move_ = true;
};

// Tic-tac-toe with a poor hash: X's squares only, so positions that differ in O's marks collide.
struct x_hash_tic_tac_toe : games::tic_tac_toe {
  std::uint64_t hash() const { return key() & 0x1ffU; }
};

struct measured {
  gametree::score<int> value;
  std::uint64_t nodes = 0;
  std::size_t entries = 0;  // the table's capacity (0: no table)
};

template <unsigned Dropped, class G>
measured solve_without(const G& g, const gametree::engine_options& o) {
  gametree::engine<without<G, Dropped>> e(o);
  const auto r = e.solve(without<G, Dropped>(g));
  return {r.value, r.stats.nodes, e.table() != nullptr ? e.table()->capacity() : 0};
}

// The game as it ships, to check that without<G, cap::none> hides nothing.
template <class G>
std::uint64_t shipped_nodes(const G& g, const gametree::engine_options& o) {
  return gametree::engine<G>(o).solve(g).stats.nodes;
}

// 12345 as "12,345", as docs/engine.md writes figures.
std::string grouped(std::uint64_t n) {
  const std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// A score as text, a draw said as such.
std::string text(const gametree::score<int>& s) {
  return s == gametree::score<int>{} ? "a draw" : gametree::to_string(s);
}

bool ok = true;
void claim(bool holds, const char* what) {
  if (!holds) {
    std::fprintf(stderr, "error: the claim \"%s\" does not hold\n", what);
    ok = false;
  }
}

void row(const char* what, const measured& m) {
  std::printf("  %-24s %10s nodes\n", what, grouped(m.nodes).c_str());
}

}  // namespace

int main() {
  // Tic-tac-toe solved from the empty board, default options.
  const gametree::engine_options defaults;
  const games::tic_tac_toe board;
  const auto t_all = solve_without<cap::none>(board, defaults);
  const auto t_undo = solve_without<cap::undo>(board, defaults);
  const auto t_hash = solve_without<cap::hash>(board, defaults);
  const auto t_key = solve_without<cap::key>(board, defaults);
  const auto t_hint = solve_without<cap::move_hint>(board, defaults);
  const auto t_bounds = solve_without<cap::score_bounds>(board, defaults);
  const auto t_horizon = solve_without<cap::horizon>(board, defaults);
  std::printf("tic-tac-toe, empty board, default options: %s\n", text(t_all.value).c_str());
  row("everything", t_all);
  row("without undo", t_undo);
  row("without hash (no table)", t_hash);
  row("without key", t_key);
  row("without move_hint", t_hint);
  row("without score_bounds", t_bounds);
  row("without horizon", t_horizon);
  for (const auto* m : {&t_undo, &t_hash, &t_key, &t_hint, &t_bounds, &t_horizon}) {
    claim(m->value == t_all.value, "tic-tac-toe: every variant finds the same value");
  }
  claim(t_all.nodes == shipped_nodes(board, defaults), "tic-tac-toe: the wrapper hides nothing");
  claim(t_all.value == gametree::score<int>{}, "tic-tac-toe is a draw");
  claim(t_undo.nodes == t_all.nodes, "tic-tac-toe: copy-make enters the same nodes as undo");
  claim(t_hash.nodes > t_all.nodes, "tic-tac-toe: the table saves nodes");
  claim(t_key.nodes == t_all.nodes, "tic-tac-toe: key() changes no node count (the hash is exact)");
  claim(t_hint.nodes > t_all.nodes, "tic-tac-toe: the hints save nodes");
  claim(t_bounds.nodes > t_all.nodes, "tic-tac-toe: score_bounds saves nodes");
  claim(t_horizon.nodes == t_all.nodes, "tic-tac-toe: horizon() does nothing without narrowing");

  // horizon() steers solve()'s narrowing; on tic-tac-toe it costs nodes there.
  gametree::engine_options narrowed;
  narrowed.narrowing = true;
  const auto n_all = solve_without<cap::none>(board, narrowed);
  const auto n_horizon = solve_without<cap::horizon>(board, narrowed);
  std::printf("tic-tac-toe, empty board, narrowing on: %s\n", text(n_all.value).c_str());
  row("everything", n_all);
  row("without horizon", n_horizon);
  claim(n_horizon.value == n_all.value, "tic-tac-toe narrowed: the same value without horizon()");
  claim(n_horizon.nodes < n_all.nodes, "tic-tac-toe narrowed: horizon() costs nodes");

  // A poor hash: with key() the table still answers right; trusting the hash alone, it does not.
  const auto x_key = solve_without<cap::none>(x_hash_tic_tac_toe{}, defaults);
  const auto x_hash_only = solve_without<cap::key>(x_hash_tic_tac_toe{}, defaults);
  std::printf("tic-tac-toe hashed by X's squares only: %s with key(), %s without\n",
              text(x_key.value).c_str(), text(x_hash_only.value).c_str());
  row("with key", x_key);
  row("without key", x_hash_only);
  claim(x_key.value == t_all.value, "a poor hash with key(): the right value");
  claim(x_hash_only.value != t_all.value, "a poor hash without key(): a wrong value");

  // Nim {3, 4, 5}, default options. Nim has no hints, bounds, search_moves or horizon.
  const games::nim heaps({3, 4, 5});
  const auto m_all = solve_without<cap::none>(heaps, defaults);
  const auto m_undo = solve_without<cap::undo>(heaps, defaults);
  const auto m_hash = solve_without<cap::hash>(heaps, defaults);
  const auto m_key = solve_without<cap::key>(heaps, defaults);
  gametree::engine_options same_entries;
  same_entries.table_entries = m_all.entries;
  const auto m_key_same = solve_without<cap::key>(heaps, same_entries);
  std::printf("Nim {3, 4, 5}, default options: %s\n", text(m_all.value).c_str());
  row("everything", m_all);
  row("without undo", m_undo);
  row("without hash (no table)", m_hash);
  row("without key", m_key);
  std::printf("  (a table of %s entries with key(), %s without; %s nodes without key() at %s entries)\n",
              grouped(m_all.entries).c_str(), grouped(m_key.entries).c_str(), grouped(m_key_same.nodes).c_str(),
              grouped(m_key_same.entries).c_str());
  for (const auto* m : {&m_undo, &m_hash, &m_key, &m_key_same}) {
    claim(m->value == m_all.value, "Nim: every variant finds the same value");
  }
  claim(m_all.nodes == shipped_nodes(heaps, defaults), "Nim: the wrapper hides nothing");
  claim(m_all.value.is_win(), "Nim {3, 4, 5} is a win (3 xor 4 xor 5 = 2)");
  claim(m_undo.nodes == m_all.nodes, "Nim: copy-make enters the same nodes as undo");
  claim(m_hash.nodes > m_all.nodes, "Nim: the table saves nodes");
  claim(m_key.entries > m_all.entries, "Nim: entries without a key are smaller, so 16 MiB holds more");
  claim(m_key_same.nodes == m_all.nodes, "Nim: with as many entries, key() changes no node count");

  // Connect 4 after 32164625 (the first position of Pons' Test_L1_R1; his score: 11), as the
  // connect4 program solves it.
  gametree::engine_options c4;
  c4.narrowing = true;
  c4.killer_moves = false;
  c4.history = false;
  c4.max_pv_length = 0;
  const auto position = games::connect_four<>::from_moves("32164625");
  const auto c_all = solve_without<cap::none>(position, c4);
  const auto c_undo = solve_without<cap::undo>(position, c4);
  const auto c_hash = solve_without<cap::hash>(position, c4);
  const auto c_hint = solve_without<cap::move_hint>(position, c4);
  const auto c_bounds = solve_without<cap::score_bounds>(position, c4);
  const auto c_moves = solve_without<cap::search_moves>(position, c4);
  const auto c_horizon = solve_without<cap::horizon>(position, c4);
  const auto c_expand = solve_without<cap::expand>(position, c4);
  const auto c_key_bits = solve_without<cap::key_bits>(position, c4);
  const auto c_symmetry = solve_without<cap::symmetry>(position, c4);
  std::printf("Connect 4 after 32164625, the connect4 program's options: %s (Pons' score %d)\n",
              text(c_all.value).c_str(), position.pons_score(c_all.value));
  row("everything", c_all);
  row("without undo", c_undo);
  row("without hash (no table)", c_hash);
  row("without move_hint", c_hint);
  row("without score_bounds", c_bounds);
  row("without search_moves", c_moves);
  row("without horizon", c_horizon);
  row("without expand", c_expand);
  row("without key_bits", c_key_bits);
  row("without symmetry", c_symmetry);
  std::printf("  (a table of %s entries with key_bits, %s without, in the same memory)\n", grouped(c_all.entries).c_str(),
              grouped(c_key_bits.entries).c_str());
  for (const auto* m : {&c_undo, &c_hash, &c_hint, &c_bounds, &c_moves, &c_horizon, &c_expand, &c_key_bits, &c_symmetry}) {
    claim(m->value == c_all.value, "Connect 4: every variant finds the same value");
  }
  claim(c_all.nodes == shipped_nodes(position, c4), "Connect 4: the wrapper hides nothing");
  claim(position.pons_score(c_all.value) == 11, "Connect 4 after 32164625 scores 11, as Pons says");
  claim(c_undo.nodes == c_all.nodes, "Connect 4: copy-make enters the same nodes as undo");
  claim(c_hash.nodes > c_all.nodes, "Connect 4: the table saves nodes");
  claim(c_hint.nodes > c_all.nodes, "Connect 4: the hints save nodes");
  claim(c_bounds.nodes > c_all.nodes, "Connect 4: score_bounds saves nodes");
  claim(c_moves.nodes > c_all.nodes, "Connect 4: search_moves saves nodes");
  claim(c_horizon.nodes > c_all.nodes, "Connect 4: horizon() saves nodes");
  claim(c_expand.nodes == c_all.nodes, "Connect 4: expand() enters the same nodes as its two calls");
  claim(c_key_bits.entries * 3 < c_all.entries, "Connect 4: key_bits more than triples the table's entries");

  // Symmetry pays where mirror images meet: from an empty board.
  const games::connect_four<5, 4> small;
  const auto s_all = solve_without<cap::none>(small, c4);
  const auto s_apart = solve_without<cap::symmetry>(small, c4);
  std::printf("Connect 4 on a 5 x 4 board, from the empty board, the same options: %s\n", text(s_all.value).c_str());
  row("everything", s_all);
  row("without symmetry", s_apart);
  claim(s_apart.value == s_all.value, "5 x 4: the same value without symmetry");
  claim(s_all.nodes < s_apart.nodes, "5 x 4: mirror images sharing entries saves nodes from the empty board");

  // player_to_move: without it the engine negates at every ply, and reads the bonus game as a
  // plain take-one-or-two game, which the player to move loses from a heap of 6.
  const bonus_heap six(6);
  const auto b_turns = solve_without<cap::none>(six, defaults);
  const auto b_alternating = solve_without<cap::player_to_move>(six, defaults);
  const auto b_minimax = gametree::minimax(gametree::game_tree_view(six));
  std::printf("bonus heap of 6: %s with player_to_move (minimax: %s), %s without\n",
              text(b_turns.value).c_str(), text(b_minimax.value).c_str(),
              text(b_alternating.value).c_str());
  claim(b_turns.value == gametree::score<int>::win_in(3), "bonus heap of 6: a win in 3 (two, two, two)");
  claim(b_minimax.value == b_turns.value, "bonus heap of 6: minimax over the game tree agrees");
  claim(b_alternating.value.is_loss(), "bonus heap of 6 without player_to_move: read as a loss");

  return ok ? 0 : 1;
}
