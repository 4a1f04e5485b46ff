// DGN 1 reader: the public entry points (parser.hpp). The work is shared
// out by concern:
//   splitter.cpp      records out of a stream (RecordReader)
//   record_parser.hpp one record's text to an ast::Record:
//     lines.cpp       the driver; tag and keyword lines, the general way
//     plies.cpp       plies, word by word
//     fast_lines.cpp  whole common lines, read from their first byte
//     recovery.cpp    what a syntax error says, where the parse goes on
//   positions.*       offsets to line and column
//   words.*, lex.hpp  tokens: X3 rules (grammar*.hpp) and plain C++ shapes
//   tokens.hpp        every keyword and token spelling, once
//
// Speed, in short: the common well-formed lines (plies, deal, stock, hand,
// end, points and score lines) are read whole from their first byte, with no
// error to report, and their nodes made in place with every field given
// (fast_line); anything else in them, and every other line, goes the general
// way, where the common well-formed words (tiles, plays, seat labels,
// keywords, numbers, tag names and values with nothing to unescape) are
// recognised in plain C++ where they stand and any other word goes to its X3
// rule, which stays the grammar of record (so what is accepted and every
// message are the X3 ones). In reference mode (Mode::reference) neither
// shortcut is taken: every word goes to its X3 rule, and the result must be
// the same. Words are pointers into the record's text, never copies; a
// column is an offset on an ASCII line. The storage of the record parsed
// before is reused for the next one.
#include "parser/parser.hpp"

#include <memory>
#include <string>
#include <utility>

#include "parser/record_parser.hpp"

namespace pips::parser {
namespace {

// Parses `text` into rec, a record just made.
void parse_text(ast::Record& rec, RecordText&& text, std::uint32_t first_line, Spare* spare,
                Mode mode) {
    // A view without an owner gets a copy of its own, NUL-terminated (the
    // fast path reads a word up to a NUL or a line feed).
    if (!text.owner) text = RecordText::copy_of(text.text);
    rec.source = text.text;
    rec.source_owner = std::move(text.owner);
    rec.first_line = first_line;
    if (spare) {
        rec.hands = std::move(spare->hands);
        rec.tags = std::move(spare->tags);
        rec.leading_comments = std::move(spare->leading_comments);
    }
    const char* b = rec.source.data();
    detail::RecordParser(rec, b, b + rec.source.size(), spare, mode == Mode::fast).run();
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

// Keeps one of the record's own lists for the next record, emptied, unless
// it holds too much.
template <class T>
void keep_list(std::vector<T>& kept, std::vector<T>& v, std::size_t max_bytes) {
    if (v.capacity() * sizeof(T) > max_bytes) return;
    v.clear();
    kept = std::move(v);
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
    keep_list(spare.hands, rec.hands, 1024 * 1024);
    keep_list(spare.tags, rec.tags, 64 * sizeof(ast::Tag));
    keep_list(spare.leading_comments, rec.leading_comments, 64 * sizeof(std::string));
}

}  // namespace

RecordText RecordText::copy_of(std::string_view text) {
    auto own = std::make_shared<const std::string>(text);
    const std::string_view view = *own;
    return {view, std::move(own)};
}

ast::Record parse_record(std::string_view text, std::uint32_t first_line, Mode mode) {
    ast::Record rec;
    parse_text(rec, RecordText::copy_of(text), first_line, nullptr, mode);
    return rec;
}

void parse_into(ast::Record& out, RecordText&& text, std::uint32_t first_line, Spare& spare,
                Mode mode) {
    recycle(out, spare);
    out = ast::Record{};  // (its text let go)
    parse_text(out, std::move(text), first_line, &spare, mode);
}

}  // namespace pips::parser
