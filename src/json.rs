//! Reading JSON in the boot module (config.json, token answers, a token's claims, the
//! pending sign-in, error bodies) with the browser's own parser, so the code every visit
//! downloads before the sign-in form carries no serde_json. In the browser a [`Value`] is
//! what `JSON.parse` gave; natively (unit tests) it is a `serde_json::Value`, so each
//! reader is written once and tested natively with the same code. The rest of the API
//! client, behind a split point, still decodes with serde.

use wasm_bindgen::{JsCast, JsValue};

use crate::i18n::k::api as w;
use crate::i18n::tf;

/// A parsed JSON document, as the browser's parser gives it.
#[cfg(target_arch = "wasm32")]
pub type Value = JsValue;
/// A parsed JSON document; natively a `serde_json::Value`, so the readers run in tests.
#[cfg(not(target_arch = "wasm32"))]
pub type Value = serde_json::Value;

/// What a reader asks of a parsed value. `null` reads as absent everywhere.
pub trait Json: Sized {
    /// The object's own field `key`; `None` when absent or null, or this is no object.
    /// (Not `get`: serde_json's inherent `Value::get` would win over it natively.)
    fn field(&self, key: &str) -> Option<Self>;
    fn str(&self) -> Option<String>;
    fn bool(&self) -> Option<bool>;
    fn num(&self) -> Option<f64>;
    /// The items of an array; `None` when this is no array.
    fn items(&self) -> Option<Vec<Self>>;
    /// An object's own fields, names and values, in order; `None` when this is no object.
    fn entries(&self) -> Option<Vec<(String, Self)>>;
}

/// Parses `text`; Err is the parser's words for what is wrong.
#[cfg(target_arch = "wasm32")]
pub fn parse(text: &str) -> Result<Value, String> {
    js_sys::JSON::parse(text).map_err(|e| match e.dyn_into::<js_sys::Error>() {
        Ok(error) => String::from(error.message()),
        Err(other) => other.as_string().unwrap_or_default(),
    })
}

/// Parses `text`; Err is the parser's words for what is wrong.
#[cfg(not(target_arch = "wasm32"))]
pub fn parse(text: &str) -> Result<Value, String> {
    serde_json::from_str(text).map_err(|e| e.to_string())
}

// Compiled on every target so a native check type-checks it; only wasm32 calls it.
impl Json for JsValue {
    fn field(&self, key: &str) -> Option<Self> {
        // Own fields of plain objects only: not an array's index, not what the prototype
        // lends (`constructor`), and Reflect.get would throw on a string or a number.
        let object = self.dyn_ref::<js_sys::Object>().filter(|_| !js_sys::Array::is_array(self))?;
        let key = JsValue::from_str(key);
        #[allow(deprecated)] // Object.hasOwn is too new for some browsers the console serves.
        let own = object.has_own_property(&key);
        let value = if own { js_sys::Reflect::get(object, &key).ok()? } else { return None };
        (!value.is_null() && !value.is_undefined()).then_some(value)
    }
    fn str(&self) -> Option<String> {
        self.as_string()
    }
    fn bool(&self) -> Option<bool> {
        self.as_bool()
    }
    fn num(&self) -> Option<f64> {
        self.as_f64()
    }
    fn items(&self) -> Option<Vec<Self>> {
        js_sys::Array::is_array(self).then(|| js_sys::Array::from(self).iter().collect())
    }
    fn entries(&self) -> Option<Vec<(String, Self)>> {
        let object = self.dyn_ref::<js_sys::Object>().filter(|_| !js_sys::Array::is_array(self))?;
        // Object.entries: own enumerable fields, each a [name, value] pair.
        let pair = |p: JsValue| {
            let p = js_sys::Array::from(&p);
            p.get(0).as_string().map(|name| (name, p.get(1)))
        };
        Some(js_sys::Object::entries(object).iter().filter_map(pair).collect())
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Json for serde_json::Value {
    fn field(&self, key: &str) -> Option<Self> {
        self.as_object()?.get(key).filter(|v| !v.is_null()).cloned()
    }
    fn str(&self) -> Option<String> {
        self.as_str().map(str::to_string)
    }
    fn bool(&self) -> Option<bool> {
        self.as_bool()
    }
    fn num(&self) -> Option<f64> {
        self.as_f64()
    }
    fn items(&self) -> Option<Vec<Self>> {
        self.as_array().cloned()
    }
    fn entries(&self) -> Option<Vec<(String, Self)>> {
        Some(self.as_object()?.iter().map(|(k, v)| (k.clone(), v.clone())).collect())
    }
}

/// A field a reader needed and did not find as it should be: its path (`environments[0].name`)
/// and whether it was missing or of another type.
#[derive(Debug, Clone, PartialEq)]
pub struct Wrong {
    pub path: String,
    pub missing: bool,
}

impl Wrong {
    pub fn missing(path: &str) -> Self {
        Wrong { path: path.to_string(), missing: true }
    }
    pub fn mistyped(path: &str) -> Self {
        Wrong { path: path.to_string(), missing: false }
    }
    /// The same field seen from `parent` (`environments[0]`).
    pub fn within(self, parent: &str) -> Self {
        Wrong { path: format!("{parent}.{}", self.path), ..self }
    }
    /// In words, for a message's `{why}`.
    pub fn words(&self) -> String {
        let key = if self.missing { w::FIELD_MISSING } else { w::FIELD_MISTYPED };
        tf(key, &[("field", &self.path)])
    }
}

/// Parses `text` and reads it with `read`; Err says in words what is wrong: the parser's
/// words when it is not JSON, [`Wrong::words`] when a field is not as `read` needs it.
/// Generic only in this shell (parsing is not), so each reader adds little to the wasm.
pub fn read<T>(text: &str, read: impl FnOnce(&Value) -> Result<T, Wrong>) -> Result<T, String> {
    read(&parse(text)?).map_err(|wrong| wrong.words())
}

/// The string field `key`, which must be there.
pub fn text(value: &Value, key: &str) -> Result<String, Wrong> {
    maybe_text(value, key)?.ok_or_else(|| Wrong::missing(key))
}

/// The string field `key`, if there (absent or null: `None`).
pub fn maybe_text(value: &Value, key: &str) -> Result<Option<String>, Wrong> {
    value.field(key).map(|v| v.str().ok_or_else(|| Wrong::mistyped(key))).transpose()
}

/// The whole-number field `key`, which must be there. JavaScript has one kind of number,
/// so `300.0` is `300`; a fraction is of the wrong type, as it was for serde's `i64`.
pub fn whole(value: &Value, key: &str) -> Result<i64, Wrong> {
    maybe_whole(value, key)?.ok_or_else(|| Wrong::missing(key))
}

/// The whole-number field `key`, if there (absent or null: `None`).
pub fn maybe_whole(value: &Value, key: &str) -> Result<Option<i64>, Wrong> {
    // 2^63 as a float: every finite whole number below it in size fits an i64.
    const LIMIT: f64 = 9_223_372_036_854_775_808.0;
    let fits = |n: f64| n.is_finite() && n.fract() == 0.0 && n.abs() < LIMIT;
    let read = |v: Value| v.num().filter(|n| fits(*n)).map(|n| n as i64).ok_or_else(|| Wrong::mistyped(key));
    value.field(key).map(read).transpose()
}

/// The boolean field `key`, if there (absent or null: `None`).
pub fn maybe_bool(value: &Value, key: &str) -> Result<Option<bool>, Wrong> {
    value.field(key).map(|v| v.bool().ok_or_else(|| Wrong::mistyped(key))).transpose()
}

/// `text` as a JSON string literal, quotes included: what the console writes, it reads back
/// with [`parse`].
pub fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The message of a failing call's error body, by the service's rule
/// (`cluster_api::request::message_in`); `None` when the body is not JSON or has none.
pub fn error_message(body: &str) -> Option<String> {
    let value = parse(body).ok()?;
    cluster_api::request::message_in(|key| value.field(key)?.str())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(text: &str) -> Value {
        parse(text).unwrap_or_else(|why| panic!("{text}: {why}"))
    }

    #[test]
    fn fields_are_read_by_type_and_null_is_absent() {
        let v = doc(r#"{"s":"x","n":300,"f":300.0,"half":2.5,"b":true,"z":null,"a":[1,"two"]}"#);
        assert_eq!(text(&v, "s"), Ok("x".to_string()));
        assert_eq!(text(&v, "n"), Err(Wrong::mistyped("n")));
        assert_eq!(text(&v, "gone"), Err(Wrong::missing("gone")));
        assert_eq!(text(&v, "z"), Err(Wrong::missing("z")));
        assert_eq!(maybe_text(&v, "z"), Ok(None));
        assert_eq!(whole(&v, "n"), Ok(300));
        assert_eq!(whole(&v, "f"), Ok(300), "JavaScript cannot tell 300.0 from 300");
        assert_eq!(whole(&v, "half"), Err(Wrong::mistyped("half")));
        assert_eq!(whole(&v, "s"), Err(Wrong::mistyped("s")));
        assert_eq!(maybe_whole(&v, "gone"), Ok(None));
        assert_eq!(maybe_bool(&v, "b"), Ok(Some(true)));
        assert_eq!(maybe_bool(&v, "s"), Err(Wrong::mistyped("s")));
        assert_eq!(v.field("a").and_then(|a| a.items()).map(|i| i.len()), Some(2));
        assert!(v.field("s").and_then(|s| s.items()).is_none());
    }

    #[test]
    fn no_object_has_fields() {
        for text in [r#"["s"]"#, r#""s""#, "7", "null"] {
            assert!(doc(text).field("s").is_none(), "{text}");
            assert!(doc(text).field("0").is_none(), "{text}");
        }
    }

    #[test]
    fn a_wrong_field_says_where_in_words() {
        let why = Wrong::missing("name").within("environments[0]").words();
        assert!(why.contains("environments[0].name") && why.contains("missing"), "{why}");
        assert!(Wrong::mistyped("prefetch").words().contains("prefetch"));
    }

    #[test]
    fn malformed_json_is_refused_with_words() {
        for bad in ["", "not json", "{", r#"{"a":1}x"#, "{'a':1}"] {
            assert!(parse(bad).is_err_and(|why| !why.is_empty()), "{bad:?}");
        }
    }

    #[test]
    fn a_read_says_what_is_wrong_in_words() {
        let name = |v: &Value| text(v, "name");
        assert_eq!(read(r#"{"name":"x"}"#, name), Ok("x".to_string()));
        assert_eq!(read(r#"{"name":7}"#, name), Err(Wrong::mistyped("name").words()));
        assert_eq!(read("{}", name), Err(Wrong::missing("name").words()));
        let not_json = parse("{").err();
        assert!(not_json.as_ref().is_some_and(|why| !why.is_empty()));
        assert_eq!(read("{", name).err(), not_json, "the parser's own words");
    }

    #[test]
    fn quoted_text_reads_back_exactly() {
        for text in ["", "plain", "/clusters?q=\"a b\"&x=\\y#z", "tab\tnew\nline\u{1}", "ünï 💡 \u{7f}"] {
            assert_eq!(doc(&quote(text)).str().as_deref(), Some(text));
        }
    }

    #[test]
    fn error_bodies_follow_the_service_rule() {
        assert_eq!(error_message(r#"{"message":"m","error":"e"}"#).as_deref(), Some("e"));
        assert_eq!(error_message(r#"{"error":"  ","errorMessage":"em"}"#).as_deref(), Some("em"));
        assert_eq!(error_message(r#"{"error":{"code":1},"message":"m"}"#).as_deref(), Some("m"));
        assert_eq!(error_message(r#"{"error_description":"d"}"#).as_deref(), Some("d"));
        assert_eq!(error_message("<html>502</html>"), None);
        assert_eq!(error_message(r#"["error"]"#), None);
        // The same answers as the service crate's serde reading, body for body.
        for body in [r#"{"message":"m"}"#, r#"{"error":null,"message":"m"}"#, "{}", ""] {
            assert_eq!(error_message(body), cluster_api::request::error_message(body), "{body}");
        }
    }
}
