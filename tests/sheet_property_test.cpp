// Properties of score sheets: a generated match of every rule set stays valid
// when its hands are written as summary hands (no plies, no tile lines), all of
// them or every second one, with any of its claim lines left out.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <random>

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
