// match_app::run, compiled once (into gametree_example_apps) for the match program and the
// fuzz harness of its arguments: the engines and searchers of four games are its bulk.

#include "match.hpp"

int match_app::run(const std::vector<std::string_view>& args, std::string& out, std::string& err,
                    const std::function<void(const gametree::match_progress&)>& progress) {
  if (gametree_examples::asks_for_help(args)) {
    out = gametree_examples::help_text(usage);
    return 0;
  }
  options o;
  try {
    o = parse_arguments(args);
  } catch (const std::invalid_argument& e) {
    err = std::string("error: ") + e.what() + "\n";
    return 1;
  }
  if (o.game == "tic-tac-toe") {
    play(gametree::games::tic_tac_toe{}, o, out, progress);
  } else if (o.game == "connect4") {
    play(gametree::games::connect_four<>{}, o, out, progress);
  } else if (o.game == "nim") {
    play(gametree::games::nim(o.heaps), o, out, progress);
  } else {
    play(gametree::games::pig(o.goal), o, out, progress);
  }
  return 0;
}

