//! `GET /api/contest[?margin=M]`: the Hog Contest among the uploaded tables
//! and the submissions of `hog serve --contest DIR`, scored as `hog
//! contest` scores them; pairs are kept between requests.

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::{Query, State};
use axum::Json;
use serde::Serialize;

use crate::contest::{standings, Entry, Rejected, DEFAULT_MARGIN};
use crate::report::RulesHeader;

use super::api::{AppState, Params};
use super::error::ApiError;

/// One line of the leaderboard.
#[derive(Debug, Clone, Serialize)]
pub struct ContestRow {
    /// 1 for the most points; equal points share a rank.
    pub rank: usize,
    /// The entry's name.
    pub name: String,
    /// Where it comes from: an upload's id or a submission's file.
    pub source: String,
    /// Opponents beaten by more than the margin.
    pub points: usize,
    /// Its mean average win rate against the others.
    pub mean_win_rate: f64,
}

/// The contest as the page shows it.
#[derive(Debug, Clone, Serialize)]
pub struct ContestReport {
    /// The rules.
    #[serde(flatten)]
    pub rules: RulesHeader,
    /// A match is won above 0.5 + margin.
    pub margin: f64,
    /// The entries' names, in the matrix's order.
    pub entries: Vec<String>,
    /// The leaderboard, best first.
    pub leaderboard: Vec<ContestRow>,
    /// `matrix[i][j]`: entry `i`'s average win rate against `j`.
    pub matrix: Vec<Vec<f64>>,
    /// Submissions of the contest folder left out, and why.
    pub rejected: Vec<Rejected>,
    /// Matches in all.
    pub pairs: usize,
    /// Pairs of tables evaluated for this request (the others were kept).
    pub pairs_evaluated: usize,
}

/// The entries under the request's rules: the folder's (tabulated for the
/// server's rules) and every upload for this goal.
fn entries(
    state: &super::state::ServerState,
    rules: &crate::rules::Rules,
) -> (Vec<Entry>, Vec<Rejected>) {
    let mut entries = Vec::new();
    let mut rejected = Vec::new();
    if let Some(folder) = state.contest().filter(|f| f.rules == rules.identity()) {
        entries.extend(folder.entries.iter().cloned());
        rejected.extend(folder.rejected.iter().cloned());
    }
    for upload in state.uploads() {
        if upload.table.goal() != rules.goal() {
            continue;
        }
        // Two uploads of one file name stay apart by their ids.
        let name = if entries.iter().any(|e: &Entry| e.name == upload.name) {
            format!("{} ({})", upload.name, upload.id)
        } else {
            upload.name.clone()
        };
        entries.push(Entry {
            name,
            file: upload.id.clone(),
            table: (*upload.table).clone(),
            defaulted: None,
        });
    }
    (entries, rejected)
}

pub async fn contest(
    State(state): AppState,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Json<ContestReport>, ApiError> {
    let params = Params::new(query, &["margin"])?;
    let rules = params.rules(&state)?;
    let margin = match params.get("margin") {
        None => DEFAULT_MARGIN,
        Some(text) => text
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|m| m.is_finite() && (0.0..0.5).contains(m))
            .ok_or_else(|| {
                ApiError::bad(format!(
                    "margin is a number from 0 up to 0.5, not '{}'",
                    crate::text::clip(text, 40)
                ))
            })?,
    };
    let cost = super::api::cost(&rules, super::api::Work::Sweep);
    super::api::compute(&Arc::clone(&state), cost, move || {
        let (entries, rejected) = entries(&state, &rules);
        if entries.len() < 2 {
            let hint = match state.contest() {
                Some(folder) if folder.rules != rules.identity() => format!(
                    "the contest folder was entered for {} at goal {}; ask for those rules",
                    folder.rules_name, folder.goal
                ),
                Some(_) => "upload tables to play the folder's entries".to_string(),
                None => "upload tables (or start the server with --contest DIR)".to_string(),
            };
            return Err(ApiError::bad(format!(
                "a contest needs at least two entries, and there {} {}: {hint}",
                if entries.len() == 1 { "is" } else { "are" },
                entries.len()
            )));
        }
        let result = standings(&rules, &entries, margin, &state.contest_pairs(), &|| {});
        state.keep_contest_pairs(result.cache.clone());
        Ok(ContestReport {
            rules: RulesHeader::of(&rules),
            margin,
            entries: entries.iter().map(|e| e.name.clone()).collect(),
            leaderboard: result
                .table
                .iter()
                .map(|s| ContestRow {
                    rank: s.rank,
                    name: entries[s.entry].name.clone(),
                    source: entries[s.entry].file.clone(),
                    points: s.points,
                    mean_win_rate: s.mean,
                })
                .collect(),
            matrix: result.matrix,
            rejected,
            pairs: result.pairs,
            pairs_evaluated: result.evaluated,
        })
    })
    .await
    .map(Json)
}
