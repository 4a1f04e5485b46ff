// Properties of score sheets: a generated match of every rule set stays valid
// when its hands are written as summary hands (no plies, no tile lines), all of
// them or every second one, with any of its claim lines left out.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <random>
#include <set>
#include <string>

#include "checker/codes.hpp"
#include "gen/generate.hpp"
#include "parser/printer.hpp"
#include "tests/support/support.hpp"

using namespace pips;

namespace {

const std::vector<Variant>& variants() {
    static const std::vector<Variant> v = test::all_variants();
    return v;
}

// The match as a score sheet: hands whose number has `every` as a divisor
// lose their plies and tile lines; `drop` (bits: end, points, score) removes
// claim lines from them, keeping at least one.
std::string as_sheet(ast::Record rec, int every, unsigned drop) {
    for (auto& h : rec.hands) {
        if (h.number % every != 0) continue;
        h.plies.clear();
        h.deals.clear();
        h.stocks.clear();
        h.redeals.clear();
        h.remains.clear();
        auto keep = h;
        if (drop & 1u) h.end.reset();
        if (drop & 2u) h.points.reset();
        if (drop & 4u) h.score.reset();
        if (!h.end && !h.points && !h.score) h = keep;
    }
    return parser::print_record(rec);
}

}  // namespace

RC_GTEST_PROP(Sheets, GeneratedMatchesStayValidAsScoreSheets, ()) {
    const auto vi = *rc::gen::inRange<std::size_t>(0, variants().size());
    const auto seed = *rc::gen::arbitrary<std::uint64_t>();
    const int every = *rc::gen::inRange(1, 3);
    const unsigned drop = *rc::gen::inRange(0u, 8u);
    std::mt19937_64 rng(seed);
    gen::Options opt{variants()[vi], true, gen::Bot::random, 12};
    gen::Match m = gen::generate_match(opt, rng);
    std::string text = as_sheet(m.record, every, drop);
    RC_LOG() << variants()[vi].name() << "\n" << text;
    auto verdicts = test::check_text(text);
    RC_ASSERT(verdicts.size() == 1u);
    RC_ASSERT(test::describe(verdicts[0]) == std::string("valid"));
}

// Not random: a fixed set of seeds per variant, so a regression names its variant.
TEST(Sheets, EveryVariantAsAScoreSheetAndAlternating) {
    for (std::size_t vi = 0; vi < variants().size(); ++vi) {
        for (int seed = 1; seed <= 3; ++seed) {
            std::mt19937_64 rng(static_cast<std::uint64_t>(seed) * 104729u + vi);
            gen::Options opt{variants()[vi], true, gen::Bot::random, 40};
            gen::Match m = gen::generate_match(opt, rng);
            for (int every : {1, 2}) {
                std::string text = as_sheet(m.record, every, 0);
                auto verdicts = test::check_text(text);
                ASSERT_EQ(verdicts.size(), 1u);
                EXPECT_EQ(test::describe(verdicts[0]), "valid")
                    << variants()[vi].name() << " seed " << seed << " every " << every << "\n"
                    << text;
            }
        }
    }
}

// A score sheet with one mistake a scorekeeper makes (a points line one off,
// points for the wrong party, an end line of a kind or party the rule set
// does not have, a score that forgets a reset, ...): the first error is the
// mutant's, at its line.
RC_GTEST_PROP(Sheets, SheetMutantsKeepTheirFirstError, ()) {
    const auto vi = *rc::gen::inRange<std::size_t>(0, variants().size());
    const auto seed = *rc::gen::arbitrary<std::uint64_t>();
    // Played hands are shown in full: what their plies leave out is the
    // partial records' property (partial_property_test).
    gen::Shown shown;
    shown.claims = *rc::gen::element(gen::Claims::all, gen::Claims::end, gen::Claims::score);
    shown.summary = *rc::gen::inRange(1, 3);
    std::mt19937_64 rng(seed);
    gen::Options opt{variants()[vi], shown.deals, gen::Bot::random, 8};
    opt.shown = shown;
    const gen::Match m = gen::generate_match(opt, rng);
    auto mutant = gen::mutate(m, rng);
    RC_PRE(mutant.has_value());
    RC_LOG() << variants()[vi].name() << " " << mutant->what << " expecting " << mutant->code
             << " at line " << mutant->line << "\n"
             << mutant->text;
    auto verdicts = test::check_text(mutant->text);
    RC_ASSERT(verdicts.size() == 1u);
    const auto& v = verdicts[0];
    RC_ASSERT(!v.errors.empty());
    RC_ASSERT(std::string(checker::code_name(v.errors[0].code)) == mutant->code);
    RC_ASSERT(v.errors[0].pos.line == mutant->line);
}

// Not random: every kind of sheet mutant is made, for some variant and seed.
TEST(Sheets, EverySheetMutantKindIsMade) {
    std::set<std::string> made;
    for (std::size_t vi = 0; vi < variants().size(); ++vi) {
        for (gen::Claims c : {gen::Claims::all, gen::Claims::end, gen::Claims::score}) {
            for (std::uint64_t seed = 1; seed <= 40; ++seed) {
                std::mt19937_64 rng(seed * 7919u + vi);
                gen::Options opt{variants()[vi], false, gen::Bot::random, 10};
                opt.shown.deals = false;
                opt.shown.claims = c;
                opt.shown.summary = 1;
                const gen::Match m = gen::generate_match(opt, rng);
                auto mutant = gen::mutate(m, rng);
                if (!mutant) continue;
                made.insert(mutant->what);
                auto verdicts = test::check_text(mutant->text);
                ASSERT_EQ(verdicts.size(), 1u);
                ASSERT_FALSE(verdicts[0].errors.empty()) << mutant->text;
                EXPECT_EQ(checker::code_name(verdicts[0].errors[0].code), mutant->code)
                    << variants()[vi].name() << " " << mutant->what << "\n"
                    << mutant->text;
                EXPECT_EQ(verdicts[0].errors[0].pos.line, mutant->line)
                    << variants()[vi].name() << " " << mutant->what << "\n"
                    << mutant->text;
            }
        }
    }
    for (const char* what : {"score", "sheet_points", "sheet_party", "sheet_end", "sheet_reset"})
        EXPECT_TRUE(made.count(what)) << what << " is never made";
}
