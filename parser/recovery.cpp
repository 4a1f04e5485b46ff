// Syntax errors: what they say and where the parse goes on.
//
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
#include <string>
#include <utility>

#include "parser/messages.hpp"
#include "parser/record_parser.hpp"
#include "parser/words.hpp"

namespace pips::parser::detail {

namespace {

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

}  // namespace

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

// "a tag pair or a hand line"
std::string first_lines() {
    return "a tag pair or a " + std::string(spelling(LineKw::hand)) + " line";
}

// "expected an end letter (L, R, N, E, S, W) or '+N' after the tile, found "
std::string end_letter_expected() {
    std::string out = "expected an end letter (";
    dgn::list(
        dgn::kEndLetters, [&](std::string_view s) { out += s; }, ", ");
    return out + ") or '" + dgn::kClaim + "N' after the tile, found ";
}

// `6-7`, `8-1R`: the shape of a tile, with a pip out of range.
bool bad_pips(const char* b, const char* e) {
    const auto digit = [](char c) { return c >= '0' && c <= '9'; };
    return e - b >= 3 && digit(b[0]) && b[1] == dgn::kTileJoin && digit(b[2]) &&
           (b[0] > dgn::kLastPip || b[2] > dgn::kLastPip);
}

void RecordParser::error(const char* at, std::string message) {
    if (stopped_) return;
    rec_.errors.push_back({pos(at), std::move(message), {}});
    if (rec_.errors.size() >= kMaxErrors) {
        rec_.errors.push_back({rec_.errors.back().pos, "too many syntax errors, giving up", {}});
        stopped_ = true;
        p_ = end_;
    }
}

void RecordParser::error(const char* at, const char* e, std::string message,
                         const std::string& fix) {
    if (fix.empty()) return error(at, std::move(message));
    if (stopped_) return;
    message += "; did you mean '" + fix + "'?";
    std::uint32_t length = 0;
    for (const char* q = at; q < e; ++q) length += (static_cast<unsigned char>(*q) & 0xC0) != 0x80;
    error(at, std::move(message));
    auto& last = rec_.errors.back();
    if (last.pos == pos(at)) last.fix = ast::FixIt{last.pos, length, fix};
}

namespace {

bool digit(char c) {
    return c >= '0' && c <= '9';
}

// A tile written with another separator, or none: `6_5`, `6.5`, `6/5`,
// `6:5`, `6,5`, `6|5`, `65` at the start of w, mended in place; false when
// it is not one.
bool mend_tile(std::string& w, std::size_t i) {
    if (i + 1 >= w.size() || !digit(w[i])) return false;
    const auto sep = [](char c) {
        return c == '_' || c == '.' || c == '/' || c == ':' || c == ',' || c == '|';
    };
    if (i + 2 < w.size() && sep(w[i + 1]) && digit(w[i + 2])) {
        w[i + 1] = dgn::kTileJoin;
        return true;
    }
    if (digit(w[i + 1]) && (i + 2 == w.size() || !digit(w[i + 2]))) {
        w.insert(w.begin() + static_cast<std::ptrdiff_t>(i + 1), dgn::kTileJoin);
        return true;
    }
    return false;
}

}  // namespace

// Near misses are looked for in short words only: a long word is no typo.
constexpr std::ptrdiff_t kNearMissChars = 24;

std::string RecordParser::near_tile(const char* b, const char* e) const {
    if (e - b > kNearMissChars) return {};
    std::string w(b, e);
    if (!mend_tile(w, 0)) return {};
    TileWord t;
    return tile_word(w.data(), w.data() + w.size(), t, fast_) ? w : std::string();
}

std::string RecordParser::near_seat(const char* b, const char* e, bool who) const {
    if (e - b > kNearMissChars) return {};
    std::string w(b, e);
    bool lower = false;
    for (char& c : w)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A'), lower = true;
    if (!lower) return {};
    const char* q = w.data();
    const char* end = w.data() + w.size();
    ast::Who x{};
    char seat = 0;
    return (who ? who_word(q, end, x, fast_) : seat_word(q, end, seat, fast_)) ? w : std::string();
}

std::string RecordParser::near_ply(const char* b, const char* e) const {
    if (e - b > kNearMissChars) return {};
    std::string w(b, e);
    std::size_t i = 0;
    bool mended = false;
    constexpr char first = dgn::kFirstSeat - 'A' + 'a', last = dgn::kLastSeat - 'A' + 'a';
    if (w.size() >= 2 && w[0] >= first && w[0] <= last && w[1] == dgn::kSeatLabel) {
        w[0] = static_cast<char>(w[0] - first + dgn::kFirstSeat);
        i = 2, mended = true;
    }
    if (mend_tile(w, i)) mended = true;
    if (!mended) return {};
    // The mended word must read as a whole ply word: a label alone, or a
    // label and an action or a play.
    const char* q = w.data();
    const char* end = w.data() + w.size();  // *end is the string's NUL
    char seat = 0;
    if (seat_label(q, end, seat, fast_) && q == end) return w;
    ActionKw kw{};
    if (action_keyword(q, end, kw, fast_)) return w;
    PlayWord play;
    return play_prefix(q, end, play, fast_) && q == end ? w : std::string();
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

std::string RecordParser::tile_expected(Word w) const {
    return bad_pips(w.b, w.e) ? "a tile with pips 0 to 6" : "a tile";
}

void RecordParser::drop_ply() {
    ply_.reset();
    ply_extra_ = {};
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

}  // namespace pips::parser::detail
