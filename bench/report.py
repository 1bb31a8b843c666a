#!/usr/bin/env python3
"""Turns Google Benchmark JSON files into bench/results/results.md and chart.png.

Benchmarks are named <algorithm>/<seed_port|gametree|scan_limit|postorder_limit>/<size>
(shared/STYLE.md). For each algorithm and size the report shows the times, seed_port/gametree
(the speed-up over the seed's approach), gametree/<limit> for each limit the algorithm has (how
far the library is from touching each input element once, or from a bare post-order walk) and
the library's items/s. Repeated runs are reduced to their median; each ratio also gets its
spread, the range of the ratios of the repetitions paired by repetition index.

The engine's benchmarks are named <algorithm>/<gametree|handwritten>/<game>/<depth>, e.g.
engine/gametree/nim/6. Each game gets its own table in the section "The cost of being generic":
the times, gametree/handwritten (the library against the same search written by hand for that
game alone) with its spread, and the nodes/s of both. A name with no numeric size, e.g.
engine/gametree/tic_tac_toe/solve, is listed in a short table of its own there.

    report.py [options] FILE.json...     write the report (default inputs: bench/results/raw/*.json)
    report.py --self-test                check the parsing and the ratios on built-in data

Python 3 standard library only; matplotlib (Debian: python3-matplotlib) only to draw the chart.
"""

import argparse
import datetime
import glob
import json
import math
import os
import re
import shlex
import statistics
import subprocess
import sys
import tempfile

# The limits a library time is compared with, each with the phrase the report uses for it.
LIMITS = {"scan_limit": "the scan limit", "postorder_limit": "the post-order limit"}
# handwritten: the reference of a generic search, the same search written for one game alone.
VARIANTS = ("gametree", "seed_port") + tuple(LIMITS) + ("handwritten",)
NAME_FORMS = (f"<algorithm>/<{'|'.join(VARIANTS)}>/[<game>/]<size>",
              "<algorithm>/<variant>/[<game>/]<name>")
# Suffixes Google Benchmark appends to a name; they say how it was run, not what.
RUN_SUFFIX = re.compile(r"^(real_time|process_time|manual_time|[a-z_]+:[0-9]+)$")
TO_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
NOISY_CV = 0.10
# Seed order (shared/STYLE.md); algorithms not listed follow in the order first seen.
PREFERRED_ORDER = ("minimax_fill", "tree_coloring", "alpha_beta", "grid_game", "level_order_parse")
DASH = "\u2014"


class ReportError(Exception):
    pass


_captured_warnings = None  # a list while the self-test runs


def warn(message):
    if _captured_warnings is not None:
        _captured_warnings.append(message)
    else:
        print(f"report.py: warning: {message}", file=sys.stderr)


# ---------------------------------------------------------------------------------------------
# Parsing


def split_name(run_name):
    """(group, has_game, variant, size_label, size_value) or None when the name is not ours.

    group is the algorithm, or algorithm/game when names follow the variant before the size
    (engine/gametree/nim/6: group engine/nim). A name with no numeric size (engine/gametree/
    tic_tac_toe/solve) gives size_value None and its last part as the label.
    """
    parts = run_name.split("/")
    while parts and RUN_SUFFIX.match(parts[-1]):
        parts.pop()
    if len(parts) < 3 or parts[1] not in VARIANTS:
        return None
    rest = parts[2:]
    n = len(rest)
    while n and rest[n - 1].isdigit():
        n -= 1
    game, args = rest[:n], rest[n:]
    if any(not p or p.isdigit() for p in game):
        return None  # a number amid the names: not a size, and not a name
    if not args:
        return "/".join([parts[0]] + game[:-1]), len(game) > 1, parts[1], game[-1], None
    # Several arguments (e.g. rows/cols) form one size whose magnitude is their product.
    value = math.prod(int(a) for a in args)
    return "/".join([parts[0]] + game), bool(game), parts[1], "\u00d7".join(args), value


class Measurement:
    """One benchmark (algorithm, variant, size) reduced over its repetitions."""

    def __init__(self, time_ns, cpu_ns, items_per_second, repetitions, cv, samples=None, nodes=None):
        self.time_ns = time_ns
        self.cpu_ns = cpu_ns
        self.items_per_second = items_per_second
        self.repetitions = repetitions
        self.cv = cv  # coefficient of variation of the time, None when unknown
        # The time of each repetition in repetition-index order; None when only aggregates
        # were written (--benchmark_report_aggregates_only).
        self.samples = samples
        self.nodes = nodes  # the "nodes" counter (nodes per iteration) of a search, if it has one

    def ns_per_item(self, size_value):
        # items per iteration = items/s * cpu s/iteration (items/s is computed from CPU time).
        if self.items_per_second:
            items = self.items_per_second * self.cpu_ns * 1e-9
            if items > 0:
                return self.time_ns / max(1.0, round(items))
        return self.time_ns / size_value if size_value else None


def load_json_text(text, source):
    if not text.strip():
        raise ReportError(f"{source}: empty file (did the benchmark binary run no benchmark?)")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ReportError(f"{source}: not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})")
    if not isinstance(data, dict) or not isinstance(data.get("benchmarks"), list):
        raise ReportError(f"{source}: not Google Benchmark JSON output (no \"benchmarks\" list)")
    return data


class Collected:
    """What collect() found.

    results: {algorithm: {size_label: {"value": int, variant: Measurement}}}, the algorithms
    compared with their seed port and limits, in the order first seen.
    generic: the same for each group compared with a handwritten search (a name with a game,
    or a handwritten variant), e.g. "engine/nim", in the order the benchmarks were registered.
    unsized: [(benchmark name, Measurement)] of the names with no numeric size.
    contexts: [(source, the "context" of its JSON)].
    """

    def __init__(self, results, generic, unsized, contexts):
        self.results, self.generic, self.unsized, self.contexts = results, generic, unsized, contexts


def _counter(bench, name):
    value = bench.get(name)
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def collect(documents, time_field="cpu_time"):
    """documents: [(source, parsed JSON)] -> Collected."""
    runs = {}  # (group, variant, size_label) -> {"value", "iterations": [...], "aggregates": {}, ...}
    order = []
    contexts = []
    ignored = set()
    for doc_index, (source, data) in enumerate(documents):
        contexts.append((source, data.get("context", {})))
        for i, bench in enumerate(data["benchmarks"]):
            if not isinstance(bench, dict) or "name" not in bench:
                raise ReportError(f"{source}: benchmark entry {i} has no \"name\"")
            run_name = bench.get("run_name", bench["name"])
            parsed = split_name(run_name)
            if parsed is None:
                if run_name not in ignored:
                    warn(f"{source}: ignoring '{run_name}' (neither {' nor '.join(NAME_FORMS)})")
                    ignored.add(run_name)
                continue
            if bench.get("error_occurred"):
                warn(f"{source}: ignoring '{run_name}': {bench.get('error_message', 'error occurred')}")
                continue
            if bench.get("skipped"):
                continue
            group, has_game, variant, label, value = parsed
            try:
                unit = TO_NS[bench.get("time_unit", "ns")]
                entry = {
                    "time": float(bench[time_field]) * unit,
                    "cpu": float(bench["cpu_time"]) * unit,
                    "items": float(bench["items_per_second"]) if "items_per_second" in bench else None,
                    "nodes": _counter(bench, "nodes"),
                    "index": int(bench.get("repetition_index", -1)),
                    "raw": bench,
                }
            except (KeyError, TypeError, ValueError) as e:
                raise ReportError(f"{source}: benchmark '{bench['name']}' lacks a usable {e} field")
            key = (group, variant, label)
            if key not in runs:
                # Registration order: with --benchmark_enable_random_interleaving the file's
                # order is the random one the repetitions ran in.
                family = bench.get("family_index")
                instance = bench.get("per_family_instance_index")
                runs[key] = {"value": value, "game": has_game, "iterations": [], "aggregates": {},
                             "name": "/".join(p for p in run_name.split("/") if not RUN_SUFFIX.match(p)),
                             "registered": (doc_index, family if isinstance(family, int) else len(runs),
                                            instance if isinstance(instance, int) else 0)}
                if group not in order:
                    order.append(group)
            if bench.get("run_type") == "aggregate":
                runs[key]["aggregates"][bench.get("aggregate_name", "")] = entry
            else:
                runs[key]["iterations"].append(entry)

    # A group compared with a handwritten search; its size is a game's search depth.
    generic_groups = {g for (g, v, _), run in runs.items() if v == "handwritten" or run["game"]}
    seen = {a: i for i, a in enumerate(order)}
    classic = [a for a in order if a not in generic_groups]
    classic.sort(key=lambda a: (PREFERRED_ORDER.index(a) if a in PREFERRED_ORDER else len(PREFERRED_ORDER),
                                seen[a]))
    registered = {}
    for (group, _, _), run in runs.items():
        registered[group] = min(registered.get(group, run["registered"]), run["registered"])
    generic_order = sorted((g for g in order if g in generic_groups), key=lambda g: (registered[g], seen[g]))
    results = {a: {} for a in classic}
    generic = {g: {} for g in generic_order}
    unsized = []
    for (group, variant, label), run in runs.items():
        m = reduce_run(run)
        if m is None:
            continue
        if run["value"] is None:
            unsized.append((run["registered"], run["name"], m))
            continue
        if group in generic and variant not in ("gametree", "handwritten"):
            warn(f"not reporting '{run['name']}': {group} is compared with a handwritten search, "
                 f"not with a {variant}")
            continue
        row = (generic if group in generic else results)[group].setdefault(label, {"value": run["value"]})
        row[variant] = m
    for table in (results, generic):
        for group in list(table):
            if not table[group]:
                del table[group]
    unsized = [(name, m) for _, name, m in sorted(unsized, key=lambda u: u[0])]
    return Collected(results, generic, unsized, contexts)


def reduce_run(run):
    aggregates, iterations = run["aggregates"], run["iterations"]
    # Sorted by repetition index (a stable sort keeps file order where there is none), so that
    # samples[k] of two benchmarks are their k-th repetitions.
    iterations = sorted(iterations, key=lambda e: e["index"])
    samples = [e["time"] for e in iterations] if len(iterations) > 1 else None
    if "median" in aggregates:
        med = aggregates["median"]
        cv = aggregates.get("cv")
        reps = med["raw"].get("repetitions", len(iterations) or None)
        cv_value = cv["time"] / TO_NS[cv["raw"].get("time_unit", "ns")] if cv else None
        # The "cv" aggregate is a ratio that Google Benchmark labels with the time unit.
        return Measurement(med["time"], med["cpu"], med["items"], reps, cv_value, samples, med["nodes"])
    if iterations:
        times = [e["time"] for e in iterations]
        items = [e["items"] for e in iterations if e["items"] is not None]
        nodes = [e["nodes"] for e in iterations if e["nodes"] is not None]
        cv = None
        if len(times) > 1 and statistics.mean(times) > 0:
            cv = statistics.stdev(times) / statistics.mean(times)
        return Measurement(statistics.median(times), statistics.median(e["cpu"] for e in iterations),
                           statistics.median(items) if items else None, len(times), cv, samples,
                           statistics.median(nodes) if nodes else None)
    if "mean" in aggregates:
        mean = aggregates["mean"]
        return Measurement(mean["time"], mean["cpu"], mean["items"], mean["raw"].get("repetitions"), None,
                           nodes=mean["nodes"])
    return None


# ---------------------------------------------------------------------------------------------
# Formatting


def ratio(numerator, denominator):
    if numerator is None or denominator is None or denominator.time_ns <= 0:
        return None
    return numerator.time_ns / denominator.time_ns


class Spread:
    """How a ratio of two measurements varies over their repetitions.

    With the same number of repetitions on both sides the ratios are paired by repetition
    index, ratio_k = numerator_k / denominator_k, and low/high are their minimum and maximum;
    otherwise low/high are the extremes min(numerator)/max(denominator) and
    max(numerator)/min(denominator). noisy: the ratios of the pairs, or either time's
    repetitions, vary by more than NOISY_CV (coefficient of variation).
    """

    def __init__(self, low, high, paired, noisy):
        self.low, self.high, self.paired, self.noisy = low, high, paired, noisy

    def inverted(self):
        if self.low is None:
            return self
        return Spread(1 / self.high, 1 / self.low, self.paired, self.noisy)


def spread(numerator, denominator):
    """The Spread of numerator/denominator, or None when either is missing. low and high are
    None when the repetitions' times are unknown (only aggregates were written)."""
    if numerator is None or denominator is None:
        return None
    noisy = any(m.cv is not None and m.cv > NOISY_CV for m in (numerator, denominator))
    a, b = numerator.samples, denominator.samples
    if not a or not b or min(b) <= 0:
        return Spread(None, None, False, noisy)
    if len(a) == len(b):
        ratios = [x / y for x, y in zip(a, b)]
        mean = statistics.mean(ratios)
        if mean > 0 and statistics.stdev(ratios) / mean > NOISY_CV:
            noisy = True
        return Spread(min(ratios), max(ratios), True, noisy)
    return Spread(min(a) / max(b), max(a) / min(b), False, noisy)


def fmt_time(ns):
    if ns is None:
        return DASH
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("\u00b5s", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"


def fmt_ratio(r):
    if r is None:
        return DASH
    return f"{r:.0f}\u00d7" if r >= 100 else f"{r:.1f}\u00d7" if r >= 10 else f"{r:.2f}\u00d7"


def fmt_count(n):
    for unit, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if n >= scale:
            return f"{n / scale:.3g}{unit}"
    return f"{n:g}"


def fmt_rate(per_second):
    if not per_second:
        return DASH
    for unit, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if per_second >= scale:
            return f"{per_second / scale:.3g} {unit}/s"
    return f"{per_second:.3g} /s"


def fmt_magnitude(n):
    """A rate without its unit, as a headline gives the second of two: 24.5 M."""
    for unit, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if n >= scale:
            return f"{n / scale:.3g} {unit}"
    return f"{n:.3g}"


def fmt_range(sp):
    """The range of a spread with known bounds, e.g. 1.60-1.85 and a times sign; else None."""
    if sp is None or sp.low is None:
        return None
    low, high = fmt_ratio(sp.low), fmt_ratio(sp.high)
    return f"{low[:-1]}\u2013{high}"


def fmt_ratio_cell(r, sp):
    if r is None:
        return DASH
    text = fmt_ratio(r)
    bounds = fmt_range(sp)
    if bounds:
        text += f" ({bounds})"
    return text + " \u2020" if sp is not None and sp.noisy else text


def fmt_time_cell(m):
    if m is None:
        return DASH
    text = fmt_time(m.time_ns)
    return text + " \u2020" if m.cv is not None and m.cv > NOISY_CV else text


def sorted_rows(rows):
    return sorted(rows.items(), key=lambda kv: (kv[1]["value"], kv[0]))


def headline_note(sp):
    """What the headline says next to a figure about its spread: its range over the
    repetitions, and a warning when they vary by more than NOISY_CV."""
    notes = []
    bounds = fmt_range(sp)
    if bounds:
        notes.append(bounds)
    if sp is not None and sp.noisy:
        notes.append(f"\u2020 repetitions vary by more than {NOISY_CV:.0%}")
    return f" ({'; '.join(notes)})" if notes else ""


def limits_of(rows):
    """The limits some size of an algorithm has, in LIMITS order."""
    return [v for v in LIMITS if any(v in row for row in rows.values())]


def headline(algorithm, rows):
    label, row = sorted_rows(rows)[-1]
    g = row.get("gametree")
    if g is None:
        return f"- **{algorithm}** (size {label}): no gametree measurement."
    s = row.get("seed_port")
    speedup = ratio(s, g)
    if speedup is None:
        first = "no seed port to compare with"
    elif fmt_ratio(speedup) == fmt_ratio(1.0):
        first = f"gametree is **as fast as** the seed port{headline_note(spread(s, g))}"
    elif speedup >= 1:
        first = f"gametree is **{fmt_ratio(speedup)} faster** than the seed port{headline_note(spread(s, g))}"
    else:
        first = (f"gametree is **{fmt_ratio(1 / speedup)} slower** than the seed port"
                 f"{headline_note(spread(s, g).inverted())}")
    limits = [v for v in limits_of(rows) if row.get(v) is not None]
    if not limits:
        second = "there is no scan limit to compare with"
    else:
        figures = [f"**{fmt_ratio(ratio(g, row[v]))}** {'that of' if i else 'the time of'} {LIMITS[v]}"
                   f"{headline_note(spread(g, row[v]))}" for i, v in enumerate(limits)]
        second = "it takes " + " and ".join(figures)
    return f"- **{algorithm}** at size {label}: {first}, and {second}."


def rate_name(rows):
    """What a group's items are: nodes when its benchmarks count them."""
    return "nodes" if any(getattr(row.get(v), "nodes", None) is not None
                          for row in rows.values() for v in ("gametree", "handwritten")) else "items"


def generic_headline(group, rows):
    label, row = sorted_rows(rows)[-1]
    where = f"**{group}** at {'depth' if '/' in group else 'size'} {label}"
    g, h = row.get("gametree"), row.get("handwritten")
    if g is None:
        return f"- {where}: no gametree measurement."
    unit = rate_name(rows)
    subject = "the engine" if group.split("/")[0] == "engine" else "gametree"
    g_rate = f"{fmt_magnitude(g.items_per_second)} {unit}/s" if g.items_per_second else None
    if h is None:
        return f"- {where}: no handwritten search to compare with" + (f", {g_rate}." if g_rate else ".")
    text = (f"- {where}: {subject} takes **{fmt_ratio(ratio(g, h))}** the time of the handwritten search"
            f"{headline_note(spread(g, h))}")
    if g_rate and h.items_per_second:
        text += f", {g_rate} against {fmt_magnitude(h.items_per_second)}"
    return text + "."


def fmt_nodes_cell(*measurements):
    """The nodes per iteration of the measurements that count them: one figure when they agree."""
    counts = [m.nodes for m in measurements if m is not None and m.nodes is not None]
    if not counts:
        return DASH
    if all(c == counts[0] for c in counts):
        return fmt_count(counts[0])
    return " vs ".join(fmt_count(c) for c in counts) + " \u2020"


def render_generic(generic, unsized, kind):
    out = ["## The cost of being generic", "",
           "gametree / handwritten: the library's time over that of the same search written by hand "
           "for that one game alone, the least a generic engine can cost (1.00\u00d7: being generic "
           f"costs nothing). Times are {kind} time per iteration, the median of the repetitions; a "
           "ratio is that of the medians, in brackets the lowest and highest ratio_k = gametree_k / "
           "handwritten_k over the repetitions k paired by repetition index. \u2020 marks a time, or a "
           f"ratio, whose repetitions vary by more than {NOISY_CV:.0%}. nodes/s is the benchmark's "
           "items/s; nodes per iteration its \"nodes\" counter, one figure when both searches enter "
           "the same nodes (a \u2020 when they do not: the times then compare different work).", ""]
    for group, rows in generic.items():
        unit = rate_name(rows)
        size = "depth" if "/" in group else "size"
        out += [f"### {group}", "",
                f"| {size} | gametree | handwritten | gametree / handwritten (cost of being generic) "
                f"| gametree {unit}/s | handwritten {unit}/s | {unit} per iteration |",
                "|---:|---:|---:|---:|---:|---:|---:|"]
        for label, row in sorted_rows(rows):
            g, h = row.get("gametree"), row.get("handwritten")
            cells = [label, fmt_time_cell(g), fmt_time_cell(h), fmt_ratio_cell(ratio(g, h), spread(g, h)),
                     fmt_rate(g.items_per_second if g else None), fmt_rate(h.items_per_second if h else None),
                     fmt_nodes_cell(g, h)]
            out.append("| " + " | ".join(cells) + " |")
        out.append("")
    if unsized:
        out += ["### Benchmarks without a size", "",
                "Named with no numeric size, so with no reference to be compared with.", "",
                "| benchmark | time | items/s | nodes per iteration |", "|:---|---:|---:|---:|"]
        for name, m in unsized:
            out.append(f"| {name} | {fmt_time_cell(m)} | {fmt_rate(m.items_per_second)} | {fmt_nodes_cell(m)} |")
        out.append("")
    return out


def render_markdown(results, machine, time_field, chart_name, generic=None, unsized=None):
    kind = "CPU" if time_field == "cpu_time" else "wall-clock"
    out = ["# gametree benchmark results", ""]
    out += ["Generated by `bench/report.py`; rerun the command below to regenerate. "
            "Do not edit by hand.", ""]
    out += ["## Machine", ""]
    for key, value in machine:
        out.append(f"- {key}: {value}")
    out += ["", "## Headline", ""]
    lines = [generic_headline(group, rows) for group, rows in (generic or {}).items()]
    if not results:
        out += ["At each game's largest depth: gametree time / handwritten time (see below).", ""]
        out += lines + [""] + render_generic(generic or {}, unsized, kind)
        return "\n".join(out)
    out += [
            "At each algorithm's largest size: speed-up = seed_port time / gametree time; "
            "distance from a limit = gametree time / limit time (1.00\u00d7 would mean the "
            "library does no more than the limit: touch each input element once for the scan "
            "limit, walk children before parents and write each internal node once for the "
            "post-order limit). In brackets: the range of the figure over the repetitions "
            f"(see the tables), and a \u2020 where they vary by more than {NOISY_CV:.0%}: "
            "a change smaller than the range may be noise.", ""]
    for algorithm, rows in results.items():
        out.append(headline(algorithm, rows))
    if generic:
        out += ["", "At each game's largest depth, the cost of being generic: gametree time / the "
                "time of the same search written by hand for that game alone (1.00\u00d7: it costs "
                "nothing), in brackets and with \u2020 as above; and the nodes/s of both.", ""] + lines
    out += ["", f"![time per item, gametree vs seed port vs its limits]({chart_name})", ""]
    out += ["## Tables", "",
            f"Times are {kind} time per iteration, the median of the repetitions. "
            f"\u2020 marks a time whose repetitions vary by more than {NOISY_CV:.0%} "
            f"(coefficient of variation). {DASH} means the algorithm has no such benchmark. "
            "A ratio is that of the medians; in brackets, its spread: the lowest and highest "
            "ratio_k = numerator_k / denominator_k over the repetitions k, paired by repetition "
            "index. The repetitions of a binary's benchmarks run in one random interleaved "
            "order, so the k-th of two benchmarks are not run side by side: the spread is that "
            "of one repetition against another, what a rerun could show. A \u2020 on a ratio "
            f"marks one whose paired ratios, or either time, vary by more than {NOISY_CV:.0%}.", ""]
    for algorithm, rows in results.items():
        limits = limits_of(rows) or ["scan_limit"]
        out += [f"### {algorithm}", "",
                "| size | gametree | seed_port | " + " | ".join(limits)
                + " | seed_port / gametree (speed-up) | "
                + " | ".join(f"gametree / {v}" for v in limits) + " | gametree items/s |",
                "|---:|---:|---:|" + "---:|" * (2 * len(limits) + 2)]
        for label, row in sorted_rows(rows):
            g, s = row.get("gametree"), row.get("seed_port")
            cells = [label, fmt_time_cell(g), fmt_time_cell(s)]
            cells += [fmt_time_cell(row.get(v)) for v in limits]
            cells.append(fmt_ratio_cell(ratio(s, g), spread(s, g)))
            cells += [fmt_ratio_cell(ratio(g, row.get(v)), spread(g, row.get(v))) for v in limits]
            cells.append(fmt_rate(g.items_per_second if g else None))
            out.append("| " + " | ".join(cells) + " |")
        out.append("")
    if generic or unsized:
        out += render_generic(generic or {}, unsized, kind)
    return "\n".join(out)


# ---------------------------------------------------------------------------------------------
# Machine description


def run_text(argv):
    try:
        return subprocess.run(argv, capture_output=True, text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def read_cmake_cache(build_dir):
    cache = {}
    try:
        with open(os.path.join(build_dir, "CMakeCache.txt"), encoding="utf-8") as f:
            for line in f:
                m = re.match(r"^([A-Za-z_][A-Za-z0-9_]*):[A-Z]+=(.*)$", line.rstrip("\n"))
                if m:
                    cache[m.group(1)] = m.group(2)
    except OSError:
        warn(f"no CMake cache in {build_dir}; compiler and flags unknown")
    return cache


def effective_flags(build_dir):
    # What the Makefile generator actually passes when compiling a benchmark.
    for path in sorted(glob.glob(os.path.join(build_dir, "bench", "CMakeFiles", "*_bench.dir", "flags.make"))):
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.startswith("CXX_FLAGS = "):
                    return line[len("CXX_FLAGS = "):].strip()
    return None


def cpu_model():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def describe_machine(build_dir, contexts, command, time_field):
    cache = read_cmake_cache(build_dir)
    compiler = cache.get("CMAKE_CXX_COMPILER", "")
    version_lines = run_text([compiler, "--version"]).splitlines() if compiler else []
    version = version_lines[0] if version_lines else "unknown"
    resolved = os.path.realpath(compiler) if compiler else ""
    benchmark_version = run_text(["dpkg-query", "-W", "-f=${Version}", "libbenchmark-dev"]) or "unknown"
    machine = [
        ("CPU", cpu_model()),
        ("cores (nproc)", run_text(["nproc"]) or str(os.cpu_count())),
        ("compiler", f"`{compiler}`" + (f" (\u2192 `{resolved}`)" if resolved and resolved != compiler else "")
         + f": {version}" if compiler else "unknown"),
        ("CMAKE_BUILD_TYPE", cache.get("CMAKE_BUILD_TYPE", "unknown")),
        ("CMAKE_CXX_FLAGS_RELEASE", f"`{cache.get('CMAKE_CXX_FLAGS_RELEASE', 'unknown')}`"),
    ]
    if cache.get("CMAKE_CXX_FLAGS"):
        machine.append(("CMAKE_CXX_FLAGS", f"`{cache['CMAKE_CXX_FLAGS']}`"))
    flags = effective_flags(build_dir)
    if flags:
        machine.append(("compile flags of the benchmarks", f"`{flags}`"))
    machine.append(("Google Benchmark", f"libbenchmark-dev {benchmark_version}"))
    dates = sorted(str(c.get("date")) for _, c in contexts if c.get("date"))
    machine.append(("date", f"{dates[0]} \u2013 {dates[-1]}" if len(dates) > 1 and dates[0] != dates[-1]
                    else (dates[0] if dates else datetime.datetime.now().astimezone().isoformat(timespec="seconds"))))
    loads = [c.get("load_avg") for _, c in contexts if c.get("load_avg")]
    if loads:
        first = ", ".join(f"{x:.2f}" for x in loads[0])
        machine.append(("load average when the first binary started", first))
    builds = {c.get("library_build_type") for _, c in contexts if c.get("library_build_type")}
    if "debug" in builds:
        machine.append(("note", "the installed Google Benchmark library reports itself as a debug "
                        "build; this affects only its own bookkeeping, not the code being timed"))
    machine.append(("time measured", "CPU time" if time_field == "cpu_time" else "wall-clock (real) time"))
    if command:
        machine.append(("command", f"`{command}`"))
    return machine


# ---------------------------------------------------------------------------------------------
# Chart


def draw_chart(results, path, time_field):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.ticker

    names = list(results)
    cols = min(3, len(names))
    rows = math.ceil(len(names) / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(5.2 * cols, 4.0 * rows + 0.6), squeeze=False)
    style = {
        "gametree": dict(color="#1f77b4", marker="o", linewidth=2.2, label="gametree"),
        "seed_port": dict(color="#d62728", marker="s", linewidth=1.6, label="seed port"),
        "scan_limit": dict(color="#7f7f7f", marker="^", linewidth=1.4, linestyle="--", label="scan limit"),
        "postorder_limit": dict(color="#2ca02c", marker="v", linewidth=1.4, linestyle=":",
                                label="post-order limit"),
    }
    for index, algorithm in enumerate(names):
        ax = axes[index // cols][index % cols]
        rows_sorted = sorted_rows(results[algorithm])
        for variant in VARIANTS:
            xs, ys = [], []
            for _, row in rows_sorted:
                m = row.get(variant)
                per_item = m.ns_per_item(row["value"]) if m else None
                if per_item and per_item > 0 and row["value"] > 0:
                    xs.append(row["value"])
                    ys.append(per_item)
            if xs:
                ax.plot(xs, ys, **style[variant])
        ax.set_xscale("log")
        ax.set_yscale("log")
        sizes = [row["value"] for _, row in rows_sorted if row["value"] > 0]
        ax.xaxis.set_major_locator(matplotlib.ticker.FixedLocator(sizes))
        ax.xaxis.set_major_formatter(matplotlib.ticker.FixedFormatter([fmt_count(v) for v in sizes]))
        ax.xaxis.set_minor_formatter(matplotlib.ticker.NullFormatter())
        # 1-2-5 ticks with plain numbers: a panel that spans one decade still has labels.
        ax.yaxis.set_major_locator(matplotlib.ticker.LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
        ax.yaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda y, _: f"{y:g}"))
        ax.yaxis.set_minor_formatter(matplotlib.ticker.NullFormatter())
        ax.set_title(algorithm, fontsize=12, fontweight="bold")
        ax.set_xlabel("size")
        ax.set_ylabel("ns per item")
        ax.grid(True, which="major", alpha=0.4)
        ax.grid(True, which="minor", alpha=0.12)
    for index in range(len(names), rows * cols):
        axes[index // cols][index % cols].set_visible(False)
    shown = [v for v in VARIANTS if any(v in row for rows in results.values() for row in rows.values())]
    handles = [plt.Line2D([], [], **style[v]) for v in shown]
    kind = "CPU" if time_field == "cpu_time" else "wall-clock"
    fig.suptitle(f"gametree benchmarks: {kind} time per item (median; log scales, lower is faster)", fontsize=13)
    if len(names) < rows * cols:
        # The first unused cell of the grid holds the legend.
        spare = axes[len(names) // cols][len(names) % cols]
        spare.set_visible(True)
        spare.axis("off")
        spare.legend(handles=handles, loc="center", frameon=False, fontsize=12)
        fig.tight_layout(rect=(0, 0, 1, 0.96))
    else:
        fig.legend(handles=handles, loc="lower center", ncol=len(handles), frameon=False, fontsize=11)
        fig.tight_layout(rect=(0, 0.08 if rows == 1 else 0.05, 1, 0.96))
    fig.savefig(path, dpi=150)
    plt.close(fig)


# ---------------------------------------------------------------------------------------------
# Self-test


def _bench(name, run_type, time, items_per_second=None, aggregate=None, unit="ns", reps=None, cpu=None,
           index=None):
    entry = {"name": name + (f"_{aggregate}" if aggregate else ""), "run_name": name, "run_type": run_type,
             "real_time": time, "cpu_time": cpu if cpu is not None else time, "time_unit": unit,
             "iterations": 10}
    if index is not None:
        entry["repetition_index"] = index
    if aggregate:
        entry["aggregate_name"] = aggregate
        entry["repetitions"] = reps
    if items_per_second is not None:
        entry["items_per_second"] = items_per_second
    return entry


def _self_test_document():
    b = []
    # alg_a: aggregates only; the median must be used, not the mean.
    for variant, median in (("seed_port", 400.0), ("gametree", 100.0), ("scan_limit", 80.0)):
        for size, scale in ((1000, 1), (10, 0.01)):
            name = f"alg_a/{variant}/{size}"
            b.append(_bench(name, "aggregate", 999.0 * scale, aggregate="mean", reps=3,
                            items_per_second=size / (999.0 * scale * 1e-6)))
            b.append(_bench(name, "aggregate", median * scale, aggregate="median", reps=3, unit="us",
                            items_per_second=size / (median * scale * 1e-6)))
            b.append(_bench(name, "aggregate", 0.25 if variant == "seed_port" else 0.01,
                            aggregate="cv", reps=3, unit="us"))
    # alg_b: only gametree and scan_limit, three plain repetitions each; median of those.
    for t in (30.0, 10.0, 20.0):
        b.append(_bench("alg_b/gametree/64", "iteration", t, items_per_second=64 / (t * 1e-9)))
    for t in (5.0, 4.0, 6.0):
        b.append(_bench("alg_b/scan_limit/64", "iteration", t, items_per_second=64 / (t * 1e-9)))
    # alg_d: every repetition and the aggregates, as --benchmark_display_aggregates_only
    # writes them, listed out of repetition order. By index, gametree is 10, 12, 11, the seed
    # port 20, 30, 22 and the post-order limit half of gametree; the scan limit has only two
    # repetitions, 4 and 5, so it cannot be paired.
    for variant, times, order in (("gametree", (10.0, 12.0, 11.0), (2, 0, 1)),
                                  ("seed_port", (20.0, 30.0, 22.0), (1, 2, 0)),
                                  ("postorder_limit", (5.0, 6.0, 5.5), (0, 2, 1)),
                                  ("scan_limit", (4.0, 5.0), (1, 0))):
        name = f"alg_d/{variant}/100"
        for k in order:
            b.append(_bench(name, "iteration", times[k], index=k, items_per_second=100 / (times[k] * 1e-9)))
        b.append(_bench(name, "aggregate", statistics.median(times), aggregate="median", reps=len(times),
                        items_per_second=100 / (statistics.median(times) * 1e-9)))
        b.append(_bench(name, "aggregate", statistics.stdev(times) / statistics.mean(times),
                        aggregate="cv", reps=len(times)))
    # alg_e: the library slower than the seed port (gametree 20, 22; seed port 10, 10), and
    # at a larger size as fast as it (a ratio of 0.998, which prints as 1.00).
    for variant, times in (("gametree", (20.0, 22.0)), ("seed_port", (10.0, 10.0))):
        for k, t in enumerate(times):
            b.append(_bench(f"alg_e/{variant}/7", "iteration", t, index=k))
    for variant, times in (("gametree", (1000.0, 1000.0)), ("seed_port", (998.0, 998.0))):
        for k, t in enumerate(times):
            b.append(_bench(f"alg_e/{variant}/9", "iteration", t, index=k))
    # Two arguments form one size; real_time suffix is stripped.
    b.append(_bench("alg_c/gametree/4/8/real_time", "iteration", 64.0, items_per_second=32 / 64e-9))
    # Names to ignore with a warning, and a benchmark that failed.
    b.append(_bench("BM_something_else/8", "iteration", 1.0))
    b.append(_bench("alg_a/other_variant/8", "iteration", 1.0))
    failed = _bench("alg_a/gametree/5", "iteration", 1.0)
    failed.update(error_occurred=True, error_message="boom")
    b.append(failed)
    return json.dumps({"context": {"date": "2000-01-01T00:00:00+00:00", "num_cpus": 2,
                                   "load_avg": [0.5, 0.4, 0.3]}, "benchmarks": b})


def _self_test_engine_document():
    b = []

    def add(name, times, family, instance=0, unit="ns", nodes=None, items=None, order=None, aggregates=False):
        for k in order or range(len(times)):
            entry = _bench(name, "iteration", times[k], unit=unit, index=k,
                           items_per_second=items[k] if items else None)
            entry.update(family_index=family, per_family_instance_index=instance)
            if nodes is not None:
                entry["nodes"] = nodes
            b.append(entry)
        if aggregates:
            median = _bench(name, "aggregate", statistics.median(times), aggregate="median", unit=unit,
                            reps=len(times), items_per_second=statistics.median(items))
            median.update(nodes=nodes, family_index=family, per_family_instance_index=instance)
            cv = _bench(name, "aggregate", statistics.stdev(times) / statistics.mean(times), aggregate="cv",
                        unit=unit, reps=len(times))
            cv.update(nodes=0.0, family_index=family, per_family_instance_index=instance)
            b.extend((median, cv))

    # nim first in the file, but registered after tic-tac-toe (family 2 and 3 against 0 and 1).
    # At depth 6, 2 repetitions against 3: not paired, the extremes 300/120 .. 330/100.
    add("engine/gametree/nim/6", (300.0, 330.0), 2, nodes=3890, items=(3890 / 300e-9, 3890 / 330e-9))
    add("engine/handwritten/nim/6", (100.0, 110.0, 120.0), 3, nodes=3890,
        items=(3890 / 100e-9, 3890 / 110e-9, 3890 / 120e-9))
    # At depth 9 no handwritten search: the headline says so.
    add("engine/gametree/nim/9", (1000.0,), 2, instance=1, nodes=97603, items=(30e6,))
    # tic-tac-toe at depth 9 in us, out of repetition order, with aggregates: by index gametree
    # 2.0, 2.2, 2.1 and handwritten 1.0, 1.0, 1.4, so the paired ratios are 2.0, 2.2, 1.5.
    add("engine/gametree/tic_tac_toe/9", (2.0, 2.2, 2.1), 0, instance=1, unit="us", nodes=57143,
        items=(27e6, 23e6, 24.5e6), order=(2, 0, 1), aggregates=True)
    add("engine/handwritten/tic_tac_toe/9", (1.0, 1.0, 1.4), 1, instance=1, unit="us", nodes=57143,
        items=(46e6, 47e6, 40e6), order=(1, 2, 0), aggregates=True)
    # At depth 5 exactly 1.05 each time; the two searches count different nodes.
    add("engine/gametree/tic_tac_toe/5", (105.0, 105.0, 105.0), 0, nodes=2828)
    add("engine/handwritten/tic_tac_toe/5", (100.0, 100.0, 100.0), 1, nodes=2900)
    # Without a size: listed, not paired; one of a classic algorithm, which stays classic.
    add("alg_b/gametree/solve", (7.0,), 5)
    add("engine/gametree/tic_tac_toe/solve", (1.5, 1.6, 1.4), 4, unit="ms", nodes=2190,
        items=(1.46e6, 1.37e6, 1.56e6))
    # A number amid the names, and a reference the engine section does not show.
    add("engine/gametree/x/3/y", (1.0,), 6)
    add("engine/seed_port/nim/6", (1.0,), 7)
    return json.dumps({"context": {"date": "2000-01-02T00:00:00+00:00"}, "benchmarks": b})


def self_test():
    global _captured_warnings
    _captured_warnings = []
    failures = []

    def check(condition, what):
        if not condition:
            failures.append(what)

    def close(a, b):
        return a is not None and b is not None and abs(a - b) <= 1e-9 * max(1.0, abs(b))

    doc = load_json_text(_self_test_document(), "<self-test>")
    results = collect([("<self-test>", doc)]).results
    check(list(results) == ["alg_a", "alg_b", "alg_d", "alg_e", "alg_c"], f"algorithms found: {list(results)}")
    check(len(_captured_warnings) == 3 and "BM_something_else/8" in _captured_warnings[0]
          and "other_variant" in _captured_warnings[1] and "boom" in _captured_warnings[2],
          f"warnings for the unknown names and the failed benchmark: {_captured_warnings}")
    a = results.get("alg_a", {})
    check(sorted(a) == ["10", "1000"], f"alg_a sizes: {sorted(a)} (the errored size 5 must be dropped)")
    row = a.get("1000", {})
    check(close(row.get("gametree") and row["gametree"].time_ns, 100e3), "alg_a median time in ns (us converted)")
    check(close(ratio(row.get("seed_port"), row.get("gametree")), 4.0), "seed_port/gametree = 400/100")
    check(close(ratio(row.get("gametree"), row.get("scan_limit")), 1.25), "gametree/scan_limit = 100/80")
    check(close(row["gametree"].ns_per_item(1000), 100.0), "ns per item = 100 us / 1000 items")
    check(row.get("seed_port") and close(row["seed_port"].cv, 0.25), "cv aggregate read as a plain ratio")
    b = results.get("alg_b", {}).get("64", {})
    check("seed_port" not in b, "alg_b has no seed_port")
    check(close(b.get("gametree") and b["gametree"].time_ns, 20.0), "median of repetitions 30, 10, 20")
    check(close(ratio(b.get("gametree"), b.get("scan_limit")), 4.0), "alg_b gametree/scan_limit = 20/5")
    check(ratio(b.get("seed_port"), b.get("gametree")) is None, "missing seed_port gives no ratio")
    c = results.get("alg_c", {})
    check(list(c) == ["4\u00d78"] and c["4\u00d78"]["value"] == 32, f"two-argument size: {c}")
    check(close(c["4\u00d78"]["gametree"].ns_per_item(32), 2.0), "ns per item from items/s")

    # Spreads: paired by repetition index, not by the order in the file.
    d = results.get("alg_d", {}).get("100", {})
    check(d.get("gametree") and d["gametree"].samples == [10.0, 12.0, 11.0], "alg_d samples in index order")
    sp = spread(d.get("seed_port"), d.get("gametree"))
    check(sp and sp.paired and close(sp.low, 2.0) and close(sp.high, 2.5) and sp.noisy,
          "seed_port/gametree paired: 20/10, 30/12, 22/11 -> 2.00..2.50, cv 13% is noisy")
    sp = spread(d.get("gametree"), d.get("postorder_limit"))
    check(sp and sp.paired and close(sp.low, 2.0) and close(sp.high, 2.0) and not sp.noisy,
          "gametree/postorder_limit paired: exactly 2 each time (unpaired would be 1.67..2.40)")
    sp = spread(d.get("gametree"), d.get("scan_limit"))
    check(sp and not sp.paired and close(sp.low, 2.0) and close(sp.high, 3.0) and sp.noisy,
          "3 against 2 repetitions: the extremes 10/5 .. 12/4, noisy scan_limit times")
    sp = spread(a.get("1000", {}).get("seed_port"), a.get("1000", {}).get("gametree"))
    check(sp and sp.low is None and sp.noisy, "aggregates only: no range, noisy from the cv aggregate")
    check(spread(None, d.get("gametree")) is None, "no spread without both measurements")

    text = render_markdown(results, [("CPU", "test")], "cpu_time", "chart.png")
    check("| 1000 | 100 \u00b5s | 400 \u00b5s \u2020 | 80 \u00b5s | 4.00\u00d7 \u2020 | 1.25\u00d7 | 10 M/s |"
          in text, "alg_a table row: no range from aggregates, the noisy speed-up marked")
    check(f"| 64 | 20 ns \u2020 | {DASH} | 5 ns \u2020 | {DASH} | 4.00\u00d7 (2.50\u20136.00\u00d7) \u2020 |"
          in text, "alg_b row: dashes for seed_port; 30/5, 10/4, 20/6 paired in file order")
    check("| size | gametree | seed_port | scan_limit | postorder_limit | seed_port / gametree (speed-up) "
          "| gametree / scan_limit | gametree / postorder_limit | gametree items/s |" in text,
          "alg_d header: a column for each limit")
    check("| 100 | 11 ns | 22 ns \u2020 | 4.5 ns \u2020 | 5.5 ns | 2.00\u00d7 (2.00\u20132.50\u00d7) \u2020 "
          "| 2.44\u00d7 (2.00\u20133.00\u00d7) \u2020 | 2.00\u00d7 (2.00\u20132.00\u00d7) | 9.09 G/s |" in text,
          "alg_d row")
    check("**alg_a** at size 1000: gametree is **4.00\u00d7 faster** than the seed port (\u2020 "
          "repetitions vary by more than 10%), and it takes **1.25\u00d7** the time of the scan limit."
          in text, "alg_a headline")
    check("**alg_b** at size 64: no seed port to compare with, and it takes **4.00\u00d7** the time of "
          "the scan limit (2.50\u20136.00\u00d7; \u2020 repetitions vary by more than 10%)." in text,
          "alg_b headline")
    check("**alg_d** at size 100: gametree is **2.00\u00d7 faster** than the seed port (2.00\u20132.50\u00d7; "
          "\u2020 repetitions vary by more than 10%), and it takes **2.44\u00d7** the time of the scan "
          "limit (2.00\u20133.00\u00d7; \u2020 repetitions vary by more than 10%) and **2.00\u00d7** that "
          "of the post-order limit (2.00\u20132.00\u00d7)." in text, "alg_d headline: both limits")
    check("**alg_e** at size 9: gametree is **as fast as** the seed port (1.00\u20131.00\u00d7), "
          "and there is no scan limit to compare with." in text, "alg_e headline: a ratio that prints as 1.00")
    check("| 7 | 21 ns | 10 ns | \u2014 | 0.48\u00d7 (0.45\u20130.50\u00d7) | \u2014 |" in text,
          "alg_e table: the slow-down as the plain ratio")
    e_rows = results.get("alg_e", {})
    check(headline("alg_e", {"7": e_rows.get("7")}) == "- **alg_e** at size 7: gametree is **2.10\u00d7 slower** "
          "than the seed port (2.00\u20132.20\u00d7), and there is no scan limit to compare with.",
          "alg_e headline at size 7: a slow-down, its range inverted")

    # The engine: <algorithm>/<gametree|handwritten>/<game>/<depth>, and names without a size.
    del _captured_warnings[:]
    edoc = load_json_text(_self_test_engine_document(), "<engine>")
    both = collect([("<self-test>", doc), ("<engine>", edoc)])
    check(list(both.results) == list(results), f"classic algorithms with the engine's file: {list(both.results)}")
    check(list(both.generic) == ["engine/tic_tac_toe", "engine/nim"],
          f"engine groups in registration order: {list(both.generic)}")
    check([n for n, _ in both.unsized] == ["engine/gametree/tic_tac_toe/solve", "alg_b/gametree/solve"],
          f"benchmarks without a size: {[n for n, _ in both.unsized]}")
    check(any("engine/gametree/x/3/y" in w for w in _captured_warnings)
          and any("engine/seed_port/nim/6" in w and "not reporting" in w for w in _captured_warnings),
          f"engine warnings: {_captured_warnings[3:]}")
    t9 = both.generic.get("engine/tic_tac_toe", {}).get("9", {})
    g9, h9 = t9.get("gametree"), t9.get("handwritten")
    check(t9.get("value") == 9 and g9 and g9.samples == [2000.0, 2200.0, 2100.0] and close(g9.time_ns, 2100.0),
          "tic_tac_toe depth 9: samples in index order, us converted, the median aggregate")
    check(g9 and g9.nodes == 57143 and close(g9.items_per_second, 24.5e6), "nodes and items/s of the median")
    check(close(ratio(g9, h9), 2.1), "gametree/handwritten = 2.1/1.0")
    sp = spread(g9, h9)
    check(sp and sp.paired and close(sp.low, 1.5) and close(sp.high, 2.2) and sp.noisy,
          "gametree/handwritten paired by index: 2.0, 2.2, 1.5, cv 19% is noisy")
    n6 = both.generic.get("engine/nim", {}).get("6", {})
    sp = spread(n6.get("gametree"), n6.get("handwritten"))
    check(sp and not sp.paired and close(sp.low, 2.5) and close(sp.high, 3.3) and not sp.noisy,
          "nim depth 6, 2 against 3 repetitions: the extremes 300/120 .. 330/100")
    solve = dict(both.unsized).get("engine/gametree/tic_tac_toe/solve")
    check(solve and close(solve.time_ns, 1.5e6) and solve.nodes == 2190, "solve: median time in ns, nodes")

    text = render_markdown(both.results, [("CPU", "test")], "cpu_time", "chart.png", both.generic, both.unsized)
    plain = render_markdown(results, [("CPU", "test")], "cpu_time", "chart.png")
    rest = iter(text.split("\n"))
    check(all(line in rest for line in plain.split("\n")), "with the engine, the rest of the report only gains lines")
    check("- **engine/tic_tac_toe** at depth 9: the engine takes **2.10\u00d7** the time of the handwritten "
          "search (1.50\u20132.20\u00d7; \u2020 repetitions vary by more than 10%), 24.5 M nodes/s against 46 M."
          in text, "engine/tic_tac_toe headline")
    check("- **engine/nim** at depth 9: no handwritten search to compare with, 30 M nodes/s." in text,
          "engine/nim headline: no handwritten search at the largest depth")
    check("| depth | gametree | handwritten | gametree / handwritten (cost of being generic) | gametree nodes/s "
          "| handwritten nodes/s | nodes per iteration |" in text, "engine table header")
    check("| 9 | 2.1 \u00b5s | 1 \u00b5s \u2020 | 2.10\u00d7 (1.50\u20132.20\u00d7) \u2020 | 24.5 M/s | 46 M/s "
          "| 57.1k |" in text, "engine/tic_tac_toe depth 9 row")
    check("| 5 | 105 ns | 100 ns | 1.05\u00d7 (1.05\u20131.05\u00d7) | \u2014 | \u2014 | 2.83k vs 2.9k \u2020 |"
          in text, "engine/tic_tac_toe depth 5 row: different node counts marked")
    check(f"| 6 | 315 ns | 110 ns | 2.86\u00d7 (2.50\u20133.30\u00d7) | 12.4 G/s | 35.4 G/s | 3.89k |" in text,
          "engine/nim depth 6 row")
    check(f"| 9 | 1 \u00b5s | {DASH} | {DASH} | 30 M/s | {DASH} | 97.6k |" in text, "engine/nim depth 9 row")
    check("| engine/gametree/tic_tac_toe/solve | 1.5 ms | 1.46 M/s | 2.19k |" in text, "solve row")
    check(f"| alg_b/gametree/solve | 7 ns | {DASH} | {DASH} |" in text, "a classic algorithm's row without a size")
    text = render_markdown({}, [("CPU", "test")], "cpu_time", None, both.generic, [])
    check("**engine/nim** at depth 9" in text and "### engine/nim" in text and "## Tables" not in text
          and "chart" not in text and "Benchmarks without a size" not in text,
          "only the engine: its headlines and tables, no chart")

    for bad, what in (("{not json", "not valid JSON"), ("", "empty file"), ('{"context": {}}', "no \"benchmarks\" list")):
        try:
            load_json_text(bad, "<bad>")
            failures.append(f"accepted bad input: {bad}")
        except ReportError as e:
            check(what in str(e), f"error message for {bad!r}: {e}")
    try:
        collect([("<bad>", {"benchmarks": [{"name": "alg/gametree/1", "run_type": "iteration"}]})])
        failures.append("accepted a benchmark without times")
    except ReportError as e:
        check("cpu_time" in str(e) or "real_time" in str(e), f"error message for missing time: {e}")

    try:
        import matplotlib  # noqa: F401
    except ImportError:
        print("report.py --self-test: matplotlib not installed, chart not tested")
    else:
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "chart.png")
            draw_chart(results, path, "cpu_time")
            with open(path, "rb") as f:
                check(f.read(8) == b"\x89PNG\r\n\x1a\n", "chart is a PNG")

    if failures:
        for f in failures:
            print(f"report.py --self-test: FAILED: {f}", file=sys.stderr)
        return 1
    print("report.py --self-test: all checks passed")
    return 0


# ---------------------------------------------------------------------------------------------


def main(argv):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("json", nargs="*", help="Google Benchmark JSON files (default: bench/results/raw/*.json)")
    parser.add_argument("--out-dir", default=os.path.join(root, "bench", "results"),
                        help="where results.md and chart.png go (default: bench/results)")
    parser.add_argument("--build-dir", default=os.path.join(root, "build", "bench"),
                        help="CMake build directory of the benchmarks, for compiler and flags")
    parser.add_argument("--command", default=None, help="the command that produced the data, quoted in the report")
    parser.add_argument("--bench-flags", default=None, help="the flags every benchmark binary ran with")
    parser.add_argument("--runner", default=None, help="the command the binaries ran under (e.g. taskset -c 1)")
    parser.add_argument("--time", choices=("cpu", "real"), default="cpu",
                        help="which time to report (default: cpu, as Google Benchmark's items/s)")
    parser.add_argument("--no-chart", action="store_true", help="write only results.md")
    parser.add_argument("--self-test", action="store_true", help="check parsing and ratios on built-in data")
    args = parser.parse_args(argv)
    if args.self_test:
        return self_test()

    time_field = "cpu_time" if args.time == "cpu" else "real_time"
    files = args.json or sorted(glob.glob(os.path.join(args.out_dir, "raw", "*.json")))
    if not files:
        raise ReportError("no JSON files given and none in " + os.path.join(args.out_dir, "raw"))
    documents = []
    for path in files:
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except OSError as e:
            raise ReportError(f"cannot read {path}: {e.strerror}")
        documents.append((path, load_json_text(text, path)))
    found = collect(documents, time_field)
    results = found.results
    if not results and not found.generic and not found.unsized:
        raise ReportError(f"no benchmark named {' or '.join(NAME_FORMS)} in " + ", ".join(files))

    command = args.command or " ".join(shlex.quote(a) for a in ["bench/report.py"] + argv)
    machine = describe_machine(args.build_dir, found.contexts, command, time_field)
    if args.bench_flags:
        machine.append(("benchmark flags", f"`{args.bench_flags}`"))
    if args.runner:
        machine.append(("run under", f"`{args.runner}` (pinned to one CPU)"))
    # The chart shows time per item against input size; a game's depth is not a size of that
    # kind, so the engine's benchmarks are only in the tables.
    chart = not args.no_chart and bool(results)
    if chart:
        try:
            import matplotlib  # noqa: F401  (checked before anything is written)
        except ImportError:
            raise ReportError(f"matplotlib is not installed for {sys.executable} "
                              "(Debian: apt-get install python3-matplotlib, then use /usr/bin/python3); "
                              "or pass --no-chart")
    os.makedirs(args.out_dir, exist_ok=True)
    chart_name = "chart.png"
    with open(os.path.join(args.out_dir, "results.md"), "w", encoding="utf-8") as f:
        f.write(render_markdown(results, machine, time_field, chart_name, found.generic, found.unsized))
    if chart:
        draw_chart(results, os.path.join(args.out_dir, chart_name), time_field)
    written = "results.md" + (" and " + chart_name if chart else "")
    print(f"report.py: wrote {written} in {args.out_dir}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except ReportError as e:
        print(f"report.py: error: {e}", file=sys.stderr)
        sys.exit(1)
