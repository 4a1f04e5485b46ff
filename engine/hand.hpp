// One hand in play: the layout, what each seat holds (as far as it is known),
// the boneyard, whose turn it is and how the hand ended. Works with full
// information (every deal known) and with none: what cannot be known is
// tracked as unknown and inferred where the play proves it.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/layout.hpp"
#include "engine/layout_trace.hpp"
#include "engine/placement.hpp"
#include "engine/tile.hpp"
#include "engine/variant.hpp"

namespace pips {

// Why the engine refused a move. Mirrors the rule errors of DGN 1.
enum class Fault : std::uint8_t {
    none,
    bad_deal,
    not_in_hand,
    no_match,
    ambiguous_end,
    illegal_pass,
    illegal_draw,
    wrong_pose,
    after_end,
};

struct Step {
    Fault fault = Fault::none;
    std::string why;  // what the rules say, for the message
    // For faults proven later (a pass shown illegal by a later play, a pose shown
    // wrong by a later sight of 6-6): the id of the earlier event at fault.
    int event = -1;
    explicit operator bool() const { return fault == Fault::none; }
    static Step ok() { return {}; }
    static Step fail(Fault f, std::string why, int event = -1) {
        return {f, std::move(why), event};
    }
};

struct SeatInfo {
    TileSet known;       // tiles known to be in the hand now
    int count = 0;       // tiles in the hand now
    bool dealt = false;  // the deal is known
    bool out = false;    // played out (fives-threes 4p keeps playing without it)
    int played = 0;
    int unknown() const { return count - known.size(); }
    bool exact() const { return count == known.size(); }
};

enum class HandOver : std::uint8_t { no, domino, blocked, target };

class HandState {
public:
    // `trace_plays`: also keep where each tile lies (trace()), for pictures.
    explicit HandState(const Variant& v, bool trace_plays = false);
    // Back to the state of a new hand of the same variant (keeps storage).
    void reset();

    const Variant& variant() const { return v_; }
    const Layout& layout() const { return layout_; }
    // The pose and the plays on each end (empty unless constructed with
    // trace_plays).
    const LayoutTrace& trace() const { return trace_; }
    const SeatInfo& seat(int s) const { return seats_[s]; }
    int players() const { return v_.players; }

    // --- before play -------------------------------------------------------
    // A deal line. Checks the set, the count and tiles already placed.
    Step deal(int seat, std::span<const Tile> tiles);
    // The usual deal line, as a set: `count` tiles written, `twice` when a
    // tile is written twice. Takes the deal and returns true when deal()
    // would take it; otherwise changes nothing and returns false, and deal()
    // with the tiles in their order says what is wrong.
    bool deal_plain(int seat, TileSet tiles, int count, bool twice);
    // The boneyard in draw order (draw games).
    Step stock(std::span<const Tile> tiles);
    // Call after the deal lines: infers a single missing deal when every tile
    // of the set is dealt, sizes the boneyard.
    void start();
    // A seat that lets the pose go by (french: a winner holding no double).
    // Returns whether the seat is proven to have held a playable tile (a double).
    Step pass_before_pose(int seat);

    // --- play --------------------------------------------------------------
    bool posed() const { return !layout_.empty(); }
    int turn() const { return turn_; }
    // The pose: a on the left, b on the right. `proof_holder` marks that the
    // rules gave the pose to the holder of that tile: the seat is then proven
    // to hold it, and a later sight of it elsewhere is a wrong pose.
    // `outranks` (draw games, draw_pose_outranks): the tiles the pose proves
    // no seat was dealt; a pose that leaves no placement is a wrong pose.
    Step pose(int seat, Tile t, int a, int b, std::optional<Tile> proof_holder = std::nullopt,
              TileSet outranks = {});
    // A play; when `end` is empty the end is chosen as DGN says (the only end,
    // or the first of ends giving the same position). `chosen` gets the end.
    Step play(int seat, Tile t, std::optional<End> end, End* chosen = nullptr);
    // The usual play, made as play() makes it: a tile the seat is known to
    // hold (its last one too), that fits the end written (or the only end it
    // fits; on a line, either when both give the same position), with
    // nothing proven by passes, draws or the pose to keep to and no trace
    // kept. `ends` is ends_allowed() of the end written. Returns false
    // for any other play and changes nothing: play() then makes or refuses
    // it. (The replay's common step, without play()'s questions and without
    // branches on the tile or the end; tests/plain_play_test.cpp holds it to
    // play() move for move.)
    bool play_plain(int seat, Tile t, unsigned ends);
    // The ends a play may go to, as bits (1 << End): the end written, or
    // every end when none is.
    static constexpr unsigned ends_allowed(std::optional<End> end) {
        return end ? 1u << static_cast<unsigned>(*end) : 0x3Fu;
    }
    Step pass(int seat);
    // The usual pass, made as pass() makes it: by a seat at the table, in a
    // posed hand not over, with no boneyard to draw from, where passing while
    // able is allowed or the seat's hand is known and holds nothing that
    // fits, and with nothing proven by passes, draws or the pose to keep to.
    // Returns false for any other pass and changes nothing: pass() then
    // makes or refuses it. (The replay's common pass, without building a
    // Step; tests/plain_play_test.cpp holds it to pass() move for move.)
    bool pass_plain(int seat);
    // A draw from the boneyard; `drawn` gets the tile when the stock is known.
    Step draw(int seat, std::optional<Tile>* drawn = nullptr);
    // French: an attempted illegal play of t; the tile must be in hand.
    Step foul(int seat, Tile t);

    // --- queries -----------------------------------------------------------
    HandOver over() const { return over_; }
    int domino_seat() const { return domino_seat_; }
    // A seat can play now: true/false when known, nullopt when the hand is not.
    std::optional<bool> can_play(int seat) const;
    // Whether nobody can play: known blocked, known not, or unknown.
    std::optional<bool> blocked() const;
    int boneyard() const { return bone_count_; }
    bool stock_known() const { return stock_known_; }
    int last_player() const { return last_player_; }
    int poser() const { return poser_; }
    // Fives-threes: the match reached exactly 61; the hand ends here.
    void end_by_target() { over_ = HandOver::target; }
    std::optional<Tile> last_tile() const { return last_tile_; }
    // Before the last play: ends it fitted (capicu) and whether it was the key tile.
    bool last_fit_both() const { return last_fit_both_; }
    bool last_was_key() const { return last_was_key_; }
    bool last_both_ends_differ() const { return last_ends_differ_; }
    int passes_in_row() const { return passes_in_row_; }
    // Seats still in the hand.
    int in_hand() const;
    // Pip count of a seat's hand when it is known.
    std::optional<int> pip_count(int seat) const {
        const SeatInfo& si = seats_[seat];
        const int sp = si.known.size_and_pips();  // si.exact() and the pips at once
        if (sp >> 8 != si.count) return std::nullopt;
        return (sp & 255) + v_.pip_count_extra(si.known);
    }
    // Remaining tiles of a seat when known.
    std::optional<TileSet> hand_of(int seat) const;
    // Numbers a seat is proven not to hold (from its passes and draws), for notes.
    std::uint8_t proven_void(int seat) const;
    // Tiles not on the table and not known to be anywhere.
    TileSet unplaced() const;
    int event_count() const { return events_; }
    // Shows a seat's remaining tiles (`remain` line). Checks consistency.
    Step remain(int seat, std::span<const Tile> tiles);
    // Empty when every invariant holds.
    std::string check_invariants() const;

    // For "knocks around the table" after a block: each seat still in the hand
    // may write one pass.
    Step pass_after_block(int seat);

    // A hand followed by another whose plies neither ended it nor show it
    // blocked: when some placement of the unseen tiles leaves no seat able to
    // play (in draw games once the boneyard is drawn empty), the hand is read
    // as blocked: this says whether it may be.
    bool may_be_blocked() const;
    // A play of `t` by `seat` after the hand was found blocked without every
    // hand shown: when an earlier pass, draw or pose proves the seat could not
    // hold it, that fault (a pass a later play proves illegal is
    // `illegal-pass` at the pass, not a play after the end); otherwise ok.
    Step play_after_block(int seat, Tile t) const;
    // Whether a placement of the unseen tiles exists that agrees with all the
    // record has shown (always true when nothing hides a tile).
    bool placeable() const;

    // The tiles `seat` was dealt when the record fixes them: its deal line,
    // or the same tiles in its dealt hand in every placement of the unseen
    // tiles (RULINGS.md "Known and unknown": a fact every placement agrees
    // on is proven). Empty when they are not fixed.
    std::optional<TileSet> fixed_deal(int seat) const;

    // Messages about placements cite earlier events (a pass, a draw, the
    // pose) by this mark, "\x1e<id>\x1f"; whoever knows where each event was
    // written replaces it with its line (cite_events).
    static std::string event_mark(int event);

private:
    int next_seat(int s) const;
    void take_deal(int seat, TileSet tiles);
    // A legal play of t at e; `fit_both`: t fitted more than one end.
    void make_play(int seat, Tile t, End e, bool fit_both);
    // Playing t at any of `ends` (bits) gives the same position.
    bool same_at_each(Tile t, unsigned ends) const;
    Step not_at_table(int seat) const;
    Step can_hold(int seat, Tile t) const;
    void after_move(int seat);
    void update_over();
    void remove_from_hand(int seat, Tile t);
    [[gnu::noinline]] void played_last_tile(int seat, Tile t);
    void seat_out(int seat);
    void add_constraint(int seat);
    std::uint8_t line_ends() const;
    // `remain_line`: the tile is shown by the seat's remain line, not played.
    Step check_constraints(int seat, Tile t, bool remain_line = false) const;
    Step check_proofs(int seat, Tile t, bool remain_line = false) const;
    // check_proofs, can_hold and check_constraints, in that order.
    Step check_holding(int seat, Tile t) const;
    // The usual case, which needs none of them: a tile known to be in the
    // hand, nothing proven about the others' hands, no pass or draw to
    // contradict.
    bool holds_plainly(int seat, Tile t) const {
        return !limited_ && seats_[static_cast<std::size_t>(seat)].known.contains(t);
    }

    // --- placements (engine/placement.hpp) ------------------------------------
    // Which rules a placement must keep: the pose's proof, the passes and
    // draws of `drop_seat` (-1: all kept), and with `void_now` no seat still
    // in the hand holding a tile that fits now.
    struct Keep {
        bool proofs = true;
        int drop_seat = -1;
        bool void_now = false;
    };
    // The places: seats' deals 0..players-1, then the boneyard or the unused
    // tiles when there are any, then one per draw.
    struct Places {
        std::array<std::uint32_t, 4> seat{};  // a seat's deal and its draws
        int boneyard = -1, unused = -1;
    };
    PlacementProblem problem(const Keep& keep, Places& where) const;
    bool placeable(const Keep& keep, PlacementCut* cut, Places* where = nullptr) const;
    bool placement_needed() const { return limited_ || !rank_proof_.above.empty(); }
    // The pose proved something (a holder's tile, or in a draw game the tiles
    // nobody was dealt): at which event, and in words.
    bool pose_proven() const { return !proofs_.empty() || !rank_proof_.above.empty(); }
    int pose_proof_event() const {
        return proofs_.empty() ? rank_proof_.event : proofs_.front().event;
    }
    std::string pose_proof_words() const;
    // Whether the last placement found still is one after `seat` played `t`
    // (it had put `t` in one of the seat's places), or after the last pass
    // (it puts no tile that fitted then in the passer's places): the usual
    // case, which needs no new search.
    bool witness_keeps_play(int seat, Tile t) const;
    bool witness_keeps_pass(int seat) const;
    // The seat a place of the witness belongs to (-1: the boneyard or the
    // unused tiles).
    int seat_of_place(int q) const;
    // After an event of `seat` (a play or foul of `t`, a remain line, or a
    // pass or draw when `t` is empty) that left no placement: the fault, at
    // the event RULINGS attributes it to.
    Step no_placement(int seat, std::optional<Tile> t, Fault own, bool remain_line) const;
    // `direct`: a play of `t` (or the remain line of `remain_tiles`) that a
    // pass or draw of the seat rules out by itself. When without the seat's
    // passes and draws the pose's proof still rules it out, it needs both:
    // the pose is at fault (RULINGS: both, `wrong-pose` at the pose).
    Step own_passes_or_pose(const Step& direct, int seat, std::optional<Tile> t,
                            std::optional<End> end, std::span<const Tile> remain_tiles) const;
    std::string shortfall_words(const PlacementCut& cut, const Places& where, int seat,
                                bool& several) const;

    Variant v_;
    // What the variant says, looked up once: asked on every move.
    TileSet set_ = v_.tile_set();
    bool draw_game_ = v_.draw_game();
    bool pass_while_able_ = v_.traits().pass_while_able;
    bool scores_in_play_ = v_.traits().scores_in_play;
    bool partner_plays_on_ = v_.partnership() && v_.traits().partner_plays_on;
    Layout layout_;
    bool trace_plays_ = false;
    LayoutTrace trace_;
    bool all_dealt_ = false;  // every tile is dealt and none is drawn
    std::array<SeatInfo, 4> seats_{};
    TileSet dealt_;  // tiles on known deal lines
    std::vector<Tile> stock_;
    std::size_t stock_next_ = 0;
    bool stock_known_ = false;
    int bone_count_ = 0;
    int turn_ = -1;
    HandOver over_ = HandOver::no;
    int domino_seat_ = -1;
    int last_player_ = -1;
    int poser_ = -1;
    std::optional<Tile> last_tile_;
    bool last_fit_both_ = false;
    bool last_was_key_ = false;
    bool last_ends_differ_ = false;
    int passes_in_row_ = 0;
    int events_ = 0;  // every pose, play, pass, draw and foul is an event
    std::uint8_t after_block_passes_ = 0;

    // "This seat holds no tile of `fits` (as of event `event`)": from a pass or
    // a draw. A later play of such a tile, not drawn since, proves it wrong.
    struct Constraint {
        int seat;
        TileSet fits;
        int event;
        TileSet drawn_since;
        bool unknown_draw_since = false;
        bool from_draw = false;
        std::uint8_t ends = 0;  // numbers at the line's ends then
    };
    std::vector<Constraint> constraints_;
    // "This seat holds this tile", proven by a pose the rules gave to its holder.
    struct Proof {
        int seat;
        Tile tile;
        int event;
    };
    std::vector<Proof> proofs_;
    // Draw games without every deal shown: the pose of `posed` under the
    // draw-game pose rule proves that no seat was dealt a tile of `above`.
    struct RankProof {
        TileSet above;
        Tile posed;
        int seat = -1;
        int event = -1;
    };
    RankProof rank_proof_;
    // constraints_ or proofs_ hold something: asked at every play, as one
    // flag rather than two vectors looked at.
    bool limited_ = false;
    // What placements need: the deal lines, who played each tile on the
    // table and at which event, and every draw.
    std::array<TileSet, 4> dealt_to_{};
    std::array<std::int8_t, kTiles> played_by_{};
    std::array<std::int16_t, kTiles> played_at_{};
    struct Draw {
        int seat;
        int event;
    };
    std::vector<Draw> draws_;
    // The last placement found, tried first on the next move.
    mutable Placement witness_{};
    mutable bool have_witness_ = false;
};

}  // namespace pips
