// An unlabelled pose that neither the deals nor the pose rule give to one
// seat: the hand is read once for each seat that could have posed it
// (RULINGS.md, "Who posed"). Each reading replays the hand alone, its
// diagnostics and the match after it kept aside; the reading whose first
// error stands furthest is kept (no error is furthest; equal positions, the
// next error decides, and at the same errors the earlier reading). When
// several readings have no error, or the same errors, who posed is
// unchecked, and what differs between them is unknown.
#include <fmt/format.h>

#include <algorithm>

#include "checker/replay.hpp"

namespace pips::checker::impl {

namespace {

bool same_pose(const PoseRule& a, const PoseRule& b) {
    return a.known == b.known && a.seats == b.seats && a.holder == b.holder &&
           a.draw_holder == b.draw_holder && a.what == b.what && a.may_pass == b.may_pass;
}

// Where a reading's errors stand, in record order.
std::vector<Pos> error_positions(const Reading& r) {
    std::vector<Pos> ps;
    ps.reserve(r.errors.size());
    for (const auto& e : r.errors) ps.push_back(e.pos);
    std::sort(ps.begin(), ps.end());
    return ps;
}

// Whether the reading with errors at `a` goes further than the one with
// errors at `b`: its first error stands further; when they stand at the same
// place (an error that breaks nothing: a stray ply after the end, a wrong
// `+N`), the next error decides, and so on. No error is furthest.
bool goes_further(const std::vector<Pos>& a, const std::vector<Pos>& b) {
    for (std::size_t i = 0;; ++i) {
        if (i == a.size()) return i < b.size();
        if (i == b.size()) return false;
        if (a[i] < b[i]) return false;
        if (b[i] < a[i]) return true;
    }
}

template <class T>
void move_tail(std::vector<T>& from, std::size_t at, std::vector<T>& to) {
    to.assign(std::make_move_iterator(from.begin() + static_cast<std::ptrdiff_t>(at)),
              std::make_move_iterator(from.end()));
    from.resize(at);
}

}  // namespace

RecordChecker::Mark RecordChecker::mark() const {
    Mark k;
    k.errors = out_.errors.size();
    k.unchecked = out_.unchecked.size();
    k.notes = out_.notes.size();
    k.summaries = out_.summaries.size();
    k.plies = out_.plies;
    k.valid = out_.valid;
    k.unfinished = out_.unfinished;
    k.m = m_;
    k.score_known = score_known_;
    k.ties_unknown = ties_unknown_;
    k.last_score = last_score_;
    k.pose_why = pose_why_;
    k.poser_unread = poser_unread_;
    return k;
}

Reading RecordChecker::take_reading(const Mark& at, int seat, bool go_on) {
    Reading r;
    r.seat = seat;
    r.go_on = go_on;
    move_tail(out_.errors, at.errors, r.errors);
    move_tail(out_.unchecked, at.unchecked, r.unchecked);
    for (const auto& u : r.unchecked) seen_unchecked_.erase(u);
    move_tail(out_.notes, at.notes, r.notes);
    move_tail(out_.summaries, at.summaries, r.summaries);
    r.plies = out_.plies - at.plies;
    r.unfinished = out_.unfinished;
    r.m = m_;
    r.score_known = score_known_;
    r.ties_unknown = ties_unknown_;
    r.last_score = last_score_;
    r.pose_why = std::move(pose_why_);
    r.poser_unread = poser_unread_;
    if (hd_) r.data = std::move(*hd_);
    out_.plies = at.plies;
    out_.valid = at.valid;
    out_.unfinished = at.unfinished;
    m_ = at.m;
    score_known_ = at.score_known;
    ties_unknown_ = at.ties_unknown;
    last_score_ = at.last_score;
    pose_why_ = at.pose_why;
    poser_unread_ = at.poser_unread;
    return r;
}

bool RecordChecker::replay_readings(const ast::Hand& hand, bool last, Pos stop_at) {
    const Mark at = mark();
    reading_seat_ = -1;
    pose_candidates_.clear();
    data_hand(hand);
    bool go_on = replay_hand(hand, last, stop_at);
    // The record said who posed (or the hand has no pose): one reading.
    if (pose_candidates_.size() < 2) return go_on;
    const std::vector<int> seats = pose_candidates_;
    std::vector<Reading> readings;
    readings.reserve(seats.size());
    readings.push_back(take_reading(at, seats.front(), go_on));
    for (std::size_t i = 1; i < seats.size(); ++i) {
        reading_seat_ = seats[i];
        data_hand(hand, /*again=*/true);
        bool more = replay_hand(hand, last, stop_at);
        readings.push_back(take_reading(at, seats[i], more));
    }
    reading_seat_ = -1;
    pose_candidates_.clear();
    // The reading that goes furthest; equal, the earlier in the order.
    std::vector<std::vector<Pos>> at_pos;
    at_pos.reserve(readings.size());
    for (const auto& r : readings) at_pos.push_back(error_positions(r));
    std::size_t best = 0;
    for (std::size_t i = 1; i < readings.size(); ++i)
        if (goes_further(at_pos[i], at_pos[best])) best = i;
    // The readings that go exactly as far (every clean reading, when one is
    // clean) fit alike: who posed is not decided by the record.
    std::vector<const Reading*> alike;
    for (std::size_t i = 0; i < readings.size(); ++i)
        if (at_pos[i] == at_pos[best]) alike.push_back(&readings[i]);
    commit_reading(hand, readings[best], alike);
    return readings[best].go_on;
}

// The chosen reading into the verdict and the match; with several readings
// alike (clean, or failing exactly where it fails), what they do not agree
// on is unknown.
void RecordChecker::commit_reading(const ast::Hand& hand, Reading& r,
                                   const std::vector<const Reading*>& alike) {
    const bool several = alike.size() >= 2;
    if (several) unchecked(fmt::format("who posed hand {}", hand.number));
    for (auto& e : r.errors) error(std::move(e));
    for (auto& u : r.unchecked) unchecked(std::move(u));
    for (auto& n : r.notes) out_.notes.push_back(std::move(n));
    out_.plies += r.plies;
    out_.unfinished = r.unfinished;
    m_ = r.m;
    score_known_ = r.score_known;
    ties_unknown_ = r.ties_unknown;
    last_score_ = r.last_score;
    pose_why_ = std::move(r.pose_why);
    poser_unread_ = r.poser_unread;
    bool same_summary = true;
    if (several) {
        bool score_same = true, poser_same = true;
        const PoseRule next = rules_->pose_rule(r.m);
        for (const Reading* c : alike) {
            const Reading& o = *c;
            score_same = score_same && o.score_known == r.score_known && o.m.score == r.m.score &&
                         o.m.over == r.m.over && o.m.winner == r.m.winner;
            poser_same = poser_same && same_pose(rules_->pose_rule(o.m), next) &&
                         o.m.leader == r.m.leader && o.m.playoff == r.m.playoff;
            same_summary = same_summary && o.summaries.size() == r.summaries.size();
            for (std::size_t i = 0; same_summary && i < o.summaries.size(); ++i)
                same_summary = o.summaries[i].outcome == r.summaries[i].outcome &&
                               o.summaries[i].points == r.summaries[i].points;
            if (o.m.ties != r.m.ties || o.ties_unknown) ties_unknown_ = true;
            m_.known = m_.known && o.m.known;
        }
        if (!score_same) {
            // Readings that differ in the score leave it, and the match end,
            // unknown (also when the score before was unknown already: the
            // kept reading's own sum must not end the match).
            if (score_known_)
                unchecked(
                    fmt::format("the score after hand {} (who posed is not shown)", hand.number));
            score_known_ = false;
            m_.over = false;
            m_.winner = -1;
        }
        if (!poser_same) {
            m_.pose_unknown = true;
            m_.leader = -1;
            poser_unread_ = hand.number;
        }
    }
    for (auto& s : r.summaries) {
        if (!same_summary) s.outcome = "unknown (who posed is not shown)", s.points.clear();
        out_.summaries.push_back(std::move(s));
    }
    if (hd_) commit_data(r, alike);
}

namespace {

// A ply's facts that depend on who made it, kept only where another reading
// alike agrees: the seat holding the key tile, pips left (unknown where they
// differ), the numbers proven not held (those proven in both) and the points.
void keep_common(PlyData& p, const PlyData* e) {
    if (!e || !e->replayed) {
        p.key_holder = -1;
        p.pips_left = {-1, -1, -1, -1};
        p.voids = {};
        p.scores = false;
        return;
    }
    if (e->key_holder != p.key_holder) p.key_holder = -1;
    for (std::size_t i = 0; i < 4; ++i) {
        if (e->pips_left[i] != p.pips_left[i]) p.pips_left[i] = -1;
        p.voids[i] &= e->voids[i];
    }
    if (e->points != p.points) p.scores = false;
}

}  // namespace

// The chosen reading's facts; with several readings alike, what they do
// not agree on is unknown: who posed and the seats of unlabelled plies, the
// ply facts that follow from the seats (keep_common), and the outcome when it
// differs.
void RecordChecker::commit_data(Reading& r, const std::vector<const Reading*>& alike) {
    HandData& d = *hd_;
    d = std::move(r.data);
    if (alike.size() < 2) return;
    d.poser = -1;
    for (auto& p : d.plies)
        if (!p.seat_written) p.seat = -1;
    bool same = true;
    for (const Reading* o : alike) {
        if (o == &r) continue;
        const HandData& e = o->data;
        same = same && e.outcome == d.outcome && e.winner_party == d.winner_party &&
               e.winner_seat == d.winner_seat && e.points_known == d.points_known &&
               e.points == d.points;
        for (std::size_t i = 0; i < 4; ++i)
            if (e.pips_left[i] != d.pips_left[i]) d.pips_left[i] = -1;
        for (std::size_t k = 0; k < d.plies.size(); ++k)
            if (d.plies[k].replayed)
                keep_common(d.plies[k], k < e.plies.size() ? &e.plies[k] : nullptr);
    }
    if (same) return;
    d.outcome = HandOutcome::unknown;
    d.winner_party = d.winner_seat = -1;
    d.why = "who-posed";
    d.points_known = false;
    d.points = {};
    d.key_tile_decided = false;
    d.key_tile.reset();
    d.key_holder = -1;
}

}  // namespace pips::checker::impl
