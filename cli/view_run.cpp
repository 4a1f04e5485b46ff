// pips view: a self-contained HTML page (inline SVG, CSS and script, nothing
// fetched) replaying records hand by hand, ply by ply. Without scripts the
// page is a static list of diagrams, one per ply; the script turns each
// hand's list into a stepper. The pictures are the render module's.
#include "cli/view_run.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <tuple>

#include "checker/checker.hpp"
#include "checker/codes.hpp"
#include "cli/diagnostic.hpp"
#include "cli/input.hpp"
#include "parser/parser.hpp"
#include "render/scene.hpp"

namespace pips::cli {

namespace {

using render::xml_text;

int fail(const Io& io, const std::string& file, std::string_view code, const std::string& message) {
    return say_run_error(io.err, Diagnostic{file, {}, std::string(code), message}, io.color_err);
}

// One judged ply of `pips analyze --format json`.
struct PlyAnalysis {
    std::string party;
    long long before = 0, after = 0;
    std::string mark;  // empty: none
    std::vector<std::string> best;
    bool forced = false;
};
struct HandAnalysis {
    bool analysed = false;
    std::string reason;
    std::string party;
    long long value = 0;
    std::map<int, PlyAnalysis> plies;
};
// By file (its name as given, or with `by_base` its base name), record, hand.
using Analysis = std::map<std::tuple<bool, std::string, int, int>, HandAnalysis>;

std::string base_name(const std::string& path) {
    const std::size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Reads the JSON lines; false with `error` set when a line is not one.
bool read_analysis(std::istream& in, Analysis& out, std::string& error) {
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
        ++n;
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        try {
            const auto j = nlohmann::json::parse(line);
            HandAnalysis h;
            h.analysed = j.value("analysed", false);
            h.reason = j.value("reason", "");
            h.party = j.value("party", "");
            h.value = j.value("value", 0LL);
            if (j.contains("plies"))
                for (const auto& p : j.at("plies")) {
                    PlyAnalysis a;
                    a.party = p.value("party", "");
                    a.before = p.value("before", 0LL);
                    a.after = p.value("after", 0LL);
                    a.forced = p.value("forced", false);
                    if (p.contains("mark") && p.at("mark").is_string())
                        a.mark = p.at("mark").get<std::string>();
                    if (p.contains("best"))
                        for (const auto& b : p.at("best")) a.best.push_back(b.get<std::string>());
                    h.plies[p.at("ply").get<int>()] = std::move(a);
                }
            const std::string file = j.at("file").get<std::string>();
            const int record = j.at("record").get<int>(), hand = j.at("hand").get<int>();
            // By the file's name as analyze was given it, and by its base name.
            out[{true, base_name(file), record, hand}] = h;
            out[{false, file, record, hand}] = std::move(h);
        } catch (const std::exception&) {
            error = fmt::format("line {} is not a line of `pips analyze --format json`", n);
            return false;
        }
    }
    return true;
}

std::string signed_value(long long v) {
    return v > 0 ? fmt::format("+{}", v) : fmt::format("{}", v);
}

// A ply as the record writes it, in words.
std::string ply_words(const ast::Hand& hand, const ast::Ply& p) {
    std::string s;
    if (p.seat) s += static_cast<char>('A' + *p.seat);
    for (const auto& pre : hand.pre_of(p)) {
        if (!s.empty()) s += ' ';
        if (pre.kind == ast::PreAction::Kind::draw)
            s += "draw";
        else
            s += fmt::format("foul {}-{}", pre.tile.a, pre.tile.b);
    }
    if (!s.empty()) s += ' ';
    if (p.kind == ast::Ply::Kind::pass)
        s += p.knock ? "knock" : "pass";
    else
        s += fmt::format("{}-{}", p.tile.a, p.tile.b);
    return s;
}

std::string error_words(const checker::Diagnostic& d) {
    return fmt::format("line {}, column {} [{}]: {}", d.pos.line, d.pos.column,
                       checker::code_name(d.code), d.message);
}

constexpr const char* kCss =
    R"([hidden]{display:none!important}
body{font-family:sans-serif;margin:0 auto;padding:8px 16px;max-width:1200px;color:#111;background:#fff;line-height:1.4}
h1{font-size:1.4em}h2{font-size:1.25em;border-top:2px solid #444;padding-top:8px}h3{font-size:1.1em}
table{border-collapse:collapse;margin:4px 0 12px}th,td{border:1px solid #999;padding:2px 8px;text-align:left;vertical-align:top}
.verdict-ok::before{content:"\2713  "}.verdict-bad::before{content:"\2717  "}.verdict-bad{font-weight:bold}
.hand-body{display:flex;gap:16px;align-items:flex-start}
.boards{flex:1 1 auto;min-width:0}
.plylist{flex:0 0 16em;margin:0;padding-left:2.5em;max-height:80vh;overflow:auto}
.plylist li.current{font-weight:bold;outline:2px solid #222}
.plylist li.current::before{content:"\25B6  "}
.plylist .flag{border:1px solid #8b1a10;color:#8b1a10;padding:0 3px;font-size:.85em}
.plylist .mark{font-family:monospace;font-weight:bold}
figure.ply{margin:0 0 16px;padding:0}
figure.ply svg{max-width:100%;height:auto;display:block}
figcaption{font-weight:bold}
.errorbox{border:3px solid #8b1a10;background:#fdecea;padding:6px 10px;margin:6px 0}
.errorbox strong::before{content:"\26A0  "}
.analysis{font-family:monospace;margin:4px 0}
.controls{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin:6px 0}
.controls button{font-size:1em;min-width:2.6em;min-height:2.2em}
.controls input[type=range]{flex:1 1 12em}
.counter{font-weight:bold;min-width:9em}
.js .boards figure.ply{display:none}
.js .boards figure.ply.current{display:block}
h1,h2,h3{overflow-wrap:anywhere}
@media (max-width:600px){.hand-body{flex-direction:column}.plylist{flex:none;max-height:none}
table{display:block;overflow-x:auto;max-width:100%}body{padding:4px 8px}}
@media print{.controls{display:none!important}.js .boards figure.ply{display:block!important}
figure.ply{break-inside:avoid}.plylist{max-height:none;overflow:visible}body{max-width:none}}
)";

constexpr const char* kScript = R"(<script>
(function(){
"use strict";
document.documentElement.className+=" js";
var hands=[],active=null;
function select(h,k,write){
var n=h.figs.length;if(!n)return;
k=Math.max(0,Math.min(n-1,k));h.at=k;active=h;
for(var i=0;i<n;i++){var on=i===k;h.figs[i].classList.toggle("current",on);
var li=h.items[i];if(li){li.classList.toggle("current",on);if(on)li.setAttribute("aria-current","step");else li.removeAttribute("aria-current");}}
h.range.value=String(k+1);
h.counter.textContent="Ply "+h.figs[k].getAttribute("data-ply")+" of "+h.plies;
if(write&&history.replaceState)history.replaceState(null,"","#"+h.figs[k].id);
}
function fromHash(){
var id=decodeURIComponent(location.hash.slice(1));if(!id)return false;
for(var j=0;j<hands.length;j++){var h=hands[j];
for(var i=0;i<h.figs.length;i++)if(h.figs[i].id===id){select(h,i,false);h.el.scrollIntoView();return true;}
if(h.el.id===id){select(h,0,false);return true;}}
return false;
}
var els=document.querySelectorAll("section.hand");
for(var j=0;j<els.length;j++){(function(el){
var figs=el.querySelectorAll("figure.ply");if(!figs.length)return;
var h={el:el,figs:figs,items:el.querySelectorAll(".plylist li"),at:0,plies:el.getAttribute("data-plies"),
controls:el.querySelector(".controls")};
h.range=h.controls.querySelector("input");h.counter=h.controls.querySelector(".counter");
h.range.max=String(figs.length);h.controls.hidden=false;
var b=h.controls.querySelectorAll("button");
b[0].onclick=function(){select(h,0,true);};b[1].onclick=function(){select(h,h.at-1,true);};
b[2].onclick=function(){select(h,h.at+1,true);};b[3].onclick=function(){select(h,figs.length-1,true);};
h.range.oninput=function(){select(h,parseInt(h.range.value,10)-1,true);};
el.addEventListener("focusin",function(){active=h;});
el.addEventListener("click",function(){active=h;});
var anchors=el.querySelectorAll(".plylist a");
for(var i=0;i<anchors.length;i++)(function(i){anchors[i].onclick=function(e){e.preventDefault();select(h,i,true);};})(i);
hands.push(h);select(h,0,false);
})(els[j]);}
active=hands[0]||null;
document.addEventListener("keydown",function(e){
if(!active||e.altKey||e.ctrlKey||e.metaKey)return;
var t=e.target;if(t&&(t.tagName==="INPUT"||t.tagName==="TEXTAREA"||t.tagName==="SELECT"))return;
var k=active.at;
if(e.key==="ArrowRight")k++;else if(e.key==="ArrowLeft")k--;else if(e.key==="Home")k=0;else if(e.key==="End")k=active.figs.length-1;else return;
e.preventDefault();select(active,k,true);
});
window.addEventListener("hashchange",fromHash);
fromHash();
})();
</script>
)";

struct Page {
    std::string body;
    int records = 0;
    bool invalid = false;
};

void record_page(Page& page, const std::string& file, const std::string& key, int index,
                 const ast::Record& record, const Analysis& analysis, int width) {
    const int r = ++page.records;
    std::string& o = page.body;
    auto out = std::back_inserter(o);
    checker::CheckOptions copt;
    copt.summaries = true;
    const checker::Verdict v = checker::check_record(record, copt);
    if (!v.errors.empty()) page.invalid = true;
    const std::optional<checker::Diagnostic> first =
        v.errors.empty() ? std::nullopt : std::optional(v.errors.front());

    fmt::format_to(out,
                   "<section class=\"record\" id=\"r{}\">\n<h2>Record {}: {}, record {}</h2>\n", r,
                   r, xml_text(file), index);
    if (!record.tags.empty()) {
        o += "<table class=\"tags\"><caption>Tags</caption>\n";
        for (const auto& t : record.tags)
            fmt::format_to(out, "<tr><th scope=\"row\">{}</th><td>{}</td></tr>\n", xml_text(t.name),
                           xml_text(t.value));
        o += "</table>\n";
    }
    if (!v.rules.empty()) fmt::format_to(out, "<p>Rules: {}</p>\n", xml_text(v.rules));

    // Where the first error is shown: the hand that holds it.
    const ast::Hand* error_hand = nullptr;
    if (first)
        for (const auto& h : record.hands)
            if (!(first->pos < h.pos)) error_hand = &h;
    // Hand ids: the number as written, made unique.
    std::vector<std::string> ids;
    std::set<std::string> used;
    for (std::size_t i = 0; i < record.hands.size(); ++i) {
        std::string id = fmt::format("r{}-h{}", r, record.hands[i].number);
        while (!used.insert(id).second) id += "x";
        ids.push_back(id);
    }

    // The verdict.
    if (v.errors.empty()) {
        o += "<p class=\"verdict-ok\">Valid: every play, pass, score and result is legal.</p>\n";
    } else {
        o += "<div class=\"verdict-bad\">Invalid:<ul>\n";
        for (const auto& d : v.errors)
            fmt::format_to(out, "<li>Error at {}</li>\n", xml_text(error_words(d)));
        o += "</ul></div>\n";
    }

    // The hand-by-hand score table.
    o += "<table class=\"scores\"><caption>Hands</caption>\n<tr><th scope=\"col\">Hand</th>"
         "<th scope=\"col\">Plies</th><th scope=\"col\">Outcome</th><th scope=\"col\">Points</th>"
         "<th scope=\"col\">Score written</th></tr>\n";
    for (std::size_t i = 0; i < record.hands.size(); ++i) {
        const ast::Hand& h = record.hands[i];
        const checker::HandSummary* s = nullptr;
        for (const auto& x : v.summaries)
            if (x.number == h.number) s = &x;
        std::string score;
        if (h.score)
            for (const auto& it : h.score->items) {
                static constexpr std::array<const char*, 6> kWho{"A", "B", "C", "D", "AC", "BD"};
                fmt::format_to(std::back_inserter(score), "{}{} {}", score.empty() ? "" : " ",
                               kWho[static_cast<std::size_t>(it.who)], it.value);
            }
        fmt::format_to(out,
                       "<tr><td><a href=\"#{}\">{}</a></td><td>{}</td><td>{}</td><td>{}</td>"
                       "<td>{}</td></tr>\n",
                       ids[i], h.number, h.plies.size(), s ? xml_text(s->outcome) : "",
                       s ? xml_text(s->points) : "", xml_text(score));
    }
    o += "</table>\n";
    if (first && !error_hand)
        o += "<p class=\"errorbox\" role=\"alert\"><strong>Error</strong> before the first hand, "
             "at " +
             xml_text(error_words(*first)) + "</p>\n";

    const render::Replay replay(record);
    bool past_error = first && !error_hand;
    for (std::size_t i = 0; i < record.hands.size(); ++i) {
        const ast::Hand& h = record.hands[i];
        const std::string& hid = ids[i];
        const int plies = static_cast<int>(h.plies.size());
        fmt::format_to(out,
                       "<section class=\"hand\" id=\"{}\" data-plies=\"{}\">\n<h3>Hand {}</h3>\n",
                       hid, plies, h.number);
        // The file as named on both command lines, else by its base name.
        auto ha = analysis.find({false, key, index, h.number});
        if (ha == analysis.end()) ha = analysis.find({true, base_name(key), index, h.number});
        const HandAnalysis* an = ha == analysis.end() ? nullptr : &ha->second;
        if (an && !an->analysed)
            fmt::format_to(out, "<p class=\"analysis\">Not analysed: {}</p>\n",
                           xml_text(an->reason));
        else if (an)
            fmt::format_to(out, "<p class=\"analysis\">The hand's value from the pose: {} {}</p>\n",
                           xml_text(an->party), signed_value(an->value));
        if (past_error) {
            o += "<p>Not replayed: the record's first error comes before this hand.</p>\n"
                 "</section>\n";
            continue;
        }
        if (plies == 0) {
            o += "<p>A summary hand: no plies to show.</p>\n";
            if (&h == error_hand)
                o += "<div class=\"errorbox\" role=\"alert\"><strong>Error</strong> at " +
                     xml_text(error_words(*first)) + "</div>\n";
            o += "</section>\n";
            past_error = past_error || &h == error_hand;
            continue;
        }
        // The pictures, ply by ply, up to the first error.
        std::string figs, items;
        int shown = 0;
        for (int k = 1; k <= plies; ++k) {
            render::Found f = replay.find({h.number, k});
            if (!f.position) break;
            const render::Position& p = *f.position;
            const ast::Ply& ply = h.plies[static_cast<std::size_t>(k - 1)];
            const std::string words =
                p.ply == k && !p.ply_text.empty() ? p.ply_text : ply_words(h, ply);
            const std::string fid = fmt::format("{}-p{}", hid, k);
            render::SvgOptions so;
            so.id = fid + "-svg";
            so.standalone = false;
            so.data = true;
            fmt::format_to(std::back_inserter(figs),
                           "<figure class=\"ply\" id=\"{}\" data-ply=\"{}\"{}>\n"
                           "<figcaption>Ply {} of {}: {}</figcaption>\n",
                           fid, k, p.error ? " data-error=\"1\"" : "", k, plies, xml_text(words));
            figs += render::svg(render::build_scene(p, {width}), so);
            std::string mark;
            if (an) {
                auto pa = an->plies.find(k);
                if (pa != an->plies.end()) {
                    const PlyAnalysis& a = pa->second;
                    mark = a.mark;
                    std::string best;
                    for (const auto& b : a.best) best += (best.empty() ? "" : " ") + b;
                    fmt::format_to(std::back_inserter(figs),
                                   "<p class=\"analysis\">Value {} {} -&gt; {}{}{}{}</p>\n",
                                   xml_text(a.party), signed_value(a.before), signed_value(a.after),
                                   a.mark.empty() ? "" : "; mark " + xml_text(a.mark),
                                   best.empty() ? "" : "; best " + xml_text(best),
                                   a.forced ? " (forced)" : "");
                }
            }
            if (!p.note.empty())
                fmt::format_to(std::back_inserter(figs), "<p class=\"note\">Note: {}</p>\n",
                               xml_text(p.note));
            if (p.error)
                fmt::format_to(std::back_inserter(figs),
                               "<div class=\"errorbox\" role=\"alert\"><strong>Error</strong> at "
                               "{}</div>\n",
                               xml_text(error_words(*p.error)));
            figs += "</figure>\n";
            fmt::format_to(std::back_inserter(items), "<li data-ply=\"{}\"><a href=\"#{}\">{}</a>",
                           k, fid, xml_text(words));
            if (!mark.empty())
                fmt::format_to(std::back_inserter(items), " <span class=\"mark\">{}</span>",
                               xml_text(mark));
            if (p.error) items += " <span class=\"flag\">error</span>";
            items += "</li>\n";
            ++shown;
            if (p.error) {
                past_error = true;
                break;
            }
        }
        fmt::format_to(
            out,
            "<div class=\"controls\" hidden><button type=\"button\" "
            "aria-label=\"First ply\">|&#x25C0; First</button><button type=\"button\" "
            "aria-label=\"Previous ply\">&#x25C0; Back</button><button type=\"button\" "
            "aria-label=\"Next ply\">Next &#x25B6;</button><button type=\"button\" "
            "aria-label=\"Last ply\">Last &#x25B6;|</button><input type=\"range\" min=\"1\" "
            "max=\"{0}\" value=\"1\" aria-label=\"Ply\"><span class=\"counter\" "
            "aria-live=\"polite\">Ply 1 of {1}</span></div>\n",
            shown, plies);
        if (shown < plies)
            fmt::format_to(out, "<p>Shown up to ply {} of {}: the record's first error.</p>\n",
                           shown, plies);
        o += "<div class=\"hand-body\">\n<div class=\"boards\">\n" + figs +
             "</div>\n<ol class=\"plylist\" aria-label=\"Plies\">\n" + items +
             "</ol>\n</div>\n</section>\n";
    }
    o += "</section>\n";
}

}  // namespace

int run_view(const ViewArgs& args, const Io& io) {
    if (args.output.empty())
        return fail(io, "", kBadArgument, "no output: -o FILE names the page to write");
    if (args.width < render::kMinWidth || args.width > render::kMaxWidth)
        return fail(io, "", kBadArgument,
                    fmt::format("--width {} is out of range: {} to {} pixels", args.width,
                                render::kMinWidth, render::kMaxWidth));
    Analysis analysis;
    if (!args.analysis.empty()) {
        Input in(args.analysis, *io.in);
        if (const Diagnostic* d = in.error()) {
            std::string s;
            render_diagnostic(s, *d, nullptr, io.color_err);
            std::fputs(s.c_str(), io.err);
            return kExitCannotRun;
        }
        std::string error;
        if (!read_analysis(in.stream(), analysis, error))
            return fail(io, in.name(), kBadArgument, fmt::format("{}: {}", in.name(), error));
    }
    Page page;
    for (const auto& path : args.files) {
        Input input(path, *io.in);
        if (const Diagnostic* d = input.error()) {
            std::string s;
            render_diagnostic(s, *d, nullptr, io.color_err);
            std::fputs(s.c_str(), io.err);
            return kExitCannotRun;
        }
        parser::RecordReader reader(input.stream());
        ast::Record record;
        int index = 0;
        while (reader.next(record))
            record_page(page, input.name(), path, ++index, record, analysis, args.width);
        if (auto d = input.read_error()) {
            std::string s;
            render_diagnostic(s, *d, nullptr, io.color_err);
            std::fputs(s.c_str(), io.err);
            return kExitCannotRun;
        }
    }
    std::string names;
    for (const auto& f : args.files) names += (names.empty() ? "" : ", ") + display_name(f);
    std::string html;
    html.reserve(page.body.size() + 8192);
    html +=
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<meta name=\"generator\" content=\"pips view\">\n";
    fmt::format_to(std::back_inserter(html), "<title>pips view: {}</title>\n<style>\n{}</style>\n",
                   xml_text(names), kCss);
    html += "</head>\n<body>\n";
    // The pattern of tile backs and the pictures' style sheet, once.
    html += "<svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\">\n";
    html += render::kStyle;
    html += "</svg>\n";
    fmt::format_to(std::back_inserter(html),
                   "<h1>pips view: {}</h1>\n<p>{} record{}. Each hand is listed ply by ply; with "
                   "scripts on, step through it with the buttons, the slider or the arrow keys "
                   "(&larr; &rarr;, Home, End). A ply's link selects it.</p>\n",
                   xml_text(names), page.records, page.records == 1 ? "" : "s");
    html += page.body;
    html += kScript;
    html += "</body>\n</html>\n";

    if (const auto e = write_output(args.output, html, io.out))
        return say_run_error(io.err, *e, io.color_err);
    return page.invalid ? kExitInvalid : kExitValid;
}

}  // namespace pips::cli
