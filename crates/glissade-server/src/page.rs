//! The web client: its page, style sheet and JavaScript modules, compiled into the server
//! from `web/` and served as they are.

use axum::http::header;
use axum::response::IntoResponse;

const INDEX_HTML: &str = include_str!("../web/index.html");
const STYLE_CSS: &str = include_str!("../web/style.css");

/// The web client's JavaScript modules, served at `/<name>`: `app.js` imports the others.
pub(crate) const SCRIPTS: [(&str, &str); 12] = [
    ("app.js", include_str!("../web/app.js")),
    ("common.js", include_str!("../web/common.js")),
    ("camera.js", include_str!("../web/camera.js")),
    ("level.js", include_str!("../web/level.js")),
    ("wire.js", include_str!("../web/wire.js")),
    ("snapshots.js", include_str!("../web/snapshots.js")),
    ("effects.js", include_str!("../web/effects.js")),
    ("input.js", include_str!("../web/input.js")),
    ("net.js", include_str!("../web/net.js")),
    ("draw.js", include_str!("../web/draw.js")),
    ("characters.js", include_str!("../web/characters.js")),
    ("hud.js", include_str!("../web/hud.js")),
];

/// The page, `/` and `/index.html`.
pub(crate) async fn index() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        INDEX_HTML,
    )
}

/// One of [`SCRIPTS`].
pub(crate) async fn script(text: &'static str) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        text,
    )
}

/// The style sheet, `/style.css`.
pub(crate) async fn style_css() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        STYLE_CSS,
    )
}
