// A game of dominoes as one object, in the manner of OpenSpiel's State: the
// hand in play (HandState), the rule set (Rules) and the match between hands
// (MatchState). legal_moves() lists what may be done now, apply() makes a move
// and runs the rule set's bookkeeping (Rules::on_event, the end of a hand at
// the match target, at the end of a hand its result and the match update, the
// next hand's pose rule), result() says how the finished hand ended. This is
// the one place where moves are listed: perft, the generator, the fuzz target
// and the tests walk a Game.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "engine/hand.hpp"
#include "engine/layout.hpp"
#include "engine/rules.hpp"
#include "engine/tile.hpp"
#include "engine/variant.hpp"

namespace pips {

// One move of one seat.
struct Move {
    enum class Kind : std::uint8_t { pose, play, pass, draw, foul };
    Kind kind = Kind::pass;
    int seat = 0;
    Tile tile;  // pose, play, foul
    // Play: the end the tile goes to. Empty: as DGN reads a play without an
    // end letter (the only end, or the first of ends giving the same position).
    std::optional<End> end;
    // Play: another end the tile fits gives another position (DGN: the end
    // letter must be written). legal_moves() then lists one move per end.
    bool end_matters = false;
    // Pose on a line: the low half on the left (written lo-hi).
    bool flip = false;

    static Move pose(int seat, Tile t, bool flip = false);
    static Move play(int seat, Tile t, std::optional<End> end = std::nullopt);
    static Move pass(int seat);
    static Move draw(int seat);
    static Move foul(int seat, Tile t);
    std::string str() const;  // "B:6-6", "C:6-4R", "D:pass", "A:draw", "B:foul 3-4"
    friend bool operator==(const Move&, const Move&) = default;
};

// Moves in a buffer of fixed size, for whoever lists moves at every node of
// a search and must not allocate: room for the most moves a position has
// (a pose open to every seat of a set nobody has seen: 4 seats by 28 tiles,
// and a pass each; a play of every tile at one of four arms, and a pass).
class MoveList {
public:
    static constexpr std::size_t kCapacity = 128;
    void push_back(const Move& m) { m_[n_++] = m; }
    Move& back() { return m_[n_ - 1]; }
    void clear() { n_ = 0; }
    void resize(std::size_t n) { n_ = n; }  // n <= size(): keeps the first n
    std::size_t size() const { return n_; }
    bool empty() const { return n_ == 0; }
    Move& operator[](std::size_t i) { return m_[i]; }
    const Move& operator[](std::size_t i) const { return m_[i]; }
    Move* begin() { return m_.data(); }
    Move* end() { return m_.data() + n_; }
    const Move* begin() const { return m_.data(); }
    const Move* end() const { return m_.data() + n_; }

private:
    std::array<Move, kCapacity> m_;
    std::size_t n_ = 0;
};

// The tiles of a hand before play.
struct Deal {
    std::vector<std::vector<Tile>> hands;  // by seat
    std::vector<Tile> stock;               // draw games: the boneyard in draw order
    std::uint8_t hidden = 0;               // seats whose deal is not shown (list ignored)
    bool stock_hidden = false;             // draw games: the stock is not shown
};

// The set of `v` listed from 0-0 up, std::shuffle'd with `rng`, dealt in seat
// order; what is left is the stock (draw games).
Deal shuffled_deal(const Variant& v, std::mt19937_64& rng);

struct PoseCandidate {
    int seat = -1;
    Tile tile;
    friend bool operator==(const PoseCandidate&, const PoseCandidate&) = default;
};

// The pose of a draw game (PoseRule::draw_holder) given every seat's dealt
// hand (`dealt[s]`): the holder of 6-6 poses it; 6-6 in the boneyard: the
// holder of the highest double dealt poses it; no double dealt: the holder of
// the heaviest tile poses it, the higher half breaking a tie (6-3 before 5-4).
// One candidate, or none when nothing is dealt.
std::vector<PoseCandidate> draw_pose_candidates(std::span<const TileSet> dealt);

// The tiles of `set` that rank above `posed` in the draw-game pose rule: any
// one of them dealt to any seat takes the pose from the holder of `posed`
// (draw_pose_candidates on the two tiles). A pose of `posed` under the rule
// proves that no seat was dealt one.
TileSet draw_pose_outranks(Tile posed, TileSet set);

class Game {
public:
    // A match of `v` before its first hand is dealt.
    explicit Game(const Variant& v);
    // Hand 1 of a new match at the position `h` (any position of the hand:
    // perft from the middle of a hand). Points scored before it are not known.
    static Game at(const HandState& h);

    // Deals the next hand (hand 1 first; then once a hand is over and the
    // match is not). A deal the rules refuse leaves the game as it was.
    Step deal(const Deal& d);
    Step deal(std::mt19937_64& rng) { return deal(shuffled_deal(variant(), rng)); }

    // Every move the rules allow now, in a fixed order: poses by seat then
    // tile; plays by tile, then end; then a draw or a pass. Empty before a
    // deal and once the hand is over. With a seat's hand not fully known, its
    // moves are those it may be able to make. A pass at the pose (french) is
    // listed only when a later seat may still pose, so that play never stalls.
    std::vector<Move> legal_moves() const;
    // The same moves in `out` (cleared first), without allocating.
    void legal_moves(MoveList& out) const;
    // Makes a move, runs the rule set's bookkeeping; a refused move changes
    // nothing. Accepts every legal move and the legal moves legal_moves() leaves
    // out (fouls; plays with no end given; a pass at the pose holding a double).
    Step apply(const Move& m);
    // A `remain` line: shows a seat's remaining tiles (HandState::remain). What
    // it proves can end the hand (a block), which is then scored.
    Step remain(int seat, std::span<const Tile> tiles);
    Game clone() const { return *this; }
    // Between hands, the match as `m` has it: for a replay that settled a
    // hand the engine could not play (a summary hand, claims) or starts
    // after hand 1. The next deal() is accepted.
    void set_match(const MatchState& m);

    const Variant& variant() const { return h_.variant(); }
    const Rules& rules() const { return *rules_; }
    const HandState& hand() const { return h_; }
    const MatchState& match() const { return m_; }
    const HandScore& score() const { return s_; }
    // Who poses this hand (without the words saying why).
    const PoseRule& pose_rule() const { return pr_; }
    int hand_number() const { return hand_; }  // 0 before the first deal
    bool hand_over() const { return hand_ > 0 && h_.over() != HandOver::no; }
    bool match_over() const { return m_.over; }
    // The finished hand's result (scored before the match moved on); empty
    // while the hand is in play.
    const std::optional<HandResult>& result() const { return result_; }
    // Points the last move scored during play (the `+N` claim of its ply).
    int last_points() const { return last_points_; }
    // Two plays of one tile that leave the same position (Layout::same_result).
    bool same_position(const Move& a, const Move& b) const;
    // The points the open ends would show after the play `m`, in rule sets
    // that score during play (0 elsewhere); not capped by the match target.
    int points_after(const Move& m) const;

private:
    template <class Out>
    void list_moves(Out& out) const;
    template <class Out>
    void pose_moves(Out& out) const;
    template <class Out>
    void turn_moves(Out& out) const;
    bool pass_at_pose_leads_on(int seat) const;
    TileSet may_hold(int seat) const;
    int holder_of(Tile t) const;
    Step check_pose(const Move& m, std::optional<Tile>& proof, TileSet& outranks) const;
    Step pass_at_pose(const Move& m);
    // A copy of the hand to go back to when a refusal may come after the
    // hand took the step: where a hand is not known (placements), and at a
    // pose while a deal line is missing (under the draw-game rule the pose
    // proves no seat was dealt a tile above it, which the hands shown may
    // rule out). Empty otherwise.
    std::optional<HandState> undo_point(bool pose = false) const;
    Step apply_move(const Move& m, Event& e);
    void finish_hand();

    std::shared_ptr<const Rules> rules_;
    HandState h_;
    MatchState m_;
    HandScore s_;
    PoseRule pr_;
    int hand_ = 0;
    int pose_passes_ = 0;  // passes at the pose this hand
    int last_points_ = 0;
    std::optional<HandResult> result_;
};

}  // namespace pips
