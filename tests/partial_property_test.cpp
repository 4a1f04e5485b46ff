// Properties of records as people keep them: a generated match of every rule
// set stays valid when it is written without deals, without seat labels,
// without claim lines (or with only `end` or only `score` lines), or with its
// hands as summary hands (no plies), alone and together; and a mutant keeps
// its first error (code and line) when what it breaks does not depend on
// what was left out. Claim lines and plies are never both left out: that
// leaves empty hands, and an empty hand followed by another is
// `end-mismatch` at the next `hand` line.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <random>
#include <sstream>

#include "gen/generate.hpp"
#include "tests/support/support.hpp"

using namespace pips;

namespace {

const std::vector<Variant>& variants() {
    static const std::vector<Variant> v = test::all_variants();
    return v;
}

const char* claims_name(gen::Claims c) {
    switch (c) {
        case gen::Claims::all:
            return "all";
        case gen::Claims::end:
            return "end";
        case gen::Claims::score:
            return "score";
        case gen::Claims::none:
            return "none";
    }
    return "?";
}

// The `pips generate` arguments that write the same record.
std::string describe(const Variant& v, const gen::Shown& s, std::uint64_t seed, bool mutate) {
    std::ostringstream o;
    o << v.name() << ": --seed " << seed << " --bot " << (seed % 2 ? "greedy" : "random")
      << " --deals " << (s.deals ? "full" : "none") << " --labels " << (s.labels ? "full" : "none")
      << " --claims " << claims_name(s.claims) << " --summary " << s.summary
      << (mutate ? " --mutate" : "");
    return o.str();
}

gen::Shown shown_of(bool deals, bool labels, gen::Claims claims, int summary) {
    gen::Shown s;
    s.deals = deals;
    s.labels = labels;
    s.claims = claims;
    s.summary = summary;
    return s;
}

// Claim lines and plies are not left out together (see the top).
bool allowed(const gen::Shown& s) {
    return !(s.summary > 0 && s.claims == gen::Claims::none);
}

gen::Match match_of(const Variant& v, const gen::Shown& s, std::uint64_t seed, int hands,
                    std::mt19937_64& rng) {
    rng.seed(seed);
    gen::Options opt{v, s.deals, seed % 2 ? gen::Bot::greedy : gen::Bot::random, hands};
    opt.shown = s;
    return gen::generate_match(opt, rng);
}

gen::Shown arbitrary_shown() {
    gen::Shown s;
    s.deals = *rc::gen::arbitrary<bool>();
    s.labels = *rc::gen::arbitrary<bool>();
    s.claims = *rc::gen::element(gen::Claims::all, gen::Claims::end, gen::Claims::score,
                                 gen::Claims::none);
    s.summary = *rc::gen::inRange(0, 3);
    return s;
}

}  // namespace

RC_GTEST_PROP(Partial, StrippedMatchesStayValid, ()) {
    const auto vi = *rc::gen::inRange<std::size_t>(0, variants().size());
    const gen::Shown s = arbitrary_shown();
    RC_PRE(allowed(s));
    const auto seed = *rc::gen::arbitrary<std::uint64_t>();
    std::mt19937_64 rng;
    const gen::Match m = match_of(variants()[vi], s, seed, 12, rng);
    const std::string text = gen::write_match(m).text;
    RC_LOG() << describe(variants()[vi], s, seed, false) << " --max-hands 12\n" << text;
    auto verdicts = test::check_text(text);
    RC_ASSERT(verdicts.size() == 1u);
    RC_ASSERT(test::describe(verdicts[0]) == std::string("valid"));
}

RC_GTEST_PROP(Partial, MutantsKeepTheirFirstErrorWhenStripped, ()) {
    const auto vi = *rc::gen::inRange<std::size_t>(0, variants().size());
    const gen::Shown s = arbitrary_shown();
    RC_PRE(allowed(s));
    const auto seed = *rc::gen::arbitrary<std::uint64_t>();
    std::mt19937_64 rng;
    const gen::Match m = match_of(variants()[vi], s, seed, 6, rng);
    auto mutant = gen::mutate(m, rng);
    RC_PRE(mutant.has_value());
    RC_LOG() << describe(variants()[vi], s, seed, true) << " --max-hands 6: " << mutant->what
             << " expecting " << mutant->code << " at line " << mutant->line << "\n"
             << mutant->text;
    auto verdicts = test::check_text(mutant->text);
    RC_ASSERT(verdicts.size() == 1u);
    const auto& v = verdicts[0];
    RC_ASSERT(!v.errors.empty());
    RC_ASSERT(std::string(checker::code_name(v.errors[0].code)) == mutant->code);
    RC_ASSERT(v.errors[0].pos.line == mutant->line);
}

// Not random: every variant under every combination, with fixed seeds, so a
// regression names its variant and what was left out.
TEST(Partial, EveryVariantStrippedEveryWay) {
    std::mt19937_64 rng;
    for (std::size_t vi = 0; vi < variants().size(); ++vi) {
        for (bool deals : {true, false}) {
            for (bool labels : {true, false}) {
                for (gen::Claims c :
                     {gen::Claims::all, gen::Claims::end, gen::Claims::score, gen::Claims::none}) {
                    for (int summary : {0, 1, 2}) {
                        const gen::Shown s = shown_of(deals, labels, c, summary);
                        if (!allowed(s)) continue;
                        for (std::uint64_t seed = 1; seed <= 2; ++seed) {
                            const gen::Match m =
                                match_of(variants()[vi], s, seed * 31 + vi, 20, rng);
                            const std::string text = gen::write_match(m).text;
                            auto verdicts = test::check_text(text);
                            ASSERT_EQ(verdicts.size(), 1u);
                            EXPECT_EQ(test::describe(verdicts[0]), "valid")
                                << describe(variants()[vi], s, seed * 31 + vi, false)
                                << " --max-hands 20\n"
                                << text;
                        }
                    }
                }
            }
        }
    }
}

// Not random: mutants of every variant under every combination, fixed seeds.
TEST(Partial, EveryVariantsMutantsStrippedEveryWay) {
    std::mt19937_64 rng;
    for (std::size_t vi = 0; vi < variants().size(); ++vi) {
        for (bool deals : {true, false}) {
            for (bool labels : {true, false}) {
                for (gen::Claims c :
                     {gen::Claims::all, gen::Claims::end, gen::Claims::score, gen::Claims::none}) {
                    for (int summary : {0, 1, 2}) {
                        const gen::Shown s = shown_of(deals, labels, c, summary);
                        if (!allowed(s)) continue;
                        for (std::uint64_t seed = 1; seed <= 3; ++seed) {
                            const std::uint64_t sd = seed * 131 + vi;
                            const gen::Match m = match_of(variants()[vi], s, sd, 8, rng);
                            auto mutant = gen::mutate(m, rng);
                            if (!mutant) continue;
                            auto verdicts = test::check_text(mutant->text);
                            ASSERT_EQ(verdicts.size(), 1u);
                            const auto& v = verdicts[0];
                            ASSERT_FALSE(v.errors.empty()) << mutant->text;
                            EXPECT_EQ(checker::code_name(v.errors[0].code), mutant->code)
                                << describe(variants()[vi], s, sd, true)
                                << " --max-hands 8: " << mutant->what << " at line " << mutant->line
                                << ", got " << test::describe(v);
                            EXPECT_EQ(v.errors[0].pos.line, mutant->line)
                                << describe(variants()[vi], s, sd, true)
                                << " --max-hands 8: " << mutant->what << ", got "
                                << test::describe(v);
                        }
                    }
                }
            }
        }
    }
}
