// A stateful model test (rc::state) of a hand in the draw games: the model
// keeps hands, boneyard and line ends in plain arrays; random commands, legal
// and illegal, run on the model and on the engine, which must agree.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>
#include <rapidcheck/state.h>

#include <algorithm>
#include <random>

#include "engine/hand.hpp"
#include "tests/support/support.hpp"

using namespace pips;

namespace {

struct Model {
    Variant v;
    std::array<TileSet, 4> hands;
    std::vector<Tile> stock;
    std::size_t next = 0;
    TileSet table;
    int left = -1, right = -1;  // line ends once posed
    int turn = 0;
    bool posed = false;

    int boneyard() const { return static_cast<int>(stock.size() - next); }
    bool fits(Tile t, int end) const { return t.carries(end); }
    std::vector<std::pair<Tile, End>> moves(int seat) const {
        std::vector<std::pair<Tile, End>> out;
        hands[seat].for_each([&](Tile t) {
            if (t.carries(left)) out.push_back({t, End::L});
            if (t.carries(right)) out.push_back({t, End::R});
        });
        return out;
    }
    // The hand is over: a seat played out, or nobody can play or draw.
    bool someone_out() const {
        for (int s = 0; s < v.players; ++s)
            if (hands[s].empty()) return true;
        if (boneyard() > 0) return false;
        for (int s = 0; s < v.players; ++s)
            if (!moves(s).empty()) return false;
        return true;
    }
};

using Cmd = rc::state::Command<Model, HandState>;

void expect_agrees(const Model& m, const HandState& h) {
    RC_ASSERT(h.boneyard() == m.boneyard());
    RC_ASSERT(h.layout().on_table() == m.table);
    for (int s = 0; s < m.v.players; ++s) {
        RC_ASSERT(h.seat(s).count == m.hands[s].size());
        RC_ASSERT(h.seat(s).known == m.hands[s]);
    }
    if (m.posed) {
        RC_ASSERT(h.layout().end_value(End::L) == m.left);
        RC_ASSERT(h.layout().end_value(End::R) == m.right);
        RC_ASSERT(h.turn() == m.turn);
    }
    RC_ASSERT(h.check_invariants() == std::string());
}

struct Play : Cmd {
    Tile tile;
    End end = End::L;
    explicit Play(const Model& m) {
        auto mv = m.moves(m.turn);
        RC_PRE(m.posed && !m.someone_out() && !mv.empty());
        auto p = *rc::gen::elementOf(mv);
        tile = p.first;
        end = p.second;
    }
    // Checked again when a shrunk run replays the command on another model.
    void checkPreconditions(const Model& m) const override {
        RC_PRE(m.posed && !m.someone_out() && m.hands[m.turn].contains(tile) &&
               tile.carries(end == End::L ? m.left : m.right));
    }
    void apply(Model& m) const override {
        m.hands[m.turn].erase(tile);
        m.table.insert(tile);
        int& e = end == End::L ? m.left : m.right;
        e = tile.other(e);
        m.turn = (m.turn + 1) % m.v.players;
    }
    void run(const Model& m, HandState& h) const override {
        RC_ASSERT(bool(h.play(m.turn, tile, end)));
        Model next = m;
        apply(next);
        expect_agrees(next, h);
    }
    void show(std::ostream& os) const override { os << "play " << tile.str() << end_letter(end); }
};

struct Draw : Cmd {
    explicit Draw(const Model& m) { checkPreconditions(m); }
    void checkPreconditions(const Model& m) const override {
        RC_PRE(m.posed && !m.someone_out() && m.moves(m.turn).empty() && m.boneyard() > 0);
    }
    void apply(Model& m) const override { m.hands[m.turn].insert(m.stock[m.next++]); }
    void run(const Model& m, HandState& h) const override {
        RC_ASSERT(bool(h.draw(m.turn)));
        Model next = m;
        apply(next);
        expect_agrees(next, h);
    }
    void show(std::ostream& os) const override { os << "draw"; }
};

struct Pass : Cmd {
    explicit Pass(const Model& m) { checkPreconditions(m); }
    void checkPreconditions(const Model& m) const override {
        RC_PRE(m.posed && !m.someone_out() && m.moves(m.turn).empty() && m.boneyard() == 0);
        // Not after a block: the engine then only takes the knocks.
        bool anyone = false;
        for (int s = 0; s < m.v.players; ++s) anyone = anyone || !m.moves(s).empty();
        RC_PRE(anyone);
    }
    void apply(Model& m) const override { m.turn = (m.turn + 1) % m.v.players; }
    void run(const Model& m, HandState& h) const override {
        RC_ASSERT(bool(h.pass(m.turn)));
        Model next = m;
        apply(next);
        expect_agrees(next, h);
    }
    void show(std::ostream& os) const override { os << "pass"; }
};

// Illegal moves: refused with the right fault, and nothing changes.
struct IllegalDraw : Cmd {
    explicit IllegalDraw(const Model& m) { checkPreconditions(m); }
    void checkPreconditions(const Model& m) const override {
        RC_PRE(m.posed && !m.someone_out() && (!m.moves(m.turn).empty() || m.boneyard() == 0));
    }
    void run(const Model& m, HandState& h) const override {
        Step s = h.draw(m.turn);
        RC_ASSERT(s.fault == Fault::illegal_draw);
        expect_agrees(m, h);
    }
    void show(std::ostream& os) const override { os << "illegal draw"; }
};

struct IllegalPass : Cmd {
    explicit IllegalPass(const Model& m) { checkPreconditions(m); }
    void checkPreconditions(const Model& m) const override {
        RC_PRE(m.posed && !m.someone_out() && (!m.moves(m.turn).empty() || m.boneyard() > 0));
    }
    void run(const Model& m, HandState& h) const override {
        Step s = h.pass(m.turn);
        RC_ASSERT(s.fault == Fault::illegal_pass);
        expect_agrees(m, h);
    }
    void show(std::ostream& os) const override { os << "illegal pass"; }
};

struct IllegalPlay : Cmd {
    Tile tile;
    explicit IllegalPlay(const Model& m) {
        tile = Tile::from_index(*rc::gen::inRange(0, kTiles));
        checkPreconditions(m);
    }
    void checkPreconditions(const Model& m) const override {
        RC_PRE(m.posed && !m.someone_out());
        bool legal =
            m.hands[m.turn].contains(tile) && (tile.carries(m.left) || tile.carries(m.right));
        RC_PRE(!legal);
    }
    void run(const Model& m, HandState& h) const override {
        Step s = h.play(m.turn, tile, std::nullopt);
        RC_ASSERT(!s);
        RC_ASSERT(s.fault == Fault::not_in_hand || s.fault == Fault::no_match);
        expect_agrees(m, h);
    }
    void show(std::ostream& os) const override { os << "illegal play " << tile.str(); }
};

}  // namespace

RC_GTEST_PROP(DrawGameModel, EngineAgreesWithModel, ()) {
    static const std::vector<Variant> kDrawGames = {
        test::variant_of(RuleSet::cutthroat, 2, {.draw = true}),
        test::variant_of(RuleSet::chiva, 2),
        test::variant_of(RuleSet::chiva, 3),
    };
    Model m;
    m.v = *rc::gen::elementOf(kDrawGames);
    std::vector<Tile> all;
    m.v.tile_set().for_each([&](Tile t) { all.push_back(t); });
    std::mt19937_64 rng(*rc::gen::arbitrary<std::uint64_t>());
    std::shuffle(all.begin(), all.end(), rng);
    HandState h(m.v);
    int per = m.v.tiles_per_seat();
    for (int s = 0; s < m.v.players; ++s) {
        std::vector<Tile> d(all.begin() + s * per, all.begin() + (s + 1) * per);
        for (Tile t : d) m.hands[s].insert(t);
        RC_ASSERT(bool(h.deal(s, d)));
    }
    m.stock.assign(all.begin() + m.v.players * per, all.end());
    RC_ASSERT(bool(h.stock(m.stock)));
    h.start();
    // Seat 0 poses its first tile; the model follows.
    Tile pose = m.hands[0].first();
    RC_ASSERT(bool(h.pose(0, pose, pose.hi, pose.lo)));
    m.hands[0].erase(pose);
    m.table.insert(pose);
    m.left = pose.hi;
    m.right = pose.lo;
    m.turn = 1 % m.v.players;
    m.posed = true;
    expect_agrees(m, h);
    rc::state::check(m, h,
                     rc::state::gen::execOneOfWithArgs<Play, Draw, Pass, IllegalDraw, IllegalPass,
                                                       IllegalPlay>());
}
