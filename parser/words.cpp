// The X3 side of words.hpp: each function is one rule of grammar.hpp.
#include "parser/words.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include "parser/grammar.hpp"
#include "parser/messages.hpp"

namespace pips::parser::detail {

namespace x3 = boost::spirit::x3;

namespace x3rule {

bool tile_word(const char* b, const char* e, TileWord& t) {
    grammar::TileAttr attr;
    if (!x3::parse(b, e, tokens::tile_word(), attr)) return false;
    t = {attr.a, attr.b};
    return true;
}

bool seat_label(const char*& q, const char* e, char& seat) {
    return x3::parse(q, e, tokens::seat_label(), seat);
}

bool seat_word(const char* b, const char* e, char& seat) {
    return x3::parse(b, e, tokens::seat_word(), seat);
}

bool who_word(const char* b, const char* e, ast::Who& who) {
    return x3::parse(b, e, tokens::who(), who);
}

bool number_word(const char* b, const char* e, int& n) {
    return x3::parse(b, e, tokens::number_word(), n);
}

bool line_keyword(const char* b, const char* e, LineKw& kw) {
    return x3::parse(b, e, tokens::line_keyword(), kw);
}

bool action_keyword(const char* b, const char* e, ActionKw& kw) {
    return x3::parse(b, e, tokens::action_keyword(), kw);
}

bool claim_word(const char* b, const char* e, int& n) {
    return x3::parse(b, e, tokens::claim_word(), n);
}

bool end_kind(const char* b, const char* e, ast::EndLine::Kind& kind) {
    return x3::parse(b, e, tokens::end_kind(), kind);
}

bool play_prefix(const char*& q, const char* e, PlayWord& play) {
    grammar::PlayAttr attr;
    if (!x3::parse(q, e, tokens::play(), attr)) return false;
    play.tile = {attr.tile.a, attr.tile.b};
    play.end = attr.end.value_or(ast::EndLetter::none);
    play.claim = attr.claim ? std::optional<int>(*attr.claim) : std::nullopt;
    return true;
}

}  // namespace x3rule

namespace {

template <class R>
std::string expect_rule(const R& rule) {
    return std::string("expected ") + rule.name;
}

}  // namespace

std::string expect(Rule rule) {
    switch (rule) {
        case Rule::seat_word:
            return expect_rule(tokens::seat_word());
        case Rule::who:
            return expect_rule(tokens::who());
        case Rule::number_word:
            return expect_rule(tokens::number_word());
        case Rule::claim_word:
            return expect_rule(tokens::claim_word());
        case Rule::end_kind:
            return expect_rule(tokens::end_kind());
    }
    return "expected";
}

namespace {

// The bytes tag_name takes after its first letter, and those tag_value takes
// as they stand (value_char: not the quote, the backslash or a control
// character other than tab), for scan_tag's fast way.
constexpr std::array<bool, 256> kTagNameByte = [] {
    std::array<bool, 256> t{};
    for (int c = 0; c < 256; ++c)
        t[static_cast<std::size_t>(c)] =
            (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    return t;
}();
constexpr std::array<bool, 256> kTagValueByte = [] {
    std::array<bool, 256> t{};
    for (int c = 0; c < 256; ++c)
        t[static_cast<std::size_t>(c)] =
            c != dgn::kQuote && c != dgn::kEscape && (c == '\t' || c >= 0x20) && c != 0x7f;
    return t;
}();

bool tag_name_byte(char c) {
    return kTagNameByte[static_cast<unsigned char>(c)];
}
bool tag_value_byte(char c) {
    return kTagValueByte[static_cast<unsigned char>(c)];
}

}  // namespace

TagScan scan_tag(const char* b, const char* e, bool fast) {
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
    // The fast way takes a name that is a letter and name bytes, and a
    // value with nothing to unescape up to its closing quote: what the
    // rules take there. Anything else goes to the rules.
    if (fast && p < e && tag_name_byte(*p) && !is_digit(*p) && *p != '_') {
        const char* q = p + 1;
        while (q < e && tag_name_byte(*q)) ++q;
        r.name.assign(p, q);
        p = q;
    } else if (!x3::parse(p, e, tokens::tag_name(), r.name)) {
        return fail(p, expect_rule(tokens::tag_name()) + ", found " + found(p));
    }
    while (p < e && is_blank(*p)) ++p;
    if (p == e || *p != dgn::kQuote)
        return fail(p, expect_rule(tokens::tag_value()) + ", found " + found(p));
    r.value_open = p;
    const char* q = p + 1;
    if (fast)
        while (q < e && tag_value_byte(*q)) ++q;
    if (fast && q < e && *q == dgn::kQuote) {
        r.value.assign(p + 1, q);
        p = q;
    } else {
        x3::parse(p, e, tokens::tag_value(), r.value);  // the open quote and the text after it
    }
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

}  // namespace pips::parser::detail
