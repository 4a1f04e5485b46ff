// Properties of the record's facts (CheckOptions::data) on generated matches
// of every rule set, written in full or as people keep them: one ply row per
// ply the replay reached, seats the replay fixes are the seats that played,
// and `pips fmt --label` (cli::add_labels) writes those seats and changes no
// verdict.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <random>
#include <sstream>

#include "cli/annotate_out.hpp"
#include "gen/generate.hpp"
#include "parser/parser.hpp"
#include "parser/printer.hpp"
#include "tests/support/support.hpp"

using namespace pips;

namespace {

const std::vector<Variant>& variants() {
    static const std::vector<Variant> v = test::all_variants();
    return v;
}

ast::Record parse_one(const std::string& text) {
    std::istringstream in(text);
    parser::RecordReader reader(in);
    ast::Record rec;
    RC_ASSERT(reader.next(rec));
    return rec;
}

checker::Verdict check_data(const ast::Record& rec) {
    checker::CheckOptions opt;
    opt.data = true;
    return checker::check_record(rec, opt);
}

std::size_t count_lines(const std::string& s) {
    std::size_t n = 0;
    for (char c : s) n += c == '\n';
    return n;
}

struct Game {
    gen::Match m;
    std::string text;
};

Game any_game(bool labels) {
    const auto vi = *rc::gen::inRange<std::size_t>(0, variants().size());
    gen::Shown s;
    s.deals = *rc::gen::arbitrary<bool>();
    s.labels = labels;
    s.claims = *rc::gen::element(gen::Claims::all, gen::Claims::end, gen::Claims::score,
                                 gen::Claims::none);
    s.summary = s.claims == gen::Claims::none ? 0 : *rc::gen::inRange(0, 3);
    const auto seed = *rc::gen::arbitrary<std::uint64_t>();
    std::mt19937_64 rng(seed);
    gen::Options opt{variants()[vi], s.deals, seed % 2 ? gen::Bot::greedy : gen::Bot::random, 8};
    opt.shown = s;
    Game g{gen::generate_match(opt, rng), {}};
    g.text = gen::write_match(g.m).text;
    RC_LOG() << variants()[vi].name() << " --seed " << seed << " --deals "
             << (s.deals ? "full" : "none") << " --labels " << (labels ? "full" : "none")
             << " --summary " << s.summary << "\n"
             << g.text;
    return g;
}

}  // namespace

RC_GTEST_PROP(RecordDataProperty, OnePlyRowPerPlyReplayed, ()) {
    const Game g = any_game(*rc::gen::arbitrary<bool>());
    const ast::Record rec = parse_one(g.text);
    const checker::Verdict v = check_data(rec);
    RC_ASSERT(v.data.hands.size() == rec.hands.size());
    std::uint64_t plies = 0;
    for (const auto& h : v.data.hands) plies += h.plies.size();
    RC_ASSERT(plies == v.plies);
    std::string csv;
    cli::render_annotate_csv(csv, "g.dgn", 1, v);
    RC_ASSERT(count_lines(csv) == v.plies);
    // The JSON line is one line.
    std::string json;
    cli::render_annotate_json(json, "g.dgn", 1, v.line, v);
    RC_ASSERT(count_lines(json) == 1u);
}

RC_GTEST_PROP(RecordDataProperty, SeatsTheReplayFixesAreTheSeatsThatPlayed, ()) {
    const Game g = any_game(false);
    const ast::Record rec = parse_one(g.text);
    const checker::Verdict v = check_data(rec);
    RC_ASSERT(v.valid);
    const ast::Record& full = g.m.record;
    RC_ASSERT(v.data.hands.size() == full.hands.size());
    for (std::size_t i = 0; i < full.hands.size(); ++i) {
        const auto& plies = v.data.hands[i].plies;
        RC_ASSERT(plies.size() <= full.hands[i].plies.size());
        for (std::size_t k = 0; k < plies.size(); ++k) {
            RC_ASSERT(!plies[k].seat_written);
            if (plies[k].seat < 0) continue;
            RC_ASSERT(full.hands[i].plies[k].seat.has_value());
            RC_ASSERT(plies[k].seat == int(*full.hands[i].plies[k].seat));
        }
    }
    // fmt --label: the labels go in, and the record reads the same.
    ast::Record labelled;
    if (!cli::add_labels(rec, v, labelled)) return;
    const std::string text = parser::print_record(labelled);
    const ast::Record again = parse_one(text);
    const checker::Verdict w = check_data(again);
    RC_ASSERT(w.valid);
    RC_ASSERT(w.plies == v.plies);
    RC_ASSERT(w.unchecked == v.unchecked);
    for (std::size_t i = 0; i < again.hands.size(); ++i)
        for (std::size_t k = 0; k < again.hands[i].plies.size(); ++k)
            if (again.hands[i].plies[k].seat)
                RC_ASSERT(*again.hands[i].plies[k].seat == *full.hands[i].plies[k].seat);
}

// A hand's pips left at its end are the counts after its last ply (the block
// rule sets' own counts where they took them); the hand facts are the same
// with or without the ply rows; and a verdict reused after another record's
// (what `pips check` and `pips stats` do) reads as a fresh one.
RC_GTEST_PROP(RecordDataProperty, HandFactsDoNotDependOnHowTheyAreCollected, ()) {
    const Game g = any_game(*rc::gen::arbitrary<bool>());
    const Game other = any_game(*rc::gen::arbitrary<bool>());
    const ast::Record rec = parse_one(g.text);
    const checker::Verdict v = check_data(rec);
    for (const auto& h : v.data.hands) {
        if (h.outcome == checker::HandOutcome::unknown || h.why == "claims" || h.plies.empty() ||
            !h.plies.back().replayed)
            continue;
        RC_ASSERT(h.pips_left == h.plies.back().pips_left);
    }
    checker::CheckOptions lean;
    lean.data = true;
    lean.data_plies = false;
    checker::Verdict reused;
    checker::check_record(parse_one(other.text), lean, reused);
    checker::check_record(rec, lean, reused);
    RC_ASSERT(checker::same_verdict(reused, v));
    RC_ASSERT(reused.data.hands.size() == v.data.hands.size());
    for (std::size_t i = 0; i < v.data.hands.size(); ++i) {
        const auto& a = v.data.hands[i];
        const auto& b = reused.data.hands[i];
        RC_ASSERT(b.plies.empty());
        RC_ASSERT(test::hand_facts_differ(a, b) == "");
    }
}
