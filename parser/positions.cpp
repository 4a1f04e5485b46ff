#include "parser/positions.hpp"

#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace pips::parser::detail {
namespace {

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

}  // namespace

std::uint32_t PosMapper::line_of_later(const char* b) {
    if (b > line_end_ && b - line_end_ <= 64) {  // a few lines on: count them
        std::uint32_t line = line_ + 1;
        for (const char* p = line_end_ + 1; p < b; ++p) line += *p == '\n';
        return line;
    }
    return at(b).line;
}

ast::Pos PosMapper::at_other(const char* q) {
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

void PosMapper::enter(const char* b) {
    line_begin_ = cur_ = b;
    col_ = 1;
    const char* stop = lf_or_high(b, end_);
    ascii_ = stop == end_ || *stop == '\n';
    const auto* nl = ascii_ ? stop : static_cast<const char*>(std::memchr(stop, '\n', end_ - stop));
    line_end_ = nl ? nl : end_;
    ascii_span_ = ascii_ ? static_cast<std::size_t>(line_end_ - b) + 1 : 0;
}

// Rare (an error placed at the end of a word after a comment has been
// mapped): step back by counting the line feeds in between, then restart
// at the start of q's line. Never from the origin, so that errors placed
// back over many lines stay linear.
void PosMapper::back_to(const char* q) {
    for (const char* p = line_begin_; p > q;)
        if (*--p == '\n') --line_;
    const char* b = q;
    while (b > origin_ && b[-1] != '\n') --b;
    enter(b);
}

}  // namespace pips::parser::detail
