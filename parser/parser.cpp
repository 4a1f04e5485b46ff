// The DGN 1 driver: comments, words, lines and hands in plain C++, one X3
// token rule (grammar.hpp) per word. Linear in the input, no recursion, no
// exceptions on bad input: every malformed token or line adds a SyntaxError
// and the parse goes on at the next word or line.
//
// Recovery, in short:
// - a bad word among plies, or among the tiles of a deal/stock/remain line,
//   is reported and skipped; a ply it broke is dropped (the next word starts
//   afresh, so one mistake gives one error);
// - any other bad word on a line (a seat, a WHO, a number, a line out of
//   order, garbage after a complete line) is reported and the rest of the
//   line is skipped;
// - a bad tag pair is reported and the rest of its physical line skipped;
// - an unclosed `{` is reported at the `{` and ends the record (the rest of
//   it is comment);
// - after kMaxErrors errors the record is given up with one last error.
#include "parser/parser.hpp"

#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <utility>

#include "parser/grammar.hpp"

namespace pips::parser {
namespace {

namespace x3 = boost::spirit::x3;
using grammar::ActionKw;
using grammar::LineKw;

constexpr std::size_t kMaxErrors = 1000;  // per record
constexpr std::size_t kShowChars = 20;    // code points of a word shown in a message

constexpr std::string_view kPlyItems = "a tile, pass, knock, draw or foul";

// ---------------------------------------------------------------------------
// Characters

bool is_blank(char c) {
    return c == ' ' || c == '\t';
}

// Where a word ends: blanks, line ends and the two comment openers. A CR is a
// line end only before LF (or at the very end); a lone CR is a stray control
// character and so part of a (bad) word.
bool ends_word(const char* p, const char* end) {
    const char c = *p;
    return c == ' ' || c == '\t' || c == '\n' || c == ';' || c == '{' ||
           (c == '\r' && (p + 1 == end || p[1] == '\n'));
}

// Length of a well-formed UTF-8 sequence of a printable code point at p, or 0.
std::size_t printable_utf8_len(const char* p, const char* end) {
    const auto b = [&](std::size_t i) { return static_cast<unsigned char>(p[i]); };
    const auto cont = [&](std::size_t i) { return p + i < end && (b(i) & 0xC0) == 0x80; };
    const unsigned char c = b(0);
    if (c >= 0xC2 && c <= 0xDF) return cont(1) && !(c == 0xC2 && b(1) < 0xA0) ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        if (!cont(1) || !cont(2)) return 0;
        if (c == 0xE0 && b(1) < 0xA0) return 0;   // overlong
        if (c == 0xED && b(1) >= 0xA0) return 0;  // surrogate
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        if (!cont(1) || !cont(2) || !cont(3)) return 0;
        if (c == 0xF0 && b(1) < 0x90) return 0;
        if (c == 0xF4 && b(1) >= 0x90) return 0;
        return 4;
    }
    return 0;
}

// `'text'` for a message: at most kShowChars code points, non-printable bytes
// escaped, `...` when cut.
std::string show(const char* b, const char* e) {
    static constexpr char hex[] = "0123456789abcdef";
    std::string out = "'";
    std::size_t shown = 0;
    const char* p = b;
    for (; p < e && shown < kShowChars; ++shown) {
        const auto c = static_cast<unsigned char>(*p);
        if (c >= 0x20 && c < 0x7F) {
            out += static_cast<char>(c);
            ++p;
        } else if (c == '\t') {
            out += "\\t", ++p;
        } else if (c == '\r') {
            out += "\\r", ++p;
        } else if (c == '\n') {
            out += "\\n", ++p;
        } else if (std::size_t n = c >= 0x80 ? printable_utf8_len(p, e) : 0; n != 0) {
            out.append(p, n);
            p += n;
        } else {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 0xF];
            ++p;
        }
    }
    if (p < e) out += "...";
    out += '\'';
    return out;
}

// "expected " and the name of the rule that did not match.
template <class Rule>
std::string expect(const Rule& rule) {
    return std::string("expected ") + rule.name;
}

// `6-7`, `8-1R`: the shape of a tile, with a pip out of range.
bool bad_pips(const char* b, const char* e) {
    const auto digit = [](char c) { return c >= '0' && c <= '9'; };
    return e - b >= 3 && digit(b[0]) && b[1] == '-' && digit(b[2]) && (b[0] > '6' || b[2] > '6');
}

// ---------------------------------------------------------------------------
// Offsets to line/column, moving forward (each byte is looked at about once).

class PosMapper {
public:
    PosMapper(const char* origin, std::uint32_t first_line)
        : origin_(origin), cur_(origin), line_begin_(origin), line_(first_line) {}

    ast::Pos at(const char* q) {
        if (q < cur_) back_to(q);
        for (; cur_ < q; ++cur_) {
            const auto c = static_cast<unsigned char>(*cur_);
            if (c == '\n') {
                ++line_;
                col_ = 1;
                line_begin_ = cur_ + 1;
            } else if ((c & 0xC0) != 0x80) {
                ++col_;  // count code points: skip UTF-8 continuation bytes
            }
        }
        return {line_, col_};
    }

private:
    // Rare (an error placed at the end of a word after a comment has been
    // mapped): step back by counting the line feeds in between, then restart
    // at the start of q's line. Never from the origin, so that errors placed
    // back over many lines stay linear.
    void back_to(const char* q) {
        for (const char* p = cur_; p > q;)
            if (*--p == '\n') --line_;
        const char* b = q;
        while (b > origin_ && b[-1] != '\n') --b;
        cur_ = line_begin_ = b;
        col_ = 1;
    }

    const char* origin_;
    const char* cur_;
    const char* line_begin_;
    std::uint32_t line_;
    std::uint32_t col_ = 1;
};

// ---------------------------------------------------------------------------
// A tag pair on one physical line: shared by the record parser and by the
// record splitter, so that both agree on where a tag line ends (a `{` or `;`
// inside a tag value is not a comment).

struct TagScan {
    bool ok = false;
    const char* next = nullptr;  // after `]`
    std::string name;
    std::string value;
    const char* value_open = nullptr;  // the opening quote
    const char* error_at = nullptr;
    std::string error;
};

// `b` is at `[`, `e` is the end of the physical line (before CR LF).
TagScan scan_tag(const char* b, const char* e) {
    TagScan r;
    const auto found = [&](const char* p) {
        return p == e ? std::string("end of line") : show(p, std::min(p + kShowChars + 1, e));
    };
    const auto fail = [&](const char* at, std::string msg) {
        r.error_at = at;
        r.error = std::move(msg);
        return r;
    };
    const char* p = b + 1;
    while (p < e && is_blank(*p)) ++p;
    if (!x3::parse(p, e, tokens::tag_name(), r.name))
        return fail(p, expect(tokens::tag_name()) + ", found " + found(p));
    while (p < e && is_blank(*p)) ++p;
    if (p == e || *p != '"') return fail(p, expect(tokens::tag_value()) + ", found " + found(p));
    r.value_open = p;
    x3::parse(p, e, tokens::tag_value(), r.value);  // the open quote and the text after it
    if (p == e)
        return fail(r.value_open,
                    "expected '\"' closing the tag value, found end of line (tag pairs are one "
                    "line)");
    if (*p == '\\')
        return fail(p, "expected '\\\"' or '\\\\' after a backslash in a tag value, found " +
                           show(p, std::min(p + 2, e)));
    if (*p != '"')
        return fail(p, "expected a printable character in the tag value, found " + show(p, p + 1));
    ++p;
    while (p < e && is_blank(*p)) ++p;
    if (p == e || *p != ']') return fail(p, "expected ']' after the tag value, found " + found(p));
    r.ok = true;
    r.next = p + 1;
    return r;
}

// ---------------------------------------------------------------------------
// The record parser.

struct Word {
    const char* b;
    const char* e;
};

class RecordParser {
public:
    RecordParser(ast::Record& rec, const char* begin, const char* end)
        : rec_(rec), p_(begin), end_(end), map_(begin, rec.first_line) {}

    void run();

private:
    enum class Phase : std::uint8_t { tags, setup, plies, post };

    // lexing
    void skip_space(bool cross_lines);
    void brace_comment();
    Word read_word();
    std::optional<Word> next_word_in_line();
    void skip_line();
    void expect_end_of_line();
    const char* physical_line_end(const char* p) const;

    // items
    void tag_line();
    void keyword_line(LineKw kw, Word w);
    void hand_line(Word w);
    void seat_tiles_line(LineKw kw, Word w);
    void stock_line(Word w);
    void redeal_line(Word w);
    void end_line(Word w);
    void claim_line(LineKw kw, Word w);
    void ply_word(Word w);
    void read_tiles(std::vector<ast::TileTok>& out);
    void start_ply(const char* at);
    void finish_ply();
    void drop_ply();
    void close_plies(const char* at, const std::string& found);
    void attach(ast::Comment c);

    // errors
    void error(const char* at, std::string message);
    std::string found(Word w) const { return show(w.b, w.e); }
    std::string tile_expected(Word w) const;
    ast::Hand& hand() { return rec_.hands.back(); }
    ast::Pos pos(const char* p) { return map_.at(p); }

    ast::Record& rec_;
    const char* p_;
    const char* end_;
    PosMapper map_;

    bool line_start_ = true;          // the next token is the first on its line
    const char* last_end_ = nullptr;  // just after the last word read
    bool stopped_ = false;            // error limit reached, or an unclosed `{`
    std::optional<ast::Pos> first_token_;

    Phase phase_ = Phase::tags;
    std::optional<int> prev_number_;  // of the previous hand, when well-formed
    int redeals_ = 0;

    std::optional<ast::Ply> ply_;  // a ply begun but not ended by a play or pass
    bool want_foul_tile_ = false;
    ast::Pos foul_pos_;
    bool claim_ok_ = false;   // a separate `+N` may attach to the last ply
    bool after_ply_ = false;  // a brace comment now follows a ply
};

void RecordParser::error(const char* at, std::string message) {
    if (stopped_) return;
    rec_.errors.push_back({pos(at), std::move(message)});
    if (rec_.errors.size() >= kMaxErrors) {
        rec_.errors.push_back({rec_.errors.back().pos, "too many syntax errors, giving up"});
        stopped_ = true;
        p_ = end_;
    }
}

// Blanks, comments and (if cross_lines) line ends.
void RecordParser::skip_space(bool cross_lines) {
    while (p_ < end_) {
        const char c = *p_;
        if (is_blank(c) || (c == '\r' && (p_ + 1 == end_ || p_[1] == '\n'))) {
            ++p_;
        } else if (c == '\n') {
            if (!cross_lines) return;
            ++p_;
            line_start_ = true;
        } else if (c == ';') {
            const char* nl = static_cast<const char*>(std::memchr(p_, '\n', end_ - p_));
            const char* stop = nl ? nl : end_;
            if (rec_.tags.empty() && rec_.hands.empty()) {
                const char* e = stop;
                if (e > p_ + 1 && e[-1] == '\r') --e;
                rec_.leading_comments.emplace_back(p_ + 1, e);
            }
            p_ = stop;
        } else if (c == '{') {
            brace_comment();
        } else {
            return;
        }
    }
}

void RecordParser::brace_comment() {
    const char* open = p_;
    const auto* close = static_cast<const char*>(std::memchr(open + 1, '}', end_ - open - 1));
    if (!close) {  // the rest of the record is comment: nothing more to parse
        drop_ply();
        error(open, "expected '}' closing this brace comment, found end of input");
        stopped_ = true;
        p_ = end_;
        return;
    }
    ast::Comment c;
    c.pos = pos(open);
    c.text.reserve(close - open - 1);
    for (const char* q = open + 1; q < close; ++q) {
        if (*q == '\r' && q + 1 < close && q[1] == '\n') continue;  // CR LF -> LF
        c.text += *q;
    }
    // A comment that runs over a line end: what follows it is not at the start
    // of a line (the record splitter sees the same).
    if (std::memchr(open, '\n', close - open)) line_start_ = false;
    p_ = close + 1;
    attach(std::move(c));
}

Word RecordParser::read_word() {
    const char* b = p_;
    while (p_ < end_ && !ends_word(p_, end_)) ++p_;
    last_end_ = p_;
    line_start_ = false;
    if (!first_token_) first_token_ = pos(b);
    return {b, p_};
}

std::optional<Word> RecordParser::next_word_in_line() {
    skip_space(false);
    if (p_ == end_ || *p_ == '\n') return std::nullopt;
    return read_word();
}

void RecordParser::skip_line() {
    while (next_word_in_line()) {
    }
}

void RecordParser::expect_end_of_line() {
    if (auto w = next_word_in_line()) {
        error(w->b, "expected end of line, found " + found(*w));
        skip_line();
    }
}

const char* RecordParser::physical_line_end(const char* p) const {
    const auto* nl = static_cast<const char*>(std::memchr(p, '\n', end_ - p));
    return nl ? nl : end_;
}

void RecordParser::run() {
    // A UTF-8 byte order mark at the start of a file is not text.
    if (rec_.first_line == 1 && end_ - p_ >= 3 && std::memcmp(p_, "\xEF\xBB\xBF", 3) == 0) {
        p_ += 3;
        map_ = PosMapper(p_, rec_.first_line);
    }
    for (;;) {
        skip_space(true);
        if (stopped_ || p_ == end_) break;
        const bool initial = line_start_;
        if (initial && *p_ == '[') {
            tag_line();
            continue;
        }
        const Word w = read_word();
        LineKw kw{};
        const char* q = w.b;
        if (initial && x3::parse(q, w.e, tokens::line_keyword(), kw)) {
            keyword_line(kw, w);
            continue;
        }
        ply_word(w);
    }
    if (!stopped_) close_plies(last_end_ ? last_end_ : p_, "end of input");

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
        TagScan t = scan_tag(open, content_end);
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
        if (p_ < end_ && *p_ == '[') continue;
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
        error(w.b, "expected a tag pair or a hand line, found " + found(w));
        skip_line();
        return;
    }
    const bool broke_ply = ply_.has_value();  // reported once, not twice
    close_plies(w.b, found(w));
    switch (kw) {
        case LineKw::hand:
            hand_line(w);
            return;
        case LineKw::deal:
        case LineKw::stock:
        case LineKw::redeal:
            if (phase_ != Phase::setup) {
                if (!broke_ply)
                    error(w.b,
                          (phase_ == Phase::plies
                               ? "expected a ply or a remain, end, points, score or hand line, "
                                 "found "
                               : "expected a remain, end, points, score or hand line, found ") +
                              found(w) + " (deal, stock and redeal lines come before the plies)");
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
    ast::Hand h;
    h.pos = pos(w.b);
    std::optional<int> number;
    const auto nw = next_word_in_line();
    if (!nw) {
        error(last_end_, "expected a hand number, found end of line");
    } else {
        h.number_pos = pos(nw->b);
        int n = 0;
        const char* q = nw->b;
        if (!x3::parse(q, nw->e, tokens::number_word(), n)) {
            error(nw->b, "expected a hand number (at most 9 digits), found " + found(*nw));
        } else if (n < 1) {
            error(nw->b, "expected a hand number of at least 1, found " + found(*nw));
        } else {
            if (prev_number_ && n != *prev_number_ + 1) {
                error(nw->b, "expected hand number " + std::to_string(*prev_number_ + 1) +
                                 " (hands count on by one), found " + found(*nw));
            }
            number = n;
        }
    }
    h.number = number.value_or(0);
    prev_number_ = number;
    rec_.hands.push_back(std::move(h));
    phase_ = Phase::setup;
    redeals_ = 0;
    if (nw) expect_end_of_line();
}

void RecordParser::read_tiles(std::vector<ast::TileTok>& out) {
    while (auto w = next_word_in_line()) {
        grammar::TileAttr t;
        const char* q = w->b;
        if (!x3::parse(q, w->e, tokens::tile_word(), t)) {
            error(w->b, "expected " + tile_expected(*w) + ", found " + found(*w));
            continue;  // the next word is another tile
        }
        out.push_back({static_cast<std::uint8_t>(t.a - '0'), static_cast<std::uint8_t>(t.b - '0'),
                       pos(w->b)});
    }
}

ast::SeatNo seat_of(char c) {
    return static_cast<ast::SeatNo>(c - 'A');
}

void RecordParser::seat_tiles_line(LineKw kw, Word w) {
    ast::SeatTiles st;
    st.pos = pos(w.b);
    const auto sw = next_word_in_line();
    char seat = 0;
    const char* q = sw ? sw->b : nullptr;
    if (!sw || !x3::parse(q, sw->e, tokens::seat_word(), seat)) {
        error(sw ? sw->b : last_end_, expect(tokens::seat_word()) + ", found " +
                                          (sw ? found(*sw) : std::string("end of line")));
        skip_line();
        return;
    }
    st.seat = seat_of(seat);
    st.seat_pos = pos(sw->b);
    read_tiles(st.tiles);
    if (kw == LineKw::deal) {
        st.round = redeals_;
        hand().deals.push_back(std::move(st));
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
    const auto sw = next_word_in_line();
    char seat = 0;
    const char* q = sw ? sw->b : nullptr;
    if (!sw || !x3::parse(q, sw->e, tokens::seat_word(), seat)) {
        error(sw ? sw->b : last_end_, expect(tokens::seat_word()) + ", found " +
                                          (sw ? found(*sw) : std::string("end of line")));
        skip_line();
        return;
    }
    r.seat = seat_of(seat);
    r.seat_pos = pos(sw->b);
    hand().redeals.push_back(r);
    expect_end_of_line();
}

void RecordParser::end_line(Word w) {
    ast::EndLine e;
    e.pos = pos(w.b);
    const auto kw = next_word_in_line();
    const char* q = kw ? kw->b : nullptr;
    if (!kw || !x3::parse(q, kw->e, tokens::end_kind(), e.kind)) {
        error(kw ? kw->b : last_end_, expect(tokens::end_kind()) + ", found " +
                                          (kw ? found(*kw) : std::string("end of line")));
        skip_line();
        return;
    }
    if (const auto ww = next_word_in_line()) {
        ast::Who who{};
        q = ww->b;
        if (!x3::parse(q, ww->e, tokens::who(), who)) {
            error(ww->b, expect(tokens::who()) + " or end of line, found " + found(*ww));
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
    for (;;) {
        const auto ww = next_word_in_line();
        if (!ww) {
            if (cl.items.empty()) error(last_end_, expect(tokens::who()) + ", found end of line");
            break;
        }
        ast::ClaimItem item;
        const char* q = ww->b;
        if (!x3::parse(q, ww->e, tokens::who(), item.who)) {
            error(ww->b, expect(tokens::who()) +
                             (cl.items.empty() ? std::string() : " or end of line") + ", found " +
                             found(*ww));
            skip_line();
            break;
        }
        item.pos = pos(ww->b);
        const auto nw = next_word_in_line();
        q = nw ? nw->b : nullptr;
        if (!nw || !x3::parse(q, nw->e, tokens::number_word(), item.value)) {
            error(nw ? nw->b : last_end_, expect(tokens::number_word()) + ", found " +
                                              (nw ? found(*nw) : std::string("end of line")));
            skip_line();
            break;
        }
        item.value_pos = pos(nw->b);
        cl.items.push_back(item);
    }
    (kw == LineKw::points ? hand().points : hand().score) = std::move(cl);
}

// ---------------------------------------------------------------------------
// Plies

std::string RecordParser::tile_expected(Word w) const {
    return bad_pips(w.b, w.e) ? "a tile with pips 0 to 6" : "a tile";
}

void RecordParser::start_ply(const char* at) {
    ply_.emplace();
    ply_->pos = pos(at);
}

void RecordParser::finish_ply() {
    hand().plies.push_back(std::move(*ply_));
    ply_.reset();
    want_foul_tile_ = false;
    after_ply_ = true;
}

void RecordParser::drop_ply() {
    ply_.reset();
    want_foul_tile_ = false;
}

// The plies (or the record) end here: a ply still waiting for its play or pass
// is an error.
void RecordParser::close_plies(const char* at, const std::string& what) {
    if (!ply_) return;
    if (want_foul_tile_) {
        error(at, "expected a tile after 'foul', found " + what);
    } else {
        error(at, "expected " + std::string(kPlyItems) + " to end the ply, found " + what);
    }
    drop_ply();
}

void RecordParser::ply_word(Word w) {
    if (rec_.hands.empty()) {
        error(w.b, "expected a tag pair or a hand line, found " + found(w));
        skip_line();
        return;
    }
    if (phase_ == Phase::post) {
        error(w.b, "expected a remain, end, points, score or hand line, found " + found(w) +
                       " (plies come before them)");
        skip_line();
        return;
    }
    phase_ = Phase::plies;
    const char* p = w.b;

    // A separate `+N` after a play.
    if (*p == '+' && !ply_) {
        const bool after_play = claim_ok_;
        claim_ok_ = false;
        int n = 0;
        const char* q = p;
        if (!after_play) {
            error(p, "expected " + std::string(kPlyItems) + ", found " + found(w) +
                         " (a '+N' claim follows a play that has none)");
        } else if (!x3::parse(q, w.e, tokens::claim_word(), n)) {
            error(p, expect(tokens::claim_word()) + " with a number of at most 9 digits, found " +
                         found(w));
        } else {
            auto& last = hand().plies.back();
            last.claim = n;
            last.claim_pos = pos(p);
        }
        return;
    }
    claim_ok_ = false;

    // A seat label starts a new ply.
    char seat = 0;
    const char* q = p;
    if (x3::parse(q, w.e, tokens::seat_label(), seat)) {
        if (ply_) {
            close_plies(p, show(p, w.e));
            // the label still starts a fresh ply below
        }
        start_ply(p);
        ply_->seat = seat_of(seat);
        ply_->seat_pos = ply_->pos;
        p = q;
        if (p == w.e) return;  // `A: 6-6`
    } else if (want_foul_tile_) {
        grammar::TileAttr t;
        if (x3::parse(q, w.e, tokens::tile_word(), t)) {
            ast::PreAction a;
            a.kind = ast::PreAction::Kind::foul;
            a.pos = foul_pos_;
            a.tile = {static_cast<std::uint8_t>(t.a - '0'), static_cast<std::uint8_t>(t.b - '0'),
                      pos(p)};
            ply_->pre.push_back(a);
            want_foul_tile_ = false;
            return;
        }
        error(p, "expected " + tile_expected(w) + " after 'foul', found " + found(w));
        drop_ply();
        return;
    }

    // The action: a keyword or a play.
    ActionKw kw{};
    q = p;
    if (x3::parse(q, w.e, tokens::action_keyword(), kw)) {
        if (!ply_) start_ply(p);
        switch (kw) {
            case ActionKw::pass:
            case ActionKw::knock:
                ply_->kind = ast::Ply::Kind::pass;
                ply_->knock = kw == ActionKw::knock;
                ply_->action_pos = pos(p);
                finish_ply();
                return;
            case ActionKw::draw: {
                ast::PreAction a;
                a.kind = ast::PreAction::Kind::draw;
                a.pos = pos(p);
                ply_->pre.push_back(a);
                return;
            }
            case ActionKw::foul:
                want_foul_tile_ = true;
                foul_pos_ = pos(p);
                return;
        }
    }
    grammar::PlayAttr play;
    LineKw line_kw{};
    q = p;
    if (x3::parse(q, w.e, tokens::play(), play)) {
        if (q != w.e) {
            error(q, "expected an end letter (L, R, N, E, S, W) or '+N' after the tile, found " +
                         show(q, w.e));
            drop_ply();
            return;
        }
        if (!ply_) start_ply(p);
        ply_->kind = ast::Ply::Kind::play;
        ply_->action_pos = pos(p);
        ply_->tile = {static_cast<std::uint8_t>(play.tile.a - '0'),
                      static_cast<std::uint8_t>(play.tile.b - '0'), ply_->action_pos};
        ply_->end = play.end.value_or(ast::EndLetter::none);
        if (play.claim) {  // `a-b[X]+N`: the `+` sits after the tile and its end letter
            ply_->claim = *play.claim;
            ply_->claim_pos = pos(p + 3 + (play.end ? 1 : 0));
        }
        claim_ok_ = !play.claim;
        finish_ply();
        return;
    }
    std::string message =
        "expected " +
        (bad_pips(p, w.e) ? std::string("a tile with pips 0 to 6") : std::string(kPlyItems)) +
        ", found " + show(p, w.e);
    q = p;
    if (x3::parse(q, w.e, tokens::line_keyword(), line_kw))
        message += " (" + std::string(p, w.e) + " lines start on a new line)";
    error(p, std::move(message));
    drop_ply();
}

void RecordParser::attach(ast::Comment c) {
    if (rec_.hands.empty()) return;  // comments before the first hand are dropped
    auto& h = hand();
    if (ply_) {
        ply_->comments.push_back(std::move(c));
    } else if (after_ply_ && !h.plies.empty()) {
        h.plies.back().comments.push_back(std::move(c));
    } else {
        h.comments.push_back(std::move(c));
    }
}

// ---------------------------------------------------------------------------
// Record splitting

enum class LineKind : std::uint8_t { blank, other, tag, hand };

// What a physical line (without its LF) is for the splitter: a tag line or a
// hand line when its first token (outside comments; the line must not begin
// inside a brace comment) is `[` or the word `hand`; blank when it has no
// token and no part of a brace comment left open on another line. Updates
// `in_brace` for a `{` left open at the end of the line.
LineKind classify_line(std::string_view line, bool& in_brace) {
    // Words end as the parser ends them (ends_word against the real end: a CR
    // that ends the line ends a word; any other CR is part of one). A tag pair
    // is scanned up to the CR, as the parser does.
    const char* p = line.data();
    const char* e = p + line.size();
    const char* tag_end = e > p && e[-1] == '\r' ? e - 1 : e;
    bool first = true;
    LineKind kind = LineKind::blank;
    if (in_brace) {
        const auto* close = static_cast<const char*>(std::memchr(p, '}', e - p));
        if (!close) return LineKind::other;
        in_brace = false;
        p = close + 1;
        first = false;
        kind = LineKind::other;
    }
    bool tag_next = false;  // right after a tag pair, `[` opens another
    while (p < e) {
        const char c = *p;
        if (is_blank(c)) {
            ++p;
            continue;
        }
        if (c == ';' || (c == '\r' && p + 1 == e)) break;
        if (c == '{') {
            const auto* close = static_cast<const char*>(std::memchr(p + 1, '}', e - p - 1));
            if (!close) {
                in_brace = true;
                if (kind == LineKind::blank) kind = LineKind::other;
                break;
            }
            p = close + 1;
            continue;
        }
        if (c == '[' && (first || tag_next)) {
            kind = first ? LineKind::tag : kind;
            first = false;
            const TagScan t = scan_tag(p, tag_end);
            if (!t.ok) break;  // the parser skips the rest of the line too
            p = t.next;
            tag_next = true;
            continue;
        }
        const char* b = p;
        while (p < e && !ends_word(p, e)) ++p;
        if (p == b) ++p;  // cannot happen (c ends no word), but never loop forever
        if (first) {
            const bool hand = p - b == 4 && std::memcmp(b, "hand", 4) == 0;
            kind = hand ? LineKind::hand : LineKind::other;
        }
        first = false;
        tag_next = false;
    }
    return kind;
}

std::string_view without_lf(const std::string& line) {
    return std::string_view(line).substr(0, line.size() - (line.ends_with('\n') ? 1 : 0));
}

ast::Record parse_owned(std::string&& text, std::uint32_t first_line) {
    ast::Record rec;
    rec.source = std::move(text);
    rec.first_line = first_line;
    const char* b = rec.source.data();
    RecordParser(rec, b, b + rec.source.size()).run();
    return rec;
}

}  // namespace

ast::Record parse_record(std::string_view text, std::uint32_t first_line) {
    return parse_owned(std::string(text), first_line);
}

RecordReader::RecordReader(std::istream& in) : in_(in) {}

bool RecordReader::read_line(std::string& line) {
    line.clear();
    if (!std::getline(in_, line)) return false;
    if (!in_.eof()) line.push_back('\n');  // the delimiter was there
    bytes_ += line.size();
    ++line_no_;
    return true;
}

// A record ends where a tag line follows a hand. The blank and comment-only
// lines just before that tag line go with the next record (they are its
// heading: `; comment` lines become its leading_comments); at the end of the
// input they stay with the last record.
bool RecordReader::next(ast::Record& out) {
    std::string text;
    std::uint32_t first_line = line_no_ + 1;
    bool in_brace = false;
    bool seen_hand = false;
    if (has_pending_) {  // the heading and tag line that ended the previous record
        text = std::move(pending_);
        pending_.clear();
        has_pending_ = false;
        const auto lines =
            std::count(text.begin(), text.end(), '\n') + (text.ends_with('\n') ? 0 : 1);
        first_line = line_no_ + 1 - static_cast<std::uint32_t>(lines);
        // The tag line is the last line; only it can leave a brace comment open.
        const auto last = text.rfind('\n', text.size() - 2);
        const std::string tag_line = last == std::string::npos ? text : text.substr(last + 1);
        classify_line(without_lf(tag_line), in_brace);
    }
    std::string line;
    std::string held;  // blank and comment-only lines after a hand, not yet placed
    while (read_line(line)) {
        const bool began_in_brace = in_brace;
        std::string_view content = without_lf(line);
        if (line_no_ == 1 && content.starts_with("\xEF\xBB\xBF")) content.remove_prefix(3);  // BOM
        const LineKind kind = classify_line(content, in_brace);
        if (kind == LineKind::tag && seen_hand) {
            pending_ = std::move(held);
            pending_ += line;
            has_pending_ = true;
            held.clear();
            break;
        }
        if (seen_hand && kind == LineKind::blank && !began_in_brace && !in_brace) {
            held += line;
            continue;
        }
        text += held;
        held.clear();
        if (kind == LineKind::hand) seen_hand = true;
        text += line;
    }
    text += held;
    if (text.empty()) return false;
    out = parse_owned(std::move(text), first_line);
    return true;
}

}  // namespace pips::parser
