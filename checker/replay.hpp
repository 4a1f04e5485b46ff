// Inside the checker: the replay of one record, shared by the files that
// each take one concern of it:
//   tags.cpp    the tags and the variant, the run over the hands, Result
//   readings.cpp  an unlabelled pose read once per seat that could have
//               posed it: the readings of a hand and the one kept
//   hand.cpp    one hand's deals and plies, handed to the engine
//   pose.cpp    who poses and what: the pose against the rule set's pose rule
//   claims.cpp  the end of a hand: its end, points and score claims, and
//               hands the engine cannot score, settled from those claims
//   summary.cpp summary hands (score sheets): their tiles, and the match
//               carried on from what their claims settle
//   summary_claims.cpp  a summary hand's end, points and score lines
//   match.cpp   the match score, summaries, words for parties and scores
//   notes.cpp   the notes of `pips annotate`
//   reasons.cpp the rules' reasons in words
// Not part of the checker's interface (checker.hpp).
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "checker/checker.hpp"
#include "engine/hand.hpp"
#include "engine/rules.hpp"
#include "engine/variant.hpp"

namespace pips::checker::impl {

using ast::Pos;

Code code_of(Fault f);
using checker::end_of;
// Without a branch: the halves of a dealt tile come in either order, and a
// branch on which is higher is mispredicted every other tile.
inline Tile tile_of(const ast::TileTok& t) {
    const int a = t.a, b = t.b;
    const int d = (a - b) & ((a - b) >> 31);  // min(0, a - b)
    // Built in a register: set a half at a time, the tile was stored a byte
    // at a time and loaded back as one word to be passed on, a
    // store-forwarding stall on every ply.
    static_assert(sizeof(Tile) == 2 && offsetof(Tile, hi) == 0);
    const int hi = a - d, lo = b + d;
    constexpr bool little = std::endian::native == std::endian::little;
    return std::bit_cast<Tile>(static_cast<std::uint16_t>(little ? hi | lo << 8 : lo | hi << 8));
}
// HandState::ends_allowed() of a ply's end letter, from a table: the letter
// changes from ply to ply, and play_plain takes it without a branch.
inline unsigned ends_allowed(ast::EndLetter e) {
    // (Indexed by every value the byte can hold, so without a bounds test:
    // the letters' own entries first, 0 for the rest.)
    static constexpr std::size_t kLetters = static_cast<std::size_t>(ast::EndLetter::W) + 1;
    static constexpr std::array<std::uint8_t, 256> kAllowed = [] {
        std::array<std::uint8_t, 256> t{};
        for (std::size_t i = 0; i < kLetters; ++i)
            t[i] = static_cast<std::uint8_t>(
                HandState::ends_allowed(end_of(static_cast<ast::EndLetter>(i))));
        return t;
    }();
    static_assert(std::is_same_v<std::underlying_type_t<ast::EndLetter>, std::uint8_t>);
    return kAllowed[static_cast<std::uint8_t>(e)];
}
// A tile as written ("1-2"), where Tile::str() gives it high half first.
inline std::string written(const ast::TileTok& t) {
    return std::string{static_cast<char>('0' + t.a), '-', static_cast<char>('0' + t.b)};
}
// `msg` with the first mention of `t` (as Tile::str() writes it) as written.
std::string as_written(std::string msg, const ast::TileTok& t);
// A seat's letter: 'A' for 0.
inline char seat_char(int s) {
    return static_cast<char>('A' + s);
}
// The tiles of a list, in `buf` (reused from call to call).
std::span<const Tile> tiles_of(const std::vector<ast::TileTok>& ts, std::vector<Tile>& buf);
// The tiles of a list as a set; `twice` when one is written twice. (A
// table of each written pair's bit: a deal line is 6 to 14 tiles, and there
// are four to a hand.)
inline TileSet set_of(const std::vector<ast::TileTok>& ts, bool& twice) {
    static constexpr auto kBit = [] {
        // (No pip is over 6; were one, its bit, outside every set, would
        // send the line to deal() to be refused.)
        std::array<std::uint32_t, 64> t{};
        t.fill(1u << 31);
        for (int a = 0; a <= 6; ++a)
            for (int b = 0; b <= 6; ++b)
                t[static_cast<std::size_t>(a * 8 + b)] = 1u << Tile(a, b).index();
        return t;
    }();
    std::uint32_t bits = 0, again = 0;
    for (const auto& tok : ts) {
        const std::uint32_t bit = kBit[static_cast<std::size_t>((tok.a & 7) * 8 + (tok.b & 7))];
        again |= bits & bit;
        bits |= bit;
    }
    twice = again != 0;
    return TileSet::from_bits(bits);
}
// A deal line given to the engine: the usual one as a set, any other as a
// list, for deal() to say what is wrong with it.
inline Step deal_line(HandState& h, const ast::SeatTiles& d, std::vector<Tile>& buf) {
    bool twice = false;
    const TileSet s = set_of(d.tiles, twice);
    if (h.deal_plain(d.seat, s, static_cast<int>(d.tiles.size()), twice)) return Step::ok();
    return h.deal(d.seat, tiles_of(d.tiles, buf));
}
// "A".."D", "AC", "BD".
const char* who_name(ast::Who w);
// The party a WHO names in this variant, or -1.
int party_of_who(const Variant& v, ast::Who w);
// "AC 3 BD 0"
std::string match_score_text(const Rules& rules, const MatchState& m);
// reasons.cpp: the rules' reasons in words.
std::string pose_words(const PoseReason& r);  // "hand 1: the holder of 6-6 poses it"
std::string result_words(const HandResult& r, const Rules& rules);
// "A 21, B 23, C ?, D 24": pip counts by seat, -1 unknown.
std::string counts_words(const std::array<int, 4>& counts, int players);

// A summary hand: no plies, and an end, points or score line.
bool is_summary_hand(const ast::Hand& hand);

// An outcome of a summary hand that its lines read so far allow, with the
// points they fix.
struct SheetCandidate {
    Outcome o;
    std::array<PointRange, 4> range;
    std::array<std::optional<int>, 4> fixed;
};

// One way a summary hand can have gone: an outcome, its points, the match after it.
struct SheetWay {
    Outcome o;
    std::array<int, 4> points{};
    MatchState after;
};

// What the claim lines of a summary hand read so far leave.
struct SheetReading {
    SheetContext ctx;
    std::vector<SheetCandidate> cands;           // the outcomes they allow
    const ast::ClaimLine* score_line = nullptr;  // a score line that the outcomes explain
    bool score_adopted = false;                  // ... that settles an unknown score
    std::array<int, 4> claimed_score{};          // the score line's values by party
    Outcome proved;                // a played hand: what its plies proved of the outcome
    std::array<int, 4> floor{};    // ... and the least points of each party
    std::optional<int> block_won;  // ... and what a block's winner scores, when they fix it
    // A played hand: the first claim line after which one outcome (one set
    // of points) is left, in words ("end block BD"); empty when none is.
    bool track = false;
    std::string winner_from, points_from;
};

// Why the pose of hand `hand` is not known, when a hand before it said so
// ("hand 2 is broken"); `listed`: the reason is in `unchecked` already.
struct PoseWhy {
    int hand = -1;
    std::string why;
    bool listed = false;
};

// One reading of a hand (readings.cpp): what its replay reported and the
// match after it, kept aside until the reading is chosen.
struct Reading {
    int seat = -1;      // who posed, in this reading
    bool go_on = true;  // what the replay of the hand returned
    std::vector<Diagnostic> errors;
    std::vector<std::string> unchecked;
    std::vector<Note> notes;
    std::vector<HandSummary> summaries;
    std::uint64_t plies = 0;
    bool unfinished = false;
    MatchState m;
    bool score_known = true;
    bool ties_unknown = false;
    std::array<int, 4> last_score{};
    PoseWhy pose_why;
    int poser_unread = -1;
    HandData data;  // CheckOptions::data: the hand's facts in this reading
};

class RecordChecker {
public:
    RecordChecker(const ast::Record& rec, const CheckOptions& opt, Verdict& out)
        : rec_(rec), opt_(opt), out_(out) {}

    void run();

private:
    // The error reported, for its notes and fix-it to be added.
    Diagnostic& error(Pos p, Code c, std::string msg) {
        return error(Diagnostic{p, c, std::move(msg), {}, {}});
    }
    Diagnostic& error(Diagnostic d) {
        out_.errors.push_back(std::move(d));
        out_.valid = false;
        return out_.errors.back();
    }
    void unchecked(std::string what) {
        if (seen_unchecked_.insert(what).second) out_.unchecked.push_back(std::move(what));
    }
    void note(Pos p, std::string text) {
        if (opt_.annotate && !text.empty()) out_.notes.push_back({p, std::move(text)});
    }
    // A step's message with the events it cites (HandState::event_mark) as lines.
    // `lines` false: without the lines, for a comment beside the plies.
    std::string cited(const std::string& why, bool lines) const;
    // The error of a failed step at `p` (its message as cited()), with a
    // note at each pass or draw the message cites ("B passed here on 6").
    Diagnostic& step_error(Pos p, const Step& st);
    // Where a failed step is reported: at the earlier event it proves wrong, if any.
    Pos step_pos(const Step& st, Pos here) const {
        return st.event >= 0 ? event_pos(st.event) : here;
    }
    // Where the events of the hand were written, for the ones a message may
    // cite (poses, passes, draws, fouls): one entry each, so that a pass
    // costs a push and not a fill over the plays since the last one. A
    // hand's event ids only grow (HandState::event_count), so the entries
    // stay in order for event_pos's search; a second position for the same
    // event replaces the first.
    void set_event_pos(int id, Pos p) {
        if (!event_pos_.empty() && event_pos_.back().event == id)
            event_pos_.back().pos = p;
        else
            event_pos_.push_back({id, p});
    }
    // Whether an event is among those up to the last one kept, and where it
    // was written (no position for one that is not kept).
    bool event_cited(int id) const {
        return id >= 0 && !event_pos_.empty() && id <= event_pos_.back().event;
    }
    Pos event_pos(int id) const;
    // Comparisons with the record's own claims are skipped when replaying
    // under other rules.
    bool judging() const { return opt_.rules_override.empty(); }

    // tags.cpp
    bool read_tags();
    void suggest(const ast::Tag& tag, std::size_t offset, std::string_view word,
                 std::string_view meant, const std::string& unknown);
    bool read_score_tag();
    void check_result_tag(bool stopped);

    // readings.cpp
    // A hand, read once per seat that could have posed it when its pose is
    // unlabelled and neither the deals nor the pose rule say who posed.
    bool replay_readings(const ast::Hand& hand, bool last, Pos stop_at);
    // The state a reading starts from, and back to it.
    struct Mark {
        std::size_t errors = 0, unchecked = 0, notes = 0, summaries = 0;
        std::uint64_t plies = 0;
        bool valid = true, unfinished = false;
        MatchState m;
        bool score_known = true, ties_unknown = false;
        std::array<int, 4> last_score{};
        PoseWhy pose_why;
        int poser_unread = -1;
    };
    Mark mark() const;
    // What the replay added since `at`, taken out; the state back to `at`.
    Reading take_reading(const Mark& at, int seat, bool go_on);
    void commit_reading(const ast::Hand& hand, Reading& r,
                        const std::vector<const Reading*>& alike);
    void commit_data(Reading& r, const std::vector<const Reading*>& alike);
    // The seats that could have posed, in the rulings' order, into
    // `pose_candidates_`; the seat that posed when only one could.
    int pose_candidates(const ast::Ply& ply, const PoseRule& pr, const HandState& h);

    // hand.cpp
    bool replay_hand(const ast::Hand& hand, bool last, Pos stop_at);
    bool match_over_before(const ast::Hand& hand);
    bool deal_hand(const ast::Hand& hand, HandState& h);
    bool check_redeal(const ast::Hand& hand, const ast::Redeal& rd, const HandState& h);
    // One ply of a posed hand, `seat` to play; false when it breaks the hand.
    // The hot path: its errors are reported by the cold functions after it.
    // Inlined into replay_hand (both in hand.cpp): a call per ply costs.
    [[gnu::always_inline]] inline bool replay_ply(const ast::Ply& ply, int seat, HandState& h,
                                                  HandScore& score);
    [[gnu::cold, gnu::noinline]] bool step_failed(const Step& st, Pos here);
    // A failed step of a ply with a tile (a play, a pose, a foul): the tile
    // named as written, and notes at the other places involved.
    [[gnu::cold, gnu::noinline]] bool tile_step_failed(const Step& st, const ast::Ply& ply,
                                                       const ast::TileTok& tok, int seat,
                                                       const HandState& h);
    // A deal or stock line the engine refused: at the tile at fault, with a
    // note at the other place that holds it.
    void deal_failed(const ast::Hand& hand, const ast::SeatTiles& d, const Step& st,
                     const HandState& h);
    // A deal line with the wrong number of tiles: the player count the
    // deals show, when it is not the Players tag's, in the message and a note.
    void deal_count_note(const ast::Hand& hand, const ast::SeatTiles& d, Diagnostic& e);
    void stock_failed(const ast::Hand& hand, const ast::Stock& s, const Step& st,
                      const HandState& h);
    // Where a tile was dealt in `hand` (round `round`) to a seat other than
    // `not_seat`, or null.
    static const ast::TileTok* dealt_at(const ast::Hand& hand, Tile t, int round, int not_seat,
                                        int* seat = nullptr);
    [[gnu::cold, gnu::noinline]] bool wrong_turn(const ast::Ply& ply, int seat);
    [[gnu::cold, gnu::noinline]] void pass_claimed(const ast::Ply& ply);
    [[gnu::cold, gnu::noinline]] void points_claimed(const ast::Ply& ply, int pts,
                                                     const HandState& h);
    bool knock_after_end(const ast::Ply& ply, HandState& h, bool& stray);
    // Notes and data (track_): the state before a ply, and what it made.
    [[gnu::cold, gnu::noinline]] void track_before(const ast::Ply& ply, const HandState& h,
                                                   const HandScore& score,
                                                   std::optional<HandState>& before,
                                                   std::optional<HandScore>& before_score);
    [[gnu::cold, gnu::noinline]] void track_after(const HandState& before, const HandState& h,
                                                  int seat, const ast::Ply& ply,
                                                  const HandScore& before_score,
                                                  const HandScore& score, bool pose);
    [[gnu::cold, gnu::noinline]] void track_knock(const HandState& before, const HandState& h,
                                                  int seat, const HandScore& before_score,
                                                  const HandScore& score);
    bool pre_actions(const ast::Ply& ply, int seat, HandState& h, HandScore& score);
    [[gnu::always_inline]] inline bool play_ply(const ast::Ply& ply, int seat, HandState& h,
                                                HandScore& score);
    // The points a play or pose claims against what it scored.
    // "6-6 scores 4, not 3: the open ends add up to 12"
    std::string play_points_why(const std::string& tile, int pts, int claim, const HandState& h,
                                bool pose) const;

    // pose.cpp
    bool do_pose(const ast::Hand& hand, const ast::Ply& ply, int seat, HandState& h, HandScore& s);
    int pose_seat(const ast::Ply& ply, int label, const PoseRule& pr, const HandState& h);
    bool pass_at_pose(const ast::Ply& ply, int seat, const PoseRule& pr, HandState& h,
                      HandScore& s);
    // What is wrong with posing `t` from `seat`, or empty; `proof` gets the
    // tile the pose proves the seat held.
    std::string judge_pose(const ast::Hand& hand, const PoseRule& pr, int seat, Tile t,
                           const HandState& h, std::optional<Tile>& proof);
    std::string judge_draw_pose(const ast::Hand& hand, const PoseRule& pr, int seat, Tile t,
                                const HandState& h, std::optional<Tile>& proof);

    // claims.cpp
    void finish_hand(const ast::Hand& hand, HandState& h, HandScore& s, bool last);
    // A hand with no end line: false when it is the last and unfinished.
    bool check_hand_over(const ast::Hand& hand, const HandState& h, bool last, bool& assumed_block);
    void unfinished_claims(const ast::Hand& hand);
    // The end line against the result; false when it is wrong (reported).
    // `result_why()`: how the result follows from the rules.
    template <class Why>
    bool check_end_claim(const ast::Hand& hand, const HandState& h, const HandResult& r,
                         Why&& result_why);
    template <class Why>
    std::string block_claim_why(const ast::Hand& hand, const ast::EndLine& e, const HandResult& r,
                                Why&& result_why);
    std::string actual_end(const HandResult& r, const HandState& h) const;
    std::string not_over_words(const ast::Hand& hand, const HandState& h) const;
    std::string block_seat_why(ast::Who who) const;
    // `detail(party)`: how the party's points follow (points_detail).
    template <class Why, class Detail>
    void check_claims(const ast::Hand& hand, const HandResult& r, Why&& why_of, Detail&& detail);
    // How a party's points follow from the counts and penalties, where the
    // result's reason does not say it (french: "B has 12 pips, + 10 penalty").
    std::string points_detail(int party, const HandState& h, const HandScore& s,
                              const HandResult& r) const;
    void settle_from_claims(const ast::Hand& hand, HandResult r, Pos upto = Pos{~0u, ~0u},
                            bool solved_outcome = false, bool solved_points = false);
    // A hand broken by a rules error: its claims are not taken.
    void break_hand(const ast::Hand& hand);
    // A score line taken after an unknown score: the match taken on from it.
    void rebase_on_score(const MatchState& before, HandResult r);
    // Who poses after `hand` depends on a score that is not known.
    void next_poser_unknown(const ast::Hand& hand);
    void solve_from_claims(const ast::Hand& hand, const HandState& h, const HandResult& r,
                           const HandScore& s);
    void unscored(const ast::Hand& hand, const HandScore& s);
    const char* unshown_words(const HandScore& s) const;
    static void raise_floor(PointRange& r, int floor);
    void restrict_to_proved(SheetReading& sr);
    static bool fits_proved(const Outcome& o, const Outcome& proved);
    bool claimed_end(const ast::Hand& hand, HandResult& r, Pos upto);
    void settle_score_from_claim(const ast::Hand& hand, Pos upto);

    // summary.cpp
    bool check_summary_hand(const ast::Hand& hand, bool last, Pos stop_at);
    bool summary_tiles(const ast::Hand& hand, Pos stop_at);
    bool stops_in(const ast::Hand& hand, Pos stop_at) const;
    std::string summary_end(const ast::EndLine& e, Outcome& o) const;
    void summary_settle(const std::vector<SheetCandidate>& cands, const ast::ClaimLine* score,
                        std::vector<SheetWay>& out) const;
    void summary_unjudged(const ast::Hand& hand);
    std::vector<SheetCandidate> summary_candidates(const Outcome& stated,
                                                   const SheetContext& ctx) const;
    void summary_rebase(std::vector<SheetWay>& ws, const std::array<int, 4>& score) const;
    std::vector<SheetWay> summary_ways(const SheetReading& sr, bool& outcome_known) const;
    static bool same_points(const std::vector<SheetWay>& ways);
    void summary_carry_on(const ast::Hand& hand, bool last, const std::vector<SheetWay>& ways,
                          bool outcome_known, bool score_adopted);
    void summarize_sheet(const ast::Hand& hand, const std::vector<SheetWay>& ways,
                         bool outcome_known);

    // summary_claims.cpp
    Pos summary_claims(const ast::Hand& hand, Pos stop_at, SheetReading& sr);
    bool summary_end_claim(const ast::Hand& hand, SheetReading& sr);
    bool summary_points_claim(const ast::Hand& hand, SheetReading& sr);
    bool summary_points_item(const ast::Hand& hand, const ast::ClaimItem& it,
                             std::vector<SheetCandidate>& cands);
    std::string summary_points_why(const ast::Hand& hand, const ast::ClaimItem& it, int p,
                                   const std::vector<SheetCandidate>& cands) const;
    bool summary_score_claim(const ast::Hand& hand, SheetReading& sr);
    void summary_score_wrong(const ast::Hand& hand, const std::vector<SheetCandidate>& cands);
    bool summary_adopt_score(const ast::Hand& hand, SheetReading& sr);

    // match.cpp
    // `before`, `r`: the match before the hand and its result, when the plies
    // decided it (a reset is then explained).
    // " (BD, at 0, won while AC had 3 points: the score resets)" when
    // `winner`'s win took the match from `before` to a reset `after`.
    std::string reset_words(const MatchState& before, const MatchState& after, int winner) const;
    static std::string sum_words(const MatchState& before, const MatchState& after, int party,
                                 int hand);
    void check_score(const ast::Hand& hand, const MatchState* before = nullptr,
                     const HandResult* r = nullptr);
    void summarize(const ast::Hand& hand, const HandResult& r);

    // data.cpp (CheckOptions::data)
    void data_begin();    // a HandData for each hand of the record
    void data_parties();  // once the rules are known
    void data_end();      // each hand's first error
    // The hand being replayed: its data reset, in `hd_`.
    // `again`: the hand was replayed before (another reading of who posed),
    // so its data is reset; the first time it is as data_begin made it.
    void data_hand(const ast::Hand& hand, bool again = false);
    // A ply reached: what the record writes of it; after the replay took it,
    // what it made of it.
    void data_ply(const ast::Ply& ply);
    void data_after_ply(const HandState& before, const HandState& h, int seat,
                        const HandScore& before_score, const HandScore& score, bool pose);
    // The hand's outcome: from the rules, or unknown and why.
    void data_result(const HandResult& r, const HandState* h);
    void data_unknown(const char* why);
    // A hand settled by the record's claims; a summary hand.
    void data_claims(const ClaimedOutcome& c);
    void data_sheet(const std::vector<SheetWay>& ways, bool outcome_known);

    // notes.cpp
    std::string after_ply_notes(const HandState& before, const HandState& h, int seat,
                                const ast::Ply& ply, const HandScore& before_score,
                                const HandScore& score);

    const ast::Record& rec_;
    const CheckOptions& opt_;
    Verdict& out_;
    Variant v_;
    std::unique_ptr<Rules> rules_;
    MatchState m_;
    bool score_known_ = true;
    std::set<std::string> seen_unchecked_;
    // Where engine events of the hand were written, one entry an event in
    // the order of their ids: the poses, passes, draws and fouls, which a
    // later play can prove wrong (a play is never reported at an earlier
    // play, so plays are not recorded).
    struct EventPos {
        int event;
        Pos pos;
    };
    std::vector<EventPos> event_pos_;
    std::optional<HandState> hand_;        // the hand being replayed (its storage reused)
    const ast::Hand* hand_ast_ = nullptr;  // ... as written
    // The draws and fouls of a ply of that hand.
    std::span<const ast::PreAction> pre_of(const ast::Ply& ply) const {
        return hand_ast_->pre_of(ply);
    }
    std::vector<Tile> tiles_buf_;  // a tile list being handed to the engine
    int pre_pose_passes_ = 0;
    // Readings of an unlabelled pose: the seat this reading gives it (-1:
    // not chosen yet), and the seats that could have posed, in order (empty:
    // the record says who posed).
    int reading_seat_ = -1;
    std::vector<int> pose_candidates_;
    int poser_unread_ = -1;  // the hand whose readings left the next poser unknown
    // Why the pose of hand `hand` is not known, when a hand before it said
    // so ("hand 2 is broken").
    PoseWhy pose_why_;
    const ast::Tag* result_tag_ = nullptr;
    bool ties_unknown_ = false;        // tie-replay, record starting after hand 1
    std::array<int, 4> last_score_{};  // the last match score known (summary hands)
    HandData* hd_ = nullptr;           // CheckOptions::data: the hand being replayed
    // Notes or data: each ply's state before it is kept, and what it made looked at.
    const bool track_ = opt_.annotate || (opt_.data && opt_.data_plies);
    // ... kept here, not in replay_hand: an empty std::optional of a type
    // this size was still zeroed whole on every hand.
    std::optional<HandState> track_state_;
    std::optional<HandScore> track_score_;
};

}  // namespace pips::checker::impl
