//! User Timing marks for `make bench` (`scripts/bench/logs.mjs`): how long a piece of pure
//! work took in the browser, as a `performance.measure` entry the bench reads back (the
//! histogram's counting on each keystroke, the Overview's trouble figures). Costs two
//! `performance` calls per run; natively (tests) the work just runs.

#[cfg(target_arch = "wasm32")]
mod browser {
    use wasm_bindgen::prelude::*;

    #[wasm_bindgen]
    extern "C" {
        #[wasm_bindgen(js_namespace = performance, js_name = now)]
        pub fn now() -> f64;
        #[wasm_bindgen(js_namespace = performance, js_name = measure, catch)]
        pub fn measure(name: &str, options: &JsValue) -> Result<JsValue, JsValue>;
    }
}

/// Runs `work`, recorded as the measure `name` with `detail` (what it worked over, e.g.
/// how many lines) for the bench to read.
pub fn timed<T>(name: &str, detail: f64, work: impl FnOnce() -> T) -> T {
    #[cfg(target_arch = "wasm32")]
    {
        let start = browser::now();
        let out = work();
        let options = js_sys::Object::new();
        let end = browser::now();
        for (key, value) in [("start", start), ("end", end), ("detail", detail)] {
            let _ = js_sys::Reflect::set(&options, &key.into(), &value.into());
        }
        // A browser without User Timing level 3 throws: the bench's figure is then missing,
        // never the console's work.
        let _ = browser::measure(name, &options);
        out
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = (name, detail);
        work()
    }
}
