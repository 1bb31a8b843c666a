// connect4_app::run_with_progress and run, compiled once (into gametree_example_apps) for the
// connect4 program and the fuzz harness of its input.

#include "connect4.hpp"

int connect4_app::run_with_progress(std::string_view input, const std::vector<std::string_view>& args,
                                   std::string& out, std::string& err, const progress_function& progress,
                                   const line_sink& steps) {
  out.clear();
  err.clear();
  if (gametree_examples::asks_for_help(args)) {
    out = gametree_examples::help_text(usage);
    return 0;
  }
  options o;
  std::vector<position> positions;
  try {
    o = parse_arguments(args);
    positions = parse_positions(input);
  } catch (const std::exception& ex) {
    err = std::string("error: ") + ex.what() + "\n";
    return 1;
  }
  gametree::engine<board> e(engine_options(o.table_mib, o.threads));
  const position* current = nullptr;
  const board* solving = nullptr;
  if (o.steps) {
    e.on_test([&](const gametree::narrowing_info<board>& t) {
      char line[200];
      std::snprintf(line, sizeof line, "line %zu: value > %s? %s; now %d .. %d; %llu nodes, %.3f s\n",
                    current->line, gametree::to_string(t.tested).c_str(), t.above ? "yes" : "no",
                    solving->pons_score(t.lower), solving->pons_score(t.upper),
                    static_cast<unsigned long long>(t.nodes), t.elapsed.count());
      if (steps) {
        steps(line);
      } else {
        err += line;
      }
    });
  }
  std::size_t mismatches = 0;
  std::uint64_t total_nodes = 0;
  double total_us = 0;
  char number[64];
  for (std::size_t k = 0; k < positions.size(); ++k) {
    const position& p = positions[k];
    current = &p;
    const solved s = solve(e, p.game, o, solving);
    total_nodes += s.nodes;
    total_us += s.microseconds;
    out.append(p.moves);
    out += ' ';
    out += std::to_string(s.score);
    if (o.best) {
      out += ' ';
      out += best_columns(e, p.game, o, s.score, solving);
    }
    if (o.stats) {
      std::snprintf(number, sizeof number, " %llu %.1f", static_cast<unsigned long long>(s.nodes), s.microseconds);
      out += number;
    }
    out += '\n';
    if (p.expected && (o.weak ? sign(*p.expected) : *p.expected) != s.score) {
      ++mismatches;
      err += "mismatch: line " + std::to_string(p.line) + ": " + std::string(p.moves) + " scores " +
             std::to_string(s.score) + ", expected " + std::to_string(*p.expected) + "\n";
    }
    if (progress) progress(k + 1, positions.size(), total_nodes);
  }
  if (o.stats) {
    const double n = positions.empty() ? 1.0 : static_cast<double>(positions.size());
    std::snprintf(number, sizeof number, "%.2f", static_cast<double>(total_nodes) / n);
    out += "summary: positions " + std::to_string(positions.size()) + ", mismatches " +
           std::to_string(mismatches) + ", mean nodes " + number;
    std::snprintf(number, sizeof number, "%.2f", total_us / n);
    out += std::string(", mean us ") + number + "\n";
  }
  return mismatches == 0 ? 0 : 2;
}

int connect4_app::run(std::string_view input, const std::vector<std::string_view>& args, std::string& out,
                      std::string& err) {
  return run_with_progress(input, args, out, err, nullptr);
}

