#include "cli/tools.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <optional>
#include <random>
#include <string_view>
#include <utility>
#include <vector>

#include "checker/checker.hpp"
#include "cli/diagnostic.hpp"
#include "cli/input.hpp"
#include "engine/variant.hpp"
#include "gen/generate.hpp"
#include "parser/parser.hpp"

namespace pips::cli {

namespace {
void put(std::FILE* f, const std::string& s) {
    std::fwrite(s.data(), 1, s.size(), f);
}

// Writes a problem with an input or the run ("pips: error: ...") on `err`.
void say_error(std::FILE* err, const Diagnostic& d) {
    say_run_error(err, d, false);
}
}  // namespace

int run_generate(const GenerateArgs& args, std::FILE* out, std::FILE* err) {
    std::string opts = args.options;
    for (auto& c : opts)
        if (c == ',') c = ' ';
    int players = args.players;
    if (players == 0) players = args.rules == "fives-threes" ? 2 : 4;
    Variant v;
    if (auto e = make_variant(args.rules, players, opts, v)) {
        say_error(err, {"", {}, std::string(kBadArgument), e->message});
        return 2;
    }
    if (args.summary < 0 || (args.summary > 0 && args.claims == "none")) {
        say_error(err, {"",
                        {},
                        std::string(kBadArgument),
                        "--summary must be 0 or more, and summary hands need claim lines "
                        "(--claims all, end or score)"});
        return 2;
    }
    if (args.matches < 0 || args.max_hands < 1) {
        say_error(err, {"",
                        {},
                        std::string(kBadArgument),
                        "--matches must be 0 or more and --max-hands 1 or more"});
        return 2;
    }
    std::mt19937_64 rng(args.seed);
    gen::Options o{v, args.deals, args.greedy ? gen::Bot::greedy : gen::Bot::random,
                   args.max_hands};
    o.shown.labels = args.labels;
    o.shown.claims = args.claims == "end"     ? gen::Claims::end
                     : args.claims == "score" ? gen::Claims::score
                     : args.claims == "none"  ? gen::Claims::none
                                              : gen::Claims::all;
    o.shown.summary = args.summary;
    std::uint32_t line = 1;  // first line of the next record in the output
    std::string buf;
    for (int i = 0; i < args.matches; ++i) {
        gen::Match m = gen::generate_match(o, rng);
        std::string text;
        std::uint32_t first = line + (i > 0 ? 1 : 0);  // after the blank line between records
        if (args.mutate) {
            auto mu = gen::mutate(m, rng);
            if (!mu) {
                --i;  // a match with no ply to break (rare): draw another
                continue;
            }
            // The first line (a comment) says what pips must report.
            text = mu->text;
            auto nl = text.find('\n');
            text = fmt::format("; mutant ({}): expect {} at line {}{}", mu->what, mu->code,
                               mu->line + first - 1, std::string_view(text).substr(nl));
        } else {
            text = gen::write_match(m).text;
        }
        if (i > 0) buf += '\n';
        line = first;
        for (char c : text) line += c == '\n';
        buf += text;
        if (buf.size() > (1u << 20)) {
            put(out, buf);
            buf.clear();
        }
    }
    put(out, buf);
    return std::fflush(out) == 0 ? 0 : 2;
}

namespace {

// "winner, points" of a hand, or "-" for a hand the rules did not reach.
std::string outcome_of(const checker::HandSummary* h) {
    if (h == nullptr) return "-";
    return h->points.empty() ? h->outcome : fmt::format("{}, {}", h->outcome, h->points);
}

// The report of one record replayed under `rules` (its own rules beside
// them, hand by hand); 1 when its plies are not legal under them, else 0.
int rescore_record(const ast::Record& rec, std::string_view head, const std::string& rules,
                   std::string& s) {
    checker::CheckOptions mine;
    mine.summaries = true;
    checker::CheckOptions other = mine;
    other.rules_override = rules;
    const checker::Verdict a = checker::check_record(rec, mine);
    const checker::Verdict b = checker::check_record(rec, other);
    auto to = std::back_inserter(s);
    fmt::format_to(to, "{}: {} | {}\n", head, a.rules, b.rules);
    const std::size_t n = std::max(a.summaries.size(), b.summaries.size());
    // The left column as wide as its widest row (at least 48): the `|` of
    // every row lines up.
    std::vector<std::pair<std::string, std::string>> rows;
    std::vector<bool> differs;
    std::size_t width = 48;
    for (std::size_t i = 0; i < n; ++i) {
        const checker::HandSummary* x = i < a.summaries.size() ? &a.summaries[i] : nullptr;
        const checker::HandSummary* y = i < b.summaries.size() ? &b.summaries[i] : nullptr;
        const std::string left = outcome_of(x), right = outcome_of(y);
        differs.push_back(x && y && left != right);
        rows.emplace_back(fmt::format("  hand {}: {}", x ? x->number : y->number, left), right);
        width = std::max(width, rows.back().first.size());
    }
    int differ = 0;
    for (std::size_t i = 0; i < n; ++i) {
        differ += differs[i];
        std::string& l = rows[i].first;
        l.resize(width, ' ');  // bytes: the outcomes are ASCII
        fmt::format_to(to, "{} | {}{}\n", l, rows[i].second, differs[i] ? "   <- differs" : "");
    }
    int code = 0;
    if (!b.errors.empty()) {
        const auto& e = b.errors.front();
        fmt::format_to(to, "  not legal under {}: line {}:{}: {}\n", rules, e.pos.line,
                       e.pos.column, error_label(checker::code_name(e.code), e.message));
        code = 1;
    }
    fmt::format_to(to, "  {} of {} hands differ\n", differ, n);
    return code;
}

}  // namespace

int run_rescore(const RescoreArgs& args, std::istream& stdin_, std::FILE* out, std::FILE* err) {
    // A rule set or option that no player count makes: a bad argument, said
    // once before any record is read.
    {
        const RulesSpec spec = split_rules_spec(args.rules);
        std::optional<std::string> why;
        for (int players : {4, 2, 3}) {
            Variant v;
            auto e = make_variant(spec.rules, players, spec.options, v);
            if (!e) {
                why.reset();
                break;
            }
            if (!why) why = e->message;
        }
        if (why) {
            say_error(err,
                      {"", {}, std::string(kBadArgument), "--rules " + args.rules + ": " + *why});
            return 2;
        }
    }
    int code = 0;
    for (const auto& path : args.files) {
        Input input(path, stdin_);
        if (const Diagnostic* d = input.error()) {
            say_error(err, *d);
            return 2;
        }
        parser::RecordReader reader(input.stream());
        ast::Record rec;
        int index = 0;
        while (reader.next(rec)) {
            ++index;
            const std::string head = fmt::format("{}: record {}", path, index);
            if (std::string why = checker::rescore_compatible(rec, args.rules); !why.empty()) {
                say_error(err, {input.name(),
                                {},
                                std::string(kCannotReplay),
                                fmt::format("{} cannot be replayed under {}: {}", head, args.rules,
                                            why)});
                code = 2;
                continue;
            }
            std::string s;
            if (rescore_record(rec, head, args.rules, s) != 0 && code == 0) code = 1;
            put(out, s);
        }
        if (auto d = input.read_error()) {
            say_error(err, *d);
            return 2;
        }
    }
    std::fflush(out);
    return code;
}

}  // namespace pips::cli
