// pips perft as a library call: reads a deal file, counts with
// engine/perft.hpp and prints the counts; problems are reported as every
// subcommand reports them (cli/diagnostic.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/diagnostic.hpp"
#include "cli/input.hpp"
#include "cli/report.hpp"
#include "cli/tools.hpp"
#include "engine/perft.hpp"
#include "engine/variant.hpp"
#include "parser/parser.hpp"

namespace pips::cli {

namespace {

// A problem, rendered as every subcommand renders its diagnostics, on
// standard error. Returns kExitCannotRun.
int cannot_run(const Diagnostic& d, const ast::Record* rec = nullptr) {
    std::string out;
    render_diagnostic(out, d, rec, use_color(stderr));
    std::fflush(stdout);
    std::fputs(out.c_str(), stderr);
    return kExitCannotRun;
}
int cannot_run(std::string message) {
    return cannot_run(Diagnostic{{}, {}, {}, std::move(message)});
}

// The variant: --rules R[:OPTIONS] and --players, else the file's tags.
std::optional<Variant> perft_variant(const PerftArgs& o, const ast::Record& rec,
                                     const std::string& name, int& status) {
    std::string rules, options;
    if (!o.rules.empty()) {
        RulesSpec spec = split_rules_spec(o.rules);
        rules = std::move(spec.rules);
        options = std::move(spec.options);
    } else if (const ast::Tag* t = rec.find_tag("Rules")) {
        rules = t->value;
        if (const ast::Tag* op = rec.find_tag("Options")) options = op->value;
    } else {
        status = cannot_run(fmt::format("{}: no Rules tag; give --rules", name));
        return std::nullopt;
    }
    int players = o.players;
    if (players == 0) {
        const ast::Tag* p = rec.find_tag("Players");
        if (!p) {
            status = cannot_run(fmt::format("{}: no Players tag; give --players", name));
            return std::nullopt;
        }
        players = count_players(p->value).count;
    }
    Variant v;
    if (auto err = make_variant(rules, players, options, v)) {
        status = cannot_run(err->message);
        return std::nullopt;
    }
    return v;
}

struct PerftDeal {
    std::vector<std::vector<Tile>> hands;
    std::vector<Tile> stock;
};

// The deals (and stock) of hand 1, after any redeal the last round's; a
// problem with them is a bad-deal diagnostic at its line.
std::optional<PerftDeal> perft_deal(const Variant& v, const ast::Record& rec,
                                    const std::string& name, int& status) {
    auto bad = [&](ast::Pos pos, std::string message) {
        status = cannot_run(Diagnostic{name, pos, "bad-deal", std::move(message)}, &rec);
        return std::nullopt;
    };
    const ast::Hand& hand = rec.hands.front();
    int round = 0;
    for (const auto& d : hand.deals) round = std::max(round, d.round);
    PerftDeal out;
    out.hands.resize(static_cast<std::size_t>(v.players));
    std::vector<bool> seen(static_cast<std::size_t>(v.players), false);
    for (const auto& d : hand.deals) {
        if (d.round != round) continue;
        if (d.seat >= v.players)
            return bad(d.pos, fmt::format("seat {} is not at a {}-player table",
                                          static_cast<char>('A' + d.seat), v.players));
        if (seen[d.seat])
            return bad(d.pos, fmt::format("a second deal for {}", static_cast<char>('A' + d.seat)));
        seen[d.seat] = true;
        for (const auto& t : d.tiles) out.hands[d.seat].push_back(Tile(t.a, t.b));
    }
    for (int s = 0; s < v.players; ++s)
        if (!seen[static_cast<std::size_t>(s)])
            return bad(hand.pos, fmt::format("hand {} has no deal line for seat {}; perft needs "
                                             "every seat's deal",
                                             hand.number, static_cast<char>('A' + s)));
    bool has_stock = false;
    for (const auto& st : hand.stocks) {
        if (st.round != round) continue;
        if (has_stock) return bad(st.pos, "a second stock line");
        has_stock = true;
        for (const auto& t : st.tiles) out.stock.push_back(Tile(t.a, t.b));
    }
    if (v.draw_game() && !has_stock)
        return bad(hand.pos,
                   fmt::format("{} draws from a boneyard; perft needs the stock line", v.name()));
    return out;
}

}  // namespace

int run_perft(const PerftArgs& o, std::istream& standard_input) {
    if (o.depth < 0) return cannot_run("--depth must be 0 or more");
    Input in(o.file, standard_input);
    if (in.error()) return cannot_run(*in.error());
    std::string text;
    if (!in.read_all(text)) return cannot_run(in.read_error().value_or(Diagnostic{}));
    const std::string& name = in.name();
    const ast::Record rec = parser::parse_record(text);
    if (!rec.errors.empty()) {
        const auto& e = rec.errors.front();
        return cannot_run(Diagnostic{name, e.pos, "syntax", e.message}, &rec);
    }
    int status = kExitCannotRun;
    std::optional<Variant> v = perft_variant(o, rec, name, status);
    if (!v) return status;
    if (rec.hands.empty()) return cannot_run(fmt::format("{}: the record has no hand", name));
    std::optional<PerftDeal> deal = perft_deal(*v, rec, name, status);
    if (!deal) return status;

    PerftResult r = perft(*v, deal->hands, deal->stock, o.depth);
    if (!r.error.empty()) return cannot_run(fmt::format("{}: {}", name, r.error));
    const std::string out = perft_report(r, *v);
    std::fputs(out.c_str(), stdout);
    std::fflush(stdout);
    return kExitValid;
}

}  // namespace pips::cli
