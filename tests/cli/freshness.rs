//! The committed tables under `output/` are what `hog solve` writes today.

use std::path::Path;

use crate::util::{assert_same_file, Scratch};

#[test]
fn committed_output_tables_are_fresh() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    assert!(
        repo.join("output/fa24/final_strategy.csv").is_file(),
        "output/fa24/final_strategy.csv is missing: run `cargo run --release -- solve`"
    );
    let mut checked = 0;
    for preset in ["fa24", "double-swap", "reverse-swap", "digit-swap"] {
        let committed = repo.join("output").join(preset);
        if !committed.is_dir() {
            continue;
        }
        let s = Scratch::new();
        s.run(&["--rules", preset, "solve", "--out", "fresh", "--quiet"]);
        for file in ["final_strategy.csv", "win_probabilities.csv"] {
            assert_same_file(
                &committed.join(file),
                &s.join("fresh").join(file),
                &format!(
                    "output/{preset}/{file} is stale: run \
                     `cargo run --release -- solve --rules {preset}` to refresh it"
                ),
            );
        }
        checked += 1;
    }
    assert!(checked >= 1);
}
