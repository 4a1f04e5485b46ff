// HandState::play_plain and pass_plain, the replay's common steps, against
// play() and pass() move for move: random hands of every variant (some with
// a deal not shown), and at every turn a candidate play, legal or not, made
// on two copies of the hand, one by play_plain and one by play(). When
// play_plain takes the play, play() must take it too and leave the same
// hand; when it does not, it must leave the hand as it was. Passes the same
// way.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <random>
#include <vector>

#include "engine/hand.hpp"
#include "engine/rules.hpp"
#include "tests/support/chains.hpp"
#include "tests/support/support.hpp"

namespace pips {
namespace {

const std::array<End, 6> kEnds = {End::L, End::R, End::N, End::E, End::S, End::W};

// Everything a caller can see of a hand, compared field by field.
void assert_same(const HandState& a, const HandState& b) {
    const Layout &x = a.layout(), &y = b.layout();
    RC_ASSERT(x.on_table() == y.on_table());
    RC_ASSERT(x.tiles() == y.tiles());
    RC_ASSERT(x.str() == y.str());
    for (int v = 0; v <= 6; ++v) RC_ASSERT(x.count(v) == y.count(v));
    for (End e : kEnds) {
        RC_ASSERT(x.fit_mask(e) == y.fit_mask(e));
        RC_ASSERT(x.double_at(e) == y.double_at(e));
        if (!x.empty()) RC_ASSERT(x.end_value(e) == y.end_value(e));
    }
    for (int s = 0; s < a.players(); ++s) {
        const SeatInfo &p = a.seat(s), &q = b.seat(s);
        RC_ASSERT(p.known == q.known);
        RC_ASSERT(p.count == q.count);
        RC_ASSERT(p.dealt == q.dealt);
        RC_ASSERT(p.out == q.out);
        RC_ASSERT(p.played == q.played);
        RC_ASSERT(a.hand_of(s) == b.hand_of(s));
        RC_ASSERT(a.fixed_deal(s) == b.fixed_deal(s));
    }
    RC_ASSERT(a.turn() == b.turn());
    RC_ASSERT(a.over() == b.over());
    RC_ASSERT(a.domino_seat() == b.domino_seat());
    RC_ASSERT(a.last_player() == b.last_player());
    RC_ASSERT(a.poser() == b.poser());
    RC_ASSERT(a.last_tile() == b.last_tile());
    RC_ASSERT(a.last_fit_both() == b.last_fit_both());
    RC_ASSERT(a.last_was_key() == b.last_was_key());
    RC_ASSERT(a.last_both_ends_differ() == b.last_both_ends_differ());
    RC_ASSERT(a.passes_in_row() == b.passes_in_row());
    RC_ASSERT(a.event_count() == b.event_count());
    RC_ASSERT(a.boneyard() == b.boneyard());
    RC_ASSERT(a.blocked() == b.blocked());
    RC_ASSERT(a.unplaced() == b.unplaced());
    RC_ASSERT(a.check_invariants().empty());
}

std::vector<Tile> tiles_of(TileSet s) {
    std::vector<Tile> out;
    s.for_each([&](Tile t) { out.push_back(t); });
    return out;
}

// A random hand of a random variant, posed: the set shuffled into `set`;
// a quarter of the hands show one seat's deal not at all.
HandState posed_hand(Variant& v, std::vector<Tile>& set) {
    static const std::vector<Variant> variants = test::all_variants();
    v = *rc::gen::elementOf(variants);
    std::mt19937 rng(*rc::gen::arbitrary<std::uint32_t>());
    set = tiles_of(v.tile_set());
    std::shuffle(set.begin(), set.end(), rng);

    HandState h(v);
    const int hidden = *rc::gen::inRange(0, 4) == 0 ? *rc::gen::inRange(0, v.players) : -1;
    const auto k = static_cast<std::size_t>(v.tiles_per_seat());
    for (int s = 0; s < v.players; ++s) {
        if (s == hidden) continue;
        const auto from =
            set.begin() + static_cast<std::ptrdiff_t>(k * static_cast<std::size_t>(s));
        RC_ASSERT(h.deal(s, std::vector<Tile>(from, from + static_cast<std::ptrdiff_t>(k))));
    }
    if (v.draw_game() && hidden < 0) {
        const auto rest =
            set.begin() + static_cast<std::ptrdiff_t>(k * static_cast<std::size_t>(v.players));
        RC_ASSERT(h.stock(std::vector<Tile>(rest, set.end())));
    }
    h.start();

    // The pose: the first shown seat's first tile (french: its first double).
    const int poser = hidden == 0 ? 1 : 0;
    std::optional<Tile> pose;
    h.seat(poser).known.for_each([&](Tile t) {
        if (!pose && (v.layout() == LayoutKind::line || t.is_double())) pose = t;
    });
    RC_PRE(pose.has_value());
    RC_ASSERT(h.pose(poser, *pose, pose->hi, pose->lo));
    return h;
}

// A legal move of the seat to play, made: a play, a draw or a pass. False
// when there is none.
bool move_on(HandState& h) {
    const int turn = h.turn();
    for (Tile x : tiles_of(h.seat(turn).known)) {
        for (End e : kEnds) {
            if (!h.layout().fits(x, e)) continue;
            if (h.play(turn, x, e)) return true;
            break;  // (the next tile)
        }
    }
    if (h.boneyard() > 0 && h.draw(turn)) return true;
    return static_cast<bool>(h.pass(turn));
}

RC_GTEST_PROP(PlainPlay, MakesWhatPlayMakesMoveForMove, ()) {
    Variant v;
    std::vector<Tile> set;
    HandState h = posed_hand(v, set);

    int taken = 0, refused = 0;
    for (int move = 0; move < 80 && h.over() == HandOver::no; ++move) {
        const int turn = h.turn();
        // A play to try: half the time a tile of the seat's that fits, else
        // any tile it holds, sometimes any tile at all; mostly by the seat
        // whose turn it is; the end not written, or any end.
        const std::vector<Tile> mine = tiles_of(h.seat(turn).known);
        const std::vector<Tile> fitting = tiles_of(h.layout().playable(h.seat(turn).known));
        const auto pick = [](const std::vector<Tile>& from) {
            return from[static_cast<std::size_t>(
                *rc::gen::inRange<int>(0, static_cast<int>(from.size())))];
        };
        const int kind = *rc::gen::inRange(0, 8);
        const Tile t = kind == 0 || mine.empty()     ? pick(set)
                       : kind < 4 || fitting.empty() ? pick(mine)
                                                     : pick(fitting);
        const int seat =
            *rc::gen::inRange(0, 10) == 0 ? *rc::gen::inRange(-1, v.players + 1) : turn;
        const int end_pick = *rc::gen::inRange(-4, 6);
        const std::optional<End> end =
            end_pick < 0 ? std::nullopt
                         : std::optional<End>(kEnds[static_cast<std::size_t>(end_pick)]);

        HandState plain = h, general = h;
        const bool took = plain.play_plain(seat, t, HandState::ends_allowed(end));
        const Step st = general.play(seat, t, end);
        (took ? taken : refused) += 1;
        if (took) {
            RC_ASSERT(static_cast<bool>(st));
            assert_same(plain, general);
        } else {
            assert_same(plain, h);
        }
        if (st) {
            h = general;
            continue;
        }
        // Go on with a legal move of the seat to play.
        if (!move_on(h)) break;
    }
    RC_TAG(taken > 5 ? "many taken" : "few taken");
}

// A seat's last tile, the hand's end: play_plain judges the key tile as
// play() does (random hands almost never end on one). A line from 2 to 6
// with every 2 and every 6 placed but 6-2, then 6-2 played last: the key
// tile (Layout::key_tile); and a line from 0 to 0 ended by 0-0, no key
// (tests/support/chains.hpp).
TEST(PlainPlay, JudgesTheKeyTileOfALastPlayAsPlayDoes) {
    struct Case {
        const std::vector<int>& chain;
        std::array<std::string_view, 4> extra;
        Tile last;
        std::optional<End> end;
        bool key;
    };
    const std::vector<Case> cases = {
        {test::kKeyChain, {"6-2", "0-0", "1-1", "3-3"}, Tile(6, 2), End::L, true},
        {test::kBlankChain, {"0-0", "1-1", "2-2", "3-3"}, Tile(0, 0), std::nullopt, false},
    };
    for (const Case& c : cases) {
        HandState h(test::variant_of(RuleSet::jamaican, 4));
        test::deal_chain(h, c.chain, c.extra);
        test::play_chain(h, c.chain);
        ASSERT_EQ(h.turn(), 0);
        ASSERT_EQ(h.seat(0).count, 1);
        HandState plain = h, general = h;
        ASSERT_TRUE(plain.play_plain(0, c.last, HandState::ends_allowed(c.end)));
        ASSERT_TRUE(general.play(0, c.last, c.end));
        EXPECT_EQ(general.last_was_key(), c.key);
        EXPECT_EQ(plain.last_was_key(), c.key);
        EXPECT_EQ(plain.over(), HandOver::domino);
        EXPECT_EQ(plain.domino_seat(), 0);
        EXPECT_EQ(plain.last_tile(), general.last_tile());
        EXPECT_EQ(plain.last_fit_both(), general.last_fit_both());
        EXPECT_EQ(plain.seat(0).count, 0);
        EXPECT_EQ(plain.layout().str(), general.layout().str());
    }
}

// pass_plain against pass() the same way: at every turn a pass, mostly by
// the seat to play, made on two copies; when pass_plain takes it, pass()
// must take it too and leave the same hand, else pass_plain must leave the
// hand as it was. Then the game goes on with a legal move (a pass where the
// seat has nothing else), so that passes come with hands known and not.
RC_GTEST_PROP(PlainPass, MakesWhatPassMakesMoveForMove, ()) {
    Variant v;
    std::vector<Tile> set;
    HandState h = posed_hand(v, set);
    int taken = 0;
    for (int move = 0; move < 80; ++move) {
        const int turn = h.turn();
        const int seat =
            *rc::gen::inRange(0, 10) == 0 ? *rc::gen::inRange(-1, v.players + 1) : turn;
        HandState plain = h, general = h;
        const bool took = plain.pass_plain(seat);
        const Step st = general.pass(seat);
        if (took) {
            ++taken;
            RC_ASSERT(static_cast<bool>(st));
            assert_same(plain, general);
        } else {
            assert_same(plain, h);
        }
        if (h.over() != HandOver::no) break;  // (the passes after it were tried)
        if (!move_on(h)) break;
    }
    RC_TAG(taken > 0 ? "some taken" : "none taken");
}

// Rules::after_move skips on_event where the rule set says its moves score
// nothing (moves_score()): there on_event must indeed keep nothing. Random
// events of every kind, on hands played on, against any score before them:
// on_event leaves the hand's score as it was and returns 0, unless the rule
// set is made with ScoresMoves. (The rule sets that are, french and
// fives-threes, must show a change somewhere: else the flag is wrong the
// other way, which costs time, not verdicts.)
RC_GTEST_PROP(RulesMovesScore, OnlyRuleSetsThatSayTheyScoreMovesKeepAnything, ()) {
    Variant v;
    std::vector<Tile> set;
    HandState h = posed_hand(v, set);
    const std::unique_ptr<Rules> rules = make_rules(v);
    MatchState m;
    for (int p = 0; p < v.parties(); ++p) m.score[p] = *rc::gen::inRange(0, v.traits().target);
    HandScore before;
    before.score_known = *rc::gen::arbitrary<bool>();
    for (int p = 0; p < 4; ++p) {
        before.points[p] = *rc::gen::inRange(0, 12);
        before.run[p] = *rc::gen::inRange(0, 3);
    }
    before.board_from = *rc::gen::inRange(-1, v.players);
    before.board_passes = *rc::gen::inRange(0, v.players);
    bool changed = false;
    for (int move = 0; move < 40 && h.over() == HandOver::no; ++move) {
        const auto kind = static_cast<Event::Kind>(*rc::gen::inRange(0, 5));
        const std::optional<bool> able = *rc::gen::arbitrary<bool>()
                                             ? std::optional<bool>(*rc::gen::arbitrary<bool>())
                                             : std::nullopt;
        const Event e{kind, *rc::gen::inRange(0, v.players), set[move % set.size()], able};
        HandScore s = before;
        const int pts = rules->on_event(s, h, e, m);
        const bool same = pts == 0 && s == before;
        if (!rules->moves_score()) RC_ASSERT(same);
        changed = changed || !same;
        if (!move_on(h)) break;
    }
    RC_TAG(rules->moves_score() ? (changed ? "scores, changed" : "scores, unchanged")
                                : "scores nothing");
}

}  // namespace
}  // namespace pips
