// pips perft: counts the legal ply sequences of a dealt hand to a depth
// (docs/perft.md), as chess engines' perft does, to pin move generation.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/subcommands.hpp"
#include "engine/perft.hpp"
#include "engine/variant.hpp"
#include "parser/parser.hpp"

namespace pips::cli {

namespace {

// Far deeper than any hand needs (at most 28 plays, with passes between); in
// french, passes while able can go on for ever, and the count with them.
constexpr int kMaxDepth = 1000;

struct PerftOptions {
    std::string rules;  // R[:OPTIONS]; empty: the file's Rules and Options tags
    int players = 0;    // 0: the file's Players count
    std::string file;
    int depth = 0;
};

// Says why on standard error and returns kExitCannotRun.
int cannot_run(const std::string& why) {
    std::fflush(stdout);
    std::fprintf(stderr, "pips: error: %s\n", why.c_str());
    return kExitCannotRun;
}

int run_perft(const PerftOptions& o) {
    if (o.depth < 0) return cannot_run("--depth must be 0 or more");
    std::string text;
    const std::string name = o.file == "-" ? "<stdin>" : o.file;
    try {
        if (o.file == "-") {
            text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
        } else {
            std::error_code ec;
            if (std::filesystem::is_directory(o.file, ec))
                return cannot_run("cannot read '" + name + "': is a directory");
            std::ifstream in(o.file, std::ios::binary);
            if (!in) return cannot_run("cannot open '" + name + "'");
            text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
            if (in.bad()) return cannot_run("cannot read '" + name + "'");
        }
    } catch (const std::exception& e) {
        return cannot_run("cannot read '" + name + "': " + e.what());
    }
    const ast::Record rec = parser::parse_record(text);
    if (!rec.errors.empty()) {
        const auto& e = rec.errors.front();
        return cannot_run(name + ":" + std::to_string(e.pos.line) + ":" +
                          std::to_string(e.pos.column) + ": " + e.message);
    }

    // The variant: --rules R[:OPTIONS] and --players, else the file's tags.
    std::string rules, options;
    if (!o.rules.empty()) {
        RulesSpec spec = split_rules_spec(o.rules);
        rules = std::move(spec.rules);
        options = std::move(spec.options);
    } else if (const ast::Tag* t = rec.find_tag("Rules")) {
        rules = t->value;
        if (const ast::Tag* op = rec.find_tag("Options")) options = op->value;
    } else {
        return cannot_run(name + ": no Rules tag; give --rules");
    }
    int players = o.players;
    if (players == 0) {
        const ast::Tag* p = rec.find_tag("Players");
        if (!p) return cannot_run(name + ": no Players tag; give --players");
        players = count_players(p->value).count;
    }
    Variant v;
    if (auto err = make_variant(rules, players, options, v)) return cannot_run(err->message);

    // The deals of hand 1 (after any redeal, the last round's).
    if (rec.hands.empty()) return cannot_run(name + ": the record has no hand");
    const ast::Hand& hand = rec.hands.front();
    int round = 0;
    for (const auto& d : hand.deals) round = std::max(round, d.round);
    std::vector<std::vector<Tile>> deals(static_cast<std::size_t>(v.players));
    std::vector<bool> seen(static_cast<std::size_t>(v.players), false);
    for (const auto& d : hand.deals) {
        if (d.round != round) continue;
        if (d.seat >= v.players)
            return cannot_run(name + ":" + std::to_string(d.pos.line) + ": seat " +
                              std::string(1, static_cast<char>('A' + d.seat)) + " is not at a " +
                              std::to_string(v.players) + "-player table");
        if (seen[d.seat])
            return cannot_run(name + ":" + std::to_string(d.pos.line) + ": a second deal for " +
                              std::string(1, static_cast<char>('A' + d.seat)));
        seen[d.seat] = true;
        for (const auto& t : d.tiles) deals[d.seat].push_back(Tile(t.a, t.b));
    }
    for (int s = 0; s < v.players; ++s)
        if (!seen[static_cast<std::size_t>(s)])
            return cannot_run(
                name + ": hand " + std::to_string(hand.number) + " has no deal line for seat " +
                std::string(1, static_cast<char>('A' + s)) + "; perft needs every seat's deal");
    std::vector<Tile> stock;
    bool has_stock = false;
    for (const auto& st : hand.stocks) {
        if (st.round != round) continue;
        if (has_stock)
            return cannot_run(name + ":" + std::to_string(st.pos.line) + ": a second stock line");
        has_stock = true;
        for (const auto& t : st.tiles) stock.push_back(Tile(t.a, t.b));
    }
    if (v.draw_game() && !has_stock)
        return cannot_run(name + ": " + v.name() +
                          " draws from a boneyard; perft needs the stock line");

    PerftResult r = perft(v, deals, stock, o.depth);
    if (!r.error.empty()) return cannot_run(name + ": " + r.error);

    const std::string out = perft_report(r, v);
    std::fputs(out.c_str(), stdout);
    std::fflush(stdout);
    return kExitValid;
}

}  // namespace

void setup_perft(CLI::App& app) {
    auto opt = std::make_shared<PerftOptions>();
    auto* sub = app.add_subcommand(
        "perft",
        "Count the legal ply sequences of a dealt hand to a depth (move-generation check)");
    sub->add_option("--rules", opt->rules,
                    "Rule set and options, R[:OPTIONS] (options separated by commas); default: "
                    "the file's Rules and Options tags");
    sub->add_option("--players", opt->players,
                    "Number of players; default: the count of the file's Players tag")
        ->check(CLI::Range(2, 4));
    sub->add_option("--depth", opt->depth, "Plies to count to, 0 to 1000 (the pose is ply 1)")
        ->required()
        ->check(CLI::Range(0, kMaxDepth));
    sub->add_option("file", opt->file,
                    "A DGN record whose hand 1 has a deal line for every seat (and a stock line "
                    "in draw games); - reads standard input")
        ->required();
    sub->footer(
        "Examples:\n"
        "  pips perft deal.dgn --depth 6\n"
        "  pips perft --rules jamaican:sporting --players 4 deal.dgn --depth 5\n"
        "\n"
        "Prints 'depth D: N' for D = 1..K (N: distinct legal ply sequences of D plies), then\n"
        "how the sequences that finish the hand within K plies end. See docs/perft.md.\n"
        "Exit status: 0 counted, 2 could not run (bad arguments, unreadable or bad deal file).");
    sub->callback([opt] {
        if (int code = run_perft(*opt); code != kExitValid) throw CLI::RuntimeError(code);
    });
}

}  // namespace pips::cli
