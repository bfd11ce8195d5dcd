//! A page in a real headless Chromium, driven through WebDriver as a
//! person would drive it: Debian's `chromedriver` (package
//! `chromium-driver`) started on a free port for the test, and the
//! `fantoccini` client. Tests click by CSS selector, press keys, read
//! text, size the window, print to PDF, and read layout (bounding boxes)
//! with a JavaScript expression.
//!
//! Without `chromium` or `chromedriver` the tests fail with a message,
//! unless `TAROK_SKIP_BROWSER=1` is set: then they say that they skipped
//! and pass (README.md, "Set up").

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::elements::Element;
use fantoccini::key::Key;
use fantoccini::wd::{PrintConfiguration, PrintSize, WebDriverCompatibleCommand};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};

/// How long a condition is polled for before the test fails: generous, for
/// a loaded machine.
const PATIENCE: Duration = Duration::from_secs(60);

/// A program on the PATH, by one of its names.
fn on_path(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |n| dir.join(n)))
        .find(|c| c.is_file())
}

/// One headless Chromium driven by its own chromedriver; both end when
/// this is dropped.
pub struct Browser {
    rt: tokio::runtime::Runtime,
    client: Option<Client>,
    driver: Child,
}

/// The legacy log command of chromedriver (`POST /session/{id}/se/log`):
/// the browser's console messages since the last call.
#[derive(Debug)]
struct BrowserLog;

impl WebDriverCompatibleCommand for BrowserLog {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!("session/{}/se/log", session.unwrap_or_default()))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (
            http::Method::POST,
            Some(json!({"type": "browser"}).to_string()),
        )
    }
}

/// A Chrome DevTools command through chromedriver
/// (`POST /session/{id}/goog/cdp/execute`).
#[derive(Debug)]
struct Cdp(&'static str, Value);

impl WebDriverCompatibleCommand for Cdp {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!(
            "session/{}/goog/cdp/execute",
            session.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (
            http::Method::POST,
            Some(json!({"cmd": self.0, "params": self.1}).to_string()),
        )
    }
}

impl Browser {
    /// A browser with a window whose page area is `width`×`height`, or
    /// `None` when `TAROK_SKIP_BROWSER=1` skips `test`. Fails with what to
    /// install when chromium or chromedriver is missing.
    pub fn open(test: &str, width: u32, height: u32) -> Option<Browser> {
        if crate::browser::skipped(test) {
            return None;
        }
        let chromium = std::env::var_os("CHROMIUM")
            .map(PathBuf::from)
            .or_else(crate::browser::chromium)
            .unwrap_or_else(|| {
                panic!(
                    "chromium is not installed: install it (apt-get install -y chromium \
                     chromium-driver; .ci/run does) or set TAROK_SKIP_BROWSER=1 to skip the \
                     browser tests"
                )
            });
        let driver = on_path(&["chromedriver"]).unwrap_or_else(|| {
            panic!(
                "chromedriver is not installed: install it (apt-get install -y chromium-driver; \
                 .ci/run does) or set TAROK_SKIP_BROWSER=1 to skip the browser tests"
            )
        });
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free local port")
            .port();
        let driver = Command::new(driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".into(),
            json!({
                "binary": chromium,
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync",
                    format!("--window-size={width},{height}"),
                ],
            }),
        );
        caps.insert("goog:loggingPrefs".into(), json!({"browser": "ALL"}));
        let mut browser = Browser {
            rt,
            client: None,
            driver,
        };
        let url = format!("http://127.0.0.1:{port}");
        let start = Instant::now();
        let client = loop {
            let connector = hyper_util::client::legacy::connect::HttpConnector::new();
            let tried = browser.rt.block_on(
                ClientBuilder::new(connector)
                    .capabilities(caps.clone())
                    .connect(&url),
            );
            match tried {
                Ok(c) => break c,
                Err(e) if start.elapsed() > PATIENCE => {
                    panic!("no WebDriver session from chromedriver on port {port}: {e}")
                }
                Err(_) => std::thread::sleep(Duration::from_millis(100)),
            }
        };
        browser.client = Some(client);
        browser.viewport(width, height);
        Some(browser)
    }

    fn c(&self) -> &Client {
        self.client.as_ref().unwrap()
    }

    /// Sizes the page area to `width`×`height` CSS pixels. A desktop
    /// window cannot be narrower than about 500 px, so a phone's width is
    /// set as Chrome's device emulation does it (DevTools'
    /// `Emulation.setDeviceMetricsOverride`, through chromedriver), and
    /// checked.
    pub fn viewport(&self, width: u32, height: u32) {
        let c = self.c();
        self.rt
            .block_on(c.set_window_size(width.max(800) + 100, height + 200))
            .unwrap();
        let metrics = json!({
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": false,
        });
        self.rt
            .block_on(c.issue_cmd(Cdp("Emulation.setDeviceMetricsOverride", metrics)))
            .unwrap();
        let inner = self.js("return [window.innerWidth, window.innerHeight]");
        assert_eq!(
            (inner[0].as_u64(), inner[1].as_u64()),
            (Some(u64::from(width)), Some(u64::from(height))),
            "the page area is {width}×{height}"
        );
    }

    /// Opens a local file, with an optional `#fragment` (empty for none),
    /// and waits until it has loaded.
    pub fn goto(&self, file: &Path, fragment: &str) {
        let url = format!("file://{}{fragment}", file.display());
        self.rt.block_on(self.c().goto(&url)).unwrap();
        self.wait_for("document.readyState === 'complete'", "the page loads");
    }

    /// Runs `script` (a function body: `return ...`) with `args`.
    pub fn js_with(&self, script: &str, args: Vec<Value>) -> Value {
        self.rt
            .block_on(self.c().execute(script, args))
            .unwrap_or_else(|e| panic!("script failed ({e}): {script}"))
    }

    /// Runs `script` (a function body: `return ...`).
    pub fn js(&self, script: &str) -> Value {
        self.js_with(script, Vec::new())
    }

    /// Polls the expression `condition` until it is true; fails saying
    /// `what` did not happen.
    pub fn wait_for(&self, condition: &str, what: &str) {
        let start = Instant::now();
        let script = format!("return !!({condition})");
        while self.js(&script) != Value::Bool(true) {
            assert!(start.elapsed() < PATIENCE, "timed out waiting: {what}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The element `css`, once it is on the page.
    pub fn find(&self, css: &str) -> Element {
        let c = self.c();
        self.rt.block_on(async {
            c.wait()
                .at_most(PATIENCE)
                .for_element(Locator::Css(css))
                .await
                .unwrap_or_else(|e| panic!("no element {css}: {e}"))
        })
    }

    /// Clicks `el` as a person would (the browser scrolls it into view and
    /// clicks its middle; an element covering that point gets the click,
    /// and the test fails).
    pub fn click_on(&self, el: &Element) {
        self.rt
            .block_on(el.clone().click())
            .unwrap_or_else(|e| panic!("cannot click {el:?}: {e}"));
    }

    /// Clicks the element `css` as a person would.
    pub fn click(&self, css: &str) {
        let el = self.find(css);
        self.click_on(&el);
    }

    /// Presses a key on the page (sent to its body).
    pub fn key(&self, key: Key) {
        let c = self.c();
        self.rt.block_on(async {
            let body = c.find(Locator::Css("body")).await.unwrap();
            body.send_keys(&char::from(key).to_string())
                .await
                .unwrap_or_else(|e| panic!("cannot press {key:?}: {e}"));
        });
    }

    /// The rendered text of the element `css`.
    pub fn text(&self, css: &str) -> String {
        let c = self.c();
        self.rt.block_on(async {
            c.find(Locator::Css(css))
                .await
                .unwrap_or_else(|e| panic!("no element {css}: {e}"))
                .text()
                .await
                .unwrap()
        })
    }

    /// The browser's console messages since the last call (errors,
    /// uncaught exceptions, logs).
    pub fn console(&self) -> Vec<String> {
        let got = self.rt.block_on(self.c().issue_cmd(BrowserLog)).unwrap();
        got.as_array()
            .map(|list| {
                list.iter()
                    .map(|e| format!("{} {}", e["level"], e["message"]))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The page printed to PDF on A4 paper.
    pub fn print_a4(&self) -> Vec<u8> {
        let config = PrintConfiguration::builder()
            .size(PrintSize::A4)
            .build()
            .unwrap();
        self.rt.block_on(self.c().print(config)).unwrap()
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if let Some(c) = self.client.take() {
            let _ = self
                .rt
                .block_on(async { tokio::time::timeout(Duration::from_secs(20), c.close()).await });
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}
