//! The page speaks every rule set: the moves, goals and contexts it shows
//! come from the rules' own account of themselves (`/api/strategies`'
//! `game`), checked under the rule sets that differ from Fall 2024 (a -1
//! move, a goal for each player, memory, a clock, no course strategies),
//! then a game, a map and a comparison under every built-in rule set.

use serde_json::{json, Value};

use super::{check_hover, check_pinned, draw, enc, Page};

/// `/api/game` for a game of `moves` (-1 for that move) against the
/// optimum, the person moving first, at the goal the page shows.
fn game_of(page: &Page, seed: u64, rules: &str, moves: &[i64]) -> Result<String, String> {
    let moves: Vec<String> = moves.iter().map(i64::to_string).collect();
    let goal = page.js("return q('#goal').value;", vec![])?;
    Ok(format!(
        "/api/game?seed={seed}&vs=optimal&first=you&moves={}&rules={}&goal={}",
        moves.join(","),
        enc(rules),
        goal.as_str().unwrap_or("100")
    ))
}

/// Choose rule set `name` from the rules menu (its goal their own).
fn choose_rules(page: &Page, name: &str) -> Result<Value, String> {
    page.set("#rules", name)?;
    page.idle(&format!("choosing {name}"))?;
    let goal = page.js("return q('#goal').value;", vec![])?;
    let goal = goal.as_str().unwrap_or("100").to_string();
    page.api(&format!("/api/strategies?rules={}&goal={goal}", enc(name)))
}

/// The states of a packed map whose move is `kept` (11 for -1), row-major.
fn cells_with(map: &Value, kept: u8) -> Result<Vec<(u32, u32)>, String> {
    use base64::Engine;
    let n = map["goal"].as_u64().ok_or("a map without its goal")? as u32;
    let dice = base64::engine::general_purpose::STANDARD
        .decode(map["dice"].as_str().ok_or("a map without dice")?)
        .map_err(|e| format!("the map's dice: {e}"))?;
    Ok((0..n * n)
        .filter(|&i| dice[i as usize] == kept)
        .map(|i| (i / n, i % n))
        .collect())
}

/// Fall 2015's contest, from the rules menu: the clock is picked by what
/// its values mean; at a state where the optimum rolls -1 the card, the
/// legend, the bars and the pinned explanation all say -1, and the
/// explanation says what a 1 scores under these rules (0).
pub fn contest_minus_one(page: &Page) -> Result<(), String> {
    page.open("explore")?;
    let report = choose_rules(page, "fa15-contest")?;
    let clock = &report["game"]["contexts"]["clock"];
    let labels = page.js(
        "return [...q('#map-clock').options].map(o => o.textContent);",
        vec![],
    )?;
    let want: Vec<Value> = clock["values"]
        .as_array()
        .ok_or("fa15-contest's description has no clock")?
        .iter()
        .map(|v| v["label"].clone())
        .collect();
    if labels != json!(want) || page.visible("#map-remembered-field")? {
        return Err(format!(
            "the clock's menu offers {labels}, the rules' values {want:?}"
        ));
    }
    page.set("#map-clock", "2")?;
    page.idle("picking the clock where the opponent's -1 is used")?;
    draw(page, "optimal", "optimal", "policy")?;
    let title = page.js("return q('#map-title').textContent;", vec![])?;
    if !title
        .as_str()
        .is_some_and(|t| t.contains("drawn where mover's -1 unused, opponent's used"))
    {
        return Err(format!(
            "the map's title does not say its clock in words: {title}"
        ));
    }
    let legend = page.js("return q('#map-legend').textContent;", vec![])?;
    if !legend.as_str().is_some_and(|t| t.ends_with("10-1")) {
        return Err(format!("the legend does not end with -1: {legend}"));
    }
    let map = page.api("/api/solve?rules=fa15-contest&goal=100&clock=2")?;
    let swaps = cells_with(&map, 11)?;
    let &(score, opponent) = swaps
        .iter()
        .find(|&&(s, _)| (88..=94).contains(&s))
        .or(swaps.first())
        .ok_or("the optimum rolls -1 nowhere at clock 2")?;
    let there = page.api(&format!(
        "/api/explain?rules=fa15-contest&goal=100&score={score}&opponent={opponent}&clock=2"
    ))?;
    if there["best"] != json!(-1) {
        return Err(format!(
            "({score}, {opponent}) at clock 2: the best is {}",
            there["best"]
        ));
    }
    check_hover(page, score, opponent, &there, "best")?;
    let card = page.js(
        "return {line: q('#cell-line').textContent,
           columns: [...document.querySelectorAll('#cell-bars .column')]
             .map(c => [c.dataset.dice, c.className, Number(c.dataset.value)]),
           axis: q('#cell-x-axis').textContent};",
        vec![],
    )?;
    if !card["line"]
        .as_str()
        .is_some_and(|t| t.starts_with("rolls -1 dice"))
    {
        return Err(format!("the card at ({score}, {opponent}): {card}"));
    }
    let columns = card["columns"].as_array().cloned().unwrap_or_default();
    let minus = columns.iter().find(|c| c[0] == json!("-1"));
    let value = there["choices"][11]["win_probability"]
        .as_f64()
        .unwrap_or(f64::NAN);
    let shown = minus.and_then(|c| c[2].as_f64()).unwrap_or(f64::NAN);
    let marked = minus.and_then(|c| c[1].as_str()).unwrap_or("");
    if columns.len() != 12
        || !marked.contains("chosen")
        || !marked.contains("best")
        || (shown - value).abs() > 1e-6
        || card["axis"] != json!("012345678910-1")
    {
        return Err(format!(
            "the bars at ({score}, {opponent}) leave out or misplace -1 (wins {value}): {card}"
        ));
    }
    page.session.click_here()?;
    page.idle("pinning a -1 cell")?;
    check_pinned(page, score, opponent, &there)?;
    // What a 1 does here: it scores 0, and the column counts the chance a
    // die shows 1 all the same.
    let table = page.js(
        "return {head: q('#explain-table thead th:nth-child(4)').textContent,
           three: q('#explain-table tr[data-dice=\"3\"] td:nth-child(4)').textContent};",
        vec![],
    )?;
    let three = there["choices"][3]["pig_out_probability"]
        .as_f64()
        .unwrap_or(0.0);
    if table["head"] != json!("a 1 shows (scores 0)")
        || table["three"] != json!(format!("{:.2}%", 100.0 * three))
        || three <= 0.0
    {
        return Err(format!(
            "the explanation's column of 1s: {table}, the API's chance for 3 dice {three}"
        ));
    }
    page.shot("explore-minus-one.png")
}

/// Under rules whose optimum reads what the players remember (fa19):
/// Compare rates the optimum as the API does, the difference map names
/// what it compares with, and Sweep says why it has nothing to sweep.
pub fn optimum_that_remembers(page: &Page) -> Result<(), String> {
    page.open("compare")?;
    choose_rules(page, "fa19")?;
    page.set("#cmp-a", "optimal")?;
    page.set("#cmp-b", "always_roll(6)")?;
    page.session.click("#cmp-run")?;
    page.idle("comparing the optimum under fa19")?;
    let eval = page.api("/api/eval?rules=fa19&goal=100&strategy=optimal&vs=always_roll(6)")?;
    let shown = page.js("return q('#cmp-result').dataset.average;", vec![])?;
    let want = eval["average"].as_f64().ok_or("no average")?;
    if shown.as_str().and_then(|v| v.parse::<f64>().ok()) != Some(want) {
        return Err(format!("Compare shows {shown}, the API {want}"));
    }
    let sweep = page.js(
        "return [q('#sweep-run').disabled, q('#sweep-caption').textContent];",
        vec![],
    )?;
    if sweep[0] != json!(true)
        || !sweep[1]
            .as_str()
            .is_some_and(|t| t.contains("no course strategies"))
    {
        return Err(format!("Sweep under fa19: {sweep}"));
    }
    // The comparison's box shows once the kind is a difference; it holds
    // always_roll(6) from the start.
    page.open("explore")?;
    draw(page, "optimal", "optimal", "diff")?;
    let title = page.js("return q('#map-title').textContent;", vec![])?;
    if !title.as_str().is_some_and(|t| {
        t.starts_with("optimal against optimal, where it differs from always_roll(6)")
            && t.contains("the mover remembers 0 dice, the other 0 dice")
    }) {
        return Err(format!("the difference map's title: {title}"));
    }
    page.shot("explore-diff-fa19.png")
}

/// A sweep's caption says which values each range took, and that `a..b`
/// leaves `b` out.
pub fn sweep_ranges(page: &Page) -> Result<(), String> {
    page.open("compare")?;
    choose_rules(page, "fa24")?;
    page.set("#sweep-grid", "boar_strategy(6..9, 3..=4)")?;
    page.session.click("#sweep-run")?;
    page.idle("sweeping")?;
    let caption = page.js("return q('#sweep-caption').textContent;", vec![])?;
    let caption = caption.as_str().unwrap_or("");
    for words in [
        "over threshold 6 to 8 and num_rolls 3 to 4",
        "(a..b leaves b out; a..=b takes it)",
    ] {
        if !caption.contains(words) {
            return Err(format!(
                "the sweep's caption does not say {words:?}: {caption}"
            ));
        }
    }
    Ok(())
}

/// Fall 2021's contest gives each player a goal of their own: the page
/// says both, plays a game to its end, and says no more whose move it is
/// once the game is over.
pub fn goal_each(page: &Page) -> Result<(), String> {
    page.open("play")?;
    choose_rules(page, "fa21-contest")?;
    page.set("#opponent", "optimal")?;
    page.set("#first", "you")?;
    page.set("#seed", "21")?;
    page.session.click("#replay")?;
    page.idle("a new game under fa21-contest")?;
    let line = page.js("return q('#rule-line').textContent;", vec![])?;
    if line != json!("Choose how many dice to roll, then Roll. You win at 30, Optimal at 40.") {
        return Err(format!("the game's first line: {line}"));
    }
    let game = play_out(page, "fa21-contest", 21)?;
    let shown = page.js(
        "return [vis(q('#context-line')), q('#winner-score').textContent];",
        vec![],
    )?;
    let scores = &game["scores"];
    let want = format!(
        "{} – {} (You win at 30, Optimal at 40)",
        scores["you"], scores["opponent"]
    );
    if shown != json!([false, want]) {
        return Err(format!(
            "the game's end shows {shown}, not [false, {want:?}]"
        ));
    }
    page.shot("play-goal-each.png")
}

/// Play the game of `seed` under `rules` to its end against the optimum,
/// each move the API's advice, picked and rolled by the keyboard; the
/// API's last game.
fn play_out(page: &Page, rules: &str, seed: u64) -> Result<Value, String> {
    let mut moves: Vec<i64> = Vec::new();
    loop {
        let game = page.api(&game_of(page, seed, rules, &moves)?)?;
        page.eventually(|| super::shows_game(page, &game))?;
        if !game["winner"].is_null() {
            return Ok(game);
        }
        if moves.len() > 80 {
            return Err(format!(
                "the game of seed {seed} under {rules} did not end in 80 moves"
            ));
        }
        let dice = game["advice"].as_i64().ok_or("no advice in /api/game")?;
        // The move's own button, then Enter: a roll by the keyboard (the
        // digit keys would read a 0 typed soon after a 1 as 10).
        page.session
            .click(&format!("#dice button[data-dice=\"{dice}\"]"))?;
        page.session.keys("\u{E007}")?;
        moves.push(dice);
        page.idle(&format!("rolling {dice} under {rules}"))?;
    }
}

/// Under every rule set hog knows by name, from the rules menu: the dice
/// picker offers the rules' moves, a whole game plays to its end as the
/// API plays it, the optimum's map hovers as the API explains it, and
/// Compare rates the optimum against the baseline as the API does.
pub fn every_rule_set(page: &Page) -> Result<(), String> {
    let names = page.api("/api/strategies")?["rule_sets"]
        .as_array()
        .cloned()
        .ok_or("no rule_sets in /api/strategies")?;
    let mut problems = Vec::new();
    for entry in &names {
        let name = entry["name"].as_str().unwrap_or_default();
        if let Err(e) = one_rule_set(page, name) {
            problems.push(format!("{name}: {e}"));
        }
    }
    if names.len() < 35 {
        problems.push(format!("only {} rule sets in the menu", names.len()));
    }
    match problems.is_empty() {
        true => Ok(()),
        false => Err(problems.join("; ")),
    }
}

fn one_rule_set(page: &Page, name: &str) -> Result<(), String> {
    page.open("play")?;
    let report = choose_rules(page, name)?;
    let game = &report["game"];
    let goal = report["goal"].as_u64().ok_or("no goal")?;
    let mut moves: Vec<i64> = game["moves"]
        .as_array()
        .ok_or("no moves")?
        .iter()
        .filter_map(|m| m["dice"].as_i64())
        .collect();
    moves.sort();
    let picker = page.js(
        "return [...document.querySelectorAll('#dice button')].map(b => Number(b.dataset.dice));",
        vec![],
    )?;
    if picker != json!(moves) {
        return Err(format!(
            "the dice picker offers {picker}, the rules {moves:?}"
        ));
    }
    page.set("#opponent", "optimal")?;
    page.set("#first", "you")?;
    page.set("#seed", "7")?;
    page.session.click("#replay")?;
    page.idle("a new game")?;
    play_out(page, name, 7)?;
    // One map, hovered where the API explains it.
    page.open("explore")?;
    draw(page, "optimal", "optimal", "policy")?;
    let (score, opponent) = ((goal / 3) as u32, (goal / 2) as u32);
    let there = page.api(&format!(
        "/api/explain?rules={}&goal={goal}&score={score}&opponent={opponent}",
        enc(name)
    ))?;
    check_hover(page, score, opponent, &there, "best")?;
    // The optimum against the baseline, as the API rates it.
    page.open("compare")?;
    let baseline = report["baseline"]
        .as_str()
        .unwrap_or("always_roll(6)")
        .to_string();
    page.set("#cmp-a", "optimal")?;
    page.set("#cmp-b", &baseline)?;
    page.session.click("#cmp-run")?;
    page.idle("comparing")?;
    let eval = page.api(&format!(
        "/api/eval?rules={}&goal={goal}&strategy=optimal&vs={}",
        enc(name),
        enc(&baseline)
    ))?;
    let shown = page.js("return q('#cmp-result').dataset.average;", vec![])?;
    let want = eval["average"].as_f64().ok_or("no average")?;
    if shown.as_str().and_then(|v| v.parse::<f64>().ok()) != Some(want) {
        return Err(format!("Compare shows {shown}, the API {want}"));
    }
    Ok(())
}

/// The rule set the server was started with (a rules file, Python, a
/// built-in read another way), as [`every_rule_set`] plays each named one.
pub fn house_rule_set(page: &Page) -> Result<(), String> {
    let report = page.api("/api/strategies")?;
    let name = report["house"]["name"]
        .as_str()
        .or(report["rules"].as_str())
        .ok_or("no rules in /api/strategies")?
        .to_string();
    one_rule_set(page, &name)
}
