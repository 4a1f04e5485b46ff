// The checker joins the parser's AST and the rules engine: it replays each
// record and gives it a verdict with located, coded diagnostics.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "checker/codes.hpp"
#include "checker/record_data.hpp"
#include "engine/layout.hpp"
#include "parser/ast.hpp"

namespace pips {
class HandState;
class Rules;
struct MatchState;
struct HandScore;
}  // namespace pips

namespace pips::checker {

// The end a ply's letter names (none: nothing written).
constexpr std::optional<End> end_of(ast::EndLetter e) {
    // A table, not a switch: the letter changes from ply to ply, and a jump
    // table's indirect branch is mispredicted about as often.
    constexpr std::array<std::optional<End>, 7> kEnds = {std::nullopt, End::L, End::R, End::N,
                                                         End::E,       End::S, End::W};
    const auto i = static_cast<std::size_t>(e);
    return i < kEnds.size() ? kEnds[i] : std::nullopt;
}

// Another place a diagnostic involves: the first play of a tile played
// twice, the play that proves a pass illegal, the deal that holds a tile.
struct Related {
    ast::Pos pos;
    std::string message;  // lower-case, no trailing period
    friend bool operator==(const Related&, const Related&) = default;
};

struct Diagnostic {
    ast::Pos pos;
    Code code = Code::syntax;
    std::string message;              // lower-case, no trailing period
    std::vector<Related> notes{};     // shown after the error as `note:` lines
    std::optional<ast::FixIt> fix{};  // a near miss: what was probably meant
    // The message as a comment beside the plies (pips annotate), where it
    // differs: without the input lines it cites, which the comment's own
    // layout would move. Empty when it is the message.
    std::string comment{};
    friend bool operator==(const Diagnostic&, const Diagnostic&) = default;
};

// A finding worth a brace comment after a ply or a line (pips annotate).
struct Note {
    ast::Pos pos;  // the ply (its first token) or the line it follows
    std::string text;
};

// A ply the replay has just made (CheckOptions::observer): the position
// after it, for whoever draws it.
struct PlyView {
    const ast::Ply& ply;
    int seat = -1;            // who made it
    const HandState& hand;    // the hand after it, with its trace of plays
    const Rules& rules;       // the record's rules (party names)
    const MatchState& match;  // the match before the hand
    const HandScore& points;  // points made in the hand so far
};

class PlyObserver {
public:
    virtual ~PlyObserver() = default;
    virtual void after_ply(const PlyView& view) = 0;
};

struct CheckOptions {
    bool annotate = false;   // collect notes
    bool summaries = false;  // collect each hand's outcome and points
    // Replay under other rules: "quinientos:capicu bonus". The player count is
    // the record's. Used by `pips rescore`.
    std::string rules_override;
    // With `annotate`: told of every ply replayed (a hand read several ways
    // is replayed once per reading), its hands keeping their trace of plays.
    PlyObserver* observer = nullptr;
    // Collect the record's facts as data (Verdict::data): hands and plies.
    bool data = false;
    // With `data`: each ply's facts too (HandData::plies). Off: the hands'
    // facts only, at the cost of a plain check (pips stats, pips select).
    bool data_plies = true;
};

// How a hand ended and what it scored, in words (pips rescore).
struct HandSummary {
    int number = 0;
    std::string outcome;  // "domino by C", "blocked, won by AC", "tied", "unknown"
    std::string points;   // "AC 1 BD 0"
};

struct Verdict {
    std::uint32_t line = 0;  // line of the record's first tag
    bool valid = true;
    bool unfinished = false;  // the last hand stops before it is over
    int hands = 0;
    std::string rules;                   // "jamaican, 4 players", empty if the tags are bad
    std::vector<Diagnostic> errors;      // sorted by position
    std::vector<std::string> unchecked;  // checks the record did not make possible
    std::vector<Note> notes;             // with CheckOptions::annotate
    std::vector<HandSummary> summaries;  // with CheckOptions::summaries
    RecordData data;                     // with CheckOptions::data
    std::uint64_t plies = 0;

    // Empty again, keeping the storage of its lists.
    void clear();
};

Verdict check_record(const ast::Record& record, const CheckOptions& options = {});
// The same into `out`, which is cleared first: a caller checking many
// records reuses one verdict's storage.
void check_record(const ast::Record& record, const CheckOptions& options, Verdict& out);

// The same verdict: validity, counts, rules, errors and unchecked list (notes
// and summaries aside). Options that only add notes must not change it.
bool same_verdict(const Verdict& a, const Verdict& b);

// Whether the record's play can be replayed under `spec` ("rules[:options]"):
// same player count allowed, same tiles dealt. Empty when it can; else why not.
std::string rescore_compatible(const ast::Record& record, const std::string& spec);

}  // namespace pips::checker
