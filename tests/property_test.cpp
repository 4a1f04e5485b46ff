// Properties over generated games: legal matches replay clean under every rule
// set; one mutation is reported at its ply with its code; random play through
// Game::legal_moves keeps the engine's invariants; hard ends and key tiles agree
// with a brute-force definition.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <random>

#include "engine/game.hpp"
#include "engine/hand.hpp"
#include "engine/rules.hpp"
#include "gen/generate.hpp"
#include "tests/support/support.hpp"

using namespace pips;

namespace {

const std::vector<Variant>& variants() {
    static const std::vector<Variant> v = test::all_variants();
    return v;
}

std::string name_of(std::size_t i) {
    return variants()[i].name();
}

}  // namespace

RC_GTEST_PROP(Generated, LegalMatchesReplayClean, ()) {
    const auto vi = *rc::gen::inRange<std::size_t>(0, variants().size());
    const auto seed = *rc::gen::arbitrary<std::uint64_t>();
    const bool deals = *rc::gen::arbitrary<bool>();
    const bool greedy = *rc::gen::arbitrary<bool>();
    std::mt19937_64 rng(seed);
    gen::Options opt{variants()[vi], deals, greedy ? gen::Bot::greedy : gen::Bot::random, 12};
    gen::Match m = gen::generate_match(opt, rng);
    std::string text = gen::write_match(m).text;
    auto verdicts = test::check_text(text);
    RC_ASSERT(verdicts.size() == 1u);
    RC_LOG() << name_of(vi) << (deals ? " with deals" : " without deals") << "\n" << text;
    RC_ASSERT(test::describe(verdicts[0]) == std::string("valid"));
    RC_ASSERT(verdicts[0].hands == static_cast<int>(m.record.hands.size()));
}

RC_GTEST_PROP(Generated, OneMutationIsReportedAtItsPly, ()) {
    const auto vi = *rc::gen::inRange<std::size_t>(0, variants().size());
    const auto seed = *rc::gen::arbitrary<std::uint64_t>();
    const bool deals = *rc::gen::arbitrary<bool>();
    std::mt19937_64 rng(seed);
    gen::Options opt{variants()[vi], deals, gen::Bot::random, 6};
    gen::Match m = gen::generate_match(opt, rng);
    auto mutant = gen::mutate(m, rng);
    RC_PRE(mutant.has_value());
    auto verdicts = test::check_text(mutant->text);
    RC_ASSERT(verdicts.size() == 1u);
    RC_LOG() << name_of(vi) << " " << mutant->what << " expecting " << mutant->code << " at line "
             << mutant->line << "\n"
             << mutant->text;
    const auto& v = verdicts[0];
    RC_ASSERT(!v.valid);
    RC_ASSERT(!v.errors.empty());
    RC_ASSERT(std::string(checker::code_name(v.errors[0].code)) == mutant->code);
    RC_ASSERT(v.errors[0].pos.line == mutant->line);
}

// Random play through Game: after every move every tile is in exactly one
// place and the layout agrees with its counts; every hand ends.
RC_GTEST_PROP(Engine, TilesAreConservedAfterEveryPly, ()) {
    const auto vi = *rc::gen::inRange<std::size_t>(0, variants().size());
    const Variant v = variants()[vi];
    std::mt19937_64 rng(*rc::gen::arbitrary<std::uint64_t>());
    Game g(v);
    RC_ASSERT(bool(g.deal(rng)));
    RC_ASSERT(g.hand().check_invariants() == std::string());
    for (int guard = 0; guard < 300 && !g.hand_over(); ++guard) {
        const std::vector<Move> moves = g.legal_moves();
        RC_ASSERT(!moves.empty());
        const Move m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
        RC_ASSERT(bool(g.apply(m)));
        RC_ASSERT(g.hand().check_invariants() == std::string());
    }
    RC_ASSERT(g.hand_over());
    RC_ASSERT(g.result().has_value());
}

// Hard ends and the key tile against their definitions, counted by brute force
// over the tiles off the table, on the layouts of random games.
RC_GTEST_PROP(Engine, HardEndsAndKeyTileMatchBruteForce, ()) {
    const bool three = *rc::gen::arbitrary<bool>();
    Variant v = test::variant_of(three ? RuleSet::cutthroat : RuleSet::jamaican, three ? 3 : 4);
    std::mt19937_64 rng(*rc::gen::arbitrary<std::uint64_t>());
    Game g(v);
    RC_ASSERT(bool(g.deal(rng)));
    const int steps = *rc::gen::inRange(1, 40);
    for (int i = 0; i < steps && !g.hand_over(); ++i) {
        const std::vector<Move> moves = g.legal_moves();
        RC_ASSERT(bool(
            g.apply(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)])));
    }
    const Layout& l = g.hand().layout();
    std::vector<Tile> off;
    v.tile_set().for_each([&](Tile t) {
        if (!l.on_table().contains(t)) off.push_back(t);
    });
    std::array<std::vector<Tile>, 2> fit;
    for (int i = 0; i < 2; ++i) {
        End e = i ? End::R : End::L;
        int v_end = l.end_value(e);
        for (Tile t : off)
            if (t.hi == v_end || t.lo == v_end) fit[i].push_back(t);
        bool brute = fit[i].size() == 1 && !fit[i][0].is_double();
        RC_ASSERT(l.hard(e) == brute);
    }
    bool key = l.hard(End::L) && l.hard(End::R) && l.end_value(End::L) != l.end_value(End::R) &&
               fit[0][0] == fit[1][0];
    Tile k;
    RC_ASSERT(l.key_tile(&k) == key);
    if (key) {
        // It is then the only tile anyone can still play.
        int playable = 0;
        for (Tile t : off) playable += l.fits_anywhere(t);
        RC_ASSERT(playable == 1);
        RC_ASSERT(k == fit[0][0]);
    }
}

// Not random: a fixed set of seeds per variant, so a regression names its variant.
TEST(Generated, EveryVariantReplaysCleanWithAndWithoutDeals) {
    for (std::size_t vi = 0; vi < variants().size(); ++vi) {
        for (int seed = 1; seed <= 4; ++seed) {
            for (bool deals : {true, false}) {
                std::mt19937_64 rng(static_cast<std::uint64_t>(seed) * 7919u + vi);
                gen::Options opt{variants()[vi], deals,
                                 seed % 2 ? gen::Bot::random : gen::Bot::greedy, 40};
                auto text = gen::write_match(gen::generate_match(opt, rng)).text;
                auto verdicts = test::check_text(text);
                ASSERT_EQ(verdicts.size(), 1u);
                EXPECT_EQ(test::describe(verdicts[0]), "valid")
                    << name_of(vi) << " seed " << seed << (deals ? " deals" : " no deals") << "\n"
                    << text;
            }
        }
    }
}
