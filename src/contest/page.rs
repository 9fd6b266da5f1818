//! The contest as one self-contained HTML page: the leaderboard, and for
//! the entry clicked, its win rate against every other. No network: the
//! data, the style and the script are all in the file.

use serde_json::json;

use crate::rules::Rules;

use super::entries::{Entry, Rejected};
use super::standings::Standings;

/// Text safe inside HTML elements and attributes.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    // Control characters (a name's escape sequence) shown as escapes: the
    // page may be read as text, and they are not HTML.
    for c in crate::text::one_line(text).chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The page for a contest under `rules`.
pub fn html_page(
    rules: &Rules,
    entries: &[Entry],
    rejected: &[Rejected],
    standings: &Standings,
    margin: f64,
) -> String {
    let data = json!({
        "names": entries.iter().map(|e| e.name.clone()).collect::<Vec<_>>(),
        "files": entries.iter().map(|e| e.file.clone()).collect::<Vec<_>>(),
        "matrix": standings.matrix,
        "margin": margin,
    });
    // A name may hold "</script>": inside the script element, "<" is
    // written as its JSON escape.
    let data = data.to_string().replace('<', "\\u003c");
    let mut rows = String::new();
    for s in &standings.table {
        let e = &entries[s.entry];
        let note = e
            .defaulted
            .as_ref()
            .map(|why| {
                format!(
                    r#" <span class="note" title="{}">plays always_roll</span>"#,
                    escape(why)
                )
            })
            .unwrap_or_default();
        rows.push_str(&format!(
            r#"<tr data-entry="{}"><td>{}</td><td class="name">{}{note}</td><td>{}</td><td>{:.4}%</td><td class="file">{}</td></tr>
"#,
            s.entry,
            s.rank,
            escape(&e.name),
            s.points,
            100.0 * s.mean,
            escape(&e.file)
        ));
    }
    let mut out_rows = String::new();
    for r in rejected {
        out_rows.push_str(&format!(
            "<tr><td class=\"file\">{}</td><td>{}</td></tr>\n",
            escape(&r.file),
            escape(&r.reason)
        ));
    }
    let rejected_section = if rejected.is_empty() {
        String::new()
    } else {
        format!(
            "<h2>Left out ({})</h2>\n<table class=\"rejected\"><thead><tr><th>file</th><th>why</th></tr></thead><tbody>\n{out_rows}</tbody></table>\n",
            rejected.len()
        )
    };
    format!(
        r#"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hog Contest: {rules_line}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1d2330; }}
table {{ border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }}
th, td {{ text-align: left; padding: 0.3rem 0.6rem; border-bottom: 1px solid #e2ddd2; }}
th {{ font-size: 0.8rem; color: #5f6b7a; }}
tbody tr[data-entry] {{ cursor: pointer; }}
tbody tr[data-entry]:hover, tr.selected {{ background: #f4f1ea; }}
.file {{ font-family: ui-monospace, monospace; font-size: 0.85rem; color: #5f6b7a; }}
.note {{ font-size: 0.75rem; color: #b45309; }}
.win {{ color: #15803d; font-weight: 600; }}
.loss {{ color: #b91c1c; }}
#detail {{ margin-top: 1.5rem; }}
.bar {{ display: inline-block; height: 0.6rem; background: #9db7ef; border-radius: 3px; vertical-align: middle; }}
</style>
</head>
<body>
<h1>Hog Contest</h1>
<p>{count} entries, {pairs} exact matches under {rules_line}. An entry earns a point for each
opponent it beats with an average win rate above {threshold}; equal points share a rank (the mean
win rate is shown, not used to break ties). Click an entry for its win rate against every other.</p>
<table class="leaderboard"><thead><tr><th>rank</th><th>entry</th><th>points</th><th>mean win rate</th><th>file</th></tr></thead>
<tbody>
{rows}</tbody></table>
<section id="detail" hidden><h2 id="detail-title"></h2>
<table><thead><tr><th>opponent</th><th>win rate</th><th></th></tr></thead><tbody id="detail-rows"></tbody></table></section>
{rejected_section}<script id="data" type="application/json">{data}</script>
<script>
const data = JSON.parse(document.getElementById("data").textContent);
function show(i) {{
  for (const tr of document.querySelectorAll("tr[data-entry]")) tr.classList.toggle("selected", Number(tr.dataset.entry) === i);
  document.getElementById("detail").hidden = false;
  document.getElementById("detail-title").textContent = data.names[i] + " against every other entry";
  const body = document.getElementById("detail-rows");
  body.replaceChildren();
  const order = data.names.map((_, j) => j).filter(j => j !== i).sort((a, b) => data.matrix[i][b] - data.matrix[i][a]);
  for (const j of order) {{
    const rate = data.matrix[i][j];
    const row = body.insertRow();
    row.insertCell().textContent = data.names[j];
    const cell = row.insertCell();
    cell.textContent = (100 * rate).toFixed(4) + "%";
    cell.className = rate > 0.5 + data.margin ? "win" : rate < 0.5 - data.margin ? "loss" : "";
    const bar = document.createElement("span");
    bar.className = "bar";
    bar.style.width = (200 * rate).toFixed(0) + "px";
    row.insertCell().append(bar);
  }}
}}
for (const tr of document.querySelectorAll("tr[data-entry]")) tr.addEventListener("click", () => show(Number(tr.dataset.entry)));
</script>
</body>
</html>
"#,
        rules_line = escape(&format!("{}, goal {}", rules.name(), rules.goal())),
        count = entries.len(),
        pairs = standings.pairs,
        threshold = 0.5 + margin,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_cannot_break_out_of_the_page() {
        assert_eq!(escape("<b>&\"'"), "&lt;b&gt;&amp;&quot;&#39;");
    }
}
