// The record parser's driver loop, and the fast way: the common well-formed
// lines (a line of plies, deal, stock, hand, end, points and score lines)
// read whole from their first byte when it begins a line, and the common ply
// words where they stand, added as the general way (lines.cpp, plies.cpp)
// would add them: the same nodes, positions and state. A column is an offset
// (every byte they take is ASCII), and the mapper is told of the line once it
// is taken. Any other line, or one with anything unusual (a comment, a bad
// word, a line out of order, anything that would be an error), is left as it
// was to the general way. Words are read up to the string's NUL at end_,
// which matches nothing. Lines of plies are taken together while each
// begins with a seat label. Not used in reference mode.
#include <cstdint>
#include <cstring>
#include <optional>

#include "parser/record_parser.hpp"
#include "parser/words.hpp"

namespace pips::parser::detail {

namespace {

// What a line's first byte may begin, for fast_line: a ply (a seat label, a
// tile, `+N`, `pass`, `knock`) or else a line keyword. A byte that begins
// both (`pass`, `points`) is a keyword's when the keyword is there.
static_assert(kPass[0] != kKnock[0]);

constexpr std::uint8_t kStartsPly = 1;
constexpr std::uint8_t kStartsKeyword = 2;

constexpr std::array<std::uint8_t, 256> kLineStart = [] {
    std::array<std::uint8_t, 256> t{};
    const auto set = [&t](char c, std::uint8_t bit) { t[static_cast<unsigned char>(c)] |= bit; };
    for (char c = dgn::kFirstSeat; c <= dgn::kLastSeat; ++c) set(c, kStartsPly);
    for (char c = dgn::kFirstPip; c <= dgn::kLastPip; ++c) set(c, kStartsPly);
    set(dgn::kClaim, kStartsPly);
    for (const ActionKw k : {ActionKw::pass, ActionKw::knock}) set(spelling(k)[0], kStartsPly);
    for (const auto& k : dgn::kLineKeywords) set(k.text[0], kStartsKeyword);
    return t;
}();

}  // namespace

// The driver: each line goes the fast way when it can (the whole line from
// its first byte, or its leading plies), else the general way (lines.cpp,
// plies.cpp). (Here, with the fast way, so that its calls stay in one unit.)
void RecordParser::run() {
    // A UTF-8 byte order mark at the start of a file is not text.
    if (rec_.first_line == 1 && end_ - p_ >= 3 && std::memcmp(p_, "\xEF\xBB\xBF", 3) == 0) {
        begin_ = p_ += 3;
        map_ = PosMapper(p_, end_, rec_.first_line);
    }
    for (;;) {
        skip_space(true);
        if (stopped_ || p_ == end_) break;
        const bool initial = line_start_;
        if (initial && *p_ == dgn::kTagOpen) {
            tag_line();
            continue;
        }
        if (fast_ && initial && fast_line()) continue;
        if (fast_ && fast_plies()) continue;
        const Word w = read_word();
        LineKw kw{};
        const char* q = w.b;
        if (initial && line_keyword(q, w.e, kw, fast_)) {
            keyword_line(kw, w);
            continue;
        }
        ply_word(w);
    }
    if (!stopped_) close_plies(last_end_ ? last_end_ : p_, std::nullopt);
    trim_deals();

    if (!rec_.tags.empty()) {
        rec_.pos = rec_.tags.front().pos;
    } else if (first_token_) {
        rec_.pos = *first_token_;
    } else {
        rec_.pos = {rec_.first_line, 1};
    }
    std::stable_sort(
        rec_.errors.begin(), rec_.errors.end(),
        [](const ast::SyntaxError& a, const ast::SyntaxError& b) { return a.pos < b.pos; });
}

// q at the end of a line: its line feed, a CR LF, a CR that ends the text or
// the end of the text. lf: the line feed, or end_.
bool RecordParser::line_end(const char* q, const char*& lf) const {
    if (*q == '\n') {
        lf = q;
        return true;
    }
    if (q == end_ || (*q == '\r' && q + 1 == end_)) {
        lf = end_;
        return true;
    }
    if (*q == '\r' && q[1] == '\n') {
        lf = q + 1;
        return true;
    }
    return false;
}

// The line [b, lf] is taken; its last word ends at `last`.
void RecordParser::finish_line(const char* b, const char* lf, std::uint32_t line,
                               const char* last) {
    map_.set_ascii_line(b, lf, line);
    last_end_ = last;
    if (lf == end_) {
        p_ = end_;
        line_start_ = false;
    } else {
        p_ = lf + 1;
        line_start_ = true;
    }
}

inline bool RecordParser::fast_line() {
    const char* b = p_;
    if (ply_ || (b != begin_ && b[-1] != '\n')) return false;
    const bool plies = !rec_.hands.empty() && phase_ != Phase::post;
    const std::uint8_t start = kLineStart[static_cast<unsigned char>(*b)];
    if (start & kStartsKeyword) {
        LineKw kw{};
        if (keyword_at(b, kw)) {
            switch (kw) {
                case LineKw::hand:
                    return first_token_ && hand_line_fast(b);
                case LineKw::deal:
                    return phase_ == Phase::setup && deal_line(b);
                case LineKw::stock:
                    return phase_ == Phase::setup && stock_line_fast(b);
                case LineKw::end:
                    return end_line_fast(b);
                case LineKw::points:
                case LineKw::score:
                    return claim_line_fast(b, kw);
                case LineKw::redeal:
                case LineKw::remain:
                    return false;
            }
        }
    }
    return (start & kStartsPly) && plies && ply_line(b);
}

// The line keyword that begins at b, if one does (followed by anything).
bool RecordParser::keyword_at(const char* b, LineKw& kw) const {
#pragma GCC unroll 8
    for (const auto& [text, k] : dgn::kLineKeywords) {
        if (begins(b, text)) {
            kw = k;
            return true;
        }
    }
    return false;
}

// Plies, as ply_word takes them: `X:a-b`, `X:a-bE`, `X:pass`, `X:knock`,
// each with or without its seat label, a play with an attached `+N` or
// none, and a separate `+N` after a play that has none; blanks between them.
// Taken one at a time; at anything else (another word, a comment) the rest
// of the line is left to the general path. False when nothing was taken.
bool RecordParser::ply_line(const char* b) {
    // The line the plies are on (they go on onto the next line when it
    // begins with a seat label).
    const char* lb = b;
    std::uint32_t line = map_.line_of_start(lb);
    const char* last = nullptr;  // the end of the last word taken
    const char* e = nullptr;     // the end of the word at b, then where the line may end
    for (;;) {
        e = nullptr;
        // The usual words, `X:a-b`, `X:a-bE`, `X:pass` and `X:knock`, and one
        // blank or a line feed.
        if (is_seat(b[0]) && b[1] == dgn::kSeatLabel) {
            const char* a = b + 2;
            ast::EndLetter end = ast::EndLetter::none;
            const bool play = is_tile(a);
            if (play) {
                e = a + 3;
                end = end_letter_of(*e);
                // Without a branch: whether an end letter is written changes
                // from ply to ply.
                e += static_cast<int>(end != ast::EndLetter::none);
            } else if (at_word(a, kPass)) {
                e = a + kPass.size();
            } else if (at_word(a, kKnock)) {
                e = a + kKnock.size();
            }
            if (e && (*e == ' ' || *e == '\n')) {
                const auto column = static_cast<std::uint32_t>(b - lb) + 1;
                const ast::Pos pos{line, column};
                const ast::Pos action{line, column + 2};
                // Every field, in the order of ast::Ply's: nothing is zeroed
                // first. (Written out here, not with put_ply, so that it is
                // compiled in place.)
                ast::Ply& ply = emplace_fields(
                    hand().plies, pos, seat_of(b[0]), pos,
                    play ? ast::Ply::Kind::play : ast::Ply::Kind::pass, action,
                    *a == kKnock[0],  // (pass and knock differ there)
                    play ? ast::TileTok{static_cast<std::uint8_t>(a[0] - '0'),
                                        static_cast<std::uint8_t>(a[2] - '0'), action}
                         : ast::TileTok{},
                    end, std::nullopt, ast::Pos{}, std::uint32_t{0});
                claim_ok_ = play;  // a separate `+N` may follow a play
                // A play's separate one-digit claim on its line, ` +N`
                // (fives-threes), taken here rather than as a word of its
                // own. (Each byte is read only when the one before is no NUL:
                // *end_ is the last that may be read; *e is a blank or a line
                // feed here. The `+` is looked at first: it is nearly always
                // absent, where a play or pass and a blank or line feed change
                // from ply to ply.)
                if (e[1] == dgn::kClaim && *e == ' ' && play && is_digit(e[2]) &&
                    (e[3] == ' ' || e[3] == '\n')) {
                    ply.claim = e[2] - '0';
                    ply.claim_pos = {line, column + static_cast<std::uint32_t>(e + 1 - b)};
                    claim_ok_ = false;
                    e += 3;
                }
                last = e;
                if (*e == ' ' && kWordStart[static_cast<unsigned char>(e[1])]) {
                    b = e + 1;
                    continue;
                }
                if (*e == '\n') {
                    // A next line that begins with a seat label: taken here,
                    // not through the driver's loop. (Only within the text:
                    // e[2] is then at most *end_. The mapper, told of no line
                    // since the one before the plies, finds a later line
                    // itself when asked for a position on it.)
                    if (e + 1 < end_ && is_seat(e[1]) && e[2] == dgn::kSeatLabel) {
                        b = lb = e + 1;
                        ++line;
                        continue;
                    }
                    break;
                }
            } else {
                e = nullptr;
            }
        }
        if (!e) {  // any other word
            if (!(e = ply_word_fast(b, lb, line))) break;
            last = e;
        }
        const char* q = e;
        while (is_blank(*q)) ++q;
        if (q < end_ && !kWordStop[static_cast<unsigned char>(*q)]) {
            b = q;  // the next word
            continue;
        }
        e = q;
        break;
    }
    if (!last) return false;
    const char* lf = nullptr;
    if (e && line_end(e, lf)) {  // the whole line
        phase_ = Phase::plies;
        after_ply_ = true;
        finish_line(lb, lf, line, last);
        return true;
    }
    p_ = last_end_ = last;
    line_start_ = false;
    phase_ = Phase::plies;
    after_ply_ = true;
    return true;
}

// The other words of ply_line at b, on line `line` that begins at lb: the
// end of the word taken, or nullptr.
const char* RecordParser::ply_word_fast(const char* b, const char* lb, std::uint32_t line) {
    const auto at = [&](const char* q) {
        return ast::Pos{line, static_cast<std::uint32_t>(q - lb) + 1};
    };
    const bool labelled = is_seat(b[0]) && b[1] == dgn::kSeatLabel;
    const char* a = labelled ? b + 2 : b;  // the action
    const char* e = nullptr;
    ast::Ply::Kind kind = ast::Ply::Kind::pass;
    bool knock = false;
    ast::EndLetter end = ast::EndLetter::none;
    std::optional<int> claim;
    const char* plus = nullptr;
    if (is_tile(a)) {
        kind = ast::Ply::Kind::play;
        e = a + 3;
        end = end_letter_of(*e);
        e += static_cast<int>(end != ast::EndLetter::none);
        if (*e == dgn::kClaim) {
            plus = e;
            int n = 0;
            if (!(e = number_at(e + 1, n))) return nullptr;
            claim = n;
        }
    } else if (begins(a, kPass)) {
        e = a + kPass.size();
    } else if (begins(a, kKnock)) {
        e = a + kKnock.size();
        knock = true;
    } else if (!labelled && *b == dgn::kClaim && claim_ok_) {  // a separate claim
        int n = 0;
        if (!(e = number_at(b + 1, n)) || (e != end_ && !ends_word(e, end_))) return nullptr;
        auto& ply = hand().plies.back();
        ply.claim = n;
        ply.claim_pos = at(b);
        claim_ok_ = false;
        return e;
    } else {
        return nullptr;
    }
    if (e != end_ && !ends_word(e, end_)) return nullptr;
    const ast::Pos pos = at(b);
    const ast::Pos action = at(a);
    const ast::TileTok tile = kind == ast::Ply::Kind::play
                                  ? ast::TileTok{static_cast<std::uint8_t>(a[0] - '0'),
                                                 static_cast<std::uint8_t>(a[2] - '0'), action}
                                  : ast::TileTok{};
    put_ply(pos, labelled ? std::optional<ast::SeatNo>(seat_of(*b)) : std::nullopt, kind, action,
            knock, tile, end, claim, plus ? at(plus) : ast::Pos{});
    claim_ok_ = kind == ast::Ply::Kind::play && !plus;  // a separate `+N` may follow
    return e;
}

// A new ply of the hand, every field given (nothing is zeroed first): its
// seat_pos is its pos when it has a seat; no draws, fouls or comments.
inline void RecordParser::put_ply(ast::Pos pos, std::optional<ast::SeatNo> seat,
                                  ast::Ply::Kind kind, ast::Pos action, bool knock,
                                  ast::TileTok tile, ast::EndLetter end, std::optional<int> claim,
                                  ast::Pos claim_pos) {
    // In the order of ast::Ply's fields.
    emplace_fields(hand().plies, pos, seat, seat ? pos : ast::Pos{}, kind, action, knock, tile, end,
                   claim, claim_pos, std::uint32_t{0});
}

// Tiles `a-b` after blanks, from q, added to `out`; last: the end of the last
// one. Returns where they stop: at a line end when the rest of the line was
// tiles.
const char* RecordParser::fast_tiles(const char* q, const char* b, std::uint32_t line,
                                     const char*& last, std::vector<ast::TileTok>& out) {
    const char* stop = nullptr;
    const char* end = nullptr;  // of the last tile
    for (;;) {
        const char* t = q + 1;  // the usual one blank and a tile
        if (*q != ' ' || !is_tile(t)) {
            t = q;
            while (is_blank(*t)) ++t;
            if (t == q || !is_tile(t)) {
                stop = t;
                break;
            }
        }
        const char* e = t + 3;
        if (*e != ' ' && *e != '\n' && !blank_or_end(e, end_)) {
            stop = t;
            break;
        }
        out.push_back({static_cast<std::uint8_t>(t[0] - '0'),
                       static_cast<std::uint8_t>(t[2] - '0'),
                       {line, static_cast<std::uint32_t>(t - b) + 1}});
        q = end = e;
    }
    if (end) last = end;
    return stop;
}

// `deal SEAT tile...`, as keyword_line and seat_tiles_line take it.
inline bool RecordParser::deal_line(const char* b) {
    constexpr auto n = spelling(LineKw::deal).size();
    if (!begins(b, spelling(LineKw::deal)) || !is_blank(b[n])) return false;
    const char* seat = b + n + 1;
    while (is_blank(*seat)) ++seat;
    if (!is_seat(*seat) || !blank_or_end(seat + 1, end_)) return false;
    const std::uint32_t line = map_.line_of_start(b);
    auto& deals = hand().deals;
    const bool fresh = deals_ == deals.size();
    ast::SeatTiles& st = fresh ? deals.emplace_back() : deals[deals_];
    if (fresh) st.tiles = take(&Spare::tiles);
    st.tiles.clear();
    const char* last = seat + 1;
    const char* lf = nullptr;
    if (!line_end(fast_tiles(seat + 1, b, line, last, st.tiles), lf)) {
        if (fresh) deals.pop_back();  // (an old one is overwritten by the next deal)
        return false;
    }
    ++deals_;
    after_ply_ = false;
    claim_ok_ = false;
    st.seat = seat_of(*seat);
    st.pos = {line, 1};
    st.seat_pos = {line, static_cast<std::uint32_t>(seat - b) + 1};
    st.round = redeals_;
    finish_line(b, lf, line, last);
    return true;
}

// `stock tile...`, as keyword_line and stock_line take it.
inline bool RecordParser::stock_line_fast(const char* b) {
    const char* const kw_end = b + spelling(LineKw::stock).size();
    if (!begins(b, spelling(LineKw::stock)) || !blank_or_end(kw_end, end_)) return false;
    const std::uint32_t line = map_.line_of_start(b);
    auto& stocks = hand().stocks;
    ast::Stock& st = stocks.emplace_back();
    st.tiles = take(&Spare::tiles);
    const char* last = kw_end;
    const char* lf = nullptr;
    if (!line_end(fast_tiles(kw_end, b, line, last, st.tiles), lf)) {
        stocks.pop_back();
        return false;
    }
    after_ply_ = false;
    claim_ok_ = false;
    st.pos = {line, 1};
    st.round = redeals_;
    finish_line(b, lf, line, last);
    return true;
}

// `hand N`, N the number hands count on to, as keyword_line and hand_line
// take it.
inline bool RecordParser::hand_line_fast(const char* b) {
    constexpr auto size = spelling(LineKw::hand).size();
    if (!begins(b, spelling(LineKw::hand)) || !is_blank(b[size])) return false;
    const char* num = b + size + 1;
    while (is_blank(*num)) ++num;
    int n = 0;
    const char* last = number_at(num, n);
    if (!last || !blank_or_end(last, end_) || n < 1 || (prev_number_ && n != *prev_number_ + 1))
        return false;
    const char* q = last;
    while (is_blank(*q)) ++q;
    const char* lf = nullptr;
    if (!line_end(q, lf)) return false;
    const std::uint32_t line = map_.line_of_start(b);
    after_ply_ = false;
    claim_ok_ = false;
    add_hand({line, 1}, {line, static_cast<std::uint32_t>(num - b) + 1}, n);
    finish_line(b, lf, line, last);
    return true;
}

// `end KIND [WHO]`, as keyword_line and end_line take it.
inline bool RecordParser::end_line_fast(const char* b) {
    constexpr auto n = spelling(LineKw::end).size();
    if (!begins(b, spelling(LineKw::end)) || !is_blank(b[n]) || rec_.hands.empty() || hand().end)
        return false;
    ast::EndLine e;
    const char* kind = b + n + 1;
    while (is_blank(*kind)) ++kind;
    const char* last = word_at(kind, end_);
    if (!blank_or_end(last, end_) || !spelled(dgn::kEndKinds, kind, last, e.kind)) return false;
    const char* q = last;
    while (is_blank(*q)) ++q;
    const char* lf = nullptr;
    const char* who = nullptr;
    if (!line_end(q, lf)) {
        ast::Who w{};
        const char* we = word_at(q, end_);
        if (!blank_or_end(we, end_) || !who_at(q, we, w)) return false;
        who = q;
        e.who = w;
        last = q = we;
        while (is_blank(*q)) ++q;
        if (!line_end(q, lf)) return false;
    }
    const std::uint32_t line = map_.line_of_start(b);
    after_ply_ = false;
    claim_ok_ = false;
    phase_ = Phase::post;
    e.pos = {line, 1};
    if (who) e.who_pos = {line, static_cast<std::uint32_t>(who - b) + 1};
    hand().end = e;
    finish_line(b, lf, line, last);
    return true;
}

// `points WHO N...`, `score WHO N...`, as keyword_line and claim_line take
// them. b begins the keyword kw (fast_line found it there).
bool RecordParser::claim_line_fast(const char* b, LineKw kw) {
    const std::size_t size = spelling(kw).size();
    if (!is_blank(b[size]) || rec_.hands.empty() ||
        (kw == LineKw::points ? hand().points : hand().score))
        return false;
    const std::uint32_t line = map_.line_of_start(b);
    auto& claims = kw == LineKw::points ? hand().points : hand().score;
    ast::ClaimLine& cl = claims.emplace();
    cl.items = take(&Spare::items);
    const char* q = b + size;  // at a blank
    const char* last = q;
    const char* lf = nullptr;
    for (;;) {
        const char* w = q;
        while (is_blank(*w)) ++w;
        if (!cl.items.empty() && line_end(w, lf)) break;
        ast::Who who{};
        const char* e = who_then_blank(w, who);
        if (!e) {
            claims.reset();
            return false;
        }
        while (is_blank(*e)) ++e;
        int value = 0;
        q = number_at(e, value);
        if (!q || !blank_or_end(q, end_)) {
            claims.reset();
            return false;
        }
        cl.items.push_back({who,
                            {line, static_cast<std::uint32_t>(w - b) + 1},
                            value,
                            {line, static_cast<std::uint32_t>(e - b) + 1}});
        last = q;
    }
    after_ply_ = false;
    claim_ok_ = false;
    phase_ = Phase::post;
    cl.pos = {line, 1};
    finish_line(b, lf, line, last);
    return true;
}

// The common ply words, recognised where they stand and added in place:
// `X:a-b`, `X:a-bE`, `X:pass`, `X:knock` (E an end letter), each with or
// without its seat label, when no ply is pending; and then the ones that
// follow on the line one blank apart. Anything else is left to ply_word.
// False when no word was taken.
bool RecordParser::fast_plies() {
    if (ply_ || rec_.hands.empty() || phase_ == Phase::post) return false;
    const char* b = p_;
    bool taken = false;
    for (;;) {
        const char* a = b;  // the action
        if (end_ - b >= 2 && is_seat(b[0]) && b[1] == dgn::kSeatLabel) a += 2;
        const auto left = end_ - a;
        ast::EndLetter end = ast::EndLetter::none;
        const char* e = nullptr;
        bool knock = false;
        if (left >= 3 && is_tile(a)) {
            e = a + 3;
            if (e < end_ && (end = end_letter_of(*e)) != ast::EndLetter::none) ++e;
        } else if (begins(a, kPass)) {
            e = a + kPass.size();
        } else if (begins(a, kKnock)) {
            e = a + kKnock.size();
            knock = true;
        } else {
            break;
        }
        if (e != end_ && !ends_word(e, end_)) break;

        const ast::Pos at = pos(b);
        const ast::Pos action = pos(a);
        const bool play = is_pip(a[0]);
        put_ply(at, a != b ? std::optional<ast::SeatNo>(seat_of(b[0])) : std::nullopt,
                play ? ast::Ply::Kind::play : ast::Ply::Kind::pass, action, knock,
                play ? tile_tok({a[0], a[2]}, action) : ast::TileTok{}, end, std::nullopt, {});
        claim_ok_ = play;  // no `+N` attached: a separate one may follow
        taken = true;
        p_ = e;
        // One blank and then another word (e[1] may be the NUL at end_).
        if (e == end_ || !is_blank(*e) || kWordStop[static_cast<unsigned char>(e[1])]) break;
        b = e + 1;
    }
    if (!taken) return false;
    // (first_token_ is set: a hand line came first)
    last_end_ = p_;
    line_start_ = false;
    phase_ = Phase::plies;
    want_foul_tile_ = false;
    after_ply_ = true;
    return true;
}

}  // namespace pips::parser::detail
