//! Server time of the web API's answers at goal 100, in process (no
//! sockets): `cargo bench --bench serve`.

use std::sync::Arc;

use axum::body::Body;
use axum::http::Request;
use criterion::{criterion_group, criterion_main, Criterion};
use http_body_util::BodyExt;
use tower::ServiceExt;

use hog::serve::{router, Limits, ServerState};

fn api(c: &mut Criterion) {
    let addr = "127.0.0.1:31415".parse().unwrap();
    let state = Arc::new(ServerState::new(addr, Vec::new(), Limits::default()));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut group = c.benchmark_group("api_goal_100");
    for path in [
        "/api/eval?strategy=boar_strategy",
        "/api/eval?strategy=optimal&vs=sus_strategy",
        "/api/explain?score=53&opponent=60",
        "/api/solve",
        "/api/map?strategy=boar_strategy",
        "/api/game?seed=3&moves=4,0,5",
        "/api/rates",
    ] {
        group.bench_function(path, |b| {
            b.iter(|| {
                runtime.block_on(async {
                    let request = Request::get(path)
                        .header("host", "127.0.0.1:31415")
                        .body(Body::empty())
                        .unwrap();
                    let response = router(Arc::clone(&state)).oneshot(request).await.unwrap();
                    assert!(response.status().is_success());
                    response
                        .into_body()
                        .collect()
                        .await
                        .unwrap()
                        .to_bytes()
                        .len()
                })
            })
        });
    }
    group.finish();
}

criterion_group!(benches, api);
criterion_main!(benches);
