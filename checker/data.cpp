// The record's facts as data (CheckOptions::data): each hand's poser,
// outcome and points, each ply's seat, tile, ends and what it proved.
#include "checker/replay.hpp"

namespace pips::checker {

const char* outcome_name(HandOutcome o) {
    switch (o) {
        case HandOutcome::unknown:
            return "unknown";
        case HandOutcome::domino:
            return "domino";
        case HandOutcome::block:
            return "block";
        case HandOutcome::tie:
            return "tie";
        case HandOutcome::target:
            return "target";
    }
    return "unknown";
}

const char* ply_kind_name(PlyKind k) {
    switch (k) {
        case PlyKind::pose:
            return "pose";
        case PlyKind::play:
            return "play";
        case PlyKind::pass:
            return "pass";
    }
    return "pass";
}

}  // namespace pips::checker

namespace pips::checker::impl {

namespace {

const char* why_of(const ResultReason& r) {
    using B = ResultReason::By;
    switch (r.by) {
        case B::none:
            return "unknown";
        case B::domino:
            return "domino";
        case B::lowest_count:
            return r.shared ? "shared-lowest" : "lowest-count";
        case B::side_totals:
            return "side-totals";
        case B::counted_block:
            return "counted-block";
        case B::target:
            return "target";
        case B::chip_out:
            return "chip-out";
        case B::no_chip_out:
            return "no-chip-out";
    }
    return "unknown";
}

HandOutcome outcome_of(HandOver how, bool tie) {
    switch (how) {
        case HandOver::no:
            return HandOutcome::unknown;
        case HandOver::domino:
            return HandOutcome::domino;
        case HandOver::blocked:
            return tie ? HandOutcome::tie : HandOutcome::block;
        case HandOver::target:
            return HandOutcome::target;
    }
    return HandOutcome::unknown;
}

}  // namespace

void RecordChecker::data_begin() {
    RecordData& d = out_.data;
    d.hands.clear();
    d.hands.reserve(rec_.hands.size());
    for (const auto& hand : rec_.hands) {
        HandData& hd = d.hands.emplace_back();
        hd.number = hand.number;
        hd.pos = hand.pos;
        hd.summary = is_summary_hand(hand);
    }
}

void RecordChecker::data_parties() {
    out_.data.players = v_.players;
    out_.data.parties.clear();
    for (int p = 0; p < v_.parties(); ++p) out_.data.parties.push_back(rules_->party_name(p));
}

// Each hand's first error: the errors are sorted by position.
void RecordChecker::data_end() {
    auto& hands = out_.data.hands;
    std::size_t e = 0;
    for (std::size_t i = 0; i < hands.size(); ++i) {
        const Pos from = hands[i].pos;
        const Pos to = i + 1 < hands.size() ? hands[i + 1].pos : Pos{~0u, ~0u};
        while (e < out_.errors.size() && out_.errors[e].pos < from) ++e;
        if (e < out_.errors.size() && out_.errors[e].pos < to) hands[i].error = out_.errors[e].code;
    }
}

void RecordChecker::data_hand(const ast::Hand& hand, bool again) {
    if (!opt_.data) return;
    const auto i = static_cast<std::size_t>(&hand - rec_.hands.data());
    if (i >= out_.data.hands.size()) {
        hd_ = nullptr;
        return;
    }
    hd_ = &out_.data.hands[i];
    if (!again) return;
    HandData fresh;
    fresh.number = hd_->number;
    fresh.pos = hd_->pos;
    fresh.summary = hd_->summary;
    *hd_ = std::move(fresh);
}

void RecordChecker::data_ply(const ast::Ply& ply) {
    PlyData& p = hd_->plies.emplace_back();
    p.pos = ply.pos;
    p.index = static_cast<int>(hd_->plies.size()) - 1;
    p.kind = ply.kind == ast::Ply::Kind::pass ? PlyKind::pass
             : !hand_ || !hand_->posed()      ? PlyKind::pose
                                              : PlyKind::play;
    p.knock = ply.knock;
    if (ply.seat) {
        p.seat = *ply.seat;
        p.seat_written = true;
    }
    if (ply.kind == ast::Ply::Kind::play) p.tile = tile_of(ply.tile);
    p.end = end_of(ply.end);
    for (const auto& pre : pre_of(ply)) {
        if (pre.kind == ast::PreAction::Kind::draw)
            ++p.draws;
        else
            p.fouls.push_back(tile_of(pre.tile));
    }
}

void RecordChecker::data_after_ply(const HandState& before, const HandState& h, int seat,
                                   const HandScore& before_score, const HandScore& score,
                                   bool pose) {
    PlyData& p = hd_->plies.back();
    p.replayed = true;
    if (seat >= 0 && !p.seat_written) p.seat = seat;
    if (pose) {
        p.kind = PlyKind::pose;
        hd_->poser = h.poser();
    } else if (p.kind == PlyKind::play && p.tile && !p.end) {
        // The end it went to: the first end that gives the layout after it.
        const Layout& was = before.layout();
        for (End e : was.fitting(*p.tile)) {
            Layout l = was;
            l.play(*p.tile, e);
            if (l.str() == h.layout().str() && l.open_total() == h.layout().open_total()) {
                p.end = e;
                break;
            }
        }
    }
    const Layout& l = h.layout();
    p.layout = l.str();
    for (End e : l.ends()) {
        p.open_ends.push_back(e);
        p.end_values.push_back(l.end_value(e));
    }
    if (l.kind() == LayoutKind::line && !l.empty()) {
        for (End e : {End::L, End::R})
            if (l.hard(e)) p.hard_ends.push_back(e);
        Tile key;
        if (h.over() == HandOver::no && l.key_tile(&key)) {
            p.key_tile = key;
            for (int s = 0; s < h.players(); ++s)
                if (h.seat(s).known.contains(key)) p.key_holder = s;
        }
    }
    for (int s = 0; s < h.players() && s < 4; ++s) {
        const auto i = static_cast<std::size_t>(s);
        if (auto c = h.pip_count(s)) p.pips_left[i] = *c;
        if (auto held = h.hand_of(s)) {
            std::uint8_t none = 0;
            for (int v = 0; v <= 6; ++v)
                if ((*held & TileSet::carrying(v)).empty())
                    none |= static_cast<std::uint8_t>(1u << v);
            p.voids[i] = none;
        } else {
            p.voids[i] = h.proven_void(s);
        }
    }
    if (v_.draw_game()) p.boneyard = h.boneyard();
    const RuleTraits& t = v_.traits();
    p.scores = t.scores_in_play || t.penalties;
    if (p.scores)
        for (std::size_t i = 0; i < 4; ++i) p.points[i] = score.points[i] - before_score.points[i];
}

void RecordChecker::data_result(const HandResult& r, const HandState* h) {
    if (!hd_) return;
    if (h && h->posed()) hd_->poser = h->poser();
    hd_->outcome = outcome_of(r.how, r.tie);
    hd_->winner_party = r.tie ? -1 : r.winner;
    hd_->winner_seat = r.tie ? -1 : r.winner_seat;
    hd_->why = why_of(r.reason);
    if (r.how == HandOver::target && r.reason.by == ResultReason::By::none) hd_->why = "target";
    hd_->points_known = r.known;
    hd_->points = r.points;
    if (r.reason.key_tile) {
        hd_->key_tile_decided = true;
        hd_->key_tile = r.reason.key_tile;
        hd_->key_holder = r.winner_seat;
    }
    if (!h) return;
    using B = ResultReason::By;
    if (r.reason.by == B::lowest_count || r.reason.by == B::side_totals ||
        r.reason.by == B::counted_block) {
        hd_->pips_left = r.reason.counts;  // the block's counts, by seat: already taken
        return;
    }
    for (int s = 0; s < h->players() && s < 4; ++s)
        if (auto c = h->pip_count(s)) hd_->pips_left[static_cast<std::size_t>(s)] = *c;
}

void RecordChecker::data_unknown(const char* why) {
    if (!hd_) return;
    if (hand_ && hand_->posed() && !hd_->summary) hd_->poser = hand_->poser();
    hd_->outcome = HandOutcome::unknown;
    hd_->why = why;
}

void RecordChecker::data_claims(const ClaimedOutcome& c) {
    if (hand_ && hand_->posed()) hd_->poser = hand_->poser();
    hd_->why = "claims";
    if (c.winner_known) {
        const HandResult& r = c.result;
        hd_->outcome = outcome_of(r.how, r.tie);
        hd_->winner_party = r.tie ? -1 : r.winner;
        hd_->winner_seat = r.tie ? -1 : r.winner_seat;
    }
    if (c.points_complete) {
        hd_->points_known = true;
        hd_->points = c.result.points;
    }
}

void RecordChecker::data_sheet(const std::vector<SheetWay>& ways, bool outcome_known) {
    hd_->why = "summary";
    if (ways.empty()) return;
    const Outcome& o = ways.front().o;
    if (outcome_known) {
        hd_->outcome =
            o.how == HandOver::no && !o.tie ? HandOutcome::unknown : outcome_of(o.how, o.tie);
        if (o.how == HandOver::no && o.tie) hd_->outcome = HandOutcome::tie;
        hd_->winner_party = o.tie ? -1 : o.winner;
        hd_->winner_seat = o.tie ? -1 : o.winner_seat;
    }
    bool same = outcome_known;
    for (const auto& w : ways) same = same && w.points == ways.front().points;
    if (same) {
        hd_->points_known = true;
        hd_->points = ways.front().points;
    }
}

}  // namespace pips::checker::impl
