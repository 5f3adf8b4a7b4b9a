//! The board client's messages compiled to JSON for web/i18n.js.
//!
//! A pattern is a list of parts: a string; `{"v": name}`, a variable; or `{"s": name, "k": {key:
//! pattern}, "d": key}`, a selection on a variable (by exact number, then by the plural category
//! of the browser's `Intl.PluralRules`, then by string, else the default key). Message and term
//! references are resolved here, so the client needs nothing else of Fluent. The files sent are
//! those the client uses: `client.ftl`, `common.ftl` and `games.ftl`.

use std::collections::BTreeMap;

use fluent_syntax::ast::{
    Entry, Expression, InlineExpression, Pattern, PatternElement, Resource, VariantKey,
};
use serde::Serialize;

use super::{Lang, sources};

/// The files whose messages the client gets.
pub(crate) const CLIENT_FILES: [&str; 3] = ["client.ftl", "common.ftl", "games.ftl"];

#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(untagged)]
pub(crate) enum Part {
    Text(String),
    Var {
        v: String,
    },
    Select {
        s: String,
        k: BTreeMap<String, Vec<Part>>,
        d: String,
    },
}

#[derive(Serialize)]
struct Out<'a> {
    lang: &'a str,
    messages: BTreeMap<String, Vec<Part>>,
}

/// Every message (and term) of `lang`'s files, by id, for resolving references.
struct Index<'a> {
    messages: BTreeMap<&'a str, &'a Pattern<&'a str>>,
    terms: BTreeMap<&'a str, &'a Pattern<&'a str>>,
}

/// A pattern the client cannot format.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub(crate) struct Unsupported(String);

fn compile_pattern(
    p: &Pattern<&str>,
    index: &Index<'_>,
    depth: u8,
) -> Result<Vec<Part>, Unsupported> {
    if depth > 8 {
        return Err(Unsupported("references nest too deeply".to_owned()));
    }
    let mut out: Vec<Part> = Vec::new();
    let push = |out: &mut Vec<Part>, part: Part| match (out.last_mut(), part) {
        (Some(Part::Text(a)), Part::Text(b)) => a.push_str(&b),
        (_, part) => out.push(part),
    };
    for el in &p.elements {
        match el {
            PatternElement::TextElement { value } => {
                push(&mut out, Part::Text((*value).to_owned()));
            }
            PatternElement::Placeable { expression } => {
                for part in compile_expression(expression, index, depth)? {
                    push(&mut out, part);
                }
            }
        }
    }
    Ok(out)
}

fn compile_expression(
    e: &Expression<&str>,
    index: &Index<'_>,
    depth: u8,
) -> Result<Vec<Part>, Unsupported> {
    match e {
        Expression::Inline(i) => compile_inline(i, index, depth),
        Expression::Select { selector, variants } => {
            let InlineExpression::VariableReference { id } = selector else {
                return Err(Unsupported("a selection must be on a variable".to_owned()));
            };
            let mut k = BTreeMap::new();
            let mut d = String::new();
            for v in variants {
                let key = match &v.key {
                    VariantKey::Identifier { name } => (*name).to_owned(),
                    VariantKey::NumberLiteral { value } => (*value).to_owned(),
                };
                if v.default {
                    d.clone_from(&key);
                }
                k.insert(key, compile_pattern(&v.value, index, depth + 1)?);
            }
            Ok(vec![Part::Select {
                s: id.name.to_owned(),
                k,
                d,
            }])
        }
    }
}

fn compile_inline(
    i: &InlineExpression<&str>,
    index: &Index<'_>,
    depth: u8,
) -> Result<Vec<Part>, Unsupported> {
    match i {
        InlineExpression::StringLiteral { value } => Ok(vec![Part::Text(unescape(value))]),
        InlineExpression::NumberLiteral { value } => Ok(vec![Part::Text((*value).to_owned())]),
        InlineExpression::VariableReference { id } => Ok(vec![Part::Var {
            v: id.name.to_owned(),
        }]),
        InlineExpression::MessageReference {
            id,
            attribute: None,
        } => index
            .messages
            .get(id.name)
            .ok_or_else(|| Unsupported(format!("no message {}", id.name)))
            .and_then(|p| compile_pattern(p, index, depth + 1)),
        InlineExpression::TermReference {
            id,
            attribute: None,
            arguments: None,
        } => index
            .terms
            .get(id.name)
            .ok_or_else(|| Unsupported(format!("no term -{}", id.name)))
            .and_then(|p| compile_pattern(p, index, depth + 1)),
        InlineExpression::Placeable { expression } => compile_expression(expression, index, depth),
        other => Err(Unsupported(format!(
            "the client cannot format {other:?}; use text, variables, selections and plain references"
        ))),
    }
}

/// Fluent string literals know `\"`, `\\` and `\uXXXX`.
fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('u') => {
                let hex: String = chars.by_ref().take(4).collect();
                out.extend(u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32));
            }
            Some('U') => {
                let hex: String = chars.by_ref().take(6).collect();
                out.extend(u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32));
            }
            Some(c) => out.push(c),
            None => {}
        }
    }
    out
}

/// The client messages of `lang`, or why one cannot be compiled.
pub(crate) fn try_compile(lang: Lang) -> Result<String, Unsupported> {
    let files = sources(lang);
    let parsed: Vec<(&str, Resource<&str>)> = files
        .iter()
        .map(|(name, text)| {
            (
                *name,
                fluent_syntax::parser::parse(*text).unwrap_or_else(|(r, _)| r),
            )
        })
        .collect();
    let mut index = Index {
        messages: BTreeMap::new(),
        terms: BTreeMap::new(),
    };
    for (_, res) in &parsed {
        for entry in &res.body {
            match entry {
                Entry::Message(m) => {
                    if let Some(v) = &m.value {
                        index.messages.insert(m.id.name, v);
                    }
                }
                Entry::Term(t) => {
                    index.terms.insert(t.id.name, &t.value);
                }
                _ => {}
            }
        }
    }
    let mut messages = BTreeMap::new();
    for (name, res) in &parsed {
        if !CLIENT_FILES.contains(name) {
            continue;
        }
        for entry in &res.body {
            let Entry::Message(m) = entry else { continue };
            let at = |e: Unsupported| Unsupported(format!("{lang} {name} {}: {e}", m.id.name));
            if let Some(v) = &m.value {
                messages.insert(
                    m.id.name.to_owned(),
                    compile_pattern(v, &index, 0).map_err(at)?,
                );
            }
            for a in &m.attributes {
                messages.insert(
                    format!("{}.{}", m.id.name, a.id.name),
                    compile_pattern(&a.value, &index, 0).map_err(at)?,
                );
            }
        }
    }
    serde_json::to_string(&Out {
        lang: lang.code(),
        messages,
    })
    .map_err(|e| Unsupported(e.to_string()))
}

/// The client messages of `lang`; on a file the client cannot use (which the tests refuse), the
/// error is logged and the client gets no messages, so it shows ids.
pub(crate) fn compile(lang: Lang) -> String {
    try_compile(lang).unwrap_or_else(|e| {
        tracing::error!(%lang, error = %e, "client messages not compiled");
        format!(r#"{{"lang":"{}","messages":{{}}}}"#, lang.code())
    })
}
