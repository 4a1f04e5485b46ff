// Round trip of the printer on random syntax trees: for any record r the
// parser could have produced, parse(print(r)) is r (positions aside) and
// printing that again gives the same text.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <vector>

#include "parser/ast_compare.hpp"
#include "parser/parser.hpp"
#include "parser/printer.hpp"

namespace {

using namespace pips;

// `min` to `max` characters drawn from `pool` (multi-byte UTF-8 characters
// are kept whole).
std::string text_from(const std::vector<std::string>& pool, int min, int max) {
    int n = *rc::gen::inRange(min, max + 1);
    std::string s;
    for (int i = 0; i < n; ++i) s += *rc::gen::elementOf(pool);
    return s;
}

// Words separated by single spaces: no blank at either end, so the text
// survives a parser that trims comments.
std::string words(const std::vector<std::string>& pool, int max_words) {
    int n = *rc::gen::inRange(1, max_words + 1);
    std::string s;
    for (int i = 0; i < n; ++i) {
        if (i > 0) s += ' ';
        s += text_from(pool, 1, 6);
    }
    return s;
}

const std::vector<std::string> kValueChars = {"a", "Z", "0", "9",  " ",  ",", ".", ";", "{",
                                              "}", "[", "]", "\"", "\\", "'", "-", "é", "→"};
const std::vector<std::string> kCommentChars = {"a", "Z", "0",  "9",  ",", ".", ":", ";",
                                                "[", "]", "\"", "\\", "-", "+", "é", "→"};
const std::vector<std::string> kLineCommentChars = {"a", "Z",  "0", ",", ".", ":", "[",
                                                    "]", "\"", "-", "{", "}", "é"};

ast::TileTok gen_tile() {
    ast::TileTok t;
    t.a = static_cast<std::uint8_t>(*rc::gen::inRange(0, 7));
    t.b = static_cast<std::uint8_t>(*rc::gen::inRange(0, 7));
    return t;
}

std::vector<ast::TileTok> gen_tiles(int min, int max) {
    int n = *rc::gen::inRange(min, max + 1);
    std::vector<ast::TileTok> v;
    for (int i = 0; i < n; ++i) v.push_back(gen_tile());
    return v;
}

ast::SeatNo gen_seat() {
    return static_cast<ast::SeatNo>(*rc::gen::inRange(0, 4));
}

ast::Who gen_who() {
    return static_cast<ast::Who>(*rc::gen::inRange(0, 6));
}

std::vector<ast::Comment> gen_comments(int max) {
    std::vector<ast::Comment> v;
    int n = *rc::gen::inRange(0, max + 1);
    for (int i = 0; i < n; ++i) v.push_back({words(kCommentChars, 4), {}});
    return v;
}

// A ply, added to h (its draws, fouls and comments in h's extras).
void gen_ply(ast::Hand& h) {
    ast::Ply& p = h.plies.emplace_back();
    if (*rc::gen::arbitrary<bool>()) p.seat = gen_seat();
    int pre = *rc::gen::weightedElement<int>({{6, 0}, {1, 1}, {1, 2}});
    for (int i = 0; i < pre; ++i) {
        ast::PreAction a;
        a.kind =
            *rc::gen::arbitrary<bool>() ? ast::PreAction::Kind::draw : ast::PreAction::Kind::foul;
        if (a.kind == ast::PreAction::Kind::foul) a.tile = gen_tile();
        h.extra_of(p).pre.push_back(a);
    }
    if (*rc::gen::weightedElement<int>({{1, 0}, {3, 1}}) == 0) {
        p.kind = ast::Ply::Kind::pass;
        p.knock = *rc::gen::weightedElement<int>({{4, 0}, {1, 1}}) == 1;
    } else {
        p.kind = ast::Ply::Kind::play;
        p.tile = gen_tile();
        p.end = static_cast<ast::EndLetter>(*rc::gen::inRange(0, 7));
        if (*rc::gen::weightedElement<int>({{3, 0}, {1, 1}}) == 1)
            p.claim = *rc::gen::inRange(0, 61);
    }
    if (*rc::gen::weightedElement<int>({{5, 0}, {1, 1}}) == 1)
        h.extra_of(p).comments = gen_comments(2);
}

ast::Hand gen_hand(int number) {
    ast::Hand h;
    h.number = number;
    int redeals = *rc::gen::weightedElement<int>({{5, 0}, {1, 1}, {1, 2}});
    for (int round = 0; round <= redeals; ++round) {
        int deals = *rc::gen::inRange(0, 5);
        for (int i = 0; i < deals; ++i) {
            ast::SeatTiles d;
            d.seat = gen_seat();
            d.round = round;
            d.tiles = gen_tiles(1, 9);
            h.deals.push_back(d);
        }
        if (*rc::gen::weightedElement<int>({{4, 0}, {1, 1}}) == 1) {
            ast::Stock s;
            s.round = round;
            s.tiles = gen_tiles(1, 14);
            h.stocks.push_back(s);
        }
        if (round < redeals) h.redeals.push_back({gen_seat(), {}, {}});
    }
    int plies = *rc::gen::inRange(0, 40);
    for (int i = 0; i < plies; ++i) gen_ply(h);
    int remains = *rc::gen::weightedElement<int>({{4, 0}, {1, 1}, {1, 2}});
    for (int i = 0; i < remains; ++i) {
        ast::SeatTiles d;
        d.seat = gen_seat();
        d.tiles = gen_tiles(1, 7);
        h.remains.push_back(d);
    }
    if (*rc::gen::weightedElement<int>({{1, 0}, {4, 1}}) == 1) {
        ast::EndLine e;
        e.kind = static_cast<ast::EndLine::Kind>(*rc::gen::inRange(0, 4));
        if (e.kind == ast::EndLine::Kind::domino)
            e.who = static_cast<ast::Who>(gen_seat());
        else if (e.kind == ast::EndLine::Kind::block && *rc::gen::arbitrary<bool>())
            e.who = gen_who();
        h.end = e;
    }
    for (auto* claim : {&h.points, &h.score}) {
        if (*rc::gen::weightedElement<int>({{1, 0}, {3, 1}}) == 0) continue;
        ast::ClaimLine c;
        int items = *rc::gen::inRange(1, 5);
        for (int i = 0; i < items; ++i) {
            ast::ClaimItem item;
            item.who = gen_who();
            item.value = *rc::gen::inRange(0, 600);
            c.items.push_back(item);
        }
        *claim = c;
    }
    // Brace comments on lines that are not plies: the printer writes them
    // after the `hand` line, as these carry no position.
    if (*rc::gen::weightedElement<int>({{5, 0}, {1, 1}}) == 1) h.comments = gen_comments(2);
    return h;
}

ast::Record gen_record() {
    static const std::vector<std::string> kTagNames = {"Event", "Site",   "Date",      "Round",
                                                       "Table", "Rules",  "Players",   "Options",
                                                       "Score", "Result", "Annotator", "X1"};
    ast::Record r;
    int comments = *rc::gen::weightedElement<int>({{3, 0}, {1, 1}, {1, 2}});
    for (int i = 0; i < comments; ++i) r.leading_comments.push_back(words(kLineCommentChars, 5));
    int tags = *rc::gen::inRange(1, 6);
    for (int i = 0; i < tags; ++i) {
        ast::Tag t;
        t.name = *rc::gen::elementOf(kTagNames);
        t.value = text_from(kValueChars, 0, 24);
        r.tags.push_back(t);
    }
    int first = *rc::gen::inRange(1, 6);
    int hands = *rc::gen::inRange(0, 4);
    for (int i = 0; i < hands; ++i) r.hands.push_back(gen_hand(first + i));
    return r;
}

RC_GTEST_PROP(PrinterProperty, PrintParsePrintIsStable, ()) {
    ast::Record r = gen_record();
    std::string once = parser::print_record(r);
    RC_LOG() << once;
    ast::Record again = parser::parse_record(once, 1);
    for (const auto& e : again.errors)
        RC_LOG() << "syntax error " << e.pos.line << ':' << e.pos.column << ": " << e.message
                 << '\n';
    RC_ASSERT(again.errors.empty());
    RC_ASSERT(ast::difference(r, again) == "");
    RC_ASSERT(parser::print_record(again) == once);
}

}  // namespace
