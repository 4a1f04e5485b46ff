#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <string_view>

#include "render/scene.hpp"

namespace pips::render {

bool overlap(const Rect& a, const Rect& b) {
    return a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom();
}

namespace {

constexpr int kU = 24;   // half a table tile
constexpr int kHU = 16;  // half a tile in hand
constexpr int kGap = 4;  // between tiles
constexpr int kMargin = 16;
constexpr int kLine = 20;   // a line of text
constexpr int kPad = 12;    // inside the table's edge
constexpr int kSide = 100;  // a seat at the side: two tiles a row, and its label

// A tile of the line, read from the left end to the right end.
struct LineTile {
    Tile t;
    int left = 0, right = 0;
};

std::string tiles_words(const std::vector<LineTile>& v) {
    std::string s;
    for (const auto& lt : v)
        fmt::format_to(std::back_inserter(s), "{}{}-{}", s.empty() ? "" : " ", lt.left, lt.right);
    return s;
}

std::string numbers_words(std::uint8_t mask) {
    std::string s;
    for (int v = 0; v <= 6; ++v)
        if (mask & (1u << v))
            fmt::format_to(std::back_inserter(s), "{}{}", s.empty() ? "" : ", ", v);
    return s;
}

// Splits words into lines of at most `chars` characters.
std::vector<std::string> wrap(std::string_view text, std::size_t chars) {
    std::vector<std::string> out;
    std::string line;
    while (!text.empty()) {
        std::size_t sp = text.find(' ');
        std::string_view w = text.substr(0, sp);
        text = sp == std::string_view::npos ? std::string_view{} : text.substr(sp + 1);
        if (!line.empty() && line.size() + 1 + w.size() > chars) {
            out.push_back(std::move(line));
            line.clear();
        }
        if (!line.empty()) line += ' ';
        line += w;
    }
    if (!line.empty()) out.push_back(std::move(line));
    return out;
}

std::string seat_label(const SeatView& s) {
    std::string l(1, s.letter);
    if (!s.name.empty()) {
        std::string n = s.name.size() > 12 ? s.name.substr(0, 11) + "." : s.name;
        l += " " + n;
    }
    return l;
}

int hand_size(const SeatView& s) {
    return s.shown.size() + s.inferred.size() + s.backs;
}

// Tiles highest first.
std::vector<Tile> high_first(TileSet s) {
    std::vector<Tile> v;
    s.for_each([&](Tile t) { v.push_back(t); });
    std::reverse(v.begin(), v.end());
    return v;
}

// A seat's tiles in a grid of `cols` columns from (x, y).
void lay_hand(Scene& sc, const Position& p, const SeatView& s, int seat, int x, int y, int cols) {
    int i = 0;
    auto put = [&](Tile t, Look look) {
        DrawnTile d;
        d.r = {x + (i % cols) * (2 * kHU + kGap), y + (i / cols) * (kHU + kGap), 2 * kHU, kHU};
        d.tile = t;
        d.first = t.hi;
        d.second = t.lo;
        d.look = look;
        d.table = false;
        d.seat = seat;
        d.key = look != Look::back && p.key && *p.key == t;
        sc.tiles.push_back(d);
        ++i;
    };
    for (Tile t : high_first(s.shown)) put(t, Look::face);
    for (Tile t : high_first(s.inferred)) put(t, Look::inferred);
    for (int b = 0; b < s.backs; ++b) put(Tile{}, Look::back);
}

int rows_of(int n, int cols) {
    return std::max(1, (n + cols - 1) / cols);
}

// The line's tiles in a snake of rows inside [x0, x1), from y: rows go left
// to right, then right to left, and so on. Returns the height used.
int lay_line(Scene& sc, const Position& p, const std::vector<LineTile>& line, int x0, int x1,
             int y) {
    const int row_h = 2 * kU + 2 * kGap;
    const int inner = x1 - x0;
    std::vector<std::vector<std::size_t>> rows(1);
    int used = 0;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const int w = line[i].t.is_double() ? kU : 2 * kU;
        if (!rows.back().empty() && used + w > inner) {
            rows.emplace_back();
            used = 0;
        }
        rows.back().push_back(i);
        used += w + kGap;
    }
    int offset = 0;  // one row: centred
    if (rows.size() == 1) offset = std::max(0, (inner - (used - kGap)) / 2);
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const bool ltr = r % 2 == 0;
        const int cy = y + static_cast<int>(r) * row_h + kU + kGap;
        int x = ltr ? x0 + offset : x1;
        for (std::size_t i : rows[r]) {
            const LineTile& lt = line[i];
            const bool dbl = lt.t.is_double();
            DrawnTile d;
            d.tile = lt.t;
            d.vertical = dbl;
            const int w = dbl ? kU : 2 * kU, h = dbl ? 2 * kU : kU;
            if (!ltr) x -= w;
            d.r = {x, cy - h / 2, w, h};
            if (ltr)
                x += w + kGap;
            else
                x -= kGap;
            // Halves drawn left then right: a row going left shows the tile turned.
            d.first = ltr ? lt.left : lt.right;
            d.second = ltr ? lt.right : lt.left;
            if (dbl) d.first = d.second = lt.left;
            d.hard = (i == 0 && p.hard[0]) || (i + 1 == line.size() && p.hard[1]);
            sc.tiles.push_back(d);
        }
        if (r + 1 < rows.size()) {
            // The turn to the next row, along the table's edge.
            const DrawnTile& end = sc.tiles.back();
            const int ncy = cy + row_h;
            const int ex = ltr ? end.r.right() : end.r.x;
            const int side = ltr ? x1 + kPad / 2 : x0 - kPad / 2;
            const int nx = ltr ? x1 : x0;
            sc.joins.push_back(fmt::format("M{} {}H{}V{}H{}", ex, cy, side, ncy, nx));
        }
    }
    return static_cast<int>(rows.size()) * row_h;
}

// The spinner's cross, centred on (0, 0); `bbox` gets its extent.
void lay_spinner(std::vector<DrawnTile>& out, std::vector<Rect>& closed, const Position& p,
                 std::string& words) {
    const LayoutTrace& tr = p.trace;
    const int sp = tr.pose_left();
    DrawnTile c;
    c.tile = tr.pose_tile();
    c.vertical = true;
    c.r = {-kU / 2, -kU, kU, 2 * kU};
    c.first = c.second = sp;
    out.push_back(c);
    words = fmt::format("Spinner {}-{}.", sp, sp);
    static constexpr std::array<std::pair<End, const char*>, 4> kArms{
        {{End::N, "north"}, {End::E, "east"}, {End::S, "south"}, {End::W, "west"}}};
    for (auto [e, name] : kArms) {
        const std::vector<Placed> arm = tr.arm(e);
        std::string aw;
        // `at`: distance from the centre to the arm's next free edge.
        int at = (e == End::E || e == End::W ? kU / 2 : kU) + kGap;
        for (std::size_t i = 0; i < arm.size(); ++i) {
            const Placed& pl = arm[i];
            const bool dbl = pl.is_double();
            DrawnTile d;
            d.tile = pl.tile;
            const int len = dbl ? kU : 2 * kU;  // along the arm
            switch (e) {
                case End::E:
                    d.vertical = dbl;
                    d.r = dbl ? Rect{at, -kU, kU, 2 * kU} : Rect{at, -kU / 2, 2 * kU, kU};
                    d.first = pl.near, d.second = pl.far;
                    break;
                case End::W:
                    d.vertical = dbl;
                    d.r = dbl ? Rect{-at - kU, -kU, kU, 2 * kU}
                              : Rect{-at - 2 * kU, -kU / 2, 2 * kU, kU};
                    d.first = pl.far, d.second = pl.near;
                    break;
                case End::S:
                    d.vertical = !dbl;
                    d.r = dbl ? Rect{-kU, at, 2 * kU, kU} : Rect{-kU / 2, at, kU, 2 * kU};
                    d.first = pl.near, d.second = pl.far;
                    break;
                default:  // N
                    d.vertical = !dbl;
                    d.r = dbl ? Rect{-kU, -at - kU, 2 * kU, kU}
                              : Rect{-kU / 2, -at - 2 * kU, kU, 2 * kU};
                    d.first = pl.far, d.second = pl.near;
                    break;
            }
            at += len + kGap;
            out.push_back(d);
            fmt::format_to(std::back_inserter(aw), " {}-{}", pl.near, pl.far);
        }
        const bool is_closed = p.layout.arm_closed(e);
        if (is_closed) {
            switch (e) {
                case End::E:
                    closed.push_back({at, -kU / 2, kU, kU});
                    break;
                case End::W:
                    closed.push_back({-at - kU, -kU / 2, kU, kU});
                    break;
                case End::S:
                    closed.push_back({-kU / 2, at, kU, kU});
                    break;
                default:
                    closed.push_back({-kU / 2, -at - kU, kU, kU});
                    break;
            }
        }
        fmt::format_to(std::back_inserter(words), " {}:{}{}.", name, aw.empty() ? " empty" : aw,
                       is_closed ? " (closed until its double)" : "");
    }
}

}  // namespace

Scene build_scene(const Position& p, const SceneOptions& options) {
    Scene sc;
    int width = std::clamp(options.width, kMinWidth, kMaxWidth);
    const int players = static_cast<int>(p.seats.size());
    // Where the seats sit: A at the bottom, then round the table.
    int top = -1, right = -1, left = -1, bottom = players > 0 ? 0 : -1;
    if (players == 2) top = 1;
    if (players >= 3) right = 1, top = 2;
    if (players == 4) left = 3;

    // The table's tiles, laid out before the room around them is known.
    std::vector<LineTile> line;
    std::vector<DrawnTile> cross;
    std::string layout_words;
    Rect cross_box;
    const bool spinner = p.layout.kind() == LayoutKind::spinner;
    if (p.posed && p.trace.posed()) {
        if (spinner) {
            lay_spinner(cross, sc.closed, p, layout_words);
            int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
            for (const auto& d : cross)
                x0 = std::min(x0, d.r.x), y0 = std::min(y0, d.r.y), x1 = std::max(x1, d.r.right()),
                y1 = std::max(y1, d.r.bottom());
            for (const auto& r : sc.closed)
                x0 = std::min(x0, r.x), y0 = std::min(y0, r.y), x1 = std::max(x1, r.right()),
                y1 = std::max(y1, r.bottom());
            cross_box = {x0, y0, x1 - x0, y1 - y0};
        } else {
            const LayoutTrace& tr = p.trace;
            const std::vector<Placed> l = tr.arm(End::L), r = tr.arm(End::R);
            for (auto it = l.rbegin(); it != l.rend(); ++it)
                line.push_back({it->tile, it->far, it->near});
            line.push_back({tr.pose_tile(), tr.pose_left(), tr.pose_right()});
            for (const auto& pl : r) line.push_back({pl.tile, pl.near, pl.far});
            layout_words = "Line from left to right: " + tiles_words(line) + ".";
            for (int e = 0; e < 2; ++e)
                if (p.hard[static_cast<std::size_t>(e)])
                    fmt::format_to(std::back_inserter(layout_words),
                                   " Hard {} end {}: only {} can follow.", e ? "right" : "left",
                                   e ? line.back().right : line.front().left,
                                   p.hard[static_cast<std::size_t>(e)]->str());
        }
    } else {
        layout_words = "The table is empty.";
    }
    const int side_l = left >= 0 ? kSide + kGap : 0;
    const int side_r = right >= 0 ? kSide + kGap : 0;
    int table_w = width - 2 * kMargin - side_l - side_r;
    if (spinner && cross_box.w + 2 * kPad > table_w) {
        width += cross_box.w + 2 * kPad - table_w;
        table_w = cross_box.w + 2 * kPad;
    }
    sc.width = width;
    const int tx = kMargin + side_l;

    // The heading: what is shown, the score, the boneyard.
    int y = kMargin;
    std::string head =
        fmt::format("{}: hand {}", p.rules.empty() ? "unknown rules" : p.rules, p.hand);
    if (p.ply > 0)
        fmt::format_to(std::back_inserter(head), ", ply {} of {} ({})", p.ply, p.plies, p.ply_text);
    else
        head += ", before the first ply";
    std::string score = p.score.empty() ? std::string("Score unknown") : "Score ";
    for (std::size_t i = 0; i < p.score.size(); ++i) score += (i ? ", " : "") + p.score[i];
    if (!p.score.empty() && !p.score_known) score += " (not known)";
    if (p.boneyard) fmt::format_to(std::back_inserter(score), " | Boneyard {}", *p.boneyard);
    if (p.over) score += " | Hand over";
    for (auto& l : wrap(head, static_cast<std::size_t>(std::max(16, (width - 2 * kMargin) / 8)))) {
        sc.texts.push_back({kMargin, y + 14, std::move(l), 14, true});
        y += kLine;
    }
    for (auto& l : wrap(score, static_cast<std::size_t>(std::max(20, (width - 2 * kMargin) / 7)))) {
        sc.texts.push_back({kMargin, y + 14, std::move(l), 12});
        y += kLine;
    }
    y += kGap;

    const int hcols = std::max(1, (table_w + kGap) / (2 * kHU + kGap));
    auto seat_text = [&](const SeatView& s) {
        std::string t = seat_label(s);
        fmt::format_to(std::back_inserter(t), " ({} tile{})", hand_size(s),
                       hand_size(s) == 1 ? "" : "s");
        if (s.to_play) t += " to play";
        return t;
    };
    // A seat above or below the table.
    auto band = [&](int seat, int at) {
        const SeatView& s = p.seats[static_cast<std::size_t>(seat)];
        sc.texts.push_back({tx, at + 13, seat_text(s), 12, s.to_play});
        lay_hand(sc, p, s, seat, tx, at + kLine, hcols);
        return kLine + rows_of(hand_size(s), hcols) * (kHU + kGap);
    };
    if (top >= 0) y += band(top, y) + kGap;

    // The table, with the seats at its sides.
    const int ty = y;
    int table_h = 2 * kU + 2 * kGap + 2 * kPad;
    if (!line.empty())
        table_h = std::max(
            table_h, lay_line(sc, p, line, tx + kPad, tx + table_w - kPad, ty + kPad) + 2 * kPad);
    if (!cross.empty()) {
        const int dx = tx + (table_w - cross_box.w) / 2 - cross_box.x;
        const int dy = ty + kPad - cross_box.y;
        for (auto d : cross) {
            d.r.x += dx, d.r.y += dy;
            sc.tiles.push_back(d);
        }
        for (auto& r : sc.closed) r.x += dx, r.y += dy;
        table_h = std::max(table_h, cross_box.h + 2 * kPad);
    }
    auto column = [&](int seat, int x) {
        const SeatView& s = p.seats[static_cast<std::size_t>(seat)];
        sc.texts.push_back({x, ty + 13,
                            std::string(1, s.letter) + " (" + std::to_string(hand_size(s)) + ")" +
                                (s.to_play ? " to play" : ""),
                            12, s.to_play});
        lay_hand(sc, p, s, seat, x, ty + kLine, 2);
        return kLine + rows_of(hand_size(s), 2) * (kHU + kGap);
    };
    if (left >= 0) table_h = std::max(table_h, column(left, kMargin));
    if (right >= 0) table_h = std::max(table_h, column(right, tx + table_w + kGap));
    sc.table = {tx, ty, table_w, table_h};
    for (auto& d : sc.tiles)
        if (d.table) d.last = p.played && *p.played == d.tile;
    y = ty + table_h + kGap;
    if (bottom >= 0) y += band(bottom, y) + kGap;

    // Below: the notes of the ply, what seats are proven not to hold, the error.
    const std::size_t chars = static_cast<std::size_t>(std::max(20, (width - 2 * kMargin) / 7));
    auto lines = [&](const std::string& text, bool error) {
        for (auto& l : wrap(text, chars)) {
            y += kLine;
            sc.texts.push_back(
                {kMargin + (error ? kPad : 0), y - 6, std::move(l), 12, false, false, error});
        }
    };
    std::string voids;
    for (const auto& s : p.seats) {
        if (s.voids)
            fmt::format_to(std::back_inserter(voids), "{}{} holds no {}", voids.empty() ? "" : "; ",
                           s.letter, numbers_words(s.voids));
    }
    if (!p.note.empty()) lines("Note: " + p.note, false);
    if (!voids.empty()) lines("Proven: " + voids, false);
    if (p.key) {
        bool in_hand =
            std::any_of(sc.tiles.begin(), sc.tiles.end(), [](const DrawnTile& d) { return d.key; });
        lines(fmt::format("Key tile {}{}", p.key->str(), in_hand ? " (ringed with dots)" : ""),
              false);
    }
    lines("Key: dashed tile inferred, striped back unknown, red dashed ring hard end" +
              std::string(spinner ? ", cross closed arm" : "") + ", thick outline last play",
          false);
    std::string error_words;
    if (p.error) {
        error_words = fmt::format("Error at {}:{} [{}]: {}", p.error->pos.line, p.error->pos.column,
                                  checker::code_name(p.error->code), p.error->message);
        y += kGap;
        const int from = y;
        lines(error_words, true);
        sc.error_box = Rect{kMargin, from, width - 2 * kMargin, y - from + kGap * 2};
        y += 2 * kGap;
    }
    sc.height = y + kMargin;

    sc.title = head;
    std::string desc = layout_words;
    for (const auto& s : p.seats) {
        fmt::format_to(std::back_inserter(desc), " {}: {} tile{}", seat_label(s), hand_size(s),
                       hand_size(s) == 1 ? "" : "s");
        if (!s.shown.empty()) fmt::format_to(std::back_inserter(desc), ", shown {}", s.shown.str());
        if (!s.inferred.empty())
            fmt::format_to(std::back_inserter(desc), ", inferred {}", s.inferred.str());
        if (s.backs) fmt::format_to(std::back_inserter(desc), ", {} unknown", s.backs);
        desc += '.';
    }
    desc += " " + score + ".";
    if (!p.note.empty()) desc += " Note: " + p.note + ".";
    if (!voids.empty()) desc += " Proven: " + voids + ".";
    if (!error_words.empty()) desc += " " + error_words + ".";
    sc.desc = desc;
    return sc;
}

}  // namespace pips::render
