// The drawing module shared by `pips render` (and the replay page to come):
// a position laid out as rectangles and text in whole pixels (build_scene),
// then written as SVG (svg). Where each tile lies on the table comes from
// the engine's trace of the layout; the scene only gives it coordinates: a
// line as a snake of rows wrapping at the width, doubles crosswise; the
// french spinner as a cross of four arms. The same position always gives
// the same bytes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/tile.hpp"
#include "render/position.hpp"

namespace pips::render {

struct Rect {
    int x = 0, y = 0, w = 0, h = 0;
    int right() const { return x + w; }
    int bottom() const { return y + h; }
};
// Whether the insides of two rectangles meet (touching edges do not).
bool overlap(const Rect& a, const Rect& b);

enum class Look : std::uint8_t {
    face,      // shown: on the table, or in a hand as the record writes it
    inferred,  // in a hand, proven by the replay: dashed outline
    back,      // in a hand, unknown: drawn face down
};

struct DrawnTile {
    Rect r;
    Tile tile;
    int first = 0, second = 0;  // the halves: left then right, or top then bottom
    bool vertical = false;      // the long side upright
    Look look = Look::face;
    bool table = true;  // on the table, or in a seat's hand
    int seat = -1;      // the hand's seat
    bool hard = false;  // the tile at a hard end
    bool key = false;   // the key tile
    bool last = false;  // the tile the shown ply played
};

struct Text {
    int x = 0, y = 0;  // the baseline's start (or middle, `middle`)
    std::string text;
    int size = 12;
    bool bold = false;
    bool middle = false;
    bool error = false;
};

struct Scene {
    int width = 0, height = 0;
    std::string title, desc;
    Rect table;                      // the table's area
    std::vector<DrawnTile> tiles;    // table tiles first, then hands
    std::vector<Rect> closed;        // french: closed arms, a cross past their end
    std::vector<std::string> joins;  // line: SVG path data joining the snake's rows
    std::optional<Rect> error_box;   // around the error's lines
    std::vector<Text> texts;
};

struct SceneOptions {
    int width = 800;  // of the picture (a spinner wider than its room widens it)
};
inline constexpr int kMinWidth = 320;
inline constexpr int kMaxWidth = 4000;

Scene build_scene(const Position& p, const SceneOptions& options = {});

struct SvgOptions {
    // Prefix of the document's ids (title, desc, the pattern of tile backs):
    // pictures inlined together in one page need one each.
    std::string id = "pips";
    // The pattern of tile backs and the style sheet, in the document; a page
    // that inlines many pictures holds them once (kStyle) instead.
    bool standalone = true;
    // Data attributes for scripts and tests: each tile group gets
    // data-tile="6-4" (or "back") and data-on="table" or "hand".
    bool data = false;
};

// Text for XML and HTML (text and attribute values): markup escaped (& < >
// "), control characters and bytes that are not UTF-8 replaced by '?'.
std::string xml_text(std::string_view s);

// What a standalone picture holds before its shapes: the pattern of tile
// backs (id pips-back) and the style sheet.
extern const char* const kStyle;

// The scene as a standalone SVG document.
std::string svg(const Scene& scene, const SvgOptions& options = {});

}  // namespace pips::render
