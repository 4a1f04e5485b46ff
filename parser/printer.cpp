#include "parser/printer.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string_view>

#include "parser/tokens.hpp"

namespace pips::parser {

namespace {

using ast::Pos;

using dgn::ActionKw;
using dgn::LineKw;
using dgn::seat_char;
using dgn::spelling;

void append_pip(std::string& out, std::uint8_t v) {
    if (v <= 9)
        out += static_cast<char>('0' + v);
    else
        out += std::to_string(v);
}

void append_tile(std::string& out, const ast::TileTok& t) {
    append_pip(out, t.a);
    out += dgn::kTileJoin;
    append_pip(out, t.b);
}

void append_tiles(std::string& out, const std::vector<ast::TileTok>& tiles) {
    for (const auto& t : tiles) {
        out += ' ';
        append_tile(out, t);
    }
}

// Code points in a UTF-8 string (continuation bytes do not count).
std::size_t width(std::string_view s) {
    std::size_t n = 0;
    for (char c : s)
        if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
    return n;
}

// A note's text on one line: line ends and tabs become spaces, other
// control characters `?`.
void append_note_text(std::string& out, std::string_view text, bool brace) {
    for (char c : text) {
        auto u = static_cast<unsigned char>(c);
        if (c == '\n' || c == '\r' || c == '\t')
            out += ' ';
        else if (u < 0x20 || u == 0x7F)
            out += '?';
        else if (brace && c == dgn::kCommentOpen)
            out += '(';  // braces would nest or end the comment early
        else if (brace && c == dgn::kCommentClose)
            out += ')';
        else
            out += c;
    }
}

// A note as a brace comment.
std::string brace_note(std::string_view text, std::string_view mark = kNoteMark) {
    std::string out{dgn::kCommentOpen, ' '};
    if (!mark.empty()) {
        out += mark;
        out += ' ';
    }
    append_note_text(out, text, true);
    out += ' ';
    out += dgn::kCommentClose;
    return out;
}

// A note as a `;` comment line; with braces_out, braces become parentheses
// (a note that may stand inside a brace comment must not close it).
std::string line_note(std::string_view text, bool braces_out = false,
                      std::string_view mark = kNoteMark) {
    std::string out{dgn::kLineComment, ' '};
    if (!mark.empty()) {
        out += mark;
        out += ' ';
    }
    append_note_text(out, text, braces_out);
    return out;
}

// A comment as written: `{text}`, or `;text` (which ends its line).
std::string comment_text(const ast::Comment& c) {
    if (c.line) return dgn::kLineComment + c.text;
    return dgn::kCommentOpen + c.text + dgn::kCommentClose;
}

// Everything a note or comment can follow. Ids are given in printing order
// of the kinds; `Layout` maps each node to its id.
struct HandIds {
    std::size_t hand = 0, deals = 0, stocks = 0, redeals = 0, plies = 0, remains = 0, end = 0,
                points = 0, score = 0;
};

struct Layout {
    std::vector<HandIds> hands;  // tags take ids 0 .. tags.size()-1
    std::size_t count = 0;

    explicit Layout(const ast::Record& r) {
        std::size_t next = r.tags.size();
        for (const auto& h : r.hands) {
            HandIds ids;
            ids.hand = next++;
            ids.deals = next, next += h.deals.size();
            ids.stocks = next, next += h.stocks.size();
            ids.redeals = next, next += h.redeals.size();
            ids.plies = next, next += h.plies.size();
            ids.remains = next, next += h.remains.size();
            ids.end = next++;
            ids.points = next++;
            ids.score = next++;
            hands.push_back(ids);
        }
        count = next;
    }
};

struct Anchor {
    Pos pos;
    std::size_t id = 0;
};

// The line anchors of one hand (not its plies), in no particular order.
void hand_line_anchors(const ast::Hand& h, const HandIds& ids, std::vector<Anchor>& out) {
    out.push_back({h.pos, ids.hand});
    for (std::size_t i = 0; i < h.deals.size(); ++i) out.push_back({h.deals[i].pos, ids.deals + i});
    for (std::size_t i = 0; i < h.stocks.size(); ++i)
        out.push_back({h.stocks[i].pos, ids.stocks + i});
    for (std::size_t i = 0; i < h.redeals.size(); ++i)
        out.push_back({h.redeals[i].pos, ids.redeals + i});
    for (std::size_t i = 0; i < h.remains.size(); ++i)
        out.push_back({h.remains[i].pos, ids.remains + i});
    if (h.end) out.push_back({h.end->pos, ids.end});
    if (h.points) out.push_back({h.points->pos, ids.points});
    if (h.score) out.push_back({h.score->pos, ids.score});
}

class Printer {
public:
    Printer(const ast::Record& r, const Notes* notes, PrintOptions options)
        : r_(r),
          strip_(options.strip_notes || notes != nullptr),
          mark_(options.note_mark),
          layout_(r),
          extra_(layout_.count) {
        place_tag_comments();
        place_hand_comments();
        if (notes) place_notes(*notes);
    }

    std::string run() {
        for (const auto& c : r_.leading_comments)
            if (!(strip_ && is_note(c))) leading_comment(c);
        for (const auto& n : prelude_) line(n);
        for (std::size_t i = 0; i < r_.tags.size(); ++i) {
            tag(r_.tags[i]);
            for (const auto& n : extra_[i]) line(n);
        }
        for (std::size_t h = 0; h < r_.hands.size(); ++h) {
            if (h > 0 || !r_.tags.empty()) out_ += '\n';
            hand(r_.hands[h], layout_.hands[h]);
        }
        return std::move(out_);
    }

private:
    bool dropped(const ast::Comment& c) const { return strip_ && is_note(c.text); }

    // Comments between the tags go after the tag before them (before the
    // first tag: first).
    void place_tag_comments() {
        for (const auto& c : r_.tag_comments) {
            if (dropped(c)) continue;
            std::size_t best = r_.tags.size();
            for (std::size_t i = 0; i < r_.tags.size(); ++i)
                if (r_.tags[i].pos < c.pos &&
                    (best == r_.tags.size() || r_.tags[best].pos < r_.tags[i].pos))
                    best = i;
            (best == r_.tags.size() ? prelude_ : extra_[best]).push_back(comment_text(c));
        }
    }

    // Comments that follow a line go after the nearest line before them.
    void place_hand_comments() {
        std::vector<Anchor> anchors;
        for (std::size_t h = 0; h < r_.hands.size(); ++h) {
            const auto& hand = r_.hands[h];
            if (hand.comments.empty()) continue;
            anchors.clear();
            hand_line_anchors(hand, layout_.hands[h], anchors);
            for (const auto& c : hand.comments) {
                if (dropped(c)) continue;
                const Anchor* best = nullptr;
                for (const auto& a : anchors)
                    if (a.pos < c.pos && (!best || best->pos < a.pos)) best = &a;
                std::size_t id = best ? best->id : layout_.hands[h].hand;
                extra_[id].push_back(comment_text(c));
            }
        }
    }

    void place_notes(const Notes& notes) {
        std::vector<Anchor> anchors;
        for (std::size_t i = 0; i < r_.tags.size(); ++i) anchors.push_back({r_.tags[i].pos, i});
        for (std::size_t h = 0; h < r_.hands.size(); ++h) {
            const auto& hand = r_.hands[h];
            const auto& ids = layout_.hands[h];
            hand_line_anchors(hand, ids, anchors);
            for (std::size_t i = 0; i < hand.plies.size(); ++i)
                anchors.push_back({hand.plies[i].pos, ids.plies + i});
        }
        std::stable_sort(anchors.begin(), anchors.end(),
                         [](const Anchor& a, const Anchor& b) { return a.pos < b.pos; });
        for (const auto& [pos, text] : notes) {
            auto it = std::upper_bound(anchors.begin(), anchors.end(), pos,
                                       [](const Pos& p, const Anchor& a) { return p < a.pos; });
            if (it == anchors.begin()) {
                prelude_.push_back(line_note(text, false, mark_));
                continue;
            }
            const Anchor& a = *std::prev(it);
            extra_[a.id].push_back(a.id < r_.tags.size() ? line_note(text, false, mark_)
                                                         : brace_note(text, mark_));
        }
    }

    void line(std::string_view s) {
        out_ += s;
        out_ += '\n';
    }

    // The parser keeps what follows the `;`.
    void leading_comment(std::string_view c) {
        while (!c.empty() && (c.back() == '\n' || c.back() == '\r')) c.remove_suffix(1);
        out_ += dgn::kLineComment;
        line(c);
    }

    void tag(const ast::Tag& t) {
        out_ += dgn::kTagOpen;
        out_ += t.name;
        out_ += ' ';
        out_ += dgn::kQuote;
        for (char c : t.value) {
            if (c == dgn::kQuote || c == dgn::kEscape) out_ += dgn::kEscape;
            out_ += c;
        }
        out_ += dgn::kQuote;
        out_ += dgn::kTagClose;
        out_ += '\n';
    }

    // A line that comments may follow.
    // The first comment after a line, when it is a `;` comment, ends that
    // line (so that a comment after a record's last line stays with it: a
    // comment-only line before the next record's tags would head that one).
    void end_line(std::size_t id) {
        const auto& extra = extra_[id];
        const bool same_line = !extra.empty() && extra.front().front() == dgn::kLineComment;
        if (same_line) {
            out_ += ' ';
            out_ += extra.front();
        }
        out_ += '\n';
        for (std::size_t i = same_line ? 1 : 0; i < extra.size(); ++i) line(extra[i]);
    }

    void seat_tiles(LineKw keyword, const ast::SeatTiles& s, std::size_t id) {
        out_ += spelling(keyword);
        out_ += ' ';
        out_ += seat_char(s.seat);
        append_tiles(out_, s.tiles);
        end_line(id);
    }

    void claim_line(LineKw keyword, const ast::ClaimLine& c, std::size_t id) {
        out_ += spelling(keyword);
        for (const auto& item : c.items) {
            out_ += ' ';
            out_ += spelling(item.who);
            out_ += ' ';
            out_ += std::to_string(item.value);
        }
        end_line(id);
    }

    // A ply as printed, and whether a `;` comment ends it (no more on its line).
    std::pair<std::string, bool> ply(const ast::Hand& h, const ast::Ply& p, std::size_t id) const {
        std::string s;
        if (p.seat) {
            s += seat_char(*p.seat);
            s += dgn::kSeatLabel;
        }
        for (const auto& pre : h.pre_of(p)) {
            if (pre.kind == ast::PreAction::Kind::draw) {
                s += spelling(ActionKw::draw);
                s += ' ';
            } else {
                s += spelling(ActionKw::foul);
                s += ' ';
                append_tile(s, pre.tile);
                s += ' ';
            }
        }
        if (p.kind == ast::Ply::Kind::pass) {
            s += spelling(p.knock ? ActionKw::knock : ActionKw::pass);
        } else {
            append_tile(s, p.tile);
            s += spelling(p.end);
        }
        if (p.claim) {
            s += ' ';
            s += dgn::kClaim;
            s += std::to_string(*p.claim);
        }
        // A `;` comment ends its line: what follows it starts the next one.
        bool open_line = false;
        const auto put = [&](const std::string& c, bool line) {
            if (open_line)
                s += '\n';
            else
                s += ' ';
            s += c;
            open_line = line;
        };
        for (const auto& c : h.comments_of(p))
            if (!dropped(c)) put(comment_text(c), c.line);
        for (const auto& n : extra_[id]) put(n, false);
        return {std::move(s), open_line};
    }

    void hand(const ast::Hand& h, const HandIds& ids) {
        out_ += spelling(LineKw::hand);
        out_ += ' ';
        out_ += std::to_string(h.number);
        end_line(ids.hand);

        // Round k's deals and stock follow the k-th redeal.
        int rounds = static_cast<int>(h.redeals.size());
        for (const auto& d : h.deals) rounds = std::max(rounds, d.round);
        for (const auto& s : h.stocks) rounds = std::max(rounds, s.round);
        for (int k = 0; k <= rounds; ++k) {
            if (k > 0 && static_cast<std::size_t>(k) <= h.redeals.size()) {
                const auto& rd = h.redeals[static_cast<std::size_t>(k - 1)];
                out_ += spelling(LineKw::redeal);
                out_ += ' ';
                out_ += seat_char(rd.seat);
                end_line(ids.redeals + static_cast<std::size_t>(k - 1));
            }
            for (std::size_t i = 0; i < h.deals.size(); ++i)
                if (h.deals[i].round == k) seat_tiles(LineKw::deal, h.deals[i], ids.deals + i);
            for (std::size_t i = 0; i < h.stocks.size(); ++i) {
                if (h.stocks[i].round != k) continue;
                out_ += spelling(LineKw::stock);
                append_tiles(out_, h.stocks[i].tiles);
                end_line(ids.stocks + i);
            }
        }

        std::size_t col = 0;
        for (std::size_t i = 0; i < h.plies.size(); ++i) {
            auto [p, ends_line] = ply(h, h.plies[i], ids.plies + i);
            // The width of its first line (a ply broken by a `;` comment runs on).
            const std::size_t nl = p.find('\n');
            std::size_t w = width(std::string_view(p).substr(0, nl));
            if (col > 0 && col + 1 + w > kPlyLineWidth) {
                out_ += '\n';
                col = 0;
            }
            if (col > 0) {
                out_ += ' ';
                ++col;
            }
            out_ += p;
            col = nl == std::string::npos ? col + w
                                          : width(std::string_view(p).substr(p.rfind('\n') + 1));
            if (ends_line) {
                out_ += '\n';
                col = 0;
            }
        }
        if (col > 0) out_ += '\n';

        for (std::size_t i = 0; i < h.remains.size(); ++i)
            seat_tiles(LineKw::remain, h.remains[i], ids.remains + i);
        if (h.end) {
            out_ += spelling(LineKw::end);
            out_ += ' ';
            out_ += spelling(h.end->kind);
            if (h.end->who) {
                out_ += ' ';
                out_ += spelling(*h.end->who);
            }
            end_line(ids.end);
        }
        if (h.points) claim_line(LineKw::points, *h.points, ids.points);
        if (h.score) claim_line(LineKw::score, *h.score, ids.score);
    }

    const ast::Record& r_;
    bool strip_;             // drop the notes the record holds
    std::string_view mark_;  // what opens each note written
    Layout layout_;
    std::vector<std::vector<std::string>> extra_;  // by anchor id
    std::vector<std::string> prelude_;             // notes before the first tag
    std::string out_;
};

}  // namespace

bool is_note(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    return text.substr(0, kNoteMark.size()) == kNoteMark;
}

std::string print_record(const ast::Record& record, const Notes* notes, PrintOptions options) {
    return Printer(record, notes, options).run();
}

std::string print_as_written(const ast::Record& record, PrintOptions options, const Notes* notes) {
    std::string_view src = record.source;
    // Blanks only, and the CR of a CR LF (any other CR is kept as text).
    const auto blank = [](std::string_view line) {
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        return line.find_first_not_of(" \t") == std::string_view::npos;
    };
    // A line that holds a note and nothing else.
    const auto note_line = [](std::string_view line) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
            line.remove_suffix(1);
        const std::size_t b = line.find_first_not_of(" \t");
        if (b == std::string_view::npos) return false;
        line.remove_prefix(b);
        if (line.front() == dgn::kLineComment) return is_note(line.substr(1));
        if (line.front() == dgn::kCommentOpen && line.back() == dgn::kCommentClose &&
            line.find(dgn::kCommentClose) == line.size() - 1)
            return is_note(line.substr(1, line.size() - 2));
        return false;
    };
    std::string out;
    std::string pending;  // blank lines, written when something follows them
    std::size_t next_note = 0;
    // The notes up to file line `through`, each a `; pips:` line.
    const auto put_notes = [&](std::uint32_t through) {
        for (; notes && next_note < notes->size() && (*notes)[next_note].first.line <= through;
             ++next_note) {
            out += line_note((*notes)[next_note].second, true);
            out += '\n';
        }
    };
    std::size_t start = 0;
    for (std::uint32_t file_line = record.first_line; start < src.size(); ++file_line) {
        std::size_t nl = src.find('\n', start);
        const std::size_t stop = nl == std::string_view::npos ? src.size() : nl;
        const std::string_view line = src.substr(start, stop - start);
        start = nl == std::string_view::npos ? src.size() : nl + 1;
        if (blank(line)) {
            if (!out.empty()) (pending += line) += '\n';
            continue;
        }
        if (options.strip_notes && note_line(line)) continue;
        out += pending;
        pending.clear();
        out += line;
        out += '\n';
        put_notes(file_line);
    }
    put_notes(UINT32_MAX);
    return out;
}

}  // namespace pips::parser
