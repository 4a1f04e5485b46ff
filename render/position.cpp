#include "render/position.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <string_view>

#include "engine/hand.hpp"
#include "engine/rules.hpp"

namespace pips::render {

namespace {

// The ply the observer last saw at or before a position of the record.
struct Snapshot {
    ast::Pos pos;
    int seat = -1;
    std::optional<HandState> hand;
    std::vector<std::string> score;
    bool score_known = true;
};

// Every ply the observer saw, by position: a hand read several ways is
// replayed once per reading, and the last replay of a ply wins.
class Catcher : public checker::PlyObserver {
public:
    void after_ply(const checker::PlyView& v) override {
        Snapshot& snap = snaps_[v.ply.pos];
        snap.pos = v.ply.pos;
        snap.seat = v.seat;
        snap.hand = v.hand;
        snap.score.clear();
        // The match score before the hand with the points made in it so far
        // (fives-threes), or the penalties (french), as annotate's notes run them.
        const Variant& var = v.hand.variant();
        for (int p = 0; p < var.parties(); ++p) {
            const auto i = static_cast<std::size_t>(p);
            snap.score.push_back(
                fmt::format("{} {}", v.rules.party_name(p), v.match.score[i] + v.points.points[i]));
        }
        snap.score_known = v.match.known && v.points.known;
    }
    std::map<ast::Pos, Snapshot>& snaps() { return snaps_; }

private:
    std::map<ast::Pos, Snapshot> snaps_;
};

std::string ply_words(const ast::Hand& hand, const ast::Ply& p, int seat) {
    std::string s;
    if (seat >= 0) s += static_cast<char>('A' + seat);
    for (const auto& pre : hand.pre_of(p)) {
        if (!s.empty()) s += ' ';
        if (pre.kind == ast::PreAction::Kind::draw)
            s += "draw";
        else
            s += fmt::format("foul {}-{}", pre.tile.a, pre.tile.b);
    }
    if (!s.empty()) s += ' ';
    if (p.kind == ast::Ply::Kind::pass) {
        s += p.knock ? "knock" : "pass";
    } else {
        s += fmt::format("{}-{}", p.tile.a, p.tile.b);
        if (auto e = checker::end_of(p.end)) s += end_letter(*e);
    }
    return s;
}

// The names of the Players tag, trimmed.
std::vector<std::string> player_names(const ast::Record& r) {
    std::vector<std::string> out;
    const ast::Tag* t = r.find_tag("Players");
    if (!t) return out;
    std::string_view v = t->value;
    while (true) {
        std::size_t comma = v.find(',');
        std::string_view name = v.substr(0, comma);
        while (!name.empty() && name.front() == ' ') name.remove_prefix(1);
        while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
        out.emplace_back(name);
        if (comma == std::string_view::npos) break;
        v.remove_prefix(comma + 1);
    }
    return out;
}

}  // namespace

struct Replay::Impl {
    const ast::Record& record;
    checker::Verdict plain;      // the first error
    checker::Verdict annotated;  // the notes
    std::map<ast::Pos, Snapshot> snaps;
};

Replay::Replay(const ast::Record& record) : impl_(new Impl{record, {}, {}, {}}) {
    impl_->plain = checker::check_record(record);
    Catcher catcher;
    checker::CheckOptions opt;
    opt.annotate = true;
    opt.observer = &catcher;
    impl_->annotated = checker::check_record(record, opt);
    impl_->snaps = std::move(catcher.snaps());
}

Replay::~Replay() = default;

Found find_position(const ast::Record& record, const Target& target) {
    return Replay(record).find(target);
}

Found Replay::find(const Target& target) const {
    const ast::Record& record = impl_->record;
    Found found;
    if (record.hands.empty()) {
        found.error = "the record has no hand";
        return found;
    }
    const ast::Hand* hand = nullptr;
    if (target.hand == 0) {
        // The first hand with plies (summary hands have none).
        hand = &record.hands.front();
        for (const auto& h : record.hands)
            if (!h.plies.empty()) {
                hand = &h;
                break;
            }
    } else {
        for (const auto& h : record.hands)
            if (h.number == target.hand) {
                hand = &h;
                break;
            }
    }
    if (!hand) {
        found.error = fmt::format("the record has no hand {} (hands {} to {})", target.hand,
                                  record.hands.front().number, record.hands.back().number);
        return found;
    }
    if (hand->plies.empty()) {
        found.error = fmt::format("hand {} has no plies to show", hand->number);
        return found;
    }
    const int plies = static_cast<int>(hand->plies.size());
    if (target.ply < 0 || target.ply > plies) {
        found.error =
            fmt::format("hand {} has {} plies: --ply takes 1 to {}", hand->number, plies, plies);
        return found;
    }
    const int k = target.ply == 0 ? plies : target.ply;
    ast::Pos upto = hand->plies[static_cast<std::size_t>(k - 1)].pos;
    // Where the ply's part of the record ends: the next ply, the next hand.
    std::optional<ast::Pos> limit;
    if (k < plies) {
        limit = hand->plies[static_cast<std::size_t>(k)].pos;
    } else {
        for (const auto& h : record.hands)
            if (hand->pos < h.pos) {
                limit = h.pos;
                break;
            }
    }

    // The first error, when it comes before that, stops the picture there.
    const checker::Verdict& plain = impl_->plain;
    std::optional<checker::Diagnostic> error;
    if (!plain.errors.empty() && (!limit || plain.errors.front().pos < *limit)) {
        error = plain.errors.front();
        upto = error->pos;
    }

    const checker::Verdict& v = impl_->annotated;
    // The latest ply replayed at or before `upto`.
    Snapshot s;
    if (auto it = impl_->snaps.upper_bound(upto); it != impl_->snaps.begin())
        s = std::prev(it)->second;

    Position p;
    p.rules = v.rules;
    p.error = error;
    // The hand and ply the snapshot shows.
    const ast::Hand* shown = hand;
    int shown_ply = 0;
    if (s.hand) {
        for (const auto& h : record.hands)
            for (std::size_t i = 0; i < h.plies.size(); ++i)
                if (h.plies[i].pos == s.pos) shown = &h, shown_ply = static_cast<int>(i) + 1;
        if (shown_ply == 0) s.hand.reset();  // not a ply of the record: nothing to show
    }
    if (!s.hand && error) {
        // Stopped before any ply: the hand of the error, empty.
        for (const auto& h : record.hands)
            if (!(error->pos < h.pos)) shown = &h;
    }
    p.hand = shown->number;
    p.ply = shown_ply;
    p.plies = static_cast<int>(shown->plies.size());
    const std::vector<std::string> names = player_names(record);
    if (!s.hand) {
        // Nothing replayed: the seats are unknown.
        const int players = static_cast<int>(names.size());
        for (int i = 0; i < players && i < 4; ++i) {
            SeatView sv;
            sv.letter = static_cast<char>('A' + i);
            sv.name = names[static_cast<std::size_t>(i)];
            p.seats.push_back(sv);
        }
        found.position = std::move(p);
        return found;
    }
    const HandState& h = *s.hand;
    const ast::Ply& ply = shown->plies[static_cast<std::size_t>(shown_ply - 1)];
    p.ply_text = ply_words(*shown, ply, s.seat);
    bool advanced = false;
    if (!error && shown == hand && shown_ply < k) {
        // The plies after the last one replayed changed nothing on the table
        // (knocks after a block): the position is the one asked for.
        const ast::Ply& asked = hand->plies[static_cast<std::size_t>(k - 1)];
        p.ply = k;
        advanced = true;
        p.ply_text = ply_words(*hand, asked, asked.seat ? *asked.seat : -1);
    }
    if (ply.kind == ast::Ply::Kind::play && !advanced) p.played = h.last_tile();
    p.posed = h.posed();
    p.layout = h.layout();
    p.trace = h.trace();
    p.over = h.over() != HandOver::no;
    if (p.layout.kind() == LayoutKind::line && p.posed && !p.over) {
        for (End e : {End::L, End::R}) {
            Tile last;
            if (p.layout.hard(e, &last)) p.hard[static_cast<std::size_t>(e)] = last;
        }
        Tile key;
        if (p.layout.key_tile(&key)) p.key = key;
    }
    // What the record writes of each seat's tiles: its deal lines and the stock.
    std::array<TileSet, 4> written{};
    TileSet stock;
    for (const auto& d : shown->deals)
        for (const auto& t : d.tiles) written[d.seat % 4].insert(Tile(t.a, t.b));
    for (const auto& st : shown->stocks)
        for (const auto& t : st.tiles) stock.insert(Tile(t.a, t.b));
    for (int i = 0; i < h.players(); ++i) {
        const SeatInfo& si = h.seat(i);
        SeatView sv;
        sv.letter = static_cast<char>('A' + i);
        if (static_cast<std::size_t>(i) < names.size())
            sv.name = names[static_cast<std::size_t>(i)];
        sv.shown = si.known & (written[static_cast<std::size_t>(i)] | stock);
        sv.inferred = si.known - sv.shown;
        sv.backs = std::max(0, si.unknown());
        sv.voids = h.proven_void(i);
        sv.out = si.out || si.count == 0;
        sv.to_play = !p.over && h.turn() == i;
        sv.played_last = s.seat == i;
        p.seats.push_back(sv);
    }
    p.score = s.score;
    p.score_known = s.score_known;
    if (h.variant().draw_game()) p.boneyard = h.boneyard();
    for (const auto& n : v.notes)
        if (n.pos == ply.pos && !advanced) p.note = n.text;
    found.position = std::move(p);
    return found;
}

}  // namespace pips::render
