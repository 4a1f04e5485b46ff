// Plies, word by word (the general way): seat labels, draws, fouls, plays,
// passes and `+N` claims, each word read by words.hpp. A ply begun by a seat
// label or a draw waits for its play or pass.
#include <string>
#include <utility>

#include "parser/record_parser.hpp"
#include "parser/words.hpp"

namespace pips::parser::detail {

void RecordParser::start_ply(const char* at) {
    ply_.emplace();
    ply_->pos = pos(at);
}

void RecordParser::finish_ply() {
    auto& h = hand();
    h.plies.push_back(*ply_);
    if (!ply_extra_.empty()) h.extra_of(h.plies.back()) = std::move(ply_extra_);
    ply_extra_ = {};
    ply_.reset();
    want_foul_tile_ = false;
    after_ply_ = true;
}

void RecordParser::ply_word(Word w) {
    if (rec_.hands.empty()) {
        if (!first_on_line(w.b) || !ply_like(w)) {
            error(w.b, "expected " + first_lines() + ", found " + found(w));
            skip_line();
            return;
        }
        // A hand begun without its `hand` line: one error, and the plies
        // are read as that hand's.
        error(w.b, "expected " + first_lines() + ", found " + found(w) +
                       ": plies before the first " + std::string(spelling(LineKw::hand)) +
                       " line; missing '" + std::string(spelling(LineKw::hand)) + " 1'?");
        add_hand(pos(w.b), pos(w.b), 1);
        implicit_hand_ = true;
    } else if (phase_ == Phase::post) {
        const auto& h = hand();
        if (!(h.end || h.points || h.score) || !first_on_line(w.b) || !ply_like(w)) {
            error(w.b, "expected " + later_lines(false) + ", found " + found(w) +
                           " (plies come before them)");
            skip_line();
            return;
        }
        const int next = h.number + 1;
        const std::string hand_kw(spelling(LineKw::hand));
        error(w.b, "expected " + later_lines(false) + ", found " + found(w) +
                       ": plies of a new hand after hand " + std::to_string(h.number) +
                       "'s claims; missing '" + hand_kw + " " + std::to_string(next) + "'?");
        add_hand(pos(w.b), pos(w.b), next);
        implicit_hand_ = true;
    }
    phase_ = Phase::plies;
    if (*w.b == dgn::kClaim && !ply_) {
        separate_claim(w);
        return;
    }
    claim_ok_ = false;

    // A seat label starts a new ply.
    const char* p = w.b;
    char seat = 0;
    const char* q = p;
    if (seat_label(q, w.e, seat, fast_)) {
        if (ply_) {
            close_plies(p, Word{p, w.e});
            // the label still starts a fresh ply below
        }
        start_ply(p);
        ply_->seat = seat_of(seat);
        ply_->seat_pos = ply_->pos;
        p = q;
        if (p == w.e) return;  // `A: 6-6`
    } else if (want_foul_tile_) {
        foul_tile(w, p);
        return;
    }
    // The action: a keyword or a play.
    if (action_word(w, p) || play_word(w, p)) return;
    bad_ply_word(w, p);
}

// Whether w is the first word on its line (nothing but blanks before it).
bool RecordParser::first_on_line(const char* b) const {
    while (b > begin_ && is_blank(b[-1])) --b;
    return b == begin_ || b[-1] == '\n' || (b[-1] == '\r' && b - 1 > begin_ && b[-2] == '\n');
}

// Whether w reads as the start of a ply: a seat label, an action keyword or
// a play (its end letter and claim included), as ply_word would read it.
bool RecordParser::ply_like(Word w) const {
    const char* q = w.b;
    char seat = 0;
    if (seat_label(q, w.e, seat, fast_)) return true;
    ActionKw kw{};
    if (action_keyword(w.b, w.e, kw, fast_)) return true;
    PlayWord play;
    q = w.b;
    return play_prefix(q, w.e, play, fast_) && q == w.e;
}

// A separate `+N` after a play.
void RecordParser::separate_claim(Word w) {
    const char* p = w.b;
    const bool after_play = claim_ok_;
    claim_ok_ = false;
    int n = 0;
    if (!after_play) {
        error(p, "expected " + std::string(kPlyItems) + ", found " + found(w) + " (a '" +
                     dgn::kClaim + "N' claim follows a play that has none)");
    } else if (!claim_word(p, w.e, n, fast_)) {
        error(p,
              expect(Rule::claim_word) + " with a number of at most 9 digits, found " + found(w));
    } else {
        auto& last = hand().plies.back();
        last.claim = n;
        last.claim_pos = pos(p);
    }
}

// The tile after `foul`, at p.
void RecordParser::foul_tile(Word w, const char* p) {
    TileWord t;
    if (tile_word(p, w.e, t, fast_)) {
        ast::PreAction a;
        a.kind = ast::PreAction::Kind::foul;
        a.pos = foul_pos_;
        a.tile = tile_tok(t, pos(p));
        ply_extra_.pre.push_back(a);
        want_foul_tile_ = false;
        return;
    }
    error(p, "expected " + tile_expected(w) + " after '" + std::string(spelling(ActionKw::foul)) +
                 "', found " + found(w));
    drop_ply();
}

// `pass`, `knock`, `draw` or `foul` at p (the rest of the word), if it is one.
bool RecordParser::action_word(Word w, const char* p) {
    ActionKw kw{};
    if (!action_keyword(p, w.e, kw, fast_)) return false;
    if (!ply_) start_ply(p);
    switch (kw) {
        case ActionKw::pass:
        case ActionKw::knock:
            ply_->kind = ast::Ply::Kind::pass;
            ply_->knock = kw == ActionKw::knock;
            ply_->action_pos = pos(p);
            finish_ply();
            break;
        case ActionKw::draw: {
            ast::PreAction a;
            a.kind = ast::PreAction::Kind::draw;
            a.pos = pos(p);
            ply_extra_.pre.push_back(a);
            break;
        }
        case ActionKw::foul:
            want_foul_tile_ = true;
            foul_pos_ = pos(p);
            break;
    }
    return true;
}

// A play at p (the rest of the word), if the word begins with one.
bool RecordParser::play_word(Word w, const char* p) {
    PlayWord play;
    const char* q = p;
    if (!play_prefix(q, w.e, play, fast_)) return false;
    if (q != w.e) {
        // `6-3l`: an end letter in lower case.
        std::string fix;
        if (w.e - q == 1 && *q >= 'a' && *q <= 'z') {
            std::string upper(p, w.e);
            upper.back() = static_cast<char>(*q - 'a' + 'A');
            PlayWord mended;
            const char* m = upper.data();
            if (play_prefix(m, upper.data() + upper.size(), mended, fast_) &&
                m == upper.data() + upper.size())
                fix = upper.substr(upper.size() - 1);
        }
        error(q, w.e, end_letter_expected() + show(q, w.e), fix);
        drop_ply();
        return true;
    }
    if (!ply_) start_ply(p);
    ply_->kind = ast::Ply::Kind::play;
    ply_->action_pos = pos(p);
    ply_->tile = tile_tok(play.tile, ply_->action_pos);
    ply_->end = play.end;
    if (play.claim) {  // `a-b[X]+N`: the `+` sits after the tile and its end letter
        ply_->claim = *play.claim;
        ply_->claim_pos = pos(p + 3 + (play.end != ast::EndLetter::none ? 1 : 0));
    }
    claim_ok_ = !play.claim;
    finish_ply();
    return true;
}

// p (the rest of the word) is no ply item.
void RecordParser::bad_ply_word(Word w, const char* p) {
    std::string message =
        "expected " +
        (bad_pips(p, w.e) ? std::string("a tile with pips 0 to 6") : std::string(kPlyItems)) +
        ", found " + show(p, w.e);
    LineKw line_kw{};
    if (line_keyword(p, w.e, line_kw, fast_))
        message += " (" + std::string(p, w.e) + " lines start on a new line)";
    error(p, w.e, std::move(message), near_ply(p, w.e));
    drop_ply();
}

}  // namespace pips::parser::detail
