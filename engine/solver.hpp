// The double-dummy solver: the value of a position of a hand for a party when
// every seat plays perfectly with every tile in view (ANALYSIS.md section 2).
// It searches the engine's own Game (legal_moves, apply, result): there is no
// second copy of the rules. Alpha-beta over those moves with move ordering and
// a transposition table of fixed size, keyed on what decides the rest of the
// hand; one table serves every ply of a hand, so that judging a whole hand
// costs little more than solving it from the pose.
//
// Values: two parties (sides, or two seats) play minimax; three or four
// individual seats give the paranoid value for a party (it maximises, every
// other seat minimises its value).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <vector>

#include "engine/game.hpp"

namespace pips {

// The value for `party` of the finished hand of `g` (g.hand_over()):
// win/tie/loss games +v, 0, -v with v the hand's points; quinientos and
// fives-threes the party's points minus the others' (fives-threes: +-100 for
// reaching exactly the target); french minus the points against the seat.
// Empty when the hand is not over or its result is not known.
std::optional<int> hand_value(const Game& g, int party);

// The seat whose choice the position is: the seat to play, or at a pose open
// to several seats `poser` (the first seat listed when `poser` is -1); -1
// once the hand is over.
int mover(const Game& g, int poser = -1);

// The moves of a position as the analysis counts them: the engine's
// legal_moves() of the mover, with
// - a seat's last tile that ends the hand one move whichever end takes it
//   (except where the end changes the points: fives-threes);
// - no pass while able once every other seat has passed since the last tile
//   was played (french), so that a round of passes cannot go on for ever: a
//   seat able to play then plays.
std::vector<Move> analysis_moves(const Game& g, int poser = -1);
// The same moves in `out` (cleared first), without allocating.
void analysis_moves(const Game& g, int poser, MoveList& out);

// French: a value `party` is sure of from `g` whatever the other seats do,
// a lower bound on the solver's value (the proof is at its definition). The
// search stops at a position whose floor already reaches the bound it is
// asked to prove. Empty where it does not apply: other rule sets, a hand not
// posed, over, or with a seat's tiles not all known.
std::optional<int> french_floor(const Game& g, int party);

// The search failed: a result the rules leave unknown, or a hand too long.
class SolverError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct SolverOptions {
    std::size_t tt_mb = 32;  // the transposition table, in MiB (at least 1)
    // Positions a hand may search before the solver gives up (SolverError);
    // 0: no limit.
    std::uint64_t node_limit = 0;
};

class Solver {
public:
    explicit Solver(SolverOptions o = {});

    // Starts a new hand: the table is empty again (entries of earlier hands
    // are never read), and the node count restarts.
    void new_hand();

    // The value of `g` for `party`. `poser`: the seat whose choice a pose
    // open to several seats is (see mover()).
    int value(const Game& g, int party, int poser = -1);

    // Every move of analysis_moves(g, poser) with its value for the mover's
    // party: what that party gets when the move is made and every seat plays
    // perfectly afterwards. Empty once the hand is over.
    struct Judged {
        Move move;
        int value = 0;
        // judge_played(): false when `value` is only an upper bound.
        bool exact = true;
    };
    std::vector<Judged> judge(const Game& g, int poser = -1);

    // A ply's judgement needs less than every move's value (ANALYSIS.md
    // section 3): the value of the move played (`played`, an index into
    // analysis_moves(g, poser)), the best value and every move reaching it,
    // and, when one move alone reaches it, whether each other move is a
    // blunder. `blunder(before, after)` must be monotone in `after` (a lower
    // value after a blunder is one too). The result lists the moves as
    // judge() does, with exact values for the move played and for every
    // move worth the best value; any other move's `value` is an upper bound
    // (`exact` false) below the best, and is a blunder by `blunder` when its
    // true value is (with one best move). The numbers a judgement reports
    // are then those judge() would give.
    using Blunder = std::function<bool(int before, int after)>;
    std::vector<Judged> judge_played(const Game& g, int poser, std::size_t played,
                                     const Blunder& blunder);

    // Positions searched since new_hand().
    std::uint64_t nodes() const { return nodes_; }
    // The table's size in bytes (fixed at construction).
    std::size_t table_bytes() const { return entries_ * sizeof(Entry); }
    // The part of the table this hand uses so far: it starts small and
    // doubles whenever half of it holds the hand's entries, up to the whole.
    std::size_t table_bytes_in_use() const { return (active_mask_ + 1) * kBucket * sizeof(Entry); }

    // The deepest hand searched: more plies than this in one hand is an error.
    static constexpr int kMaxPlies = 400;

private:
    // Both bounds of a position's value (less the base, see search()): a
    // null-window search proves one of them, and MTD(f) proves the two in
    // turn, so an entry keeps each. Equal bounds: the value is exact.
    struct Entry {
        std::uint64_t check = 0;
        std::int16_t lower = kNoLower;
        std::int16_t upper = kNoUpper;
        std::uint16_t generation = 0;
        std::uint8_t best = 0;  // index of the best move, for ordering
        // The work the entry saves: the bit width of the positions its
        // search took. A full bucket gives up its entry of least work.
        std::uint8_t work = 0;
    };
    static constexpr std::int16_t kNoLower = -32767;
    static constexpr std::int16_t kNoUpper = 32767;
    static_assert(sizeof(Entry) == 16);
    static constexpr std::size_t kBucket = 4;

    struct Key {
        std::uint64_t index = 0;
        std::uint64_t check = 0;
    };
    Key key_of(const Game& g) const;
    Entry* bucket_of(const Key& k) const {
        return table_.get() + (k.index & active_mask_) * kBucket;
    }
    Entry* probe(const Key& k);
    // Keeps what a search within (a0, b0) found: `value` is an upper bound
    // at or below a0, a lower bound at or above b0, else exact.
    // `work`: the positions the search took (Entry::work).
    void store(const Key& k, int value, int a0, int b0, std::uint8_t best, std::uint64_t work);
    // The value for persp_ (see below) of g, fail-soft within (alpha, beta).
    int search(const Game& g, int alpha, int beta, int depth, int poser);
    // The exact value for persp_ of g.
    int solve(const Game& g, int depth, int poser);
    // Bounds for persp_ on the value of g: lower <= value <= upper.
    struct Bounds {
        int lower = 0;
        int upper = 0;
    };
    // Narrows `b` by null-window searches until `enough` holds or the value
    // is exact; `guess`: where the first test goes, unless `first` is given
    // (the first test's beta, when it is within the bounds).
    Bounds narrow(const Game& g, int depth, int poser, int guess, Bounds b,
                  const std::function<bool(Bounds)>& enough,
                  std::optional<int> first = std::nullopt);
    // The value the table holds for g, else 0: the first guess of a search.
    int first_guess(const Game& g);
    // Sets the perspective for `party`; returns the sign that turns a
    // perspective value into `party`'s value.
    int set_party(int party, const Variant& v);

    // What the search keeps for each depth: the position there (made from
    // its parent by copy assignment, which reuses a Game's storage) and the
    // moves of the position searched there.
    struct Frame {
        explicit Frame(const Game& g) : game(g) {}
        Game game;
        MoveList moves;
    };
    // The frame of `depth`, made (from `g`) with the one of its children.
    Frame& frame(int depth, const Game& g);
    std::vector<std::unique_ptr<Frame>> frames_;

    // What the table was allocated as (a mapping a little larger than the
    // table, which starts at its first 2 MiB boundary).
    struct Free {
        void* base;
        std::size_t len;
        void operator()(Entry* p) const;
    };
    std::unique_ptr<Entry[], Free> table_;  // huge pages where the system has them
    std::size_t entries_ = 0;
    std::size_t buckets_mask_ = 0;
    // A hand starts in the table's first buckets and takes twice as many each
    // time half of them hold its entries: a small hand's probes stay in a few
    // MiB that the caches keep, a large one gets the whole table (grow()
    // moves each entry to the bucket it is then looked for in).
    static constexpr std::size_t kIndexKept = 16;  // log2 of kFirstBuckets (see key_of())
    static constexpr std::size_t kFirstBuckets = (std::size_t{4} << 20) / (kBucket * sizeof(Entry));
    // Doubles the part in use.
    void grow();
    std::size_t active_mask_ = 0;
    std::size_t filled_ = 0;  // entries this hand put in empty slots
    std::uint16_t generation_ = 0;
    std::uint64_t nodes_ = 0;
    std::uint64_t node_limit_ = 0;
    // The party the search maximises for. With two parties always 0 (the
    // other's value is its negative, so both share the table entries); with
    // more, the party itself, which is then part of every key.
    int persp_ = 0;
    bool paranoid_ = false;
    // Points against a seat (french): the table keeps values less those
    // already incurred, which decide nothing later.
    bool penalties_ = false;
};

}  // namespace pips
