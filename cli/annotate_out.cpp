#include "cli/annotate_out.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstring>

#include "cli/csv.hpp"
#include "cli/json.hpp"

namespace pips::cli {

namespace {

using checker::HandData;
using checker::PlyData;
using checker::RecordData;

char seat_letter(int s) {
    return static_cast<char>('A' + s);
}

void append_int(std::string& out, long long v) {
    char buf[24];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, static_cast<std::size_t>(r.ptr - buf));
}

// A small writer of one JSON object: commas between members kept for the
// caller, who writes keys in order.
class Obj {
public:
    explicit Obj(std::string& out) : out_(out) { out_ += '{'; }
    void close() { out_ += '}'; }
    // `,"k":` in one append; keys are short plain ASCII.
    std::string& key(std::string_view k) {
        char buf[48];
        std::size_t n = 0;
        if (!first_) buf[n++] = ',';
        first_ = false;
        buf[n++] = '"';
        const std::size_t len = std::min(k.size(), sizeof buf - 4);
        std::memcpy(buf + n, k.data(), len);
        n += len;
        buf[n++] = '"';
        buf[n++] = ':';
        out_.append(buf, n);
        return out_;
    }
    void num(std::string_view k, long long v) { append_int(key(k), v); }
    void boolean(std::string_view k, bool b) { key(k) += b ? "true" : "false"; }
    void str(std::string_view k, std::string_view s) { append_json_string(key(k), s); }
    void null(std::string_view k) { key(k) += "null"; }
    // A seat letter, or null when unknown.
    void seat(std::string_view k, int s) {
        if (s < 0)
            null(k);
        else
            key(k) += std::string{'"', seat_letter(s), '"'};
    }
    void tile(std::string_view k, const std::optional<Tile>& t) {
        if (t)
            str(k, t->str());
        else
            null(k);
    }

private:
    std::string& out_;
    bool first_ = true;
};

void party(Obj& o, std::string_view k, const RecordData& d, int p) {
    if (p < 0 || static_cast<std::size_t>(p) >= d.parties.size())
        o.null(k);
    else
        o.str(k, d.parties[static_cast<std::size_t>(p)]);
}

// {"A": 21, "B": null, ...} over the record's seats.
void seat_counts(Obj& o, std::string_view k, const RecordData& d, const std::array<int, 4>& v) {
    std::string& out = o.key(k);
    Obj m(out);
    for (int s = 0; s < d.players && s < 4; ++s) {
        const int c = v[static_cast<std::size_t>(s)];
        if (c < 0)
            m.null(std::string(1, seat_letter(s)));
        else
            m.num(std::string(1, seat_letter(s)), c);
    }
    m.close();
}

// {"AC": 2, "BD": 0} over the record's parties.
void party_points(Obj& o, std::string_view k, const RecordData& d, const std::array<int, 4>& v) {
    std::string& out = o.key(k);
    Obj m(out);
    for (std::size_t p = 0; p < d.parties.size() && p < 4; ++p) m.num(d.parties[p], v[p]);
    m.close();
}

std::string end_name(End e) {
    return std::string(1, end_letter(e));
}

void render_ply(std::string& out, const RecordData& d, const PlyData& p) {
    Obj o(out);
    o.num("ply", p.index + 1);
    o.num("line", p.pos.line);
    o.num("column", p.pos.column);
    o.str("kind", checker::ply_kind_name(p.kind));
    o.boolean("knock", p.knock);
    o.seat("seat", p.seat);
    o.boolean("seat_written", p.seat_written);
    o.tile("tile", p.tile);
    if (p.end)
        o.str("end", end_name(*p.end));
    else
        o.null("end");
    o.num("draws", p.draws);
    {
        std::string& a = o.key("fouls");
        a += '[';
        for (std::size_t i = 0; i < p.fouls.size(); ++i) {
            if (i) a += ',';
            append_json_string(a, p.fouls[i].str());
        }
        a += ']';
    }
    o.boolean("replayed", p.replayed);
    if (!p.replayed) {
        for (auto k : {"layout", "ends", "hard_ends", "key_tile", "key_holder", "pips_left",
                       "voids", "boneyard", "points"})
            o.null(k);
        o.close();
        return;
    }
    o.str("layout", p.layout);
    {
        std::string& a = o.key("ends");
        a += '[';
        for (std::size_t i = 0; i < p.open_ends.size(); ++i) {
            if (i) a += ',';
            a += "{\"end\":\"";
            a += end_letter(p.open_ends[i]);
            a += "\",\"value\":";
            append_int(a, p.end_values[i]);
            a += '}';
        }
        a += ']';
    }
    {
        std::string& a = o.key("hard_ends");
        a += '[';
        for (std::size_t i = 0; i < p.hard_ends.size(); ++i) {
            if (i) a += ',';
            a += '"';
            a += end_letter(p.hard_ends[i]);
            a += '"';
        }
        a += ']';
    }
    o.tile("key_tile", p.key_tile);
    o.seat("key_holder", p.key_holder);
    seat_counts(o, "pips_left", d, p.pips_left);
    {
        std::string& a = o.key("voids");
        Obj m(a);
        for (int s = 0; s < d.players && s < 4; ++s) {
            std::string& l = m.key(std::string(1, seat_letter(s)));
            l += '[';
            bool first = true;
            for (int v = 0; v <= 6; ++v)
                if (p.voids[static_cast<std::size_t>(s)] & (1u << v)) {
                    if (!first) l += ',';
                    first = false;
                    l += static_cast<char>('0' + v);
                }
            l += ']';
        }
        m.close();
    }
    if (p.boneyard >= 0)
        o.num("boneyard", p.boneyard);
    else
        o.null("boneyard");
    if (p.scores)
        party_points(o, "points", d, p.points);
    else
        o.null("points");
    o.close();
}

void render_hand(std::string& out, const RecordData& d, const HandData& h) {
    Obj o(out);
    o.num("number", h.number);
    o.num("line", h.pos.line);
    o.num("column", h.pos.column);
    o.boolean("summary", h.summary);
    o.seat("poser", h.poser);
    o.str("outcome", checker::outcome_name(h.outcome));
    o.seat("winner_seat", h.winner_seat);
    party(o, "winner_party", d, h.winner_party);
    o.str("why", h.why);
    if (h.points_known)
        party_points(o, "points", d, h.points);
    else
        o.null("points");
    seat_counts(o, "pips_left", d, h.pips_left);
    o.boolean("ends_match", h.ends_match);
    o.boolean("key_tile_decided", h.key_tile_decided);
    o.tile("key_tile", h.key_tile);
    o.seat("key_holder", h.key_holder);
    if (h.error)
        o.str("error", checker::code_name(*h.error));
    else
        o.null("error");
    std::string& a = o.key("plies");
    a += '[';
    for (std::size_t i = 0; i < h.plies.size(); ++i) {
        if (i) a += ',';
        render_ply(a, d, h.plies[i]);
    }
    a += ']';
    o.close();
}

// The seats in a bit set of numbers: "16" for 1 and 6.
std::string digits(std::uint8_t bits) {
    std::string s;
    for (int v = 0; v <= 6; ++v)
        if (bits & (1u << v)) s += static_cast<char>('0' + v);
    return s;
}

}  // namespace

void render_annotate_json(std::string& out, std::string_view file, std::size_t index,
                          std::uint32_t line, const checker::Verdict& v) {
    const std::size_t start = out.size();
    render_verdict_json(out, file, index, line, v);
    // The verdict's object, reopened: its closing "}\n" goes.
    out.resize(out.size() - 2);
    (void)start;
    const RecordData& d = v.data;
    out += ",\"rules\":";
    append_json_string(out, v.rules);
    fmt::format_to(std::back_inserter(out), ",\"players\":{},\"parties\":[", d.players);
    for (std::size_t p = 0; p < d.parties.size(); ++p) {
        if (p) out += ',';
        append_json_string(out, d.parties[p]);
    }
    fmt::format_to(std::back_inserter(out), "],\"plies\":{},\"notes\":[", v.plies);
    for (std::size_t i = 0; i < v.notes.size(); ++i) {
        const auto& n = v.notes[i];
        fmt::format_to(std::back_inserter(out),
                       "{}{{\"line\":{},\"column\":{},\"text\":", i ? "," : "", n.pos.line,
                       n.pos.column);
        append_json_string(out, n.text);
        out += '}';
    }
    out += "],\"hand_data\":[";
    for (std::size_t i = 0; i < d.hands.size(); ++i) {
        if (i) out += ',';
        render_hand(out, d, d.hands[i]);
    }
    out += "]}\n";
}

void render_annotate_csv_header(std::string& out) {
    CsvWriter w(out);
    w.row({"file",     "record",   "rules",    "hand",         "ply",      "line",       "column",
           "kind",     "knock",    "seat",     "seat_written", "tile",     "end",        "draws",
           "fouls",    "replayed", "layout",   "hard_ends",    "key_tile", "key_holder", "pips_A",
           "pips_B",   "pips_C",   "pips_D",   "voids_A",      "voids_B",  "voids_C",    "voids_D",
           "boneyard", "points",   "points_to"});
}

void render_annotate_csv(std::string& out, std::string_view file, std::size_t index,
                         const checker::Verdict& v) {
    const RecordData& d = v.data;
    CsvWriter w(out);
    // The fields every row of the record repeats, written once.
    std::string head;
    append_csv_field(head, file);
    head += ',' + std::to_string(index) + ',';
    append_csv_field(head, v.rules);
    for (const auto& h : d.hands) {
        for (const auto& p : h.plies) {
            w.raw(head).field(h.number);
            w.field(p.index + 1).field(p.pos.line).field(p.pos.column);
            w.field(checker::ply_kind_name(p.kind)).field(p.knock);
            if (p.seat >= 0)
                w.field(std::string(1, seat_letter(p.seat)));
            else
                w.empty();
            w.field(p.seat_written);
            if (p.tile)
                w.field(p.tile->str());
            else
                w.empty();
            if (p.end)
                w.field(end_name(*p.end));
            else
                w.empty();
            w.field(p.draws);
            std::string fouls;
            for (Tile t : p.fouls) fouls += (fouls.empty() ? "" : " ") + t.str();
            w.field(fouls).field(p.replayed);
            if (!p.replayed) {
                for (int i = 0; i < 15; ++i) w.empty();
                w.end_row();
                continue;
            }
            w.field(p.layout);
            std::string hard;
            for (End e : p.hard_ends) hard += (hard.empty() ? "" : " ") + end_name(e);
            w.field(hard);
            if (p.key_tile)
                w.field(p.key_tile->str());
            else
                w.empty();
            if (p.key_holder >= 0)
                w.field(std::string(1, seat_letter(p.key_holder)));
            else
                w.empty();
            for (std::size_t s = 0; s < 4; ++s)
                if (static_cast<int>(s) < d.players && p.pips_left[s] >= 0)
                    w.field(p.pips_left[s]);
                else
                    w.empty();
            for (std::size_t s = 0; s < 4; ++s) w.field(digits(p.voids[s]));
            if (p.boneyard >= 0)
                w.field(p.boneyard);
            else
                w.empty();
            if (!p.scores) {
                w.empty().empty();
            } else {
                int total = 0;
                std::string to;
                for (std::size_t q = 0; q < d.parties.size() && q < 4; ++q)
                    if (p.points[q] != 0) {
                        total += p.points[q];
                        to += (to.empty() ? "" : " ") + d.parties[q];
                    }
                w.field(total).field(to);
            }
            w.end_row();
        }
    }
}

bool add_labels(const ast::Record& record, const checker::Verdict& v, ast::Record& out) {
    const auto& hands = v.data.hands;
    if (hands.size() != record.hands.size()) return false;
    bool added = false;
    for (std::size_t i = 0; i < hands.size(); ++i) {
        const auto& plies = hands[i].plies;
        const auto& written = record.hands[i].plies;
        if (plies.empty() || plies.size() != written.size()) continue;
        bool fixed = true, missing = false;
        for (std::size_t k = 0; k < plies.size(); ++k) {
            if (written[k].seat) continue;
            missing = true;
            fixed = fixed && plies[k].replayed && plies[k].seat >= 0;
        }
        if (!missing || !fixed) continue;
        if (!added) out = record;
        added = true;
        for (std::size_t k = 0; k < plies.size(); ++k) {
            auto& p = out.hands[i].plies[k];
            if (!p.seat) p.seat = static_cast<ast::SeatNo>(plies[k].seat);
        }
    }
    return added;
}

}  // namespace pips::cli
