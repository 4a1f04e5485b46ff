// The record parser: one record's text to an ast::Record. Its work is
// shared out by concern: lines.cpp (the driver and the general way through
// tag and keyword lines), plies.cpp (plies, word by word), fast_lines.cpp
// (whole common lines from their first byte), recovery.cpp (what an error
// says and where the parse goes on). Internal to the parser.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "parser/ast.hpp"
#include "parser/lex.hpp"
#include "parser/messages.hpp"
#include "parser/parser.hpp"
#include "parser/positions.hpp"

namespace pips::parser::detail {

inline constexpr std::size_t kMaxErrors = 1000;  // per record

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
    // fast: read the common lines and words in plain C++ (fast_line,
    // fast_plies, words.hpp); else send every word to its X3 rule.
    RecordParser(ast::Record& rec, const char* begin, const char* end, Spare* spare, bool fast)
        : rec_(rec),
          begin_(begin),
          p_(begin),
          end_(end),
          map_(begin, end, rec.first_line),
          spare_(spare),
          fast_(fast) {}

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
    bool first_on_line(const char* b) const;
    bool ply_like(Word w) const;
    void separate_claim(Word w);
    void foul_tile(Word w, const char* p);
    bool action_word(Word w, const char* p);
    bool play_word(Word w, const char* p);
    void bad_ply_word(Word w, const char* p);
    void add_hand(ast::Pos pos, ast::Pos number_pos, std::optional<int> number);
    [[gnu::always_inline]] void put_ply(ast::Pos pos, std::optional<ast::SeatNo> seat,
                                        ast::Ply::Kind kind, ast::Pos action, bool knock,
                                        ast::TileTok tile, ast::EndLetter end,
                                        std::optional<int> claim, ast::Pos claim_pos);

    // Whole common lines, read from their first byte (fast_line)
    // (always_inline: called in one place, in fast_lines.cpp, as when they
    // were one unit's own.)
    [[gnu::always_inline]] bool fast_line();
    bool keyword_at(const char* b, LineKw& kw) const;
    [[gnu::noinline]] bool ply_line(const char* b);
    [[gnu::noinline]] const char* ply_word_fast(const char* b, const char* lb, std::uint32_t line);
    [[gnu::always_inline]] bool deal_line(const char* b);
    [[gnu::always_inline]] bool stock_line_fast(const char* b);
    [[gnu::always_inline]] bool hand_line_fast(const char* b);
    [[gnu::always_inline]] bool end_line_fast(const char* b);
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
    // The same with a fix-it: `fix` in place of the word [at, e), and "; did
    // you mean 'FIX'?" after the message.
    void error(const char* at, const char* e, std::string message, const std::string& fix);
    // A near miss of a ply word or of a tile ([b, e)): the word it probably
    // was (`c:3-2L` -> `C:3-2L`, `6_5L` or `65L` -> `6-5L`), or empty.
    std::string near_ply(const char* b, const char* e) const;
    std::string near_tile(const char* b, const char* e) const;
    // A seat (`who`: a seat or side) in lower case: `a`, `ac` -> `A`, `AC`.
    std::string near_seat(const char* b, const char* e, bool who) const;
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
    bool fast_;

    bool line_start_ = true;          // the next token is the first on its line
    const char* last_end_ = nullptr;  // just after the last word read
    bool stopped_ = false;            // error limit reached, or an unclosed `{`
    std::optional<ast::Pos> first_token_;

    Phase phase_ = Phase::tags;
    std::optional<int> prev_number_;  // of the previous hand, when well-formed
    bool implicit_hand_ = false;      // the previous hand was begun without its hand line
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
    ast::PlyExtra ply_extra_;      // its draws, fouls and comments so far (empty without it)
    bool want_foul_tile_ = false;
    ast::Pos foul_pos_;
    bool claim_ok_ = false;   // a separate `+N` may attach to the last ply
    bool after_ply_ = false;  // a brace comment now follows a ply
};

}  // namespace pips::parser::detail
