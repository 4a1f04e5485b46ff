// The rules of a game family: who poses, what a hand scores, how the match
// score moves. One implementation per rule set (jamaican.cpp, cutthroat.cpp,
// chiva.cpp, quinientos.cpp, fives_threes.cpp, french.cpp), chosen by Variant.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/hand.hpp"
#include "engine/reasons.hpp"
#include "engine/variant.hpp"

namespace pips {

// The match between hands: the score and what the last hand decides for the next.
struct MatchState {
    std::array<int, 4> score{};  // by party (side or seat)
    bool known = true;           // false once a hand could not be scored
    bool first = true;           // the next hand is hand 1 of the match
    bool pose_unknown = false;   // the record starts after hand 1: the first pose is not checked
    enum class Prev : std::uint8_t { none, win, tie, reset } prev = Prev::none;
    int prev_winner = -1;     // party
    bool prev_block = false;  // the last hand was blocked (quinientos: the lower count poses)
    std::uint8_t posers = 0;  // seats that may pose next (any tile), after a win
    int ties = 0;             // jamaican tie-replay: ties in a row before the next hand
    bool playoff = false;     // jamaican playoff: the next hand is a play-off
    int leader = -1;          // fives-threes: the seat that led the last hand
    bool over = false;        // the match is decided
    int winner = -1;          // party that won the match
    int hands = 0;            // hands completed
};

// Who may pose the next hand, and what.
struct PoseRule {
    bool known = true;           // false: cannot be checked (match state unknown)
    std::uint8_t seats = 0xF;    // seats allowed (when holder is empty)
    std::optional<Tile> holder;  // the holder of this tile poses
    bool draw_holder =
        false;  // draw games: 6-6, or else the highest dealt double, or else the heaviest tile
    enum class What : std::uint8_t { any, holder_tile, a_double } what = What::any;
    bool may_pass = false;  // french: a winner with no double passes, the next seat poses
    PoseReason reason;      // why: "hand 1: the holder of 6-6 poses it"
};

// What happened in a hand, for scoring: penalties and running points.
struct HandScore {
    std::array<int, 4>
        points{};  // by party: points made during play (fives-threes), penalties (french, by seat)
    bool known = true;         // false when some penalty could not be decided
    std::array<int, 4> run{};  // french: consecutive passes per seat
    int board_from = -1;       // french: seat whose play the others are passing on
    int board_passes = 0;
    bool target = false;  // fives-threes: the match reached 61 in this hand
    int target_party = -1;
    // The match score before the hand is known. When it is not, points made
    // in play cannot be held to the target (fives-threes: a play that would
    // pass 61 scores nothing, exactly 61 ends the match): they are counted
    // uncapped, no target is reached, and the hand's result is not known.
    bool score_known = true;
    friend bool operator==(const HandScore&, const HandScore&) = default;
};

// A move as the rules see it, after the engine accepted it.
struct Event {
    enum class Kind : std::uint8_t { pose, play, pass, foul, draw } kind = Kind::play;
    int seat = 0;
    Tile tile;
    std::optional<bool> able;  // pass: whether the seat could have played
};

struct HandResult {
    HandOver how = HandOver::no;
    bool tie = false;      // blocked with no winner (quinientos: void)
    int winner = -1;       // party
    int winner_seat = -1;  // the seat that dominoed, or the winning seat of a block
    // Seats that pose next after this win (0: the rule set's default).
    std::uint8_t next_posers = 0;
    int leader = -1;              // fives-threes: the seat that led this hand
    std::array<int, 4> points{};  // by party
    bool known = true;            // false: the record does not show enough to score it
    ResultReason reason;          // how the result follows from the rules
};

// What a record's claims say about a hand the engine could not score.
struct ClaimedOutcome {
    HandResult result;             // how it ended, the winner or a tie; points when complete
    bool winner_known = false;     // the end line names the winner (or a tie)
    bool points_complete = false;  // the points line names every party
};

// A hand's outcome as a score sheet states it (a summary hand: DGN section 4).
struct Outcome {
    HandOver how = HandOver::no;  // no: not stated (a domino or a block)
    bool tie = false;             // blocked with no winner (quinientos: void)
    int winner = -1;              // party; fives-threes: the side that chipped out or reached 61
    int winner_seat = -1;         // the seat that dominoed, when stated
};

// The points a party may get in one hand: whole numbers from lo to hi that
// are lo plus a multiple of step.
struct PointRange {
    static constexpr int kNoLimit = 1 << 24;
    int lo = 0;
    int hi = 0;
    int step = 1;
    bool contains(int x) const { return x >= lo && x <= hi && (x - lo) % step == 0; }
};

// What a summary hand's points depend on besides its outcome.
struct SheetContext {
    int hand = 0;               // the hand's number in the match
    bool score_known = true;    // the match score before the hand is known
    bool ties_unknown = false;  // jamaican tie-replay: the ties before the hand are not known
};

class Rules {
public:
    explicit Rules(const Variant& v) : v_(v) {}
    virtual ~Rules() = default;
    const Variant& variant() const { return v_; }
    const RuleTraits& traits() const { return v_.traits(); }

    // Who poses the next hand, and why.
    PoseRule pose_rule(const MatchState& m) const { return make_pose_rule(m); }
    // Called after each move the engine accepted. Returns the points a play scored
    // (fives-threes), 0 otherwise.
    virtual int on_event(HandScore&, const HandState&, const Event&, const MatchState&) const {
        return 0;
    }
    // Whether on_event keeps anything: true for the rule sets made with
    // ScoresMoves (french, fives-threes), false for those whose on_event is
    // the default one above.
    bool moves_score() const { return moves_score_; }
    // on_event, then the end of the hand when the score says the match target
    // is reached: what every replay does after a move the engine accepted.
    // Returns what on_event returns. (Nothing where moves score nothing: the
    // replay asks this on every ply.)
    int after_move(HandScore& s, HandState& h, const Event& e, const MatchState& m) const {
        if (!moves_score_) return 0;
        int points = on_event(s, h, e, m);
        if (s.target) h.end_by_target();
        return points;
    }
    // The result of a finished hand (h.over() != no), and how it follows
    // from the rules. The same arguments give the same result.
    HandResult result(const HandState& h, const HandScore& s, const MatchState& m,
                      int hand_number) const {
        return make_result(h, s, m, hand_number);
    }
    // Moves the match on after a hand.
    virtual void apply(MatchState& m, const HandResult& r) const = 0;
    // "AC", "BD" for sides; "A".."D" for seats.
    virtual std::string party_name(int party) const;
    // A seat may ask for a new deal (`redeal`) holding at least this many
    // doubles; 0: the rule set has no redeal (quinientos with reshuffle: 5).
    virtual int redeal_doubles() const { return 0; }
    // A hand's value depends on the ties before it (jamaican tie-replay): a
    // record that starts after hand 1 leaves it unknown.
    virtual bool value_counts_ties() const { return false; }

    // The party that has won the match with this score, or -1: the match end
    // as a score alone shows it (a claimed score).
    int match_winner(const std::array<int, 4>& score) const;
    // The seats that pose after result `r` when the record's claims give it
    // (the winner's side, or the winning seat); 0 when they do not say.
    std::uint8_t claimed_posers(const HandResult& r) const;
    // A hand whose outcome the engine could not decide, as the record's
    // claims give it. Moves the match on as far as the claims settle it;
    // returns false when the match score is no longer known.
    bool apply_claims(MatchState& m, const ClaimedOutcome& c) const;

    // Summary hands (score sheets): what the rule set can give for an outcome.
    // Whether a hand can end in a tie (`end tie`).
    virtual bool can_tie() const { return traits().block_has_winner; }
    // Whether a hand can end the match mid-hand (`end target`).
    bool has_target() const { return traits().match_end == MatchEnd::exactly; }
    // Every outcome that fits what is stated (HandOver::no: nothing).
    std::vector<Outcome> outcomes(const Outcome& stated) const;
    // The points `party` may get in a hand with outcome `o`, the match at `m`.
    virtual PointRange points_range(const MatchState& m, const Outcome& o, int party,
                                    const SheetContext& c) const;
    // The points the winner of a block gets that its plies fix whoever won
    // (quinientos: the pips left off the layout, and the hand bonus), or
    // nullopt when they depend on what the record may not show.
    virtual std::optional<int> block_points(const HandState&, int /*hand_number*/) const {
        return std::nullopt;
    }
    // Whether the state after the hand fits the outcome (fives-threes: a
    // hand reaching exactly 61 ended by `target`, and no other does).
    virtual bool fits(const Outcome&, const MatchState&) const { return true; }
    // The seats that pose after outcome `o`; `exact` false when the rules
    // pick one of them by what a sheet does not show (the lower count of a side).
    virtual std::uint8_t sheet_posers(const Outcome& o, bool& exact) const;
    // Whether who poses after outcome `o` depends on the match score (a
    // win that may reset it).
    virtual bool poser_needs_score(const Outcome& o) const {
        return traits().win_value > 0 && !o.tie;
    }
    // A hand with outcome `o` scoring `points`, as the match takes it.
    HandResult sheet_result(const Outcome& o, const std::array<int, 4>& points,
                            const MatchState& m) const;
    // Whether a match can stand at `score` after hands not shown, the last
    // known score being `last`.
    virtual bool score_reachable(const std::array<int, 4>& score,
                                 const std::array<int, 4>& last) const;
    // After result `r` from an unknown score, the match at the claimed
    // `score`: what follows from the score alone (a reset, a play-off, the
    // match end).
    virtual void rebase(MatchState& m, const HandResult& r, const std::array<int, 4>& score) const;

protected:
    // Made by a rule set whose on_event keeps something (points, penalties,
    // the target reached during play).
    struct ScoresMoves {};
    Rules(const Variant& v, ScoresMoves) : v_(v), moves_score_(true) {}
    virtual PoseRule make_pose_rule(const MatchState& m) const = 0;
    virtual HandResult make_result(const HandState& h, const HandScore& s, const MatchState& m,
                                   int hand_number) const = 0;
    Variant v_;

private:
    bool moves_score_ = false;
};

std::unique_ptr<Rules> make_rules(const Variant& v);

// Fives-threes: points for an open-end total (a point per 5 and per 3 dividing it).
namespace detail {
constexpr int fives_threes_points_of(int total) {
    if (total <= 0) return 0;
    return (total % 5 == 0 ? total / 5 : 0) + (total % 3 == 0 ? total / 3 : 0);
}
// The totals a layout can show, looked up: the tests on 5 and 3 are
// branches that go either way from play to play.
inline constexpr std::array<std::uint8_t, 64> kFivesThreesPoints = [] {
    std::array<std::uint8_t, 64> t{};
    for (int i = 0; i < 64; ++i)
        t[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(fives_threes_points_of(i));
    return t;
}();
}  // namespace detail
constexpr int fives_threes_points(int total) {
    if (total >= 0 && total < 64) [[likely]]
        return detail::kFivesThreesPoints[static_cast<std::size_t>(total)];
    return detail::fives_threes_points_of(total);
}

// Shared pieces of the rule sets.
namespace detail {
// Blocked by single lowest pip count over seats (nullopt when counts unknown).
// Returns the seat, or -1 for a tie between seats of different parties.
// `why` (if given) gets the counts and what they decide.
std::optional<int> lowest_seat(const HandState& h, const Variant& v, ResultReason* why);
// Every seat's pip count (-1: unknown).
std::array<int, 4> seat_counts(const HandState& h);
// Adds a win to per-party scores with the "reset when every party has a point"
// rule of cutthroat and chiva (2-3 players), or jamaican's "side at 0 beats a
// side with points" reset for two parties.
void add_with_reset(MatchState& m, int parties, int winner, int points, int target);
// The holder of 6-6 poses (`when`; `seats`: the seats' scores were reset).
PoseRule holder_pose(const Variant& v, PoseReason::When when, bool seats = false);
}  // namespace detail

}  // namespace pips
