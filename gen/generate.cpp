#include "gen/generate.hpp"

#include <algorithm>
#include <utility>

#include "engine/game.hpp"
#include "engine/rules.hpp"
#include "parser/printer.hpp"

namespace pips::gen {

namespace {

const char* kNames[] = {"Marcus", "Desmond", "Andre", "Kevin"};

ast::TileTok tok(int a, int b) {
    ast::TileTok t;
    t.a = static_cast<std::uint8_t>(a);
    t.b = static_cast<std::uint8_t>(b);
    return t;
}

ast::SeatTiles seat_tiles(int seat, const std::vector<Tile>& tiles) {
    ast::SeatTiles s;
    s.seat = static_cast<ast::SeatNo>(seat);
    for (Tile t : tiles) s.tiles.push_back(tok(t.hi, t.lo));
    return s;
}

// A side or a seat, as WHO is written.
ast::Who who_of(const Variant& v, int party) {
    if (v.partnership()) return party == 0 ? ast::Who::AC : ast::Who::BD;
    return static_cast<ast::Who>(party);
}

ast::Tag tag(std::string name, std::string value) {
    ast::Tag t;
    t.name = std::move(name);
    t.value = std::move(value);
    return t;
}

ast::EndLetter letter_of(End e) {
    return static_cast<ast::EndLetter>(static_cast<int>(e) + 1);
}

// Plays one match through a Game, building its record.
class Player {
public:
    Player(const Options& opt, std::mt19937_64& rng, Match& out)
        : opt_(opt), v_(opt.variant), rng_(rng), game_(opt.variant), out_(out) {}

    void run() {
        ast::Record& rec = out_.record;
        rec.leading_comments.push_back(" generated match: " + v_.name());
        rec.tags.push_back(tag("Event", "pips generate"));
        rec.tags.push_back(tag("Rules", std::string(rules_id(v_.rules))));
        std::string players;
        for (int s = 0; s < v_.players; ++s) players += (s ? ", " : "") + std::string(kNames[s]);
        rec.tags.push_back(tag("Players", players));
        if (std::string o = v_.options_text(); !o.empty()) rec.tags.push_back(tag("Options", o));
        for (int hn = 1; hn <= opt_.max_hands && !game_.match_over(); ++hn) play_hand(hn);
        const MatchState& m = game_.match();
        rec.tags.push_back(tag("Result", m.over ? game_.rules().party_name(m.winner) : "*"));
    }

private:
    int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }

    void play_hand(int number) {
        const Deal d = shuffled_deal(v_, rng_);
        game_.deal(d);
        hand_ = ast::Hand{};
        facts_.clear();
        hand_.number = number;
        if (opt_.deals) {
            for (int s = 0; s < v_.players; ++s)
                hand_.deals.push_back(seat_tiles(s, d.hands[static_cast<std::size_t>(s)]));
            if (v_.draw_game()) {
                ast::Stock st;
                st.tiles = seat_tiles(0, d.stock).tiles;
                hand_.stocks.push_back(std::move(st));
            }
        }
        pose();
        while (!game_.hand_over()) turn();
        close();
        out_.record.hands.push_back(std::move(hand_));
        out_.facts.push_back(std::move(facts_));
    }

    void add(const ast::Ply& p, const PlyFacts& f, std::size_t draws = 0) {
        hand_.plies.push_back(p);
        if (draws > 0) hand_.extra_of(hand_.plies.back()).pre.resize(draws);
        facts_.push_back(f);
    }

    static ast::Ply ply_of(int seat) {
        ast::Ply p;
        p.seat = static_cast<ast::SeatNo>(seat);
        return p;
    }

    std::vector<Move> poses_of(int seat) const {
        std::vector<Move> out;
        for (const Move& m : game_.legal_moves())
            if (m.kind == Move::Kind::pose && m.seat == seat) out.push_back(m);
        return out;
    }

    // The pose, as the pose rule says: a tile the rules name is posed as is;
    // else a seat is chosen, which passes while it has nothing to pose (french),
    // then one of its tiles.
    void pose() {
        const PoseRule& pr = game_.pose_rule();
        std::vector<Move> moves = game_.legal_moves();
        Move pose;
        if (pr.what == PoseRule::What::holder_tile) {
            pose = moves.front();
        } else if (pr.holder) {
            pose = moves[static_cast<std::size_t>(pick(static_cast<int>(moves.size())))];
        } else {
            std::vector<int> seats;
            for (const Move& m : moves)
                if (std::find(seats.begin(), seats.end(), m.seat) == seats.end())
                    seats.push_back(m.seat);
            std::sort(seats.begin(), seats.end());
            int seat = seats[static_cast<std::size_t>(pick(static_cast<int>(seats.size())))];
            std::vector<Move> mine = poses_of(seat);
            while (mine.empty()) {
                game_.apply(Move::pass(seat));
                ast::Ply p = ply_of(seat);
                p.kind = ast::Ply::Kind::pass;
                add(p, PlyFacts{});
                seat = game_.hand().turn();
                mine = poses_of(seat);
            }
            pose = mine[static_cast<std::size_t>(pick(static_cast<int>(mine.size())))];
        }
        pose.flip = pick(2) != 0;
        game_.apply(pose);
        ast::Ply p = ply_of(pose.seat);
        p.kind = ast::Ply::Kind::play;
        p.tile = pose.flip ? tok(pose.tile.lo, pose.tile.hi) : tok(pose.tile.hi, pose.tile.lo);
        if (game_.last_points() > 0) p.claim = game_.last_points();
        PlyFacts f;
        f.pose = true;
        add(p, f);
    }

    std::size_t choose(const std::vector<Move>& plays) {
        if (opt_.bot != Bot::greedy)
            return static_cast<std::size_t>(pick(static_cast<int>(plays.size())));
        std::size_t choice = 0;
        int best = -1;
        for (std::size_t i = 0; i < plays.size(); ++i) {
            const int val = game_.points_after(plays[i]) * 100 + plays[i].tile.pips();
            if (val > best) best = val, choice = i;
        }
        return choice;
    }

    // One turn: the forced draws, then a play or a pass.
    void turn() {
        const HandState& h = game_.hand();
        const int seat = h.turn();
        ast::Ply p = ply_of(seat);
        std::size_t draws = 0;  // before the play or pass
        PlyFacts f;
        const Layout& l = h.layout();
        if (l.kind() == LayoutKind::line) {
            f.ends[0] = static_cast<std::uint8_t>(l.end_value(End::L));
            f.ends[1] = static_cast<std::uint8_t>(l.end_value(End::R));
        }
        f.on_table = l.on_table().bits();
        f.boneyard = h.boneyard();
        std::vector<Move> moves = game_.legal_moves();
        while (moves.size() == 1 && moves.front().kind == Move::Kind::draw) {
            game_.apply(moves.front());
            ++draws;
            f.draws = true;
            moves = game_.legal_moves();
        }
        std::vector<Move> plays;
        for (const Move& m : moves)
            if (m.kind == Move::Kind::play) plays.push_back(m);
        if (plays.empty()) {
            game_.apply(Move::pass(seat));
            p.kind = ast::Ply::Kind::pass;
            add(p, f, draws);
            return;
        }
        const Move o = plays[choose(plays)];
        // Written a-b with either half first (either order is legal).
        int a = o.tile.hi, b = o.tile.lo;
        if (pick(2)) std::swap(a, b);
        const bool letter = o.end_matters || pick(3) == 0;
        game_.apply(o);
        p.kind = ast::Ply::Kind::play;
        p.tile = tok(a, b);
        f.end = *o.end;
        if (letter) p.end = letter_of(*o.end);
        if (game_.last_points() > 0) p.claim = game_.last_points();
        f.needs_letter = o.end_matters;
        add(p, f, draws);
    }

    // The end, points and score lines.
    void close() {
        const HandResult& r = *game_.result();
        ast::EndLine e;
        switch (r.how) {
            case HandOver::domino:
                e.kind = ast::EndLine::Kind::domino;
                e.who = static_cast<ast::Who>(game_.hand().domino_seat());
                break;
            case HandOver::target:
                e.kind = ast::EndLine::Kind::target;
                break;
            case HandOver::blocked:
            case HandOver::no:
                e.kind = r.tie ? ast::EndLine::Kind::tie : ast::EndLine::Kind::block;
                if (!r.tie && r.winner >= 0) e.who = who_of(v_, r.winner);
                break;
        }
        hand_.end = e;
        ast::ClaimLine points, score;
        for (int p = 0; p < v_.parties(); ++p) {
            const auto i = static_cast<std::size_t>(p);
            points.items.push_back({who_of(v_, p), {}, r.points[i], {}});
            score.items.push_back({who_of(v_, p), {}, game_.match().score[i], {}});
        }
        hand_.points = std::move(points);
        hand_.score = std::move(score);
    }

    const Options& opt_;
    const Variant v_;
    std::mt19937_64& rng_;
    Game game_;
    Match& out_;
    ast::Hand hand_;
    std::vector<PlyFacts> facts_;
};

}  // namespace

Match generate_match(const Options& opt, std::mt19937_64& rng) {
    Match out;
    out.variant = opt.variant;
    out.shown = opt.shown;
    out.shown.deals = opt.deals;
    // The deals are played and recorded in full; write_match leaves them out.
    Options full = opt;
    full.deals = true;
    Player(full, rng, out).run();
    return out;
}

ast::Record strip(ast::Record rec, const Shown& shown) {
    for (ast::Hand& h : rec.hands) {
        if (!shown.deals || shown.summary_hand(h.number)) {
            h.deals.clear();
            h.stocks.clear();
            h.redeals.clear();
            h.remains.clear();
        }
        if (shown.summary_hand(h.number)) h.plies.clear();
        if (!shown.labels)
            for (ast::Ply& p : h.plies) p.seat.reset();
        if (shown.claims == Claims::none || shown.claims == Claims::score) h.end.reset();
        if (shown.claims != Claims::all) h.points.reset();
        if (shown.claims == Claims::none || shown.claims == Claims::end) h.score.reset();
    }
    return rec;
}

Written write_match(const Match& m) {
    return {parser::print_record(strip(m.record, m.shown))};
}

}  // namespace pips::gen
