// The pose of a hand: who poses (a label, the deals, or the rule set's pose
// rule), passes at the pose, and the pose judged against the pose rule.
#include <fmt/format.h>

#include <array>
#include <bit>
#include <span>

#include "checker/replay.hpp"
#include "engine/game.hpp"

namespace pips::checker::impl {

namespace {
int holder_of(const HandState& h, Tile t) {
    for (int p = 0; p < h.players(); ++p)
        if (h.seat(p).known.contains(t)) return p;
    return -1;
}
}  // namespace

bool RecordChecker::do_pose(const ast::Hand& hand, const ast::Ply& ply, int label, HandState& h,
                            HandScore& s) {
    PoseRule pr = rules_->pose_rule(m_);
    // Replaying under other rules: who posed followed the record's own match,
    // which those rules would have taken elsewhere. The pose is not judged.
    if (!judging()) pr.known = false;
    int seat = pose_seat(ply, label, pr, h);
    if (pre_pose_passes_ > 0 && seat != h.turn()) {
        error(
            ply.seat_pos, Code::wrong_seat,
            fmt::format("it is {}'s turn to pose, not {}'s", seat_char(h.turn()), seat_char(seat)));
        return false;
    }
    const auto pre = pre_of(ply);
    if (!pre.empty() && pre.front().kind == ast::PreAction::Kind::draw) {
        // Nothing is drawn before the first tile is down.
        error(pre.front().pos, Code::illegal_draw,
              "a hand begins with a pose: nobody draws before it");
        return false;
    }
    if (ply.kind == ast::Ply::Kind::pass || !pre.empty()) return pass_at_pose(ply, seat, pr, h, s);
    Tile t = tile_of(ply.tile);
    std::optional<Tile> proof;
    if (!pr.known) {
        // Listed once: a hand before it may have said why already.
        if (judging() && !(pose_why_.hand == hand.number && pose_why_.listed)) {
            std::string why = "the match state is unknown";
            if (pose_why_.hand == hand.number)
                why = pose_why_.why;
            else if (m_.pose_unknown && poser_unread_ >= 0 && poser_unread_ + 1 == hand.number)
                why = fmt::format("who posed hand {} is not shown", poser_unread_);
            else if (m_.pose_unknown && (poser_unread_ < 0 || m_.known) &&
                     &hand == &rec_.hands.front() && hand.number > 1)
                why = "the record starts after hand 1";
            unchecked(fmt::format("hand {}: who poses ({})", hand.number, why));
        }
    } else if (std::string bad = judge_pose(hand, pr, seat, t, h, proof); !bad.empty()) {
        bool at_seat = ply.seat && label >= 0 && bad.find(" may not pose") != std::string::npos;
        error(at_seat ? ply.seat_pos : ply.action_pos, Code::wrong_pose, std::move(bad));
        return false;
    }
    // Draw games without every deal shown: the pose proves that no seat was
    // dealt a tile ranking above it (the placements check it).
    TileSet outranks;
    if (pr.known && pr.draw_holder && pre_pose_passes_ == 0) {
        bool all = true;
        for (int p = 0; p < v_.players; ++p) all = all && h.seat(p).dealt;
        if (!all) outranks = draw_pose_outranks(t, v_.tile_set());
    }
    set_event_pos(h.event_count(), ply.action_pos);
    if (Step st = h.pose(seat, t, ply.tile.a, ply.tile.b, proof, outranks); !st) {
        return tile_step_failed(st, ply, ply.tile, seat, h);
    }
    int pts = rules_->after_move(s, h, {Event::Kind::pose, seat, t, {}}, m_);
    // A wrong claim breaks nothing: the pose scored what the rules say.
    if (ply.claim && *ply.claim != pts && judging())
        error(ply.claim_pos, Code::points_mismatch,
              play_points_why(written(ply.tile), pts, *ply.claim, h, true));
    return true;
}

// Who poses: the label, the turn after passes at the pose, the seat this
// reading gives an unlabelled pose, or the one seat that could have posed.
int RecordChecker::pose_seat(const ast::Ply& ply, int label, const PoseRule& pr,
                             const HandState& h) {
    if (label >= 0) return label;
    if (pre_pose_passes_ > 0) return h.turn();
    if (reading_seat_ >= 0) return reading_seat_;
    return pose_candidates(ply, pr, h);
}

// The seats that could have posed an unlabelled pose, in the order of the
// rulings: the seat the deals show holding the posed tile; the seats the
// pose rule allows, as far as the record shows them (every seat when it is
// not known), from A; every other seat, from A. When the deals or the pose
// rule leave one seat, that seat and no list.
int RecordChecker::pose_candidates(const ast::Ply& ply, const PoseRule& pr, const HandState& h) {
    pose_candidates_.clear();
    if (ply.kind == ast::Ply::Kind::play && pre_of(ply).empty())
        if (int seat = holder_of(h, tile_of(ply.tile)); seat >= 0) return seat;
    const int n = v_.players;
    std::uint8_t allowed = 0;
    if (!pr.known) {
        allowed = 0xF;
    } else if (pr.holder || pr.draw_holder) {
        if (pr.holder)
            if (int seat = holder_of(h, *pr.holder); seat >= 0) return seat;
        // The holder is one of the seats whose deal is not shown.
        for (int p = 0; p < n; ++p)
            if (!h.seat(p).dealt) allowed |= static_cast<std::uint8_t>(1u << p);
    } else {
        allowed = pr.seats;
    }
    allowed &= static_cast<std::uint8_t>((1u << n) - 1);
    if (pr.known && std::popcount(allowed) == 1) return std::countr_zero(allowed);
    for (int p = 0; p < n; ++p)
        if (allowed & (1u << p)) pose_candidates_.push_back(p);
    for (int p = 0; p < n; ++p)
        if (!(allowed & (1u << p))) pose_candidates_.push_back(p);
    return pose_candidates_.front();
}

// A pass (or a draw or foul) where the pose should be.
bool RecordChecker::pass_at_pose(const ast::Ply& ply, int seat, const PoseRule& pr, HandState& h,
                                 HandScore& s) {
    if (!(pr.may_pass && pre_of(ply).empty())) {
        std::string why = pr.known ? pose_words(pr.reason) : std::string();
        error(ply.action_pos, Code::wrong_pose,
              fmt::format("the hand must begin with a pose{}",
                          why.empty() ? std::string() : fmt::format(" ({})", why)));
        return false;
    }
    if (pre_pose_passes_ == 0 && pr.known && !(pr.seats & (1u << seat))) {
        error(ply.pos, Code::wrong_pose,
              fmt::format("{} may not pose: {}", seat_char(seat), pose_words(pr.reason)));
        return false;
    }
    if (pre_pose_passes_ + 1 >= v_.players) {
        error(ply.action_pos, Code::wrong_pose, "every seat passed at the pose");
        return false;
    }
    auto able = h.can_play(seat);
    set_event_pos(h.event_count(), ply.action_pos);
    h.pass_before_pose(seat);
    std::optional<HandScore> was;
    if (hd_ && opt_.data_plies) was = s;
    rules_->after_move(s, h, {Event::Kind::pass, seat, {}, able}, m_);
    ++pre_pose_passes_;
    // Data (a pass: the state before it is not looked at).
    if (hd_ && opt_.data_plies) data_after_ply(h, h, seat, *was, s, false);
    return true;
}

std::string RecordChecker::judge_pose(const ast::Hand& hand, const PoseRule& pr, int seat, Tile t,
                                      const HandState& h, std::optional<Tile>& proof) {
    if (pr.draw_holder) return judge_draw_pose(hand, pr, seat, t, h, proof);
    if (pr.holder) {
        const Tile want = *pr.holder;
        int hold = holder_of(h, want);
        if (hold >= 0 && hold != seat)
            return fmt::format("{} holds {}: {}", seat_char(hold), want.str(),
                               pose_words(pr.reason));
        if (hold < 0) {
            if (h.seat(seat).exact() && !(t == want))
                return fmt::format("{} does not hold {}: {}", seat_char(seat), want.str(),
                                   pose_words(pr.reason));
            proof = want;
        }
        if (pr.what == PoseRule::What::holder_tile && !(t == want))
            return fmt::format("the pose must be {}: {}", want.str(), pose_words(pr.reason));
        return {};
    }
    std::uint8_t allowed = pr.seats;
    if (pre_pose_passes_ > 0) allowed = static_cast<std::uint8_t>(1u << h.turn());
    if (!(allowed & (1u << seat))) {
        std::vector<char> who;
        for (int p = 0; p < v_.players; ++p)
            if (allowed & (1u << p)) who.push_back(seat_char(p));
        return fmt::format("{} may not pose; {} may: {}", seat_char(seat), fmt::join(who, " or "),
                           pose_words(pr.reason));
    }
    if (pr.what == PoseRule::What::a_double && !t.is_double())
        return fmt::format("the pose must be a double: {}", pose_words(pr.reason));
    return {};
}

// Draw games: 6-6, or the highest double dealt, or the heaviest tile dealt
// (the higher half breaking a tie).
std::string RecordChecker::judge_draw_pose(const ast::Hand& hand, const PoseRule& pr, int seat,
                                           Tile t, const HandState& h, std::optional<Tile>& proof) {
    bool all = true;
    for (int p = 0; p < v_.players; ++p) all = all && h.seat(p).dealt;
    if (!all) {
        if (t == Tile(6, 6))
            proof = Tile(6, 6);
        else
            unchecked(fmt::format("hand {}: who poses (not every deal is shown)", hand.number));
        return {};
    }
    std::array<TileSet, 4> dealt{};
    for (int p = 0; p < v_.players; ++p) dealt[static_cast<std::size_t>(p)] = h.seat(p).known;
    const std::vector<PoseCandidate> want =
        draw_pose_candidates(std::span(dealt.data(), static_cast<std::size_t>(v_.players)));
    for (const PoseCandidate& c : want)
        if (c.seat == seat && c.tile == t) return {};
    if (want.empty()) return {};  // nothing dealt
    return fmt::format("{} poses {}: {}", seat_char(want[0].seat), want[0].tile.str(),
                       pose_words(pr.reason));
}

}  // namespace pips::checker::impl
