//! Just enough of the W3C WebDriver protocol to drive Chromium through
//! chromedriver: JSON over HTTP/1.1 on loopback, one request a connection.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// The key WebDriver uses for an element reference.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// One HTTP request to `host` (`127.0.0.1:PORT`); the JSON body of the answer.
pub fn request(
    host: &str,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> Result<Value, String> {
    let mut stream = TcpStream::connect(host).map_err(|e| format!("{host}: {e}"))?;
    stream.set_read_timeout(Some(Duration::from_secs(120))).ok();
    let body = body.map(Value::to_string).unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .map_err(|e| e.to_string())?;
    let response = read_response(&mut stream).map_err(|e| format!("{method} {path}: {e}"))?;
    let text = String::from_utf8_lossy(&response);
    let (head, body) = text.split_once("\r\n\r\n").ok_or("no HTTP body")?;
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(body)
    } else {
        body.to_string()
    };
    serde_json::from_str(&body).map_err(|e| format!("{method} {path}: {e}: {body}"))
}

/// One HTTP response, read up to its end: the `Content-Length` bytes after
/// the head, the last chunk, or the end of the stream. (chromedriver says
/// `Connection: close` but may keep the socket open for a while.)
fn read_response(stream: &mut TcpStream) -> std::io::Result<Vec<u8>> {
    let mut response = Vec::new();
    let mut buf = [0u8; 16384];
    loop {
        if let Some(end) = response.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&response[..end]).to_ascii_lowercase();
            let body = &response[end + 4..];
            let length = head.lines().find_map(|line| {
                let (name, value) = line.split_once(':')?;
                (name.trim() == "content-length").then(|| value.trim().parse::<usize>().ok())?
            });
            let done = match length {
                Some(n) => body.len() >= n,
                None if head.contains("transfer-encoding: chunked") => {
                    body == b"0\r\n\r\n" || body.ends_with(b"\r\n0\r\n\r\n")
                }
                None => false,
            };
            if done {
                return Ok(response);
            }
        }
        let n = stream.read(&mut buf)?;
        if n == 0 {
            return Ok(response);
        }
        response.extend_from_slice(&buf[..n]);
    }
}

/// A chunked HTTP body, joined.
fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        body = rest[n..].trim_start_matches("\r\n");
    }
    out
}

/// A browser session.
pub struct Session {
    host: String,
    id: String,
    /// The browser's profile: fresh, and removed after the session.
    _profile: tempfile::TempDir,
}

impl Session {
    /// A new headless Chromium session through the chromedriver at `host`.
    pub fn new(host: &str, chromium: &str, width: u32, height: u32) -> Result<Session, String> {
        let profile = tempfile::Builder::new()
            .prefix("hog-browser-")
            .tempdir()
            .map_err(|e| format!("a profile folder: {e}"))?;
        let capabilities = json!({
            "capabilities": {"alwaysMatch": {
                "browserName": "chrome",
                "goog:loggingPrefs": {"browser": "ALL"},
                "goog:chromeOptions": {
                    "binary": chromium,
                    "args": [
                        "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                        "--no-first-run", "--disable-background-networking",
                        "--disable-component-update", "--disable-sync",
                        "--disable-dev-shm-usage", "--hide-scrollbars",
                        format!("--window-size={width},{height}"),
                        format!("--user-data-dir={}", profile.path().display()),
                    ]
                }
            }}
        });
        let answer = request(host, "POST", "/session", Some(&capabilities))?;
        let id = answer["value"]["sessionId"]
            .as_str()
            .ok_or_else(|| format!("no session: {answer}"))?
            .to_string();
        Ok(Session {
            host: host.to_string(),
            id,
            _profile: profile,
        })
    }

    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value, String> {
        let path = format!("/session/{}{path}", self.id);
        let answer = request(&self.host, method, &path, body.as_ref())?;
        if answer["value"]["error"].is_string() {
            return Err(format!("{method} {path}: {}", answer["value"]));
        }
        Ok(answer["value"].clone())
    }

    /// Open `url`.
    pub fn goto(&self, url: &str) -> Result<(), String> {
        self.call("POST", "/url", Some(json!({ "url": url })))
            .map(|_| ())
    }

    /// The browser's Back button.
    pub fn back(&self) -> Result<(), String> {
        self.call("POST", "/back", Some(json!({}))).map(|_| ())
    }

    /// The browser's reload button.
    pub fn refresh(&self) -> Result<(), String> {
        self.call("POST", "/refresh", Some(json!({}))).map(|_| ())
    }

    /// A Chrome DevTools Protocol command (`Emulation.setEmulatedMedia`, say).
    pub fn cdp(&self, cmd: &str, params: Value) -> Result<Value, String> {
        self.call(
            "POST",
            "/goog/cdp/execute",
            Some(json!({ "cmd": cmd, "params": params })),
        )
    }

    /// The page's address.
    pub fn url(&self) -> Result<String, String> {
        let v = self.call("GET", "/url", None)?;
        v.as_str()
            .map(str::to_string)
            .ok_or_else(|| format!("no address: {v}"))
    }

    /// Run JavaScript in the page; its return value.
    pub fn script(&self, source: &str, args: Vec<Value>) -> Result<Value, String> {
        self.call(
            "POST",
            "/execute/sync",
            Some(json!({ "script": source, "args": args })),
        )
    }

    /// The element matching a CSS selector.
    pub fn find(&self, css: &str) -> Result<String, String> {
        let v = self.call(
            "POST",
            "/element",
            Some(json!({"using": "css selector", "value": css})),
        )?;
        v[ELEMENT]
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| format!("no element {css}"))
    }

    /// Click the element matching `css`.
    pub fn click(&self, css: &str) -> Result<(), String> {
        let id = self.find(css)?;
        self.call("POST", &format!("/element/{id}/click"), Some(json!({})))
            .map(|_| ())
    }

    /// Type `text` into the element matching `css` (a file input takes a path).
    pub fn type_into(&self, css: &str, text: &str) -> Result<(), String> {
        let id = self.find(css)?;
        self.call(
            "POST",
            &format!("/element/{id}/value"),
            Some(json!({ "text": text })),
        )
        .map(|_| ())
    }

    /// Move the pointer over the element matching `css`, `(x, y)` pixels
    /// from its top-left corner.
    pub fn hover(&self, css: &str, x: i64, y: i64) -> Result<(), String> {
        let id = self.find(css)?;
        let rect = self.call("GET", &format!("/element/{id}/rect"), None)?;
        let (w, h) = (
            rect["width"].as_f64().unwrap_or(0.0),
            rect["height"].as_f64().unwrap_or(0.0),
        );
        // Pointer offsets are from the element's centre.
        let (dx, dy) = (x - (w / 2.0) as i64, y - (h / 2.0) as i64);
        let actions = json!({"actions": [{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [{"type": "pointerMove", "duration": 0, "x": dx, "y": dy,
                         "origin": { ELEMENT: id }}]
        }]});
        self.call("POST", "/actions", Some(actions)).map(|_| ())
    }

    /// Click where the pointer is.
    pub fn click_here(&self) -> Result<(), String> {
        let actions = json!({"actions": [{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [{"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]
        }]});
        self.call("POST", "/actions", Some(actions)).map(|_| ())
    }

    /// Tap the element matching `css` with a finger, `(x, y)` pixels from
    /// its top-left corner: a touch screen's click, with no hover before it.
    pub fn tap(&self, css: &str, x: i64, y: i64) -> Result<(), String> {
        let id = self.find(css)?;
        let rect = self.call("GET", &format!("/element/{id}/rect"), None)?;
        let (w, h) = (
            rect["width"].as_f64().unwrap_or(0.0),
            rect["height"].as_f64().unwrap_or(0.0),
        );
        let (dx, dy) = (x - (w / 2.0) as i64, y - (h / 2.0) as i64);
        let actions = json!({"actions": [{
            "type": "pointer", "id": "finger", "parameters": {"pointerType": "touch"},
            "actions": [{"type": "pointerMove", "duration": 0, "x": dx, "y": dy,
                         "origin": { ELEMENT: id }},
                        {"type": "pointerDown", "button": 0},
                        {"type": "pointerUp", "button": 0}]
        }]});
        self.call("POST", "/actions", Some(actions)).map(|_| ())
    }

    /// Press and release each key of `keys` in turn (`\u{E007}` is Enter),
    /// sent to the element that has the focus.
    pub fn keys(&self, keys: &str) -> Result<(), String> {
        let actions: Vec<Value> = keys
            .chars()
            .flat_map(|c| {
                let c = c.to_string();
                [
                    json!({"type": "keyDown", "value": c}),
                    json!({"type": "keyUp", "value": c}),
                ]
            })
            .collect();
        let actions = json!({"actions": [{"type": "key", "id": "keyboard", "actions": actions}]});
        self.call("POST", "/actions", Some(actions)).map(|_| ())
    }

    /// The browser console's entries since the last call (each with
    /// `level` and `message`).
    pub fn console(&self) -> Result<Vec<Value>, String> {
        let v = self.call("POST", "/se/log", Some(json!({"type": "browser"})))?;
        Ok(v.as_array().cloned().unwrap_or_default())
    }

    /// A PNG of the viewport.
    pub fn screenshot(&self) -> Result<Vec<u8>, String> {
        use base64::Engine;
        let v = self.call("GET", "/screenshot", None)?;
        base64::engine::general_purpose::STANDARD
            .decode(v.as_str().unwrap_or(""))
            .map_err(|e| e.to_string())
    }

    /// Resize the window.
    pub fn resize(&self, width: u32, height: u32) -> Result<(), String> {
        self.call(
            "POST",
            "/window/rect",
            Some(json!({"width": width, "height": height})),
        )
        .map(|_| ())
    }

    /// Wait until `condition` (JavaScript returning a boolean) holds.
    pub fn wait_for(&self, condition: &str, what: &str) -> Result<(), String> {
        let end = Instant::now() + Duration::from_secs(30);
        let source = format!("return !!({condition});");
        while Instant::now() < end {
            if self.script(&source, vec![])?.as_bool() == Some(true) {
                return Ok(());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Err(format!("timed out waiting for {what} ({condition})"))
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = request(&self.host, "DELETE", &format!("/session/{}", self.id), None);
    }
}
