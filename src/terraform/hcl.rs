//! A small HCL writer: blocks, arguments and comments, laid out exactly as `terraform fmt`
//! leaves them (two-space indents; within a run of consecutive single-line arguments the `=`
//! signs aligned one space after the longest name; one blank line between blocks, and between
//! a run of arguments and a nested block). Pure, so the Code panel and the export share it and
//! it is tested natively.

/// An argument's value.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// A quoted string, escaped by [`quote`].
    Str(String),
    Num(i64),
    Bool(bool),
    /// `[a, b]` on one line.
    List(Vec<Value>),
    /// A traversal such as `phasetwo_cluster.main.id`, written as its parts joined by dots.
    Ref(Vec<String>),
    /// An expression written as it is, such as `string` or `"${path.module}/x"`. Callers build
    /// it only from fixed text and identifiers, never from names the API returned.
    Expr(String),
    /// `{ key = value … }` over several lines, as `required_providers` wants it.
    Object(Vec<(String, Value)>),
}

/// A string value.
pub fn s(text: &str) -> Value {
    Value::Str(text.to_owned())
}

/// A reference such as `reference(&["phasetwo_cluster", "main", "id"])`.
pub fn reference(parts: &[&str]) -> Value {
    Value::Ref(parts.iter().map(|p| (*p).to_owned()).collect())
}

/// A block: `kind "label" … { body }`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Block {
    pub kind: String,
    pub labels: Vec<String>,
    pub body: Body,
}

/// One argument or nested block, with the comment lines written above it.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub comments: Vec<String>,
    pub item: Item,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    Attr(String, Value),
    Block(Block),
}

/// The inside of a block, or a whole file.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Body {
    pub entries: Vec<Entry>,
    /// Comment lines waiting for the next entry added.
    pending: Vec<String>,
}

impl Block {
    pub fn new(kind: &str, labels: &[&str]) -> Block {
        Block {
            kind: kind.to_owned(),
            labels: labels.iter().map(|l| (*l).to_owned()).collect(),
            body: Body::default(),
        }
    }

    /// Adds an argument.
    pub fn attr(mut self, name: &str, value: Value) -> Block {
        self.body.push(Item::Attr(name.to_owned(), value), Vec::new());
        self
    }

    /// Adds an argument when there is a value.
    pub fn attr_opt(self, name: &str, value: Option<Value>) -> Block {
        match value {
            Some(value) => self.attr(name, value),
            None => self,
        }
    }

    /// Adds a nested block.
    pub fn block(mut self, block: Block) -> Block {
        self.body.push(Item::Block(block), Vec::new());
        self
    }

    /// Adds a comment line above the next argument or block added (the export comments
    /// whole blocks through `Body::add`; the tests pin this down for nested ones).
    #[cfg(test)]
    pub fn comment(mut self, text: &str) -> Block {
        self.body.pending.push(comment_text(text));
        self
    }

    /// The block on its own, as text (for the tests; the export renders whole files).
    #[cfg(test)]
    pub fn render(&self) -> String {
        let mut out = String::new();
        write_block(self, 0, &mut out);
        out
    }
}

impl Body {
    pub fn push(&mut self, item: Item, mut comments: Vec<String>) {
        let mut all = std::mem::take(&mut self.pending);
        all.append(&mut comments);
        self.entries.push(Entry { comments: all.iter().map(|c| comment_text(c)).collect(), item });
    }

    /// Adds a top-level block with comment lines above it.
    pub fn add(&mut self, block: Block, comments: &[&str]) {
        self.push(Item::Block(block), comments.iter().map(|c| (*c).to_owned()).collect());
    }

    /// The body as a file: entries at the left margin, ending in one newline.
    pub fn render(&self) -> String {
        let mut out = String::new();
        write_body(self, 0, &mut out);
        out
    }
}

/// `text` as an HCL quoted string: `\`, `"` and control characters escaped, and the template
/// introducers `${` and `%{` doubled so they stay literal.
pub fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '$' | '%' if chars.peek() == Some(&'{') => {
                out.push(c);
                out.push(c);
            }
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A comment's text on one line: control characters (and the invisible bidirectional
/// controls, which could make the line read differently from what it holds) removed.
pub fn comment_text(text: &str) -> String {
    let kept: String =
        text.chars().map(|c| if c.is_control() { ' ' } else { c }).filter(|c| !is_bidi_control(*c)).collect();
    kept.split(' ').filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ")
}

fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}')
}

/// A valid identifier made from `name`: ASCII letters and digits kept (lower-cased), every
/// other run of characters one `_`, at most 48 characters, starting with a letter (`fallback`
/// when nothing is left, or prefixed by it when the name starts with a digit).
pub fn ident(name: &str, fallback: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('_') {
            out.push('_');
        }
        if out.len() >= 48 {
            break;
        }
    }
    let out = out.trim_end_matches('_');
    match out.chars().next() {
        None => fallback.to_owned(),
        Some(c) if c.is_ascii_digit() => format!("{fallback}_{out}"),
        Some(_) => out.to_owned(),
    }
}

fn write_value(value: &Value, indent: usize, out: &mut String) {
    match value {
        Value::Str(text) => out.push_str(&quote(text)),
        Value::Num(n) => out.push_str(&n.to_string()),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Ref(parts) => out.push_str(&parts.join(".")),
        Value::Expr(text) => out.push_str(text),
        Value::List(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_value(item, indent, out);
            }
            out.push(']');
        }
        Value::Object(pairs) => {
            out.push_str("{\n");
            let attrs: Vec<Entry> = pairs
                .iter()
                .map(|(k, v)| Entry { comments: Vec::new(), item: Item::Attr(k.clone(), v.clone()) })
                .collect();
            write_entries(&attrs, indent + 1, out);
            pad(indent, out);
            out.push('}');
        }
    }
}

fn multi_line(value: &Value) -> bool {
    match value {
        Value::Object(_) => true,
        Value::List(items) => items.iter().any(multi_line),
        _ => false,
    }
}

fn pad(indent: usize, out: &mut String) {
    for _ in 0..indent {
        out.push_str("  ");
    }
}

fn write_block(block: &Block, indent: usize, out: &mut String) {
    pad(indent, out);
    out.push_str(&block.kind);
    for label in &block.labels {
        out.push(' ');
        out.push_str(&quote(label));
    }
    if block.body.entries.is_empty() {
        out.push_str(" {}\n");
        return;
    }
    out.push_str(" {\n");
    write_entries(&block.body.entries, indent + 1, out);
    pad(indent, out);
    out.push_str("}\n");
}

fn write_body(body: &Body, indent: usize, out: &mut String) {
    write_entries(&body.entries, indent, out);
}

fn write_entries(entries: &[Entry], indent: usize, out: &mut String) {
    let widths = run_widths(entries);
    for (i, entry) in entries.iter().enumerate() {
        let after_block = i > 0 && matches!(entries[i - 1].item, Item::Block(_));
        if i > 0 && (matches!(entry.item, Item::Block(_)) || after_block) {
            out.push('\n');
        }
        for comment in &entry.comments {
            pad(indent, out);
            if comment.is_empty() {
                out.push_str("#\n");
            } else {
                out.push_str("# ");
                out.push_str(comment);
                out.push('\n');
            }
        }
        match &entry.item {
            Item::Block(block) => write_block(block, indent, out),
            Item::Attr(name, value) => {
                pad(indent, out);
                out.push_str(name);
                for _ in name.len()..widths[i] {
                    out.push(' ');
                }
                out.push_str(" = ");
                write_value(value, indent, out);
                out.push('\n');
            }
        }
    }
}

/// For each entry, the width its name is padded to: the longest name in its run. A run is
/// consecutive single-line arguments; a comment line, a block or a multi-line value (whose
/// first line ends in a bracket) ends it, as `terraform fmt` sees it.
fn run_widths(entries: &[Entry]) -> Vec<usize> {
    let mut widths = vec![0; entries.len()];
    let mut start = 0;
    while start < entries.len() {
        let mut end = start;
        let mut width = 0;
        while end < entries.len() {
            let entry = &entries[end];
            let aligned = match &entry.item {
                Item::Attr(name, value) if !multi_line(value) => Some(name.len()),
                _ => None,
            };
            match aligned {
                Some(w) if end == start || entry.comments.is_empty() => width = width.max(w),
                _ => break,
            }
            end += 1;
        }
        if end == start {
            // A block or a multi-line argument: on its own, one space before its `=`.
            if let Item::Attr(name, _) = &entries[start].item {
                widths[start] = name.len();
            }
            end = start + 1;
        }
        for w in &mut widths[start..end] {
            *w = width.max(*w);
        }
        start = end;
    }
    widths
}

#[cfg(test)]
#[path = "hcl_tests.rs"]
mod tests;
