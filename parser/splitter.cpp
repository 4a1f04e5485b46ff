// The record splitter: RecordReader reads the input as it streams and cuts
// it into records' texts, looking at each line once, in its own buffer (line
// feeds found 64 bytes at a time, a line classified by its first byte),
// apart from the parse (next_text, then parse_into), and hands a record's
// text out in place, where it was read (no copy). Its lexer is the
// parser's: the same word ends (lex.hpp), tag pairs (words.hpp) and
// spellings (tokens.hpp).
#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "parser/lex.hpp"
#include "parser/parser.hpp"
#include "parser/words.hpp"

namespace pips::parser {
namespace {

using detail::ends_word;
using detail::is_blank;
using detail::scan_tag;
using detail::TagScan;
using dgn::LineKw;
using dgn::spelling;

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

// Whether a line begins with a well-formed tag pair (blanks before it).
bool starts_tag_pair(std::string_view line) {
    const char* p = line.data();
    const char* e = p + line.size();
    const char* tag_end = e > p && e[-1] == '\r' ? e - 1 : e;
    while (p < e && is_blank(*p)) ++p;
    return p < e && *p == dgn::kTagOpen && scan_tag(p, tag_end).ok;
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
// Input is read at most kChunk bytes a read, into blocks of kBlock bytes:
// room for one such read after the start of a record carried over from the
// block before. It keeps up to kMaxBlocks blocks for reuse (a record in
// flight, between splitting and writing, holds its block: with --jobs 8, up
// to about a dozen).
constexpr std::size_t kChunk = std::size_t{1} << 18;
constexpr std::size_t kBlock = kChunk + (std::size_t{1} << 16);
constexpr std::size_t kMaxBlocks = 16;

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

// The line feeds in [p, e), 16 bytes at a time: counted in each byte lane
// (a compare gives -1 where a byte is a line feed) for up to 255 blocks,
// then the lanes summed. (No population count: the baseline x86-64 has no
// instruction for it.)
std::uint32_t count_lf(const char* p, const char* e) {
    std::uint32_t n = 0;
#if defined(__SSE2__)
    const __m128i nl = _mm_set1_epi8('\n');
    const __m128i zero = _mm_setzero_si128();
    while (e - p >= 16) {
        const char* const until =
            p + std::min<std::ptrdiff_t>((e - p) & ~std::ptrdiff_t{15}, 255 * 16);
        __m128i lanes = zero;
        for (; p < until; p += 16) {
            const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
            lanes = _mm_sub_epi8(lanes, _mm_cmpeq_epi8(v, nl));
        }
        const __m128i sums = _mm_sad_epu8(lanes, zero);  // two 64-bit sums
        n += static_cast<std::uint32_t>(_mm_cvtsi128_si32(sums) +
                                        _mm_cvtsi128_si32(_mm_unpackhi_epi64(sums, sums)));
    }
#endif
    for (; p < e; ++p) n += *p == '\n';
    return n;
}

// The splitter's walk over the lines of one record (RecordReader::next_text):
// offsets from the start of the record's text.
struct Scan {
    static constexpr std::size_t npos = std::string::npos;
    std::size_t line;         // the line to look at next
    std::uint32_t lines;      // lines consumed
    bool in_brace;            // a brace comment left open at `line`
    std::size_t held = npos;  // blank lines after a hand, not yet placed
    std::uint32_t held_line = 0;
    std::size_t end = npos;        // where the record ends, when a tag line follows a hand
    std::uint32_t next_start = 0;  // then the line the next record begins on
    bool seen_hand = false;
    // jump(): where its search for `[` goes on, and whether it is given up.
    std::size_t jump_from = 0;
    bool jump_off = false;
    // No `{` in [line, brace); at brace a `{`, or brace == brace_end, the end
    // of what was searched. Searched a window at a time.
    std::size_t brace;
    std::size_t brace_end;

    Scan(std::size_t from, std::uint32_t lines_before, bool brace_open)
        : line(from), lines(lines_before), in_brace(brace_open), brace(from), brace_end(from) {}

    // Whether the line [line, next_line) of the text at base (size bytes)
    // holds a `{`.
    [[gnu::always_inline]] bool has_brace(const char* base, std::size_t size,
                                          std::size_t next_line) {
        if (next_line <= brace) return false;  // the usual answer
        if (brace < line || (brace == brace_end && brace_end < next_line)) {
            constexpr std::size_t kWindow = 4096;
            brace_end = std::min(size, std::max(next_line, line + kWindow));
            const auto* open = static_cast<const char*>(
                std::memchr(base + line, dgn::kCommentOpen, brace_end - line));
            brace = open ? static_cast<std::size_t>(open - base) : brace_end;
        }
        return brace < next_line;
    }

    // An `other` line with no `{`, not in a brace comment: the most common kind.
    [[gnu::always_inline]] void skip(std::size_t next_line) {
        ++lines;
        held = npos;
        line = next_line;
    }

    // The line [line, next_line) of the text at base, `{` in it or not; true
    // when the record ends before it.
    bool look(const char* base, std::size_t next_line, bool braced) {
        ++lines;
        const bool began_in_brace = in_brace;
        const char* b = base + line;
        const char* e = base + next_line;
        if (e > b && e[-1] == '\n') --e;
        // A brace comment left open does not run over a tag pair line after
        // a hand: the record ends there (the parser reports the `{`).
        if (in_brace && seen_hand &&
            starts_tag_pair(std::string_view(b, static_cast<std::size_t>(e - b))))
            in_brace = false;
        LineKind kind = LineKind::other;
        if (!in_brace && !braced && lines != 1) {
            kind = quick_kind(b, e);
        } else {
            std::string_view content(b, static_cast<std::size_t>(e - b));
            if (lines == 1 && content.starts_with("\xEF\xBB\xBF")) content.remove_prefix(3);  // BOM
            bool open = in_brace;
            kind = classify_line(content, open, braced);
            in_brace = open;
        }
        const std::size_t this_line = line;
        line = next_line;
        if (kind == LineKind::tag && seen_hand) {
            // The held lines and this tag line begin the next record.
            end = held != npos ? held : this_line;
            next_start = held != npos ? held_line : lines;
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
    }

    // Past the record's hand line, with no brace comment open and no blank
    // line held, the record ends at the next tag line: the next `[` that is
    // the first token of its line. That line is found with memchr, the lines
    // before it counted 16 bytes at a time, and only the lines just before
    // it looked at (the blank ones there go with the next record), where
    // look() would look at every line. True when the record ends there,
    // with the scan left as look() leaves it; false, no line consumed,
    // when the text read holds no such line with its line feed, or holds a
    // `{` before it (the lines are then looked at one by one).
    //
    // The search for `[` resumes where the last one for this record stopped
    // (`jump_from`, an offset like `line`), so that a long line read a
    // block at a time is not searched again from its start; once it finds a
    // `{` or a tag line not read to its end, the record is left to the
    // line-by-line walk (`jump_off`). Each byte is searched a bounded
    // number of times, whatever the lines' lengths.
    bool jump(const char* base, std::size_t size) {
        const char* const from = base + line;
        const char* const stop = base + size;
        for (const char* q = base + std::max(line, jump_from);; ++q) {
            q = static_cast<const char*>(std::memchr(q, dgn::kTagOpen, stop - q));
            if (!q) {
                jump_from = size;
                return false;
            }
            const char* start = q;  // of its line, when only blanks come before it
            while (start > from && is_blank(start[-1])) --start;
            if (start != from && start[-1] != '\n') continue;
            const auto* lf = static_cast<const char*>(std::memchr(q, '\n', stop - q));
            // Its line not read whole yet (rare: at the end of what a read
            // brought), or a `{` before its end: the rest of the record's
            // lines looked at one by one.
            if (!lf || std::memchr(from, dgn::kCommentOpen, lf - from)) {
                jump_off = true;
                return false;
            }
            // The blank lines just before it (quick_kind's blank: no token).
            const char* first = start;
            while (first > from) {
                const char* prev = first - 1;  // at its line feed
                const char* const prev_end = prev;
                while (prev > from && prev[-1] != '\n') --prev;
                if (quick_kind(prev, prev_end) != LineKind::blank) break;
                first = prev;
            }
            const std::uint32_t first_no = lines + count_lf(from, first) + 1;
            end = static_cast<std::size_t>(first - base);
            next_start = first_no;
            lines = first_no + count_lf(first, start);  // the tag line's number
            line = static_cast<std::size_t>(lf + 1 - base);
            return true;
        }
    }

    // Looks at the lines whose line feeds are in the 64 bytes from `search`;
    // true when the record ends.
    [[gnu::always_inline]] bool block(const char* base, std::size_t size, std::size_t search) {
        std::uint64_t lf = line_feeds(base + search);  // kPad readable bytes after size
        const std::size_t n = std::min<std::size_t>(64, size - search);
        if (n < 64) lf &= (std::uint64_t{1} << n) - 1;
        for (; lf != 0; lf &= lf - 1) {
            const std::size_t next_line = search + static_cast<unsigned>(__builtin_ctzll(lf)) + 1;
            const bool braced = has_brace(base, size, next_line);
            if (!in_brace && !braced && !kLineLook[static_cast<unsigned char>(base[line])]) {
                skip(next_line);
                continue;
            }
            if (look(base, next_line, braced)) return true;
        }
        return false;
    }
};

}  // namespace

RecordReader::RecordReader(std::istream& in, Mode mode) : in_(in), mode_(mode) {}

// Appends what the stream has ready: at least one byte, waiting for it as
// getline would (so that records still stream out of a pipe). False at the
// end of the input (or on a read error, which sets the stream's badbit).
// kPad bytes after the text are kept readable, and NUL.
//
// What is ready is what the stream has buffered, or else what its source
// says it holds (a file: the rest of it, which a file stream then reads
// straight into the block when it is more than it buffers itself). Reads are
// of at most 256 KiB, into blocks of 320 KiB, and records' texts are handed
// out in place: a read goes into the room left in the block, and when too
// little is left the text not yet handed out (the start of the next record)
// moves to the front of a block that no record holds any more. A record
// longer than that gets a block of its own, twice as large each time it
// outgrows it.
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
    const std::size_t want =
        std::min(static_cast<std::size_t>(std::max<std::streamsize>(avail, 1)), kChunk);
    // The whole of it in one read: a file stream reads a read as large as
    // its own buffer straight into ours, a smaller one through its buffer.
    if (buf_.cap < size_ + want + kPad) move_to_free_block(size_ - start_ + want + kPad);
    const auto n = static_cast<std::streamsize>(want);
    char* const b = buf_.bytes.get();
    std::streamsize got = avail > 0 ? in_.readsome(b + size_, n) : 0;
    size_ += static_cast<std::size_t>(std::max<std::streamsize>(got, 0));
    if (got <= 0) {  // a stream that tells nothing of what it holds: one byte
        const auto c = in_.get();
        if (traits::eq_int_type(c, traits::eof())) {
            eof_ = true;
            std::memset(b + size_, 0, kPad);
            return false;
        }
        b[size_++] = traits::to_char_type(c);
    }
    std::memset(b + size_, 0, kPad);
    return true;
}

void RecordReader::move_to_free_block(std::size_t need) {
    const std::size_t keep = size_ - start_;
    const char* const from = buf_.bytes.get() + start_;
    Block to;
    if (buf_.bytes && buf_.cap >= need && buf_.bytes.use_count() == 1) {
        to = std::move(buf_);  // no record holds it: moved within itself
    } else {
        for (std::size_t i = 0; i < blocks_.size(); ++i)
            if (blocks_[i].cap >= need && blocks_[i].bytes.use_count() == 1) {
                std::swap(blocks_[i], blocks_.back());
                to = std::move(blocks_.back());
                blocks_.pop_back();
                break;
            }
    }
    if (to.bytes) {
        // The records that held it were let go on other threads: their
        // reads of it happen before the writes below.
        std::atomic_thread_fence(std::memory_order_acquire);
    } else {
        to.cap = std::max({need, kBlock, 2 * keep});
        to.bytes.reset(new char[to.cap]);  // not cleared: every byte read is written first
    }
    if (keep > 0) std::memmove(to.bytes.get(), from, keep);
    if (buf_.bytes && buf_.cap == kBlock && blocks_.size() < kMaxBlocks)
        blocks_.push_back(std::move(buf_));
    buf_ = std::move(to);
    size_ = keep;
    start_ = 0;
}

// A record ends where a tag line follows a hand. The blank and comment-only
// lines just before that tag line go with the next record (they are its
// heading: `; comment` lines become its leading_comments); at the end of the
// input they stay with the last record. Lines are found and classified in
// place in buf_, each looked at once: line feeds are found 64 bytes at a
// time, `{` a window at a time, and a line with no `{` that does not begin
// inside a brace comment is classified by its first word (nearly always by
// its first byte). The record's text is handed out where it lies, with the
// block that holds it.
bool RecordReader::next_text(RecordText& text, std::uint32_t& first_line) {
    // Offsets from start_ (read_more may move the text to another block).
    const std::size_t from = scan_ - start_;
    Scan scan(from, line_no_, in_brace_);
    std::size_t search = from;  // where the next line feed may be
    const std::uint32_t record_line = start_line_;
    scan.jump_off = mode_ != Mode::fast;  // (reference mode looks at every line)
    for (bool done = false; !done;) {
        const char* base = buf_.bytes.get() + start_;
        const std::size_t size = size_ - start_;
        while (search < size && !done) {
            // (jump_from < size: not searched to the end since more was read)
            if (scan.seen_hand && !scan.in_brace && scan.held == Scan::npos && !scan.jump_off &&
                scan.jump_from < size) {
                if ((done = scan.jump(base, size))) break;
            }
            done = scan.block(base, size, search);
            search += std::min<std::size_t>(64, size - search);
        }
        if (done || read_more()) continue;
        if (scan.line < size) {  // the last line, with no line feed
            base = buf_.bytes.get() + start_;
            scan.look(base, size, scan.has_brace(base, size, size));
        }
        break;
    }
    bytes_ += scan.line - from;
    line_no_ = scan.lines;
    if (scan.end == Scan::npos) {  // the end of the input: everything goes with this record
        scan.end = scan.line;
        scan.in_brace = false;
        start_line_ = scan.lines + 1;
    } else {
        start_line_ = scan.next_start;
    }
    scan_ = start_ + scan.line;
    in_brace_ = scan.in_brace;
    if (scan.end == 0) return false;
    text.text = std::string_view(buf_.bytes.get() + start_, scan.end);
    text.owner = buf_.bytes;
    start_ += scan.end;
    first_line = record_line;
    return true;
}

bool RecordReader::next(ast::Record& out) {
    RecordText text;
    std::uint32_t first_line = 1;
    if (!next_text(text, first_line)) return false;
    parse_into(out, std::move(text), first_line, spare_, mode_);
    return true;
}

}  // namespace pips::parser
