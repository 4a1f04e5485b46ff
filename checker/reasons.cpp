// The rules' reasons (engine/reasons.hpp) in words, for messages and notes.
#include <fmt/format.h>

#include "checker/replay.hpp"

namespace pips::checker::impl {

namespace {

using Out = std::back_insert_iterator<std::string>;

const char* when_words(const PoseReason& r) {
    switch (r.when) {
        case PoseReason::When::hand_1:
            return "hand 1";
        case PoseReason::When::tie:
            return "after a tie";
        case PoseReason::When::reset:
            return r.seats ? "after the scores went back to 0" : "after the score went back to 0-0";
        case PoseReason::When::void_hand:
            return "after a void hand";
    }
    return "";
}

std::string holder_words(const PoseReason& r) {
    // The 0-0 rule is worded "after a tie the holder of 0-0 poses it".
    const char* sep = r.tile == Tile(0, 0) && r.when == PoseReason::When::tie ? "" : ":";
    const char* how = r.draw ? " it (6-6 in the boneyard: the highest double dealt, or else the "
                               "heaviest tile, the higher half breaking a tie)"
                      : r.sporting ? " (sporting: any tile)"
                                   : " it";
    return fmt::format("{}{} the holder of {} poses{}", when_words(r), sep, r.tile.str(), how);
}

void bonus_words(const ResultReason& r, Out out) {
    if (r.hand_bonus)
        fmt::format_to(out, "; +{} for winning hand {}", r.hand_bonus, r.hand_bonus == 100 ? 1 : 2);
    if (r.capicu) fmt::format_to(out, "; +100 capicu: the last tile fitted both ends");
    if (r.double_blank) fmt::format_to(out, "; +100 for going out with 0-0");
}

std::string domino_words(const ResultReason& r) {
    std::string s = fmt::format("{} played their last tile", seat_char(r.seat));
    Out out(s);
    if (r.double_domino) s += ", a double: the others' counts are doubled";
    if (r.playoff)
        s += "; a play-off win takes the side to 2-0";
    else if (r.key_tile)
        fmt::format_to(out,
                       " with the key tile {} (both ends were hard with different numbers), worth "
                       "one more point",
                       r.key_tile->str());
    if (r.value > 1)
        fmt::format_to(out, "; after {} tied hand(s) the hand is worth {}", r.ties, r.value);
    if (r.left >= 0) fmt::format_to(out, "; the other hands hold {}", r.left);
    bonus_words(r, out);
    return s;
}

std::string counted_block_words(const HandResult& hr, int players) {
    const ResultReason& r = hr.reason;
    std::string s = fmt::format("pip counts {}", counts_words(r.counts, players));
    Out out(s);
    if (!r.by_lowest)
        fmt::format_to(out, ": side totals AC {}, BD {}", r.sides[0], r.sides[1]);
    else if (r.seat >= 0)
        fmt::format_to(out, ": {} has the single lowest count", seat_char(r.seat));
    else
        s += ": both sides share the lowest count";
    if (r.closer >= 0)
        fmt::format_to(out, "; tied, so the side of {}, who closed the game, wins",
                       seat_char(r.closer));
    if (hr.tie) {
        s += "; the hand is void";
        return s;
    }
    fmt::format_to(out, "; the winners score all four counts, {}", r.all);
    bonus_words(r, out);
    return s;
}

}  // namespace

std::string counts_words(const std::array<int, 4>& counts, int players) {
    std::string s;
    for (int i = 0; i < players && i < 4; ++i) {
        int c = counts[static_cast<std::size_t>(i)];
        if (c >= 0)
            fmt::format_to(std::back_inserter(s), "{}{} {}", i ? ", " : "", seat_char(i), c);
        else
            fmt::format_to(std::back_inserter(s), "{}{} ?", i ? ", " : "", seat_char(i));
    }
    return s;
}

std::string pose_words(const PoseReason& r) {
    using B = PoseReason::By;
    switch (r.by) {
        case B::none:
            return {};
        case B::holder:
            return holder_words(r);
        case B::playoff_side:
            return "a play-off hand is posed by the side that forced it";
        case B::replay_side:
            return "a replay after a tie is posed by the side with points";
        case B::winning_side:
            return "the side that won the last hand poses";
        case B::block_seat:
            return "after a block the winning side's seat with the lower count poses";
        case B::winner:
            return "the winner of the last hand poses";
        case B::winner_double:
            return "the winner of the last hand poses a double of their choice";
        case B::lot:
            return "hand 1 is led by a seat drawn by lot";
        case B::next_leader:
            return fmt::format("the lead passes to the seat after {}, who led the last hand",
                               seat_char(r.seat));
    }
    return {};
}

std::string result_words(const HandResult& hr, const Rules& rules) {
    using B = ResultReason::By;
    const ResultReason& r = hr.reason;
    const int players = rules.variant().players;
    switch (r.by) {
        case B::none:
            return {};
        case B::domino:
            return domino_words(r);
        case B::lowest_count:
            if (r.shared)
                return fmt::format("pip counts {}: the lowest count ({}) is shared by opponents",
                                   counts_words(r.counts, players), r.lowest);
            return fmt::format("pip counts {}: {} has the lowest count ({})",
                               counts_words(r.counts, players), seat_char(r.seat), r.lowest);
        case B::side_totals:
            return fmt::format("pip counts {}: side totals AC {}, BD {}, {}",
                               counts_words(r.counts, players), r.sides[0], r.sides[1],
                               hr.tie           ? "equal"
                               : hr.winner == 0 ? "AC is lower"
                                                : "BD is lower");
        case B::counted_block:
            return counted_block_words(hr, players);
        case B::target:
            return fmt::format("{} reached exactly {}", rules.party_name(r.party),
                               rules.traits().target);
        case B::chip_out:
            return fmt::format("{} chipped out and scores 1 for it", rules.party_name(r.party));
        case B::no_chip_out:
            return "blocked: nobody scores the chip-out point";
    }
    return {};
}

}  // namespace pips::checker::impl
