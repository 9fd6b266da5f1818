//! The page and its files, embedded in the binary: it works offline.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

/// JavaScript modules are served with this type.
const JS: &str = "text/javascript; charset=utf-8";

/// Every file the page loads: path, content type, contents.
const FILES: [(&str, &str, &str); 11] = [
    (
        "/",
        "text/html; charset=utf-8",
        include_str!("assets/index.html"),
    ),
    ("/app.js", JS, include_str!("assets/app.js")),
    ("/api.js", JS, include_str!("assets/api.js")),
    ("/dice.js", JS, include_str!("assets/dice.js")),
    ("/palette.js", JS, include_str!("assets/palette.js")),
    ("/play.js", JS, include_str!("assets/play.js")),
    ("/explore.js", JS, include_str!("assets/explore.js")),
    ("/compare.js", JS, include_str!("assets/compare.js")),
    ("/fields.js", JS, include_str!("assets/fields.js")),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_str!("assets/style.css"),
    ),
    (
        "/favicon.svg",
        "image/svg+xml",
        include_str!("assets/favicon.svg"),
    ),
];

/// What the page may load: its own files; no other site may frame it.
const CSP: &str = "default-src 'self'; img-src 'self' data:; object-src 'none'; \
                   base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The tag in index.html that tells the page its starting rules.
const RULES_META: &str = r#"<meta name="hog-rules" content="rules=fa24&amp;goal=100">"#;

/// The embedded file at `path`, if there is one; the page starts on the
/// rules `page_rules` (query parameters).
pub fn file(path: &str, page_rules: &str) -> Option<Response> {
    let (_, kind, body) = FILES.iter().find(|(p, _, _)| *p == path)?;
    let body = if path == "/" {
        // The query holds only names, digits, `=` and `&`.
        let content = page_rules.replace('&', "&amp;");
        body.replace(
            RULES_META,
            &format!(r#"<meta name="hog-rules" content="{content}">"#),
        )
    } else {
        (*body).to_string()
    };
    Some(
        (
            StatusCode::OK,
            [
                (header::CONTENT_TYPE, *kind),
                (header::CACHE_CONTROL, "no-cache"),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
                // Only this server's own files, and no framing by other pages.
                (header::CONTENT_SECURITY_POLICY, CSP),
            ],
            body,
        )
            .into_response(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_carries_the_rules_meta_to_replace() {
        assert!(FILES[0].2.contains(RULES_META));
    }

    #[test]
    fn every_module_the_page_imports_is_served() {
        for (_, _, body) in FILES {
            for part in body.split("from \"./").skip(1) {
                let name = &part[..part.find('"').unwrap()];
                let path = format!("/{name}");
                assert!(
                    FILES.iter().any(|(p, _, _)| *p == path),
                    "{path} is imported but not served"
                );
            }
        }
    }
}
