// The DGN 1 driver: comments, words, lines and hands in plain C++, one X3
// token rule (grammar.hpp) per word. Linear in the input, no recursion, no
// exceptions on bad input: every malformed token or line adds a SyntaxError
// and the parse goes on at the next word or line.
//
// Speed, in short: the common well-formed lines (plies, deal, stock, hand,
// end, points and score lines) are read whole from their first byte, with no
// error to report, and their nodes made in place with every field given
// (fast_line); anything else in them, and every other line, goes the general
// way below, where the common well-formed words (tiles, plays, seat labels,
// keywords, numbers) are recognised in plain C++ where they stand and any
// other word goes to its X3 rule, which stays the grammar of record (so what
// is accepted and every message are the X3 ones). Words are pointers into
// the record's text, never copies; a column is an offset on an ASCII line.
// The record splitter looks at each line once, in its own buffer (line feeds
// found 64 bytes at a time, a line classified by its first byte), apart from
// the parse (RecordReader::next_text, parse_into), and copies a record's text
// once; the storage of the record parsed before is reused for the next one.
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
#include <array>
#include <cstring>
#include <optional>
#include <string>
#include <utility>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "parser/grammar.hpp"
#include "parser/tokens.hpp"

namespace pips::parser {
namespace {

namespace x3 = boost::spirit::x3;
using dgn::ActionKw;
using dgn::LineKw;
using dgn::spelling;

constexpr std::size_t kMaxErrors = 1000;  // per record
constexpr std::size_t kShowChars = 20;    // code points of a word shown in a message

// "a tile, pass, knock, draw or foul"
struct PlyItems {
    template <class Out>
    constexpr void operator()(Out out) const {
        out("a tile, ");
        dgn::list(dgn::kActionKeywords, out);
    }
};
constexpr auto kPlyItemsText = dgn::make_text<PlyItems>();
constexpr std::string_view kPlyItems = kPlyItemsText.view();

// 'c', as a message shows a character.
std::string quoted(char c) {
    return std::string{'\'', c, '\''};
}

// "a remain, end, points, score or hand line", with "a ply or " before it
// while plies may come.
std::string later_lines(bool ply) {
    std::string out = ply ? "a ply or a " : "a ";
    dgn::list(
        dgn::kLineKeywords, [&](std::string_view s) { out += s; }, ", ",
        static_cast<std::size_t>(LineKw::remain), static_cast<std::size_t>(LineKw::score));
    out += " or ";
    out += spelling(LineKw::hand);
    out += " line";
    return out;
}

// "expected an end letter (L, R, N, E, S, W) or '+N' after the tile, found "
std::string end_letter_expected() {
    std::string out = "expected an end letter (";
    dgn::list(
        dgn::kEndLetters, [&](std::string_view s) { out += s; }, ", ");
    return out + ") or '" + dgn::kClaim + "N' after the tile, found ";
}

// "a tag pair or a hand line"
std::string first_lines() {
    return "a tag pair or a " + std::string(spelling(LineKw::hand)) + " line";
}

// ---------------------------------------------------------------------------
// Characters

bool is_blank(char c) {
    return c == ' ' || c == '\t';
}

// Bytes that may end a word (a CR only before LF or at the end): one table
// look-up per byte in the word loops.
constexpr std::array<bool, 256> kWordStop = [] {
    std::array<bool, 256> t{};
    for (const unsigned char c : {' ', '\t', '\n', dgn::kLineComment, dgn::kCommentOpen, '\r'})
        t[c] = true;
    return t;
}();

// Bytes that begin a word, for the fast paths (whole lines): not the word
// stops, nor NUL (it may be the one that ends the text); those are left to a
// closer look.
constexpr std::array<bool, 256> kWordStart = [] {
    std::array<bool, 256> t{};
    for (int c = 0; c < 256; ++c) t[c] = !kWordStop[c] && c != 0;
    return t;
}();

// Where a word ends: blanks, line ends and the two comment openers. A CR is a
// line end only before LF (or at the very end); a lone CR is a stray control
// character and so part of a (bad) word.
bool ends_word(const char* p, const char* end) {
    const char c = *p;
    return kWordStop[static_cast<unsigned char>(c)] && (c != '\r' || p + 1 == end || p[1] == '\n');
}

// The end of the word that starts at p.
const char* word_end(const char* p, const char* end) {
    for (; p < end; ++p) {
        if (kWordStop[static_cast<unsigned char>(*p)]) [[unlikely]] {
            if (*p != '\r' || p + 1 == end || p[1] == '\n') break;
        }
    }
    return p;
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
    return e - b >= 3 && digit(b[0]) && b[1] == dgn::kTileJoin && digit(b[2]) &&
           (b[0] > dgn::kLastPip || b[2] > dgn::kLastPip);
}

// ---------------------------------------------------------------------------
// Offsets to line/column. The mapper holds one line at a time, scanned once
// when entered for its end and for bytes >= 0x80: on an ASCII line (nearly
// every line) a column is an offset; on any other line code points are
// counted from the last position asked for on it. Positions are asked for
// nearly in order, so that each byte is looked at about once.

// The first line feed or byte >= 0x80 in [b, e), or e.
const char* lf_or_high(const char* b, const char* e) {
#if defined(__SSE2__)
    const __m128i lf = _mm_set1_epi8('\n');
    for (; e - b >= 16; b += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b));
        // a lane's top bit: a LF (all ones) or a byte >= 0x80
        if (const int m = _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, lf), v)))
            return b + __builtin_ctz(static_cast<unsigned>(m));
    }
#else
    for (; e - b >= 8; b += 8) {
        std::uint64_t v;
        std::memcpy(&v, b, 8);
        const std::uint64_t x = v ^ 0x0A0A0A0A0A0A0A0AULL;  // a zero byte where a LF was
        if ((((x - 0x0101010101010101ULL) & ~x) | v) & 0x8080808080808080ULL) break;
    }
#endif
    for (; b < e; ++b)
        if (*b == '\n' || static_cast<unsigned char>(*b) >= 0x80) break;
    return b;
}

bool is_continuation(char c) {
    return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

class PosMapper {
public:
    PosMapper(const char* origin, const char* end, std::uint32_t first_line)
        : origin_(origin), end_(end), line_(first_line) {
        enter(origin);
    }

    [[gnu::always_inline]] ast::Pos at(const char* q) {
        // On an ASCII line (up to and with its line feed): a column is an offset.
        const auto offset = static_cast<std::size_t>(q - line_begin_);
        if (offset < ascii_span_) [[likely]]
            return {line_, static_cast<std::uint32_t>(offset) + 1};
        return at_other(q);
    }

    // The number of the line that begins at b, a line at or after this one.
    [[gnu::always_inline]] std::uint32_t line_of_start(const char* b) {
        if (b == line_end_ + 1) [[likely]]
            return line_ + 1;  // the next line
        return line_of_later(b);
    }

    // Makes [b, end] (end: its line feed, or the end of the text) line `line`,
    // known to be ASCII, the line positions are asked for on.
    void set_ascii_line(const char* b, const char* end, std::uint32_t line) {
        line_begin_ = cur_ = b;
        line_end_ = end;
        line_ = line;
        col_ = 1;
        ascii_ = true;
        ascii_span_ = static_cast<std::size_t>(end - b) + 1;
    }

private:
    [[gnu::noinline]] std::uint32_t line_of_later(const char* b) {
        if (b > line_end_ && b - line_end_ <= 64) {  // a few lines on: count them
            std::uint32_t line = line_ + 1;
            for (const char* p = line_end_ + 1; p < b; ++p) line += *p == '\n';
            return line;
        }
        return at(b).line;
    }

    [[gnu::noinline]] ast::Pos at_other(const char* q) {
        if (q < line_begin_) back_to(q);
        while (q > line_end_) {  // past the line feed that ends this line
            ++line_;
            enter(line_end_ + 1);
        }
        if (ascii_) return {line_, static_cast<std::uint32_t>(q - line_begin_) + 1};
        // Count code points: skip UTF-8 continuation bytes.
        for (; cur_ < q; ++cur_) col_ += !is_continuation(*cur_);
        for (; cur_ > q;) col_ -= !is_continuation(*--cur_);
        return {line_, col_};
    }

    void enter(const char* b) {
        line_begin_ = cur_ = b;
        col_ = 1;
        const char* stop = lf_or_high(b, end_);
        ascii_ = stop == end_ || *stop == '\n';
        const auto* nl =
            ascii_ ? stop : static_cast<const char*>(std::memchr(stop, '\n', end_ - stop));
        line_end_ = nl ? nl : end_;
        ascii_span_ = ascii_ ? static_cast<std::size_t>(line_end_ - b) + 1 : 0;
    }

    // Rare (an error placed at the end of a word after a comment has been
    // mapped): step back by counting the line feeds in between, then restart
    // at the start of q's line. Never from the origin, so that errors placed
    // back over many lines stay linear.
    void back_to(const char* q) {
        for (const char* p = line_begin_; p > q;)
            if (*--p == '\n') --line_;
        const char* b = q;
        while (b > origin_ && b[-1] != '\n') --b;
        enter(b);
    }

    const char* origin_;
    const char* end_;
    const char* line_begin_ = nullptr;
    const char* line_end_ = nullptr;  // its line feed, or end_
    const char* cur_ = nullptr;       // the last position asked for on a non-ASCII line
    std::uint32_t line_;
    std::uint32_t col_ = 1;  // the column of cur_
    bool ascii_ = true;
    std::size_t ascii_span_ = 0;  // positions from line_begin_ on with a column by offset
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
    if (p == e || *p != dgn::kQuote)
        return fail(p, expect(tokens::tag_value()) + ", found " + found(p));
    r.value_open = p;
    x3::parse(p, e, tokens::tag_value(), r.value);  // the open quote and the text after it
    if (p == e)
        return fail(r.value_open, "expected " + quoted(dgn::kQuote) +
                                      " closing the tag value, found end of line (tag pairs are "
                                      "one line)");
    if (*p == dgn::kEscape) {
        const std::string quote{'\'', dgn::kEscape, dgn::kQuote, '\''};
        const std::string escape{'\'', dgn::kEscape, dgn::kEscape, '\''};
        return fail(p, "expected " + quote + " or " + escape +
                           " after a backslash in a tag value, found " +
                           show(p, std::min(p + 2, e)));
    }
    if (*p != dgn::kQuote)
        return fail(p, "expected a printable character in the tag value, found " + show(p, p + 1));
    ++p;
    while (p < e && is_blank(*p)) ++p;
    if (p == e || *p != dgn::kTagClose)
        return fail(
            p, "expected " + quoted(dgn::kTagClose) + " after the tag value, found " + found(p));
    r.ok = true;
    r.next = p + 1;
    return r;
}

// ---------------------------------------------------------------------------
// Token recognisers. The X3 rules (grammar.hpp) are the token grammar of
// record; the common well-formed words (`6-5`, `6-5L`, `A:`, `pass`, `deal`,
// `7`, ...) are recognised here first in plain C++, and every word that is not
// one of them goes to its X3 rule exactly as before, so that what is accepted
// and every message stay the same. Each takes one whole word [b, e).

bool is_pip(char c) {
    return c >= dgn::kFirstPip && c <= dgn::kLastPip;
}

bool is_seat(char c) {
    return c >= dgn::kFirstSeat && c <= dgn::kLastSeat;
}

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

// Compared a character at a time: the words are short, and a call of
// memcmp costs more than they do.
[[gnu::always_inline]] inline bool same(const char* b, const char* e, std::string_view word) {
    if (static_cast<std::size_t>(e - b) != word.size()) return false;
#pragma GCC unroll 8
    for (std::size_t i = 0; i < word.size(); ++i)
        if (b[i] != word[i]) return false;
    return true;
}

constexpr std::string_view kPass = spelling(ActionKw::pass);
constexpr std::string_view kKnock = spelling(ActionKw::knock);

// `word` at q, compared a character at a time so that the NUL that ends the
// text stops it (no keyword holds a NUL): q may be near the end.
[[gnu::always_inline]] inline bool at_word(const char* q, std::string_view word) {
#pragma GCC unroll 8
    for (std::size_t i = 0; i < word.size(); ++i)
        if (q[i] != word[i]) return false;
    return true;
}

// `a-b` with pips 0 to 6.
bool is_tile(const char* b) {
    return is_pip(b[0]) && b[1] == dgn::kTileJoin && is_pip(b[2]);
}

constexpr std::array<ast::EndLetter, 256> kEndLetter = [] {
    std::array<ast::EndLetter, 256> t{};  // EndLetter::none
    for (const auto& [text, letter] : dgn::kEndLetters)
        t[static_cast<unsigned char>(text[0])] = letter;
    return t;
}();

// L R N E S W, or none.
ast::EndLetter end_letter_of(char c) {
    return kEndLetter[static_cast<unsigned char>(c)];
}

// A whole word that is a tile.
bool tile_word(const char* b, const char* e, grammar::TileAttr& t) {
    if (e - b == 3 && is_tile(b)) {
        t.a = b[0];
        t.b = b[2];
        return true;
    }
    return x3::parse(b, e, tokens::tile_word(), t);
}

// A seat label at the start of a word; q moves past it.
bool seat_label(const char*& q, const char* e, char& seat) {
    if (q == e || !is_seat(*q)) return false;  // a label begins with its seat
    if (e - q >= 2 && q[1] == dgn::kSeatLabel) {
        seat = q[0];
        q += 2;
        return true;
    }
    return x3::parse(q, e, tokens::seat_label(), seat);
}

bool seat_word(const char* b, const char* e, char& seat) {
    if (e - b == 1 && is_seat(*b)) {
        seat = *b;
        return true;
    }
    return x3::parse(b, e, tokens::seat_word(), seat);
}

// The seat or side word [b, e), when it is one.
bool who_at(const char* b, const char* e, ast::Who& who) {
#pragma GCC unroll 8
    for (const auto& [text, w] : dgn::kWhos) {
        if (same(b, e, text)) {
            who = w;
            return true;
        }
    }
    return false;
}

bool who_word(const char* b, const char* e, ast::Who& who) {
    return who_at(b, e, who) || x3::parse(b, e, tokens::who(), who);
}

// 1 to 9 digits, and nothing else.
bool digits(const char* b, const char* e, int& n) {
    if (e - b < 1 || e - b > 9 || !std::all_of(b, e, is_digit)) return false;
    n = 0;
    for (const char* p = b; p < e; ++p) n = n * 10 + (*p - '0');
    return true;
}

bool number_word(const char* b, const char* e, int& n) {
    return digits(b, e, n) || x3::parse(b, e, tokens::number_word(), n);
}

// The spelling of a table that the word [b, e) is, when it is one.
template <class T, std::size_t N>
bool spelled(const dgn::Spelling<T> (&table)[N], const char* b, const char* e, T& value) {
#pragma GCC unroll 8
    for (const auto& [text, v] : table) {
        if (same(b, e, text)) {
            value = v;
            return true;
        }
    }
    return false;
}

// Every keyword is lower case: a word that does not begin with a lower-case
// letter is none.
constexpr bool lower_case_keywords() {
    for (const auto& k : dgn::kLineKeywords)
        if (k.text[0] < 'a' || k.text[0] > 'z') return false;
    for (const auto& k : dgn::kActionKeywords)
        if (k.text[0] < 'a' || k.text[0] > 'z') return false;
    return true;
}
static_assert(lower_case_keywords());

bool line_keyword(const char* b, const char* e, LineKw& kw) {
    if (b == e || *b < 'a' || *b > 'z') return false;  // every keyword is lower case
    return spelled(dgn::kLineKeywords, b, e, kw) || x3::parse(b, e, tokens::line_keyword(), kw);
}

bool action_keyword(const char* b, const char* e, ActionKw& kw) {
    if (b == e || *b < 'a' || *b > 'z') return false;  // every keyword is lower case
    return spelled(dgn::kActionKeywords, b, e, kw) || x3::parse(b, e, tokens::action_keyword(), kw);
}

// `+N`, N of 1 to 9 digits.
bool claim_word(const char* b, const char* e, int& n) {
    return (b != e && *b == dgn::kClaim && digits(b + 1, e, n)) ||
           x3::parse(b, e, tokens::claim_word(), n);
}

bool end_kind(const char* b, const char* e, ast::EndLine::Kind& kind) {
    return spelled(dgn::kEndKinds, b, e, kind) || x3::parse(b, e, tokens::end_kind(), kind);
}

// A play (a tile, its end letter, an attached `+N`) at the start of a word; q
// moves past it.
bool play_prefix(const char*& q, const char* e, grammar::PlayAttr& play) {
    const auto n = e - q;
    if ((n == 3 || n == 4) && is_tile(q)) {
        const auto end = n == 4 ? end_letter_of(q[3]) : ast::EndLetter::none;
        if (n == 3 || end != ast::EndLetter::none) {
            play.tile = {q[0], q[2]};
            if (end != ast::EndLetter::none) play.end = end;
            q = e;
            return true;
        }
    }
    return x3::parse(q, e, tokens::play(), play);
}

// ---------------------------------------------------------------------------
// The record parser.

// An empty list, for a node made with every field given: the list is made in
// its place (no temporary to move from and destroy).
struct NoList {
    template <class T>
    operator std::vector<T>() const {
        return {};
    }
};

// Adds a T made from all its fields, in their order: built in place where
// the compiler has C++20's parenthesized aggregate initialization (g++), a
// braced one moved in otherwise (clang 14, which builds the fuzz targets).
template <class T, class... A>
T& emplace_fields(std::vector<T>& v, A&&... a) {
#if defined(__cpp_aggregate_paren_init)
    return v.emplace_back(std::forward<A>(a)...);
#else
    return v.emplace_back(T{std::forward<A>(a)...});
#endif
}

struct Word {
    const char* b;
    const char* e;
};

// Parses [begin, end), the text of a std::string: *end (its terminating NUL)
// may be read.
class RecordParser {
public:
    RecordParser(ast::Record& rec, const char* begin, const char* end, Spare* spare)
        : rec_(rec),
          begin_(begin),
          p_(begin),
          end_(end),
          map_(begin, end, rec.first_line),
          spare_(spare) {}

    void run();

private:
    enum class Phase : std::uint8_t { tags, setup, plies, post };

    // lexing
    void skip_space(bool cross_lines) {
        // Nearly always: at a word, or one blank or line feed before a word,
        // or at the end of the line.
        if (p_ < end_) {
            const char c = *p_;
            if (!kWordStop[static_cast<unsigned char>(c)]) return;
            // p_[1] may be *end_, the string's NUL: no word stop, as the end
            // is none for skip_space_slow.
            if (!kWordStop[static_cast<unsigned char>(p_[1])]) {
                if (is_blank(c)) {
                    ++p_;
                    return;
                }
                if (c == '\n' && cross_lines) {
                    ++p_;
                    line_start_ = true;
                    return;
                }
            }
            if (c == '\n' && !cross_lines) return;
        }
        skip_space_slow(cross_lines);
    }
    void skip_space_slow(bool cross_lines);
    void brace_comment();
    Word read_word() { return take_word(word_end(p_, end_)); }
    // The word [p_, e), its end found.
    Word take_word(const char* e) {
        const char* b = p_;
        p_ = last_end_ = e;
        line_start_ = false;
        if (!first_token_) [[unlikely]]
            first_token_ = pos(b);
        return {b, e};
    }
    std::optional<Word> next_word_in_line() {
        skip_space(false);
        if (p_ == end_ || *p_ == '\n') return std::nullopt;
        return read_word();
    }
    void skip_line();
    void expect_end_of_line();
    const char* physical_line_end(const char* p) const;

    // items
    void tag_line();
    void keyword_line(LineKw kw, Word w);
    void hand_line(Word w);
    bool line_seat(ast::SeatNo& seat, ast::Pos& at);
    void seat_tiles_line(LineKw kw, Word w);
    void stock_line(Word w);
    void redeal_line(Word w);
    void end_line(Word w);
    void claim_line(LineKw kw, Word w);
    bool fast_plies();
    void ply_word(Word w);
    void add_hand(ast::Pos pos, ast::Pos number_pos, std::optional<int> number);
    [[gnu::always_inline]] void put_ply(ast::Pos pos, std::optional<ast::SeatNo> seat,
                                        ast::Ply::Kind kind, ast::Pos action, bool knock,
                                        ast::TileTok tile, ast::EndLetter end,
                                        std::optional<int> claim, ast::Pos claim_pos);

    // Whole common lines, read from their first byte (fast_line)
    bool fast_line();
    bool keyword_at(const char* b, LineKw& kw) const;
    [[gnu::noinline]] bool ply_line(const char* b);
    [[gnu::noinline]] const char* ply_word_fast(const char* b, const char* lb, std::uint32_t line);
    bool deal_line(const char* b);
    bool stock_line_fast(const char* b);
    bool hand_line_fast(const char* b);
    bool end_line_fast(const char* b);
    [[gnu::noinline]] bool claim_line_fast(const char* b, LineKw kw);
    const char* fast_tiles(const char* q, const char* b, std::uint32_t line, const char*& last,
                           std::vector<ast::TileTok>& out);
    void trim_deals() {
        if (!rec_.hands.empty() && hand().deals.size() > deals_) hand().deals.resize(deals_);
    }
    bool line_end(const char* q, const char*& lf) const;
    [[gnu::always_inline]] bool begins(const char* q, std::string_view word) const {
        return static_cast<std::size_t>(end_ - q) >= word.size() && at_word(q, word);
    }
    void finish_line(const char* b, const char* lf, std::uint32_t line, const char* last);
    void read_tiles(std::vector<ast::TileTok>& out);
    void start_ply(const char* at);
    void finish_ply();
    void drop_ply();
    void close_plies(const char* at, std::optional<Word> found);  // nullopt: end of input
    void attach(ast::Comment c);

    // errors
    void error(const char* at, std::string message);
    std::string found(Word w) const { return show(w.b, w.e); }
    std::string tile_expected(Word w) const;
    ast::Hand& hand() { return rec_.hands.back(); }
    [[gnu::always_inline]] ast::Pos pos(const char* p) { return map_.at(p); }

    // An empty vector, from the spare storage when there is some.
    template <class T>
    std::vector<T> take(std::vector<std::vector<T>> Spare::*pool) {
        if (!spare_ || (spare_->*pool).empty()) return {};
        std::vector<T> v = std::move((spare_->*pool).back());
        (spare_->*pool).pop_back();
        return v;
    }

    ast::Record& rec_;
    const char* begin_;  // of the text (after a BOM)
    const char* p_;
    const char* end_;
    PosMapper map_;
    Spare* spare_;  // or null

    bool line_start_ = true;          // the next token is the first on its line
    const char* last_end_ = nullptr;  // just after the last word read
    bool stopped_ = false;            // error limit reached, or an unclosed `{`
    std::optional<ast::Pos> first_token_;

    Phase phase_ = Phase::tags;
    std::optional<int> prev_number_;  // of the previous hand, when well-formed
    int redeals_ = 0;

    // Lists being read, their capacity kept from line to line (one allocation
    // per list in the tree).
    std::vector<ast::TileTok> tiles_;
    std::vector<ast::ClaimItem> items_;
    // The deals of the hand are hand().deals[0, deals_). Past them are deals
    // of a record parsed before (from the spare storage, where deal lists are
    // kept whole): a deal takes the place of the first of them, overwritten
    // in place with its list of tiles, and those left are dropped when the
    // hand ends (trim_deals). Hands of a variant have as many deals each.
    std::size_t deals_ = 0;
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
            if (rec_.tags.empty() && rec_.hands.empty()) {
                const char* e = stop;
                if (e > p_ + 1 && e[-1] == '\r') --e;
                rec_.leading_comments.emplace_back(p_ + 1, e);
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
        if (initial && fast_line()) continue;
        if (fast_plies()) continue;
        const Word w = read_word();
        LineKw kw{};
        const char* q = w.b;
        if (initial && line_keyword(q, w.e, kw)) {
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
        error(w.b, "expected " + first_lines() + ", found " + found(w));
        skip_line();
        return;
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
        if (!number_word(q, nw->e, n)) {
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
    add_hand(at, number_pos, number);
    if (nw) expect_end_of_line();
}

// A new hand, its number well-formed or not.
void RecordParser::add_hand(ast::Pos pos, ast::Pos number_pos, std::optional<int> number) {
    trim_deals();
    deals_ = 0;
    prev_number_ = number;
    std::vector<ast::SeatTiles> deals = take(&Spare::seat_tiles);
    std::vector<ast::Ply> plies = take(&Spare::plies);
    if (!rec_.hands.empty()) {  // room for as many as the hand before had
        deals.reserve(hand().deals.size());
        plies.reserve(hand().plies.size());
    }
    // Every field, in the order of ast::Hand's: nothing is zeroed first.
    emplace_fields(rec_.hands, number.value_or(0), pos, number_pos, std::move(deals), NoList{},
                   NoList{}, std::move(plies), NoList{}, std::nullopt, std::nullopt, std::nullopt,
                   NoList{});
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
        if (const char* b = p_; tile_at(b)) {
            for (;;) {
                tiles_.push_back({static_cast<std::uint8_t>(b[0] - '0'),
                                  static_cast<std::uint8_t>(b[2] - '0'), pos(b)});
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
        grammar::TileAttr t;
        const char* q = w.b;
        if (!tile_word(q, w.e, t)) {
            error(w.b, "expected " + tile_expected(w) + ", found " + found(w));
            continue;  // the next word is another tile
        }
        tiles_.push_back(
            {static_cast<std::uint8_t>(t.a - '0'), static_cast<std::uint8_t>(t.b - '0'), pos(w.b)});
    }
    if (!tiles_.empty()) {
        out = take(&Spare::tiles);
        out.assign(tiles_.begin(), tiles_.end());
    }
}

ast::SeatNo seat_of(char c) {
    return static_cast<ast::SeatNo>(c - dgn::kFirstSeat);
}

// The seat after `deal`, `remain` or `redeal`; on a bad one the error is
// reported, the line skipped and false returned.
bool RecordParser::line_seat(ast::SeatNo& seat, ast::Pos& at) {
    const auto sw = next_word_in_line();
    char c = 0;
    const char* q = sw ? sw->b : nullptr;
    if (!sw || !seat_word(q, sw->e, c)) {
        error(sw ? sw->b : last_end_, expect(tokens::seat_word()) + ", found " +
                                          (sw ? found(*sw) : std::string("end of line")));
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
    if (!kw || !end_kind(q, kw->e, e.kind)) {
        error(kw ? kw->b : last_end_, expect(tokens::end_kind()) + ", found " +
                                          (kw ? found(*kw) : std::string("end of line")));
        skip_line();
        return;
    }
    if (const auto ww = next_word_in_line()) {
        ast::Who who{};
        q = ww->b;
        if (!who_word(q, ww->e, who)) {
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
    items_.clear();
    for (;;) {
        const auto ww = next_word_in_line();
        if (!ww) {
            if (items_.empty()) error(last_end_, expect(tokens::who()) + ", found end of line");
            break;
        }
        ast::ClaimItem item;
        const char* q = ww->b;
        if (!who_word(q, ww->e, item.who)) {
            error(ww->b, expect(tokens::who()) +
                             (items_.empty() ? std::string() : " or end of line") + ", found " +
                             found(*ww));
            skip_line();
            break;
        }
        item.pos = pos(ww->b);
        const auto nw = next_word_in_line();
        q = nw ? nw->b : nullptr;
        if (!nw || !number_word(q, nw->e, item.value)) {
            error(nw ? nw->b : last_end_, expect(tokens::number_word()) + ", found " +
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
void RecordParser::close_plies(const char* at, std::optional<Word> found) {
    if (!ply_) return;
    const std::string what = found ? show(found->b, found->e) : std::string("end of input");
    if (want_foul_tile_) {
        error(at, "expected a tile after '" + std::string(spelling(ActionKw::foul)) + "', found " +
                      what);
    } else {
        error(at, "expected " + std::string(kPlyItems) + " to end the ply, found " + what);
    }
    drop_ply();
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
                play ? ast::TileTok{static_cast<std::uint8_t>(a[0] - '0'),
                                    static_cast<std::uint8_t>(a[2] - '0'), action}
                     : ast::TileTok{},
                end, std::nullopt, {});
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

void RecordParser::ply_word(Word w) {
    if (rec_.hands.empty()) {
        error(w.b, "expected " + first_lines() + ", found " + found(w));
        skip_line();
        return;
    }
    if (phase_ == Phase::post) {
        error(w.b, "expected " + later_lines(false) + ", found " + found(w) +
                       " (plies come before them)");
        skip_line();
        return;
    }
    phase_ = Phase::plies;
    const char* p = w.b;

    // A separate `+N` after a play.
    if (*p == dgn::kClaim && !ply_) {
        const bool after_play = claim_ok_;
        claim_ok_ = false;
        int n = 0;
        const char* q = p;
        if (!after_play) {
            error(p, "expected " + std::string(kPlyItems) + ", found " + found(w) + " (a '" +
                         dgn::kClaim + "N' claim follows a play that has none)");
        } else if (!claim_word(q, w.e, n)) {
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
    if (seat_label(q, w.e, seat)) {
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
        grammar::TileAttr t;
        if (tile_word(q, w.e, t)) {
            ast::PreAction a;
            a.kind = ast::PreAction::Kind::foul;
            a.pos = foul_pos_;
            a.tile = {static_cast<std::uint8_t>(t.a - '0'), static_cast<std::uint8_t>(t.b - '0'),
                      pos(p)};
            ply_->pre.push_back(a);
            want_foul_tile_ = false;
            return;
        }
        error(p, "expected " + tile_expected(w) + " after '" +
                     std::string(spelling(ActionKw::foul)) + "', found " + found(w));
        drop_ply();
        return;
    }

    // The action: a keyword or a play.
    ActionKw kw{};
    q = p;
    if (action_keyword(q, w.e, kw)) {
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
    if (play_prefix(q, w.e, play)) {
        if (q != w.e) {
            error(q, end_letter_expected() + show(q, w.e));
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
    if (line_keyword(q, w.e, line_kw))
        message += " (" + std::string(p, w.e) + " lines start on a new line)";
    error(p, std::move(message));
    drop_ply();
}

// ---------------------------------------------------------------------------
// Whole lines. The common well-formed lines (a line of plies, deal, stock,
// hand, end, points and score lines) are read here from their first byte when
// it begins a line, and added as the general path above would add them: the
// same nodes, positions and state. A column is an offset (every byte they
// take is ASCII), and the mapper is told of the line once it is taken. Any
// other line, or one with anything unusual (a comment, a bad word, a line out
// of order, anything that would be an error), is left as it was to the
// general path. Words are read up to the string's NUL at end_, which matches
// nothing.

// A blank or the end of a line at q: what may follow a word of a fast line.
bool blank_or_end(const char* q, const char* end) {
    const char c = *q;
    return is_blank(c) || c == '\n' || q == end || (c == '\r' && (q + 1 == end || q[1] == '\n'));
}

// 1 to 9 digits at q, not followed by another: the end of the number, or
// nullptr.
[[gnu::always_inline]] inline const char* number_at(const char* q, int& n) {
    const char* d = q;
    n = 0;
    while (d - q < 9 && is_digit(*d)) n = n * 10 + (*d++ - '0');
    return d == q || is_digit(*d) ? nullptr : d;
}

// A seat or side at w and a blank after it: its end, or nullptr. (Read up to
// the NUL that ends the text, which matches nothing.)
[[gnu::always_inline]] inline const char* who_then_blank(const char* w, ast::Who& who) {
#pragma GCC unroll 8
    for (const auto& [text, value] : dgn::kWhos) {
        if (at_word(w, text) && is_blank(w[text.size()])) {
            who = value;
            return w + text.size();
        }
    }
    return nullptr;
}

// The end of the word at q (up to a blank, a line end or a comment).
const char* word_at(const char* q, const char* end) {
    while (q < end && !kWordStop[static_cast<unsigned char>(*q)]) ++q;
    return q;
}

// What a line's first byte may begin, for fast_line: a ply (a seat label, a
// tile, `+N`, `pass`, `knock`) or else a line keyword. A byte that begins
// both (`pass`, `points`) is a keyword's when the keyword is there.
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

bool RecordParser::fast_line() {
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
    const char* const lb = b;
    const std::uint32_t line = map_.line_of_start(lb);
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
            bool knock = false;
            if (play) {
                e = a + 3;
                end = end_letter_of(*e);
                if (end != ast::EndLetter::none) ++e;
            } else if (at_word(a, kPass)) {
                e = a + kPass.size();
            } else if (at_word(a, kKnock)) {
                e = a + kKnock.size();
                knock = true;
            }
            if (e && (*e == ' ' || *e == '\n')) {
                const auto column = static_cast<std::uint32_t>(b - lb) + 1;
                const ast::Pos pos{line, column};
                const ast::Pos action{line, column + 2};
                // Every field, in the order of ast::Ply's: nothing is zeroed
                // first. (Written out here, not with put_ply, so that it is
                // compiled in place.)
                emplace_fields(hand().plies, pos, seat_of(b[0]), pos, NoList{},
                               play ? ast::Ply::Kind::play : ast::Ply::Kind::pass, action, knock,
                               play ? ast::TileTok{static_cast<std::uint8_t>(a[0] - '0'),
                                                   static_cast<std::uint8_t>(a[2] - '0'), action}
                                    : ast::TileTok{},
                               end, std::nullopt, ast::Pos{}, NoList{});
                claim_ok_ = play;  // a separate `+N` may follow a play
                last = e;
                if (*e == ' ' && kWordStart[static_cast<unsigned char>(e[1])]) {
                    b = e + 1;
                    continue;
                }
                if (*e == '\n') break;
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
        if (end != ast::EndLetter::none) ++e;
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
    emplace_fields(hand().plies, pos, seat, seat ? pos : ast::Pos{}, NoList{}, kind, action, knock,
                   tile, end, claim, claim_pos, NoList{});
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
bool RecordParser::deal_line(const char* b) {
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
bool RecordParser::stock_line_fast(const char* b) {
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
bool RecordParser::hand_line_fast(const char* b) {
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
bool RecordParser::end_line_fast(const char* b) {
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
// them.
bool RecordParser::claim_line_fast(const char* b, LineKw kw) {
    const std::size_t size = spelling(kw).size();
    if (!begins(b, spelling(kw)) || !is_blank(b[size]) || rec_.hands.empty() ||
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

// The word `hand` at p, on a line that ends at e.
bool hand_word_at(const char* p, const char* e) {
    constexpr std::string_view hand = spelling(LineKw::hand);
    return static_cast<std::size_t>(e - p) >= hand.size() &&
           std::memcmp(p, hand.data(), hand.size()) == 0 &&
           (p + hand.size() == e || ends_word(p + hand.size(), e));
}

// The rest of a line after a word: a `{` outside comments before any `;`
// opens a brace comment; in_brace is set when one is left open.
void skip_to_open_brace(const char* p, const char* e, bool& in_brace) {
    const auto first_semi = [e](const char* from) {
        const auto* q = static_cast<const char*>(std::memchr(from, dgn::kLineComment, e - from));
        return q ? q : e;
    };
    const char* semi = first_semi(p);
    for (;;) {
        const auto* open = static_cast<const char*>(std::memchr(p, dgn::kCommentOpen, semi - p));
        if (!open) return;
        const auto* close =
            static_cast<const char*>(std::memchr(open + 1, dgn::kCommentClose, e - open - 1));
        if (!close) {
            in_brace = true;
            return;
        }
        p = close + 1;
        if (semi < p) semi = first_semi(p);  // that `;` was inside the comment
    }
}

// What a physical line (without its LF) is for the splitter: a tag line or a
// hand line when its first token (outside comments; the line must not begin
// inside a brace comment) is `[` or the word `hand`; blank when it has no
// token and no part of a brace comment left open on another line. Updates
// `in_brace` for a `{` left open at the end of the line.
LineKind classify_line(std::string_view line, bool& in_brace, bool has_brace = true) {
    // Words end as the parser ends them (ends_word against the real end: a CR
    // that ends the line ends a word; any other CR is part of one). A tag pair
    // is scanned up to the CR, as the parser does.
    const char* p = line.data();
    const char* e = p + line.size();
    const char* tag_end = e > p && e[-1] == '\r' ? e - 1 : e;
    bool first = true;
    LineKind kind = LineKind::blank;
    if (in_brace) {
        const auto* close = static_cast<const char*>(std::memchr(p, dgn::kCommentClose, e - p));
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
        if (c == dgn::kLineComment || (c == '\r' && p + 1 == e)) break;
        if (c == dgn::kCommentOpen) {
            const auto* close =
                static_cast<const char*>(std::memchr(p + 1, dgn::kCommentClose, e - p - 1));
            if (!close) {
                in_brace = true;
                if (kind == LineKind::blank) kind = LineKind::other;
                break;
            }
            p = close + 1;
            continue;
        }
        if (c == dgn::kTagOpen && (first || tag_next)) {
            kind = first ? LineKind::tag : kind;
            first = false;
            const TagScan t = scan_tag(p, tag_end);
            if (!t.ok) break;  // the parser skips the rest of the line too
            p = t.next;
            tag_next = true;
            continue;
        }
        // A word. Only the first one counts, and after any word no tag pair
        // can follow: from here on only comments matter (for in_brace).
        if (first) kind = hand_word_at(p, e) ? LineKind::hand : LineKind::other;
        if (has_brace) skip_to_open_brace(p, e, in_brace);
        break;
    }
    return kind;
}

// Parses `text` into rec, a record just made.
void parse_text(ast::Record& rec, std::string&& text, std::uint32_t first_line, Spare* spare) {
    rec.source = std::move(text);
    rec.first_line = first_line;
    if (spare) rec.hands = std::move(spare->hands);
    const char* b = rec.source.data();
    RecordParser(rec, b, b + rec.source.size(), spare).run();
}

// Keeps a vector for reuse, emptied unless `whole`, unless it holds nothing
// or too much.
template <class T>
void keep(std::vector<std::vector<T>>& pool, std::vector<T>&& v, bool whole = false) {
    constexpr std::size_t kMaxVectors = 1024;
    constexpr std::size_t kMaxBytes = 16 * 1024;
    if (v.capacity() == 0 || v.capacity() * sizeof(T) > kMaxBytes || pool.size() >= kMaxVectors)
        return;
    pool.push_back(std::move(v));
    // After the move: a vector is slow to read just after a write.
    if (!whole) pool.back().clear();
}

// Takes the storage of a record that is done with into `spare`.
void recycle(ast::Record& rec, Spare& spare) {
    for (auto& h : rec.hands) {
        keep(spare.seat_tiles, std::move(h.deals), true);  // overwritten in place (deals_)
        for (auto& st : h.remains) keep(spare.tiles, std::move(st.tiles));
        keep(spare.seat_tiles, std::move(h.remains));
        for (auto& st : h.stocks) keep(spare.tiles, std::move(st.tiles));
        keep(spare.plies, std::move(h.plies));
        for (auto* claims : {&h.points, &h.score})
            if (*claims) keep(spare.items, std::move((*claims)->items));
    }
    if (rec.hands.capacity() * sizeof(ast::Hand) <= 1024 * 1024) {
        rec.hands.clear();
        spare.hands = std::move(rec.hands);
    }
}

// The splitter's view of a line with no `{` that does not begin inside a
// brace comment: the same as classify_line's.
LineKind quick_kind(const char* p, const char* e) {
    while (p < e && is_blank(*p)) ++p;
    if (p == e) return LineKind::blank;
    switch (*p) {
        case ';':
            return LineKind::blank;
        case '\r':
            return p + 1 == e ? LineKind::blank : LineKind::other;
        case '[':
            return LineKind::tag;
        case spelling(LineKw::hand)[0]:
            return hand_word_at(p, e) ? LineKind::hand : LineKind::other;
        default:
            return LineKind::other;
    }
}

// Bytes that may begin a line quick_kind has to look at more closely (and
// the first byte of a BOM): any other first byte makes the line `other`.
constexpr std::array<bool, 256> kLineLook = [] {
    std::array<bool, 256> t{};
    for (const char c : {' ', '\t', '\r', '\n', dgn::kLineComment, dgn::kTagOpen,
                         spelling(LineKw::hand)[0], '\xEF'})
        t[static_cast<unsigned char>(c)] = true;
    return t;
}();

// Readable bytes kept after the text in RecordReader's buffer, for blocks.
constexpr std::size_t kPad = 64;

// The line feeds of 64 bytes from p, as a bit mask.
std::uint64_t line_feeds(const char* p) {
    std::uint64_t lf = 0;
#if defined(__SSE2__)
    const __m128i nl = _mm_set1_epi8('\n');
    for (unsigned i = 0; i < 64; i += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
        lf |= std::uint64_t{static_cast<std::uint16_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, nl)))}
              << i;
    }
#else
    for (unsigned i = 0; i < 64; ++i) lf |= std::uint64_t{p[i] == '\n'} << i;
#endif
    return lf;
}

}  // namespace

ast::Record parse_record(std::string_view text, std::uint32_t first_line) {
    ast::Record rec;
    parse_text(rec, std::string(text), first_line, nullptr);
    return rec;
}

void parse_into(ast::Record& out, std::string&& text, std::uint32_t first_line, Spare& spare) {
    std::string old = std::move(out.source);
    recycle(out, spare);
    out = ast::Record{};
    parse_text(out, std::move(text), first_line, &spare);
    old.clear();
    text = std::move(old);
}

RecordReader::RecordReader(std::istream& in) : in_(in) {}

// Appends what the stream has ready: at least one byte, waiting for it as
// getline would (so that records still stream out of a pipe). False at the
// end of the input (or on a read error, which sets the stream's badbit).
// kPad bytes after the text are kept readable.
//
// What is ready is what the stream has buffered, or else what its source
// says it holds (a file: the rest of it, which a file stream then reads
// straight into buf_ when it is more than it buffers itself). Reads are of at
// most 256 KiB: a buffer of that size is reused from the heap where a bigger
// one would be mapped afresh for every reader.
bool RecordReader::read_more() {
    using traits = std::istream::traits_type;
    if (eof_) return false;
    std::streamsize avail = in_.rdbuf()->in_avail();
    if (avail <= 0) {  // nothing known to be ready: wait for a byte
        if (traits::eq_int_type(in_.peek(), traits::eof())) {
            eof_ = true;
            return false;
        }
        avail = in_.rdbuf()->in_avail();
    }
    if (start_ > 0) {  // drop the records handed out
        std::memmove(buf_.get(), buf_.get() + start_, size_ - start_);
        size_ -= start_;
        start_ = 0;
    }
    constexpr std::streamsize kChunk = std::streamsize{1} << 18;
    std::streamsize n = std::min(avail, kChunk);
    const std::size_t need =
        size_ + static_cast<std::size_t>(std::max<std::streamsize>(n, 1)) + kPad;
    if (need > cap_) {  // grow, without clearing the new bytes
        const std::size_t cap = std::max({need, 2 * cap_, std::size_t{1} << 16});
        std::unique_ptr<char[]> bigger(new char[cap]);
        if (size_ > 0) std::memcpy(bigger.get(), buf_.get(), size_);
        buf_ = std::move(bigger);
        cap_ = cap;
    }
    if (n > 0) {
        n = in_.readsome(buf_.get() + size_, n);
        size_ += static_cast<std::size_t>(std::max<std::streamsize>(n, 0));
    }
    if (n <= 0) {  // a stream that tells nothing of what it holds: one byte
        const auto c = in_.get();
        if (traits::eq_int_type(c, traits::eof())) {
            eof_ = true;
            return false;
        }
        buf_[size_++] = traits::to_char_type(c);
    }
    std::memset(buf_.get() + size_, 0, kPad);
    return true;
}

// A record ends where a tag line follows a hand. The blank and comment-only
// lines just before that tag line go with the next record (they are its
// heading: `; comment` lines become its leading_comments); at the end of the
// input they stay with the last record. Lines are found and classified in
// place in buf_, each looked at once: line feeds are found 64 bytes at a
// time, `{` a window at a time, and a line with no `{` that does not begin
// inside a brace comment is classified by its first word (nearly always by
// its first byte). The record's text is copied once, into `text`.
bool RecordReader::next_text(std::string& text, std::uint32_t& first_line) {
    constexpr std::size_t npos = std::string::npos;
    // Offsets from start_ (read_more moves the text to the front of buf_).
    const std::size_t from = scan_ - start_;
    std::size_t line = from;    // the line to look at next
    std::size_t search = from;  // where its line feed may be
    std::size_t held = npos;    // blank lines after a hand, not yet placed
    std::uint32_t held_line = 0;
    std::size_t end = npos;          // where the record ends, when a tag line follows a hand
    std::uint32_t lines = line_no_;  // lines consumed
    const std::uint32_t record_line = start_line_;
    bool in_brace = in_brace_;
    bool seen_hand = false;
    // No `{` in [line, brace); at brace a `{`, or brace == brace_end, the end
    // of what was searched. Searched a window at a time.
    std::size_t brace = from;
    std::size_t brace_end = from;
    // The line [line, next_line) of the text at base, `{` in it or not; true
    // when the record ends before it.
    const auto look = [&](const char* base, std::size_t next_line, bool has_brace) {
        ++lines;
        const bool began_in_brace = in_brace;
        const char* b = base + line;
        const char* e = base + next_line;
        if (e > b && e[-1] == '\n') --e;
        LineKind kind = LineKind::other;
        if (!in_brace && !has_brace && lines != 1) {
            kind = quick_kind(b, e);
        } else {
            std::string_view content(b, static_cast<std::size_t>(e - b));
            if (lines == 1 && content.starts_with("\xEF\xBB\xBF")) content.remove_prefix(3);  // BOM
            bool open = in_brace;
            kind = classify_line(content, open, has_brace);
            in_brace = open;
        }
        const std::size_t this_line = line;
        line = next_line;
        if (kind == LineKind::tag && seen_hand) {
            // The held lines and this tag line begin the next record.
            end = held != npos ? held : this_line;
            start_line_ = held != npos ? held_line : lines;
            return true;
        }
        if (seen_hand && kind == LineKind::blank && !began_in_brace && !in_brace) {
            if (held == npos) {
                held = this_line;
                held_line = lines;
            }
            return false;
        }
        held = npos;  // they go with this record
        if (kind == LineKind::hand) seen_hand = true;
        return false;
    };
    for (bool done = false; !done;) {
        const char* base = buf_.get() + start_;
        const std::size_t size = size_ - start_;
        // Whether the line [line, next_line) holds a `{`.
        const auto has_brace = [&](std::size_t next_line) {
            if (next_line <= brace) return false;  // the usual answer
            if (brace < line || (brace == brace_end && brace_end < next_line)) {
                constexpr std::size_t kWindow = 4096;
                brace_end = std::min(size, std::max(next_line, line + kWindow));
                const auto* open = static_cast<const char*>(
                    std::memchr(base + line, dgn::kCommentOpen, brace_end - line));
                brace = open ? static_cast<std::size_t>(open - base) : brace_end;
            }
            return brace < next_line;
        };
        while (search < size && !done) {
            std::uint64_t lf = line_feeds(base + search);  // kPad readable bytes after size
            const std::size_t n = std::min<std::size_t>(64, size - search);
            if (n < 64) lf &= (std::uint64_t{1} << n) - 1;
            for (; lf != 0; lf &= lf - 1) {
                const std::size_t next_line =
                    search + static_cast<unsigned>(__builtin_ctzll(lf)) + 1;
                const bool braced = has_brace(next_line);
                if (!in_brace && !braced && !kLineLook[static_cast<unsigned char>(base[line])]) {
                    ++lines;  // an `other` line, the most common kind
                    held = npos;
                    line = next_line;
                    continue;
                }
                if (look(base, next_line, braced)) {
                    done = true;
                    break;
                }
            }
            search += n;
        }
        if (done || read_more()) continue;
        if (line < size) {  // the last line, with no line feed
            base = buf_.get() + start_;
            look(base, size, has_brace(size));
        }
        break;
    }
    bytes_ += line - from;
    line_no_ = lines;
    if (end == npos) {  // the end of the input: everything goes with this record
        end = line;
        in_brace = false;
        start_line_ = lines + 1;
    }
    scan_ = start_ + line;
    in_brace_ = in_brace;
    if (end == 0) return false;
    text.assign(buf_.get() + start_, end);
    start_ += end;
    first_line = record_line;
    return true;
}

bool RecordReader::next(ast::Record& out) {
    std::string text = std::move(out.source);  // reuse its buffer
    std::uint32_t first_line = 1;
    if (!next_text(text, first_line)) {
        out.source = std::move(text);
        return false;
    }
    parse_into(out, std::move(text), first_line, spare_);
    return true;
}

}  // namespace pips::parser
