// The general way through a record's lines: comments, words, tag lines and
// keyword lines in plain C++, each word read by words.hpp (its X3 rule, or
// first the common shapes in plain C++); plies word by word are plies.cpp's.
// Linear in the input, no recursion, no exceptions on bad input.
#include <algorithm>
#include <cstring>
#include <string>
#include <utility>

#include "parser/record_parser.hpp"
#include "parser/words.hpp"

namespace pips::parser::detail {

// Blanks, comments and (if cross_lines) line ends.
void RecordParser::skip_space_slow(bool cross_lines) {
    while (p_ < end_) {
        const char c = *p_;
        if (is_blank(c)) {
            ++p_;
            continue;
        }
        if (!kWordStop[static_cast<unsigned char>(c)]) return;  // a word
        if (c == '\r' && (p_ + 1 == end_ || p_[1] == '\n')) {
            ++p_;
        } else if (c == '\n') {
            if (!cross_lines) return;
            ++p_;
            line_start_ = true;
        } else if (c == dgn::kLineComment) {
            const char* nl = static_cast<const char*>(std::memchr(p_, '\n', end_ - p_));
            const char* stop = nl ? nl : end_;
            const char* e = stop;
            if (e > p_ + 1 && e[-1] == '\r') --e;
            if (rec_.tags.empty() && rec_.hands.empty()) {
                rec_.leading_comments.emplace_back(p_ + 1, e);
            } else {
                ast::Comment cm;
                cm.pos = pos(p_);
                cm.text.assign(p_ + 1, e);
                cm.line = true;
                attach(std::move(cm));
            }
            p_ = stop;
        } else if (c == dgn::kCommentOpen) {
            brace_comment();
        } else {
            return;
        }
    }
}

void RecordParser::brace_comment() {
    const char* open = p_;
    const auto* close =
        static_cast<const char*>(std::memchr(open + 1, dgn::kCommentClose, end_ - open - 1));
    if (!close) {  // the rest of the record is comment: nothing more to parse
        drop_ply();
        error(open, "expected " + quoted(dgn::kCommentClose) +
                        " closing this brace comment, found end of input");
        stopped_ = true;
        p_ = end_;
        return;
    }
    ast::Comment c;
    c.pos = pos(open);
    c.text.reserve(close - open - 1);
    for (const char* q = open + 1; q < close;) {
        const auto* cr = static_cast<const char*>(std::memchr(q, '\r', close - q));
        const char* stop = cr ? cr : close;
        c.text.append(q, stop);
        q = stop;
        if (cr) {
            if (!(q + 1 < close && q[1] == '\n')) c.text += '\r';  // CR LF -> LF
            ++q;
        }
    }
    // A comment that runs over a line end: what follows it is not at the start
    // of a line (the record splitter sees the same).
    if (std::memchr(open, '\n', close - open)) line_start_ = false;
    p_ = close + 1;
    attach(std::move(c));
}

const char* RecordParser::physical_line_end(const char* p) const {
    const auto* nl = static_cast<const char*>(std::memchr(p, '\n', end_ - p));
    return nl ? nl : end_;
}

void RecordParser::attach(ast::Comment c) {
    if (rec_.hands.empty()) {  // between the tags, or before them
        rec_.tag_comments.push_back(std::move(c));
        return;
    }
    auto& h = hand();
    if (ply_) {
        ply_extra_.comments.push_back(std::move(c));
    } else if (after_ply_ && !h.plies.empty()) {
        h.extra_of(h.plies.back()).comments.push_back(std::move(c));
    } else {
        h.comments.push_back(std::move(c));
    }
}

// ---------------------------------------------------------------------------
// Tag lines

void RecordParser::tag_line() {
    const char* line_end = physical_line_end(p_);
    const char* content_end = line_end;
    if (content_end > p_ && content_end[-1] == '\r') --content_end;
    if (!first_token_) first_token_ = pos(p_);
    line_start_ = false;
    for (;;) {  // one or more tag pairs, then the end of the line
        const char* open = p_;
        TagScan t = scan_tag(open, content_end, fast_);
        const bool misplaced = phase_ != Phase::tags;
        if (misplaced) {
            error(open,
                  "expected a game line, found a tag pair (tag pairs come before the first hand "
                  "of a record)");
        }
        if (!t.ok) {
            if (!misplaced) error(t.error_at, std::move(t.error));
            p_ = line_end;  // the rest of the line is not lexed (as the splitter does)
            last_end_ = content_end;
            return;
        }
        if (!misplaced) {
            ast::Tag tag;
            tag.pos = pos(open);
            tag.value_pos = pos(t.value_open);
            tag.name = std::move(t.name);
            tag.value = std::move(t.value);
            rec_.tags.push_back(std::move(tag));
        }
        p_ = last_end_ = t.next;
        skip_space(false);
        if (p_ < end_ && *p_ == dgn::kTagOpen) continue;
        expect_end_of_line();
        return;
    }
}

// ---------------------------------------------------------------------------
// Keyword lines

void RecordParser::keyword_line(LineKw kw, Word w) {
    after_ply_ = false;
    claim_ok_ = false;
    if (kw != LineKw::hand && rec_.hands.empty()) {
        // A hand begun without its `hand` line: one error, and the line is
        // read as that hand's.
        error(w.b, "expected " + first_lines() + ", found " + found(w) + ": a " +
                       std::string(w.b, w.e) + " line before the first " +
                       std::string(spelling(LineKw::hand)) + " line; missing '" +
                       std::string(spelling(LineKw::hand)) + " 1'?");
        add_hand(pos(w.b), pos(w.b), 1);
        implicit_hand_ = true;
    }
    const bool broke_ply = ply_.has_value();  // reported once, not twice
    close_plies(w.b, w);
    switch (kw) {
        case LineKw::hand:
            hand_line(w);
            return;
        case LineKw::deal:
        case LineKw::stock:
        case LineKw::redeal:
            if (phase_ != Phase::setup) {
                if (!broke_ply)
                    error(w.b, "expected " + later_lines(phase_ == Phase::plies) + ", found " +
                                   found(w) + " (" + std::string(spelling(LineKw::deal)) + ", " +
                                   std::string(spelling(LineKw::stock)) + " and " +
                                   std::string(spelling(LineKw::redeal)) +
                                   " lines come before the plies)");
                skip_line();
                return;
            }
            if (kw == LineKw::deal) seat_tiles_line(kw, w);
            if (kw == LineKw::stock) stock_line(w);
            if (kw == LineKw::redeal) redeal_line(w);
            return;
        case LineKw::remain:
        case LineKw::end:
        case LineKw::points:
        case LineKw::score: {
            phase_ = Phase::post;
            const auto& h = hand();
            if ((kw == LineKw::end && h.end) || (kw == LineKw::points && h.points) ||
                (kw == LineKw::score && h.score)) {
                error(w.b, "expected one " + std::string(w.b, w.e) +
                               " line in a hand, found a second one");
                skip_line();
                return;
            }
            if (kw == LineKw::remain) seat_tiles_line(kw, w);
            if (kw == LineKw::end) end_line(w);
            if (kw == LineKw::points || kw == LineKw::score) claim_line(kw, w);
            return;
        }
    }
}

void RecordParser::hand_line(Word w) {
    const ast::Pos at = pos(w.b);
    ast::Pos number_pos;
    std::optional<int> number;
    const auto nw = next_word_in_line();
    if (!nw) {
        error(last_end_, "expected a hand number, found end of line");
    } else {
        number_pos = pos(nw->b);
        int n = 0;
        const char* q = nw->b;
        if (!number_word(q, nw->e, n, fast_)) {
            error(nw->b, "expected a hand number (at most 9 digits), found " + found(*nw));
        } else if (n < 1) {
            error(nw->b, "expected a hand number of at least 1, found " + found(*nw));
        } else {
            // After a hand begun without its hand line, that line written
            // late (the same number) was reported there already.
            const bool late = implicit_hand_ && prev_number_ && n == *prev_number_;
            if (prev_number_ && n != *prev_number_ + 1 && !late) {
                error(nw->b, "expected hand number " + std::to_string(*prev_number_ + 1) +
                                 " (hands count on by one), found " + found(*nw));
            }
            number = n;
        }
    }
    add_hand(at, number_pos, number);
    if (nw) expect_end_of_line();
}

// A new hand, its number well-formed or not.
void RecordParser::add_hand(ast::Pos pos, ast::Pos number_pos, std::optional<int> number) {
    trim_deals();
    deals_ = 0;
    prev_number_ = number;
    implicit_hand_ = false;
    std::vector<ast::SeatTiles> deals = take(&Spare::seat_tiles);
    std::vector<ast::Ply> plies = take(&Spare::plies);
    if (!rec_.hands.empty()) {  // room for as many as the hand before had
        deals.reserve(hand().deals.size());
        plies.reserve(hand().plies.size());
    }
    // Every field, in the order of ast::Hand's: nothing is zeroed first.
    emplace_fields(rec_.hands, number.value_or(0), pos, number_pos, std::move(deals), NoList{},
                   NoList{}, std::move(plies), NoList{}, std::nullopt, std::nullopt, std::nullopt,
                   NoList{}, NoList{});
    phase_ = Phase::setup;
    redeals_ = 0;
}

void RecordParser::read_tiles(std::vector<ast::TileTok>& out) {
    tiles_.clear();
    for (;;) {
        skip_space(false);
        if (p_ == end_ || *p_ == '\n') break;
        // The common words, tiles `a-b`, recognised where they stand, and
        // the ones that follow one blank apart.
        const auto tile_at = [this](const char* b) {
            return end_ - b >= 3 && is_tile(b) && (end_ - b == 3 || ends_word(b + 3, end_));
        };
        if (const char* b = p_; fast_ && tile_at(b)) {
            for (;;) {
                tiles_.push_back(tile_tok({b[0], b[2]}, pos(b)));
                const char* e = b + 3;
                p_ = e;
                // One blank and then another tile (e[1] may be the NUL at end_).
                if (e == end_ || !is_blank(*e) || kWordStop[static_cast<unsigned char>(e[1])] ||
                    !tile_at(e + 1))
                    break;
                b = e + 1;
            }
            last_end_ = p_;
            line_start_ = false;
            continue;
        }
        const Word w = read_word();
        TileWord t;
        const char* q = w.b;
        if (!tile_word(q, w.e, t, fast_)) {
            error(w.b, w.e, "expected " + tile_expected(w) + ", found " + found(w),
                  near_tile(w.b, w.e));
            continue;  // the next word is another tile
        }
        tiles_.push_back(tile_tok(t, pos(w.b)));
    }
    if (!tiles_.empty()) {
        out = take(&Spare::tiles);
        out.assign(tiles_.begin(), tiles_.end());
    }
}

// The seat after `deal`, `remain` or `redeal`; on a bad one the error is
// reported, the line skipped and false returned.
bool RecordParser::line_seat(ast::SeatNo& seat, ast::Pos& at) {
    const auto sw = next_word_in_line();
    char c = 0;
    const char* q = sw ? sw->b : nullptr;
    if (!sw || !seat_word(q, sw->e, c, fast_)) {
        error(sw ? sw->b : last_end_, sw ? sw->e : last_end_,
              expect(Rule::seat_word) + ", found " + (sw ? found(*sw) : std::string("end of line")),
              sw ? near_seat(sw->b, sw->e, false) : std::string());
        skip_line();
        return false;
    }
    seat = seat_of(c);
    at = pos(sw->b);
    return true;
}

void RecordParser::seat_tiles_line(LineKw kw, Word w) {
    ast::SeatTiles st;
    st.pos = pos(w.b);
    if (!line_seat(st.seat, st.seat_pos)) return;
    read_tiles(st.tiles);
    if (kw == LineKw::deal) {
        st.round = redeals_;
        auto& deals = hand().deals;
        if (deals_ < deals.size()) {  // in the place of an old one
            deals[deals_] = std::move(st);
        } else {
            deals.push_back(std::move(st));
        }
        ++deals_;
    } else {
        hand().remains.push_back(std::move(st));
    }
}

void RecordParser::stock_line(Word w) {
    ast::Stock s;
    s.pos = pos(w.b);
    s.round = redeals_;
    read_tiles(s.tiles);
    hand().stocks.push_back(std::move(s));
}

void RecordParser::redeal_line(Word w) {
    ++redeals_;  // counted even when malformed: the deals after it are a new round
    ast::Redeal r;
    r.pos = pos(w.b);
    if (!line_seat(r.seat, r.seat_pos)) return;
    hand().redeals.push_back(r);
    expect_end_of_line();
}

void RecordParser::end_line(Word w) {
    ast::EndLine e;
    e.pos = pos(w.b);
    const auto kw = next_word_in_line();
    const char* q = kw ? kw->b : nullptr;
    if (!kw || !end_kind(q, kw->e, e.kind, fast_)) {
        error(kw ? kw->b : last_end_,
              expect(Rule::end_kind) + ", found " + (kw ? found(*kw) : std::string("end of line")));
        skip_line();
        return;
    }
    if (const auto ww = next_word_in_line()) {
        ast::Who who{};
        q = ww->b;
        if (!who_word(q, ww->e, who, fast_)) {
            error(ww->b, ww->e, expect(Rule::who) + " or end of line, found " + found(*ww),
                  near_seat(ww->b, ww->e, true));
            skip_line();
            hand().end = e;
            return;
        }
        e.who = who;
        e.who_pos = pos(ww->b);
        expect_end_of_line();
    }
    hand().end = e;
}

void RecordParser::claim_line(LineKw kw, Word w) {
    ast::ClaimLine cl;
    cl.pos = pos(w.b);
    items_.clear();
    for (;;) {
        const auto ww = next_word_in_line();
        if (!ww) {
            if (items_.empty()) error(last_end_, expect(Rule::who) + ", found end of line");
            break;
        }
        ast::ClaimItem item;
        const char* q = ww->b;
        if (!who_word(q, ww->e, item.who, fast_)) {
            error(ww->b, ww->e,
                  expect(Rule::who) + (items_.empty() ? std::string() : " or end of line") +
                      ", found " + found(*ww),
                  near_seat(ww->b, ww->e, true));
            skip_line();
            break;
        }
        item.pos = pos(ww->b);
        const auto nw = next_word_in_line();
        q = nw ? nw->b : nullptr;
        if (!nw || !number_word(q, nw->e, item.value, fast_)) {
            error(nw ? nw->b : last_end_, expect(Rule::number_word) + ", found " +
                                              (nw ? found(*nw) : std::string("end of line")));
            skip_line();
            break;
        }
        item.value_pos = pos(nw->b);
        items_.push_back(item);
    }
    if (!items_.empty()) {
        cl.items = take(&Spare::items);
        cl.items.assign(items_.begin(), items_.end());
    }
    (kw == LineKw::points ? hand().points : hand().score) = std::move(cl);
}

}  // namespace pips::parser::detail
