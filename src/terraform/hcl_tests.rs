use super::*;

#[test]
fn strings_escape_backslash_quote_newlines_and_template_introducers() {
    assert_eq!(quote(r#"a\b"c"#), r#""a\\b\"c""#);
    assert_eq!(quote("one\ntwo\r\tthree"), r#""one\ntwo\r\tthree""#);
    assert_eq!(quote("${var.x} %{ if } $5 100%"), r#""$${var.x} %%{ if } $5 100%""#);
    // An already doubled introducer stays literal too: `$` then `$${`.
    assert_eq!(quote("$${x}"), r#""$$${x}""#);
    assert_eq!(quote("bell\u{7}"), r#""bell\u0007""#);
    // Hostile and non-Latin text is kept as it is: it is data inside quotes.
    assert_eq!(quote("<img src=x onerror=alert(1)>"), r#""<img src=x onerror=alert(1)>""#);
    assert_eq!(quote("שלום 🚀"), "\"שלום 🚀\"");
}

#[test]
fn comments_are_one_line_without_control_characters() {
    assert_eq!(comment_text("a\nb\r\n c\t\u{7}d"), "a b c d");
    assert_eq!(comment_text("evil\u{202E}txt.exe\u{200B}"), "eviltxt.exe");
    let block = Block::new("x", &[]).comment("line one\nresource \"y\" \"z\" {").attr("a", Value::Num(1));
    assert_eq!(block.render(), "x {\n  # line one resource \"y\" \"z\" {\n  a = 1\n}\n");
}

#[test]
fn identifiers_are_valid_whatever_the_name() {
    assert_eq!(ident("acme-prod", "cluster"), "acme_prod");
    assert_eq!(ident("<img src=x onerror=alert(1)>", "realm"), "img_src_x_onerror_alert_1");
    assert_eq!(ident("שלום", "realm"), "realm");
    assert_eq!(ident("🚀🚀", "domain"), "domain");
    assert_eq!(ident("2fa", "realm"), "realm_2fa");
    assert_eq!(ident("KC_SPI_LOG", "env"), "kc_spi_log");
    let long = "w".repeat(2000);
    assert_eq!(ident(&long, "realm").len(), 48);
    for name in ["", "-", "a--b", "_x_", "Ünïcode name"] {
        let id = ident(name, "r");
        assert!(id.chars().next().is_some_and(|c| c.is_ascii_lowercase()), "{id}");
        assert!(id.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'), "{id}");
    }
}

#[test]
fn arguments_align_within_a_run_and_blocks_are_separated_by_one_blank_line() {
    let block = Block::new("resource", &["phasetwo_cluster", "main"])
        .attr("name", s("acme-prod"))
        .attr("payment_method_id", reference(&["data", "phasetwo_payment_method", "default", "id"]))
        .block(
            Block::new("lifecycle", &[])
                .attr("ignore_changes", Value::List(vec![reference(&["a"]), reference(&["b"])]))
                .attr("prevent_destroy", Value::Bool(true)),
        )
        .attr("after", Value::Num(3))
        .comment("why")
        .attr("x", Value::Bool(false))
        .attr("yy", Value::Expr("string".into()));
    let expected = "\
resource \"phasetwo_cluster\" \"main\" {
  name              = \"acme-prod\"
  payment_method_id = data.phasetwo_payment_method.default.id

  lifecycle {
    ignore_changes  = [a, b]
    prevent_destroy = true
  }

  after = 3
  # why
  x  = false
  yy = string
}
";
    assert_eq!(block.render(), expected);
}

#[test]
fn a_multi_line_argument_ends_a_run_and_is_written_with_one_space() {
    let block = Block::new("required_providers", &[])
        .attr("a", Value::Num(1))
        .attr(
            "phasetwo",
            Value::Object(vec![("source".into(), s("p2-inc/phasetwo")), ("version".into(), s("~> 0.1"))]),
        )
        .attr("longer_name", Value::Num(2));
    let expected = "\
required_providers {
  a = 1
  phasetwo = {
    source  = \"p2-inc/phasetwo\"
    version = \"~> 0.1\"
  }
  longer_name = 2
}
";
    assert_eq!(block.render(), expected);
}

#[test]
fn a_file_has_one_blank_line_between_top_level_blocks_and_comments_above_them() {
    let mut file = Body::default();
    file.add(Block::new("a", &[]).attr("x", Value::Num(1)), &[]);
    file.add(Block::new("b", &["l"]), &["about b", "second\nline"]);
    assert_eq!(file.render(), "a {\n  x = 1\n}\n\n# about b\n# second line\nb \"l\" {}\n");
}
