// The sampler of pips analyze --sample in its general form (PlaceSampler:
// any number of places, as a draw game has) and the deals of draw games
// drawn from what a seat knows (DrawGameSampler): counts against brute-force
// enumeration, and draws uniform by Pearson's chi-square, on small
// positions; on draw-game hands, against every deal that replays the hand.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "engine/game.hpp"
#include "engine/sample.hpp"

namespace {

using namespace pips;

using Places = std::vector<PlaceSampler::Place>;

// Every placement by brute force: each tile to each place that allows it,
// the counts kept.
std::vector<std::vector<TileSet>> all_placements(TileSet pool, const Places& places) {
    std::vector<Tile> tiles;
    pool.for_each([&](Tile t) { tiles.push_back(t); });
    std::vector<std::vector<TileSet>> out;
    std::vector<TileSet> cur(places.size());
    auto rec = [&](auto&& self, std::size_t i) -> void {
        if (i == tiles.size()) {
            for (std::size_t q = 0; q < places.size(); ++q)
                if (cur[q].size() != places[q].need) return;
            out.push_back(cur);
            return;
        }
        for (std::size_t q = 0; q < places.size(); ++q) {
            if (!places[q].allowed.contains(tiles[i]) || cur[q].size() >= places[q].need) continue;
            cur[q].insert(tiles[i]);
            self(self, i + 1);
            cur[q].erase(tiles[i]);
        }
    };
    rec(rec, 0);
    return out;
}

// A small position shaped like a draw game's: up to 8 tiles, a dealt hand or
// two, draws of one tile each (each allowing a random part of the tiles, as
// the voids of later draws leave it) and the boneyard.
struct Problem {
    TileSet pool;
    Places places;
};
Problem random_problem(std::mt19937_64& rng) {
    Problem p;
    std::vector<Tile> all;
    TileSet::full().for_each([&](Tile t) { all.push_back(t); });
    std::shuffle(all.begin(), all.end(), rng);
    const int n = 3 + static_cast<int>(rng() % 6);
    for (int i = 0; i < n; ++i) p.pool.insert(all[static_cast<std::size_t>(i)]);
    int left = n;
    const int hands = 1 + static_cast<int>(rng() % 2);
    const int draws = static_cast<int>(rng() % 4);
    auto some = [&] {
        TileSet s;
        p.pool.for_each([&](Tile t) {
            if (rng() % 4 != 0) s.insert(t);
        });
        return s;
    };
    for (int h = 0; h < hands && left > 0; ++h) {
        const int k = static_cast<int>(rng() % (left + 1));
        p.places.push_back({k, some()});
        left -= k;
    }
    for (int d = 0; d < draws && left > 0; ++d) {
        p.places.push_back({1, some()});
        --left;
    }
    p.places.push_back({left, p.pool});  // the boneyard takes what is left
    return p;
}

std::vector<std::uint32_t> bits(const std::vector<TileSet>& p) {
    std::vector<std::uint32_t> b;
    for (TileSet s : p) b.push_back(s.bits());
    return b;
}

// Pearson's chi-square of `seen` (counts by outcome, every possible outcome
// listed) against the uniform distribution, under its 0.1 % critical value
// (Wilson-Hilferty).
template <class Key>
void expect_uniform(const std::map<Key, double>& seen, double draws) {
    const double expected = draws / static_cast<double>(seen.size());
    double chi2 = 0;
    for (const auto& [k, o] : seen) chi2 += (o - expected) * (o - expected) / expected;
    const double df = static_cast<double>(seen.size() - 1);
    const double z = 3.09;  // the 99.9th percentile of the normal distribution
    const double a = 2.0 / (9.0 * df);
    const double critical = df * std::pow(1 - a + z * std::sqrt(a), 3);
    EXPECT_LT(chi2, critical) << seen.size() << " outcomes";
}

}  // namespace

RC_GTEST_PROP(PlaceSampler, CountsEveryConsistentPlacement, ()) {
    std::mt19937_64 rng(*rc::gen::arbitrary<std::uint64_t>());
    const Problem p = random_problem(rng);
    const auto all = all_placements(p.pool, p.places);
    PlaceSampler s(p.pool, p.places);
    RC_ASSERT(s.count() == all.size());
    if (all.empty()) return;
    for (int i = 0; i < 20; ++i) {
        const auto d = s.draw(rng);
        RC_ASSERT(std::find(all.begin(), all.end(), d) != all.end());
    }
}

// The general form counts what the five-slot one counts.
RC_GTEST_PROP(PlaceSampler, AgreesWithTheFiveSlotCount, ()) {
    std::mt19937_64 rng(*rc::gen::arbitrary<std::uint64_t>());
    Unseen u;
    std::vector<Tile> all;
    TileSet::full().for_each([&](Tile t) { all.push_back(t); });
    std::shuffle(all.begin(), all.end(), rng);
    const int n = static_cast<int>(rng() % 16);
    for (int i = 0; i < n; ++i) u.pool.insert(all[static_cast<std::size_t>(i)]);
    int left = n;
    for (std::size_t s = 0; s < Unseen::kSlots; ++s) {
        const int k = s + 1 == Unseen::kSlots ? left : static_cast<int>(rng() % (left + 1));
        u.need[s] = k;
        left -= k;
        u.allowed[s] = u.pool;
        if (s < 4 && rng() % 2) u.allowed[s] -= TileSet::carrying(static_cast<int>(rng() % 7));
    }
    Places places;
    for (std::size_t s = 0; s < Unseen::kSlots; ++s) places.push_back({u.need[s], u.allowed[s]});
    PlaceSampler s(u.pool, places);
    RC_ASSERT(s.count() == count_placements(u));
}

TEST(PlaceSampler, Uniform) {
    std::mt19937_64 rng(2025);
    int tested = 0;
    for (int round = 0; round < 400 && tested < 3; ++round) {
        const Problem p = random_problem(rng);
        const auto all = all_placements(p.pool, p.places);
        if (all.size() < 12 || all.size() > 60) continue;
        ++tested;
        PlaceSampler s(p.pool, p.places);
        const std::size_t draws = 400 * all.size();
        std::map<std::vector<std::uint32_t>, double> seen;
        for (const auto& x : all) seen[bits(x)] = 0;
        for (std::size_t i = 0; i < draws; ++i) {
            const auto it = seen.find(bits(s.draw(rng)));
            ASSERT_NE(it, seen.end());
            it->second += 1;
        }
        expect_uniform(seen, static_cast<double>(draws));
    }
    EXPECT_EQ(tested, 3);
}

TEST(PlaceSampler, TooOpenToCountIsSaid) {
    // 21 tiles over 21 places of one tile, each allowing a different part:
    // more states than allowed.
    TileSet pool;
    Places places;
    int i = 0;
    TileSet::full().for_each([&](Tile t) {
        if (i++ < 21) pool.insert(t);
    });
    std::mt19937_64 rng(3);
    for (int q = 0; q < 21; ++q) {
        TileSet s;
        pool.for_each([&](Tile t) {
            if (rng() % 2) s.insert(t);
        });
        places.push_back({1, s});
    }
    PlaceSampler s(pool, places, 1000);
    EXPECT_THROW(s.count(), std::length_error);
}

// --- deals of draw games ---------------------------------------------------------------

namespace {

// A hand of `v` played at random up to some point: the game before the deal,
// the deal, the moves.
struct Played {
    Game before;
    Deal deal;
    std::vector<Move> moves;
};

Played play_some(const Variant& v, std::mt19937_64& rng, int stop, int hands_before = 0) {
    Game g(v);
    // Earlier hands played out at random: the pose rules of later hands.
    for (int h = 0; h < hands_before && !g.match_over(); ++h) {
        EXPECT_TRUE(g.deal(rng));
        while (!g.hand_over()) {
            const std::vector<Move> ms = g.legal_moves();
            if (ms.empty()) break;
            EXPECT_TRUE(g.apply(ms[rng() % ms.size()]));
        }
    }
    Played p{g.clone(), shuffled_deal(v, rng), {}};
    EXPECT_TRUE(g.deal(p.deal));
    for (int i = 0; i < stop && !g.hand_over(); ++i) {
        const std::vector<Move> ms = g.legal_moves();
        if (ms.empty()) break;
        const Move m = ms[rng() % ms.size()];
        EXPECT_TRUE(g.apply(m)) << m.str();
        p.moves.push_back(m);
    }
    return p;
}

// Whether `d` replays the moves.
bool replays(const Played& p, const Deal& d) {
    Game g = p.before.clone();
    if (!g.deal(d)) return false;
    for (const Move& m : p.moves)
        if (!g.apply(m)) return false;
    return true;
}

// The key of a deal: every seat's dealt hand and the stock's order.
std::vector<std::uint32_t> key_of(const Deal& d) {
    std::vector<std::uint32_t> k;
    for (const auto& h : d.hands) {
        TileSet s;
        for (Tile t : h) s.insert(t);
        k.push_back(s.bits());
    }
    for (Tile t : d.stock) k.push_back(static_cast<std::uint32_t>(t.index()));
    return k;
}

// Every deal of the tiles `seat` has not seen that replays the hand: the
// others' dealt hands and the stock places the seat did not draw from, by
// brute force over the orders of those tiles (only for small positions:
// empty when there are more than `limit`).
std::set<std::vector<std::uint32_t>> consistent_deals(const Played& p, int seat,
                                                      std::size_t limit) {
    // The stock places the seat drew from: replay and watch its hand.
    Game g = p.before.clone();
    EXPECT_TRUE(g.deal(p.deal));
    std::vector<bool> own(p.deal.stock.size());
    std::size_t next = 0;
    for (const Move& m : p.moves) {
        if (m.kind == Move::Kind::draw) own[next++] = m.seat == seat;
        g.apply(m);
    }
    std::vector<Tile> hidden;
    const int players = static_cast<int>(p.deal.hands.size());
    for (int s = 0; s < players; ++s)
        if (s != seat)
            for (Tile t : p.deal.hands[static_cast<std::size_t>(s)]) hidden.push_back(t);
    for (std::size_t i = 0; i < p.deal.stock.size(); ++i)
        if (!own[i]) hidden.push_back(p.deal.stock[i]);
    const std::size_t n = hidden.size();
    const std::size_t dealt =
        n -
        (p.deal.stock.size() - static_cast<std::size_t>(std::count(own.begin(), own.end(), true)));
    // The others' dealt hands as sets (by bit masks over `hidden`), the
    // stock places in every order.
    double orders = 1;
    for (std::size_t i = 2; i <= n - dealt; ++i) orders *= static_cast<double>(i);
    std::set<std::vector<std::uint32_t>> out;
    if (n > 20 || orders * std::pow(2.0, static_cast<double>(n)) > static_cast<double>(limit))
        return out;
    for (std::uint32_t mask = 0; mask < (1u << n); ++mask) {
        if (static_cast<std::size_t>(std::popcount(mask)) != dealt) continue;
        std::vector<Tile> in, rest;
        for (std::size_t i = 0; i < n; ++i) (mask >> i & 1u ? in : rest).push_back(hidden[i]);
        auto by_index = [](Tile a, Tile b) { return a.index() < b.index(); };
        std::sort(rest.begin(), rest.end(), by_index);
        do {
            Deal d = p.deal;
            std::size_t k = 0;
            for (int s = 0; s < players; ++s)
                if (s != seat)
                    for (Tile& t : d.hands[static_cast<std::size_t>(s)]) t = in[k++];
            k = 0;
            for (std::size_t i = 0; i < d.stock.size(); ++i)
                if (!own[i]) d.stock[i] = rest[k++];
            if (replays(p, d)) out.insert(key_of(d));
        } while (std::next_permutation(rest.begin(), rest.end(), by_index));
    }
    return out;
}

}  // namespace

// Every deal drawn replays the hand, keeps the seat's own tiles (dealt and
// drawn) where they were, and the count is never 0 (the real deal is one);
// in hand 1 and in later hands, whose pose rules differ.
TEST(DrawGameSampler, DealsReplayTheHand) {
    std::mt19937_64 rng(77);
    int tested = 0;
    for (const auto& [rules, players, options] :
         std::vector<std::tuple<const char*, int, const char*>>{
             {"chiva", 2, ""}, {"chiva", 3, ""}, {"cutthroat", 2, "draw"}}) {
        Variant v;
        ASSERT_FALSE(make_variant(rules, players, options, v).has_value()) << rules;
        for (int round = 0; round < 24; ++round) {
            const Played p = play_some(v, rng, 4 + static_cast<int>(rng() % 30), round % 3);
            const int seat = static_cast<int>(rng() % static_cast<std::uint64_t>(players));
            DrawGameSampler s(p.before, p.deal, p.moves, seat);
            ASSERT_GE(s.count(), 1u);
            for (int i = 0; i < 10; ++i) {
                const Deal d = s.draw(rng);
                ASSERT_TRUE(replays(p, d)) << rules << " round " << round;
                EXPECT_EQ(d.hands[static_cast<std::size_t>(seat)],
                          p.deal.hands[static_cast<std::size_t>(seat)]);
                ++tested;
            }
        }
    }
    EXPECT_GE(tested, 600);
}

// Late in a hand of chiva for two, when few tiles are hidden from the seat:
// the deals drawn are exactly the deals that replay the hand (enumerated),
// each about equally often.
TEST(DrawGameSampler, UniformOverTheDealsThatReplay) {
    Variant v;
    ASSERT_FALSE(make_variant("chiva", 2, "", v).has_value());
    std::mt19937_64 rng(11);
    int tested = 0;
    // One position of a hand: whether it was small enough to enumerate
    // (`open`: whether it was too large).
    auto test_at = [&](const Played& q, int seat, bool& open) {
        DrawGameSampler s(q.before, q.deal, q.moves, seat);
        const std::uint64_t n = s.count();
        open = n > 400;
        if (n < 12 || n > 400) return false;
        const auto all = consistent_deals(q, seat, 1u << 16);
        if (all.empty()) return false;
        // The boneyard's order is drawn as well: every order is a deal.
        Game at = q.before.clone();
        EXPECT_TRUE(at.deal(q.deal));
        for (const Move& m : q.moves) at.apply(m);
        std::uint64_t orders = 1;
        for (int i = 2; i <= at.hand().boneyard(); ++i) orders *= static_cast<std::uint64_t>(i);
        EXPECT_EQ(all.size(), n * orders);
        std::map<std::vector<std::uint32_t>, double> seen;
        for (const auto& k : all) seen[k] = 0;
        const std::size_t draws = 200 * all.size();
        for (std::size_t i = 0; i < draws; ++i) {
            const auto it = seen.find(key_of(s.draw(rng)));
            EXPECT_NE(it, seen.end());
            if (it == seen.end()) return true;
            it->second += 1;
        }
        expect_uniform(seen, static_cast<double>(draws));
        return true;
    };
    for (int round = 0; round < 3000 && tested < 3; ++round) {
        const Played p = play_some(v, rng, 200);
        // Back up from the end of the hand to where a seat that drew much
        // sees all but a few tiles; one position a hand.
        // Further back, more is hidden: stop where both seats see too little.
        bool done = false, open = false;
        for (std::size_t cut = p.moves.size(); cut > 0 && !done && !open; --cut) {
            const Played q{p.before.clone(), p.deal, {p.moves.begin(), p.moves.begin() + cut}};
            bool open_a = false, open_b = false;
            done = test_at(q, 0, open_a) || test_at(q, 1, open_b);
            open = open_a && open_b;
        }
        tested += done;
    }
    EXPECT_EQ(tested, 3);
}

// Before any move, the first tile of the stock and the last are each any
// tile the seat has not seen, equally often: the boneyard's order is drawn
// uniformly as well.
TEST(DrawGameSampler, BoneyardOrderUniform) {
    Variant v;
    ASSERT_FALSE(make_variant("cutthroat", 2, "draw", v).has_value());
    std::mt19937_64 rng(5);
    const Played p = play_some(v, rng, 0);
    DrawGameSampler s(p.before, p.deal, p.moves, 0);
    std::map<int, double> first, last;
    const TileSet mine = [&] {
        TileSet t;
        for (Tile x : p.deal.hands[0]) t.insert(x);
        return t;
    }();
    (v.tile_set() - mine).for_each([&](Tile t) { first[t.index()] = last[t.index()] = 0; });
    const int draws = 21 * 400;
    for (int i = 0; i < draws; ++i) {
        const Deal d = s.draw(rng);
        ASSERT_EQ(d.stock.size(), 14u);
        first.at(d.stock.front().index()) += 1;
        last.at(d.stock.back().index()) += 1;
    }
    expect_uniform(first, draws);
    expect_uniform(last, draws);
}
