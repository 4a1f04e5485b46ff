// The scene as SVG: whole pixels, fixed attribute order, no clock, so the
// same scene always gives the same bytes.
#include <fmt/format.h>

#include <array>
#include <iterator>
#include <string_view>

#include "render/scene.hpp"

namespace pips::render {

std::string xml_text(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            switch (c) {
                case '&':
                    out += "&amp;";
                    break;
                case '<':
                    out += "&lt;";
                    break;
                case '>':
                    out += "&gt;";
                    break;
                case '"':
                    out += "&quot;";
                    break;
                default:
                    out += (c < 0x20 || c == 0x7f) ? '?' : static_cast<char>(c);
                    break;
            }
            ++i;
            continue;
        }
        // A UTF-8 sequence: its length from the lead byte, then continuation bytes.
        std::size_t n = c >= 0xf0 && c < 0xf5 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 && c < 0xe0 ? 2 : 0;
        if (c >= 0xf5) n = 0;
        bool ok = n > 0 && i + n <= s.size();
        for (std::size_t k = 1; ok && k < n; ++k)
            ok = (static_cast<unsigned char>(s[i + k]) & 0xc0) == 0x80;
        if (ok && n == 3) {
            const auto c1 = static_cast<unsigned char>(s[i + 1]);
            ok = !(c == 0xe0 && c1 < 0xa0) && !(c == 0xed && c1 >= 0xa0);
        }
        if (ok && n == 4) {
            const auto c1 = static_cast<unsigned char>(s[i + 1]);
            ok = !(c == 0xf0 && c1 < 0x90) && !(c == 0xf4 && c1 >= 0x90);
        }
        if (!ok) {
            out += '?';
            ++i;
            continue;
        }
        out.append(s.substr(i, n));
        i += n;
    }
    return out;
}

namespace {

// Pip centres of a number on a half `s` wide, in quarters of the half
// (1..3 across, 1..3 down).
constexpr std::array<std::array<std::pair<int, int>, 6>, 7> kPips{{
    {},
    {{{2, 2}}},
    {{{1, 1}, {3, 3}}},
    {{{1, 1}, {2, 2}, {3, 3}}},
    {{{1, 1}, {3, 1}, {1, 3}, {3, 3}}},
    {{{1, 1}, {3, 1}, {2, 2}, {1, 3}, {3, 3}}},
    {{{1, 1}, {1, 2}, {1, 3}, {3, 1}, {3, 2}, {3, 3}}},
}};

void pips_of(std::string& o, int v, int x, int y, int s, bool vertical) {
    const int q = s / 4;
    const int r = s >= 24 ? 3 : 2;
    for (int i = 0; i < v && v <= 6; ++i) {
        auto [a, b] = kPips[static_cast<std::size_t>(v)][static_cast<std::size_t>(i)];
        if (vertical && v == 6) std::swap(a, b);  // the six's rows across the tile
        fmt::format_to(std::back_inserter(o), "<circle cx=\"{}\" cy=\"{}\" r=\"{}\"/>", x + a * q,
                       y + b * q, r);
    }
}

void tile(std::string& o, const DrawnTile& d, const SvgOptions& options) {
    const Rect& r = d.r;
    const char* cls = d.look == Look::back       ? "back"
                      : d.look == Look::inferred ? "inferred"
                                                 : "face";
    o += "<g class=\"tile\"";
    if (options.data)
        fmt::format_to(std::back_inserter(o), " data-tile=\"{}\" data-on=\"{}\"",
                       d.look == Look::back ? std::string("back") : d.tile.str(),
                       d.table ? "table" : "hand");
    o += '>';
    if (d.look == Look::back) {
        fmt::format_to(std::back_inserter(o),
                       "<title>unknown tile</title><rect class=\"{}\" x=\"{}\" y=\"{}\" "
                       "width=\"{}\" height=\"{}\" rx=\"3\"/></g>\n",
                       cls, r.x, r.y, r.w, r.h);
        return;
    }
    fmt::format_to(std::back_inserter(o), "<title>{}{}{}{}</title>", d.tile.str(),
                   d.look == Look::inferred ? " (inferred)" : "", d.hard ? " (at a hard end)" : "",
                   d.key ? " (key tile)" : "");
    fmt::format_to(std::back_inserter(o),
                   "<rect class=\"{}{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"3\"/>",
                   cls, d.last ? " last" : "", r.x, r.y, r.w, r.h);
    const int s = d.vertical ? r.w : r.h;  // a half is s by s
    if (d.vertical)
        fmt::format_to(std::back_inserter(o), "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
                       r.x + 3, r.y + s, r.right() - 3, r.y + s);
    else
        fmt::format_to(std::back_inserter(o), "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
                       r.x + s, r.y + 3, r.x + s, r.bottom() - 3);
    o += "<g class=\"pips\">";
    pips_of(o, d.first, r.x, r.y, s, d.vertical);
    if (d.vertical)
        pips_of(o, d.second, r.x, r.y + s, s, d.vertical);
    else
        pips_of(o, d.second, r.x + s, r.y, s, d.vertical);
    o += "</g>";
    if (d.hard)
        fmt::format_to(
            std::back_inserter(o),
            "<rect class=\"hard\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"5\"/>", r.x - 3,
            r.y - 3, r.w + 6, r.h + 6);
    if (d.key)
        fmt::format_to(
            std::back_inserter(o),
            "<rect class=\"key\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"5\"/>", r.x - 2,
            r.y - 2, r.w + 4, r.h + 4);
    o += "</g>\n";
}

}  // namespace

const char* const kStyle =
    "<defs><pattern id=\"pips-back\" width=\"6\" height=\"6\" "
    "patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
    "<rect width=\"6\" height=\"6\" fill=\"#3b5b92\"/>"
    "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#a9bde0\" stroke-width=\"2\"/>"
    "</pattern></defs>\n"
    "<style>"
    "text{font-family:sans-serif;fill:#111}"
    ".felt{fill:#e3efe3;stroke:#5a7d5a;stroke-width:1}"
    ".face{fill:#fffdf6;stroke:#222;stroke-width:1}"
    ".inferred{fill:#f1f1f1;stroke:#222;stroke-width:1;stroke-dasharray:4 2}"
    ".back{fill:url(#pips-back);stroke:#222;stroke-width:1}"
    ".last{stroke-width:3}"
    ".tile line{stroke:#222;stroke-width:1}"
    ".pips circle{fill:#111}"
    ".hard{fill:none;stroke:#c0392b;stroke-width:2;stroke-dasharray:5 3}"
    ".key{fill:none;stroke:#7b3fa0;stroke-width:2;stroke-dasharray:1 2}"
    ".join{fill:none;stroke:#5a7d5a;stroke-width:2;stroke-dasharray:2 3}"
    ".closed{stroke:#c0392b;stroke-width:3}"
    ".errbox{fill:#fdecea;stroke:#c0392b;stroke-width:2}"
    ".error{fill:#8b1a10}"
    "</style>\n";

std::string svg(const Scene& sc, const SvgOptions& options) {
    const std::string& id = options.id;
    std::string o;
    o.reserve(16384);
    fmt::format_to(std::back_inserter(o),
                   "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
                   "viewBox=\"0 0 {0} {1}\" role=\"img\" aria-labelledby=\"{2}-title "
                   "{2}-desc\">\n",
                   sc.width, sc.height, id);
    fmt::format_to(std::back_inserter(o), "<title id=\"{}-title\">{}</title>\n", id,
                   xml_text(sc.title));
    fmt::format_to(std::back_inserter(o), "<desc id=\"{}-desc\">{}</desc>\n", id,
                   xml_text(sc.desc));
    if (options.standalone) o += kStyle;
    fmt::format_to(std::back_inserter(o), "<rect width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>\n",
                   sc.width, sc.height);
    fmt::format_to(std::back_inserter(o),
                   "<rect class=\"felt\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"8\"/>\n",
                   sc.table.x, sc.table.y, sc.table.w, sc.table.h);
    for (const auto& j : sc.joins)
        fmt::format_to(std::back_inserter(o), "<path class=\"join\" d=\"{}\"/>\n", j);
    for (const auto& d : sc.tiles) tile(o, d, options);
    for (const auto& r : sc.closed)
        fmt::format_to(std::back_inserter(o),
                       "<g class=\"closed\"><title>closed arm</title><line x1=\"{}\" y1=\"{}\" "
                       "x2=\"{}\" y2=\"{}\"/><line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/></g>\n",
                       r.x + 4, r.y + 4, r.right() - 4, r.bottom() - 4, r.x + 4, r.bottom() - 4,
                       r.right() - 4, r.y + 4);
    if (sc.error_box)
        fmt::format_to(std::back_inserter(o),
                       "<rect class=\"errbox\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" "
                       "rx=\"4\"/>\n",
                       sc.error_box->x, sc.error_box->y, sc.error_box->w, sc.error_box->h);
    for (const auto& t : sc.texts) {
        fmt::format_to(std::back_inserter(o), "<text x=\"{}\" y=\"{}\" font-size=\"{}\"", t.x, t.y,
                       t.size);
        if (t.bold) o += " font-weight=\"bold\"";
        if (t.middle) o += " text-anchor=\"middle\"";
        if (t.error) o += " class=\"error\"";
        fmt::format_to(std::back_inserter(o), ">{}</text>\n", xml_text(t.text));
    }
    o += "</svg>\n";
    return o;
}

}  // namespace pips::render
