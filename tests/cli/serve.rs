//! `hog serve` as a process: the address on the first line, the page and
//! the API over a real socket, a clean stop on Ctrl-C, and its refusals.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

use crate::util::{hog_path, Scratch};

/// `GET path` from `url` over a plain socket: status line and body.
fn http_get(url: &str, path: &str) -> (String, String) {
    let host = url.trim_start_matches("http://").trim_end_matches('/');
    let mut stream = TcpStream::connect(host).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let status = response.lines().next().unwrap_or("").to_string();
    let body = response
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_string();
    (status, body)
}

#[test]
#[cfg(unix)]
fn serve_prints_its_address_answers_and_stops_cleanly_on_ctrl_c() {
    use std::os::unix::process::ExitStatusExt;
    let s = Scratch::new();
    let mut child = Command::new(hog_path())
        .current_dir(s.path())
        .args(["serve", "--port", "0", "--no-open"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut url = String::new();
    stdout.read_line(&mut url).unwrap();
    let url = url.trim().to_string();
    assert!(
        url.starts_with("http://127.0.0.1:") && url.ends_with('/'),
        "{url}"
    );
    let (status, body) = http_get(&url, "/");
    assert!(status.contains("200"), "{status}");
    assert!(
        body.contains("<html") || body.contains("<!doctype"),
        "{body}"
    );
    let (status, body) = http_get(&url, "/api/eval?strategy=boar_strategy");
    assert!(status.contains("200"), "{status}: {body}");
    assert!(body.contains("\"average\":0.6763405478398623"), "{body}");
    // SAFETY: a plain signal to the child this test started.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGINT);
    }
    let status = child.wait().unwrap();
    assert_eq!(
        status.code(),
        Some(0),
        "a clean stop, not death by {:?}",
        status.signal()
    );
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert!(stderr.is_empty(), "{stderr}");
}

#[test]
fn serve_refuses_a_bad_address_and_a_busy_port() {
    let s = Scratch::new();
    s.refuse(
        &["serve", "--host", "example.com", "--no-open"],
        &["--host 'example.com' is not an IP address"],
    );
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    s.refuse(
        &["serve", "--port", &port, "--no-open"],
        &[&format!("port {port} is in use")],
    );
}
