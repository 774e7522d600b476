// The HTML report's inline style and script (html_parts.hpp).
#include "reports/html_parts.hpp"

namespace plyjudge::reports::html {

const char* const kStyle = R"(
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:1100px;padding:1em 2em;color:#222}
h1{margin-bottom:.2em} h2{border-bottom:2px solid #ccc;padding-bottom:.2em;margin-top:2em}
table{border-collapse:collapse;margin:.5em 0} td,th{border:1px solid #ccc;padding:.25em .6em;text-align:left;vertical-align:top}
td{overflow-wrap:break-word} td.case{white-space:nowrap} td.explanation,td.diagnosis,td.main{overflow-wrap:anywhere}
th{background:#f0f0f0} td.num{text-align:right;white-space:nowrap}
th.sort{cursor:pointer} th[aria-sort=ascending]::after{content:" \25B2"} th[aria-sort=descending]::after{content:" \25BC"}
#score-table td.main{font-size:90%}
.verdict-ok{color:#176b2c;font-weight:600} .verdict-fail{color:#b01515;font-weight:600} .verdict-other{color:#8a5a00;font-weight:600}
.note{background:#fff6d6;border:1px solid #e6cf7a;padding:.4em .8em}
.flag{color:#8a5a00;font-weight:600}
.overview-grid{display:flex;flex-wrap:wrap;gap:2em}
.filters{background:#f4f6fa;border:1px solid #d5dbe6;padding:.4em .8em;margin:1em 0} .filters label{margin-right:1.5em}
details.failure-group{border:1px solid #ddd;border-radius:6px;margin:.5em 0;background:#fcfcfc}
details.failure-group>summary{padding:.4em .8em;cursor:pointer} details.failure-group[open]>summary{border-bottom:1px solid #eee}
details.failure-group>div,details.failure-group>p{margin-left:1em;margin-right:1em}
details.all-cases>summary{cursor:pointer;margin:.5em 0}
.failure{padding:.2em 0;margin:.5em 0}
.failure h3{margin:.2em 0;font-size:105%}
.count{font-weight:600}
.position{display:flex;gap:1.5em;align-items:flex-start;flex-wrap:wrap}
.legend span{display:inline-block;width:1em;height:1em;vertical-align:middle;margin-right:.3em}
pre{white-space:pre-wrap;overflow-wrap:anywhere}
pre.difference{background:#f6f6f6;padding:.5em;font-size:90%;max-width:640px}
pre .expected{background:#dcf5e0;display:block} pre .actual{background:#fadcdc;display:block} pre .context{color:#666;display:block}
ul.hints{background:#eef6ff;border:1px solid #b9d4f0;padding:.4em .8em .4em 2em}
p.back{text-align:right;font-size:90%}
@media print{
  body{max-width:none;padding:0;font-size:10pt}
  .filters,p.back,th.sort::after{display:none}
  a{color:inherit;text-decoration:none}
  h2{break-after:avoid} .failure,tr,summary{break-inside:avoid}
  section.student{break-inside:auto}
}
)";

// Sorting the score table by a header (click or Enter), the filters, and opening the group a link points to.
// DOM methods only (textContent, attributes): nothing a student wrote is ever parsed as HTML.
const char* const kScript = R"(
(function () {
  var d = document;
  function each(list, f) { Array.prototype.forEach.call(list, f); }
  function key(cell) { return cell.getAttribute('data-sort') || cell.textContent; }
  each(d.querySelectorAll('p.note-sort'), function (p) { p.hidden = false; });  // said only where sorting works
  each(d.querySelectorAll('table.sortable'), function (t) {
    var heads = t.tHead.rows[0].cells;
    each(heads, function (th, i) {
      th.className += ' sort';
      th.tabIndex = 0;
      function sort() {
        var up = th.getAttribute('aria-sort') !== 'ascending';
        each(heads, function (o) { o.removeAttribute('aria-sort'); });
        th.setAttribute('aria-sort', up ? 'ascending' : 'descending');
        var body = t.tBodies[0], rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (x, y) {
          var a = key(x.cells[i]), b = key(y.cells[i]), na = parseFloat(a), nb = parseFloat(b);
          var r = !isNaN(na) && !isNaN(nb) ? na - nb : a.localeCompare(b);
          return up ? r : -r;
        });
        each(rows, function (r) { body.appendChild(r); });
      }
      th.addEventListener('click', sort);
      th.addEventListener('keydown', function (ev) { if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); sort(); } });
    });
  });
  function openTarget() {
    var id = decodeURIComponent(location.hash.slice(1)), el = id && d.getElementById(id);
    for (; el; el = el.parentElement) if (el.tagName === 'DETAILS') el.open = true;
  }
  window.addEventListener('hashchange', openTarget);
  openTarget();
  var filters = d.getElementById('filters');
  if (!filters) return;
  filters.hidden = false;
  var byVerdict = d.getElementById('filter-verdict'), byExplanation = d.getElementById('filter-explanation');
  function has(el, name, value) { return !value || (el.getAttribute(name) || '').split('|').indexOf(value) >= 0; }
  function apply() {
    var v = byVerdict.value, x = byExplanation.value, shown = 0;
    each(d.querySelectorAll('section.student'), function (s) {
      var any = false;
      each(s.querySelectorAll('details.failure-group'), function (g) {
        g.hidden = !(has(g, 'data-verdicts', v) && has(g, 'data-explanation', x));
        any = any || !g.hidden;
      });
      var keep = any || (!v && !x);
      s.hidden = !keep;
      shown += keep;
      each(d.querySelectorAll('tr[data-student="' + s.getAttribute('data-student') + '"]'), function (r) { r.hidden = !keep; });
    });
    d.getElementById('filter-count').textContent = shown + ' of ' + d.querySelectorAll('section.student').length + ' students shown';
  }
  byVerdict.addEventListener('change', apply);
  byExplanation.addEventListener('change', apply);
  apply();
})();
)";

}  // namespace plyjudge::reports::html
